/**
 * A booking's real state as a guest and an operator read it (issue 24): its words, its colour and
 * whether it still holds a seat, from its status and its dinner. ONE function, used by every API
 * answer that shows a booking (My Booking, /profile's list, the console's guest list), so no screen
 * says 'Confirmed' for a booking of a dinner we cancelled, nor 'Pending' for a refund that went
 * through. The status machines themselves stay in statuses.ts.
 */
import type { CancellationChoice } from './booking-policy';
import { rupees } from './pricing';
import { type BookingStatus, BOOKING_STATUS_LABELS, SEATED_BOOKING_STATUSES } from './statuses';

/**
 * A badge's colour, by meaning (daisyUI's `badge-<tone>`, each with its own contrast-safe content
 * colour); the label always says the state in words, never the colour alone.
 */
export const BOOKING_TONES = ['success', 'warning', 'info', 'neutral', 'error'] as const;
export type BookingTone = (typeof BOOKING_TONES)[number];

/** What {@link bookingState} reads of a booking and its dinner. */
export type BookingStateInput = {
  status: BookingStatus;
  /** When we cancelled the booking's dinner (null while it goes ahead). */
  cancelled_at: string | null;
  /** The guest's choice after we cancelled (null before it). */
  cancellation_choice?: CancellationChoice | null;
  /** What was paid, in whole rupees: a refunded booking says how much came back. */
  amount: number;
  /** The dinner a `moved` booking went to, by name, when known. */
  moved_to?: string | null;
};

export type BookingState = {
  /** The words of the badge, e.g. 'Cancelled · refund on its way'. */
  label: string;
  tone: BookingTone;
  /** The booking holds a seat at a dinner going ahead: only then its ticket (QR) and calendar are shown. */
  seated: boolean;
};

export const BOOKING_STATE_COPY = {
  confirmed: 'Confirmed',
  checkedIn: 'Checked in',
  cancelledChoose: 'Dinner cancelled · choose a refund or a move',
  cancelledRefund: 'Cancelled · refund on its way',
  refundOnItsWay: 'Refund on its way',
  refunded: (amount: number) => `Refunded ${rupees(amount)}`,
  movedTo: (title: string | null | undefined) => (title ? `Moved to ${title}` : 'Moved to another dinner'),
  noShow: BOOKING_STATUS_LABELS.no_show,
  released: BOOKING_STATUS_LABELS.released,
} as const;

const SEATED: readonly BookingStatus[] = SEATED_BOOKING_STATUSES;

/**
 * The booking's state in words and colour.
 * @example bookingState({ status: 'confirmed', cancelled_at: '2026-11-20T10:00:00Z', amount: 499 })
 *   // { label: 'Dinner cancelled · choose a refund or a move', tone: 'warning', seated: false }
 * @example bookingState({ status: 'refunded', cancelled_at: null, amount: 499 }).label // 'Refunded ₹499'
 */
export function bookingState(b: BookingStateInput): BookingState {
  const C = BOOKING_STATE_COPY;
  switch (b.status) {
    case 'confirmed':
    case 'checked_in':
      // A seat at a dinner we cancelled is no seat: the guest chooses a refund or a move (or is
      // refunded at the start); a refund already chosen is on its way.
      if (b.cancelled_at)
        return b.cancellation_choice === 'refund'
          ? { label: C.cancelledRefund, tone: 'warning', seated: false }
          : { label: C.cancelledChoose, tone: 'warning', seated: false };
      return b.status === 'checked_in'
        ? { label: C.checkedIn, tone: 'success', seated: SEATED.includes(b.status) }
        : { label: C.confirmed, tone: 'success', seated: SEATED.includes(b.status) };
    case 'refund_pending':
      return { label: b.cancelled_at ? C.cancelledRefund : C.refundOnItsWay, tone: 'warning', seated: false };
    case 'refunded':
      return { label: C.refunded(b.amount), tone: 'info', seated: false };
    case 'moved':
      return { label: C.movedTo(b.moved_to), tone: 'info', seated: false };
    case 'no_show':
      return { label: C.noShow, tone: 'error', seated: false };
    case 'released':
      return { label: C.released, tone: 'neutral', seated: false };
  }
}
