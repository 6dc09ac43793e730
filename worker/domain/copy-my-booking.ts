/**
 * My Booking's messages (/booking/:id, `GET /api/bookings/:id`, the free reschedule). SPEC §9's own
 * words: "Free reschedule up to 48 hours before", "No refund for user cancellations". Kept beside
 * `copy.ts`, not in it, like copy-console.ts: `copy.ts` is in every guest's first bundle, and these
 * are read only on My Booking (its own lazily loaded chunk) and by the Worker.
 */
export const MY_BOOKING_COPY = {
  notFound: 'Booking not found.',
  /** The policy as the page states it, and the API's refusal inside 48 hours. */
  reschedulePolicy: 'Free reschedule up to 48 hours before.',
  rescheduleClosed:
    'Free reschedule up to 48 hours before: this dinner starts in less than 48 hours, so your booking can no longer be moved.',
  rescheduleNotConfirmed: 'Only a confirmed booking can be rescheduled.',
  rescheduleCancelled: 'This dinner was cancelled: choose a refund or another dinner from your booking.',
  chooseDinner: 'Choose a dinner to move to.',
  sameDinner: 'Your booking is already for this dinner. Choose another date.',
  targetUnavailable: "This event doesn't exist or is no longer available.",
  targetFull: 'That dinner has just filled up. Nothing was changed: please choose another date.',
  rescheduledTitle: 'Rescheduled!',
  rescheduledText: 'Your new confirmation is on its way by email and WhatsApp.',
  /** SPEC §9 "No refund for user cancellations", said plainly instead of a cancel button. */
  noRefund:
    "Can't make it? Cancelling your own booking is not refunded (see our Payment & Refund Policy), but you can move it to another dinner free of charge up to 48 hours before.",
} as const;
