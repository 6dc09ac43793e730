/**
 * The names of the messages we send, one per (message, what it is about), as the `deliveries`
 * table claims them per channel (worker/services/deliveries.ts, docs/decisions/025). A key must
 * change whenever the message must be sent again: a booking that moves to another dinner is
 * confirmed and reminded afresh, so those keys carry the move (`rescheduled_at`).
 */
import type { ReminderKind } from './booking-messages';

/** `sending` is a live claim; `failed` (transient) may be claimed again; the other two are final. */
export const DELIVERY_STATES = ['sending', 'sent', 'failed', 'undeliverable'] as const;

/** `:moved:<rescheduled_at>` for a booking that moved, so its new dinner gets its own messages. */
const move = (rescheduledAt: string | null | undefined) => (rescheduledAt ? `:moved:${rescheduledAt}` : '');

export const DELIVERY_KEYS = {
  /** "You're All Set!" (and its WhatsApp), once per booking and move. */
  confirmation: (bookingId: string, rescheduledAt?: string | null) => `confirmation:${bookingId}${move(rescheduledAt)}`,
  /** A reminder before the dinner (SPEC §9), once per booking, kind and move. */
  reminder: (kind: ReminderKind, bookingId: string, rescheduledAt?: string | null) =>
    `reminder:${kind}:${bookingId}${move(rescheduledAt)}`,
  /** A console message (a cancellation notice or an announcement) to one booking's guest. */
  guestMessage: (messageId: string, bookingId: string) => `message:${messageId}:${bookingId}`,
  /** A one-off notice about a booking (`refund`, `late:<at>:<host>`: services/booking-notices.ts). */
  notice: (kind: string, bookingId: string) => `notice:${kind}:${bookingId}`,
  /** The pipeline's "your payment has been refunded" (no seat, a duplicate, a cancelled dinner). */
  paymentRefund: (paymentId: string) => `payment-refund:${paymentId}`,
  /** The welcome email after a guest's first profile with an email (SPEC §7). */
  welcome: (userId: string) => `welcome:${userId}`,
  /**
   * "Confirm your email" for one profile email (docs/decisions/026): once per user and address,
   * and once more per resend (`resentAt`, the request's time, makes each resend its own message).
   */
  confirmEmail: (userId: string, email: string, resentAt?: string) =>
    `confirm-email:${userId}:${email}${resentAt ? `:resend:${resentAt}` : ''}`,
  /** A new report's alert to one operator (issue 21), once per report and operator. */
  reportAlert: (reportId: string, operatorId: string) => `report-alert:${reportId}:${operatorId}`,
  /** "Your account is paused" (issue 21), once per suspension: lifted and suspended again is told again. */
  accountSuspended: (userId: string, suspendedAt: string) => `account-suspended:${userId}:${suspendedAt}`,
  /** "How was the evening?" at 10:00 IST the day after (issue 21), once per checked-in booking. */
  morningAfter: (bookingId: string) => `morning-after:${bookingId}`,
  /**
   * A mutual 'dine again' told to one of the two (issue 21), once per recipient's booking and
   * tablemate, never again however often either re-saves. The tablemate is the recipient's opaque
   * ref for them (services/tablemates.ts), never a user id: keys are in the recipient's export.
   */
  dineAgain: (bookingId: string, tablemateRef: string) => `dine-again:${bookingId}:${tablemateRef}`,
} as const;

/**
 * The idempotency key a provider gets for one delivery (Resend keeps it 24 hours, at most 256
 * characters), so a retry the provider already accepted is not sent twice there either.
 * @example providerKey('confirmation:bk_1', 'email') // 'confirmation:bk_1/email'
 */
export const providerKey = (key: string, channel: 'email' | 'whatsapp') => `${key}/${channel}`.slice(0, 256);
