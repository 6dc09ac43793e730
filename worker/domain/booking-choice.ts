/**
 * What a guest may do with a booking on the night and when we cancel (SPEC §4, §9; DESIGN.md
 * "My Booking"): take a full refund or move to another dinner when the dinner was cancelled by us,
 * and tell the host they are running late on the day. The bodies the API accepts, the rules the
 * API and the browser share, and the words the guest reads about them. Kept beside `copy.ts`,
 * not in it: `copy.ts` is in every guest's first bundle, and these are read only on My Booking.
 */
import * as v from 'valibot';
import { CANCELLATION_CHOICES, NO_SHOW_AFTER_MINUTES } from './booking-policy';
import { istDate } from './time';

/** How late a guest may say they will be, in minutes: a short list the host can act on. */
export const RUNNING_LATE_MINUTES = [10, 20, 30, 45, 60] as const;
export type RunningLateMinutes = (typeof RUNNING_LATE_MINUTES)[number];
/** A guest tells the host at most once in this many minutes (each press is a WhatsApp to the host). */
export const RUNNING_LATE_REPEAT_MINUTES = 5;

/**
 * Whether a guest may say they are running late at `now`: on the IST day of the dinner, until
 * the start plus {@link NO_SHOW_AFTER_MINUTES} (later than that they count as a no-show, SPEC §4).
 * @returns 'open', or why not: 'not_today' (before the day), 'over' (the hour after the start has passed)
 */
export function runningLateWindow(startsAt: string, now: Date): 'open' | 'not_today' | 'over' {
  if (now.getTime() > new Date(startsAt).getTime() + NO_SHOW_AFTER_MINUTES * 60_000) return 'over';
  return istDate(startsAt) === istDate(now) ? 'open' : 'not_today';
}

export const CHOICE_COPY = {
  notFound: 'Booking not found.',
  notCancelled: 'Your dinner is going ahead as planned, so there is nothing to choose.',
  chosenRefund: 'You already chose a full refund for this booking.',
  chosenMove: 'You already moved this booking to another dinner.',
  choiceClosed: 'This booking can no longer be changed.',
  moveClosed: 'Your cancelled dinner’s start time has passed, so we are refunding you in full instead.',
  eventRequired: 'Choose the dinner you would like to move to.',
  choiceInvalid: 'Choose a full refund or a move to another dinner.',
  targetUnavailable: 'That dinner is no longer open for booking. Please choose another.',
  targetFull: 'That dinner has just filled up. Please choose another.',
  lateMinutesInvalid: 'Choose how late you will be: 10, 20, 30, 45 or 60 minutes.',
  lateNotToday: 'You can tell your host you are running late on the day of your dinner.',
  lateOver: 'Your dinner started more than an hour ago, so it is too late to tell your host.',
  lateNotOpen: 'Only a confirmed booking for a dinner that is going ahead can tell the host.',
  lateTooSoon: `You told your host just now. You can update it in ${RUNNING_LATE_REPEAT_MINUTES} minutes.`,
  /** The My Booking sections. */
  ui: {
    cancelledHeading: 'We cancelled this dinner',
    cancelledIntro: 'We are sorry. You may take a full refund or move to another dinner, free of charge.',
    reasonLabel: 'Why',
    autoRefund: 'If you have not chosen by the dinner’s start time, we will refund you in full automatically.',
    refund: 'Full refund',
    move: 'Move to another dinner',
    refundConfirm: (amount: string) =>
      `Refund ${amount} in full to your original payment method? You cannot move this booking afterwards.`,
    refundYes: 'Yes, refund me',
    moveConfirm: (dinner: string) => `Move your booking to ${dinner}? It is free of charge.`,
    moveYes: 'Yes, move my booking',
    back: 'Back',
    chooseDinner: 'Choose a dinner',
    noTargets: 'There are no other dinners with room right now. You can take a full refund instead.',
    seatsLeft: (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`),
    refundPending: 'Refund on its way',
    refundPendingText:
      'We have asked Razorpay to refund the full amount to your original payment method. Banks usually credit it within 7 working days.',
    refunded: 'Refunded',
    refundedText: (amount: string, on: string) => `${amount} was refunded to your original payment method on ${on}.`,
    moved: 'Moved to a new dinner',
    movedText: (dinner: string, when: string) =>
      `Your booking is now for ${dinner}, ${when}. We have sent you a new confirmation.`,
    failed: 'Something went wrong. Please try again.',
    lateHeading: 'Running late?',
    lateIntro: 'Let your host know, so they can save your seat. Guests more than 60 minutes late count as a no-show.',
    lateLegend: 'How late will you be?',
    lateMinutes: (n: number) => `${n} minutes`,
    lateButton: 'Running late',
    lateConfirm: (n: number) => `Tell your host you will be about ${n} minutes late?`,
    lateYes: 'Yes, tell my host',
    lateSent: (n: number, at: string) => `Your host knows you will be about ${n} minutes late (sent at ${at}).`,
  },
} as const;

const BOOKING_ID = v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/));

/** `POST /api/bookings/:id/cancellation-choice`. */
export const CancellationChoiceBody = v.object({
  choice: v.picklist(CANCELLATION_CHOICES, CHOICE_COPY.choiceInvalid),
  event_id: v.optional(
    v.pipe(v.string(CHOICE_COPY.eventRequired), v.regex(/^[\w-]{1,100}$/, CHOICE_COPY.eventRequired)),
  ),
});

/** `POST /api/bookings/:id/running-late`. */
export const RunningLateBody = v.object({
  minutes: v.picklist(RUNNING_LATE_MINUTES, CHOICE_COPY.lateMinutesInvalid),
});

/** Whether a path parameter can be a booking id at all (ids are `bkg_…` tokens or seed slugs). */
export const isBookingId = (id: string) => v.is(BOOKING_ID, id);
