/**
 * The lifecycles of a payment order and of a booking: every status and every move between them,
 * in one place. Statuses only move forward along these edges; the services turn an edge into the
 * `WHERE status IN (…)` of a single conditional UPDATE ({@link orderStatusesBefore}), so a race
 * between two writers can never move a row backwards (e.g. a late `payment.failed` after a
 * capture). The database's CHECK constraints use the same lists (db/schema.ts).
 */

export const ORDER_STATUSES = [
  'created',
  'paid',
  'confirmed',
  'failed',
  'expired',
  'refunded',
  'needs_attention',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Allowed moves of an order. `created` holds seats for 15 minutes; a payment may still arrive for
 * a `failed` or `expired` order (a retried attempt, a slow bank) and revive it if a seat is free;
 * `needs_attention` is a paid order a person must finish (book or refund).
 *
 * `created → failed` is taken only when nothing was paid: no payment accepted and no captured
 * payment reported (`capture_pending_at`), and only once the hold is over — a failed attempt does
 * not end a Razorpay order, the guest may retry in the same checkout, so while the hold is live a
 * `payment.failed` only records its reason (docs/decisions/012).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['paid', 'failed', 'expired', 'refunded', 'needs_attention'],
  failed: ['paid', 'refunded', 'needs_attention'],
  expired: ['paid', 'refunded', 'needs_attention'],
  // `refunded`: its guest was suspended or deleted the account before its booking was recorded
  // (the ledger's `refund_unbooked`; every booking path requires `account_live`).
  paid: ['confirmed', 'needs_attention', 'refunded'],
  needs_attention: ['confirmed', 'refunded'],
  // Only when the payment was refunded in full outside our flows (Razorpay's dashboard).
  confirmed: ['refunded'],
  refunded: [],
};

/**
 * Orders in these statuses are paid for: they keep their seats until released ("can't make it";
 * ledger/seats.ts `soldForGoodSql`). Others hold seats only conditionally (ledger/seats.ts
 * `ownsSeatsSql`): a `created` one while its hold is live or a capture was reported inside it, a
 * `needs_attention` one only if it owned a seat when flagged (`keeps_seat`) — a dead-lettered late
 * payment never takes a seat it did not have.
 */
export const PAID_FOR_ORDER_STATUSES = ['paid', 'confirmed'] as const satisfies readonly OrderStatus[];

/** Whether an order in `status` is paid for (paid or confirmed); in SQL, ledger/seats.ts `paidForSql`. */
export const isPaidFor = (status: OrderStatus): status is (typeof PAID_FOR_ORDER_STATUSES)[number] =>
  (PAID_FOR_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

export const BOOKING_STATUSES = [
  'confirmed',
  'checked_in',
  'no_show',
  'moved',
  'refund_pending',
  'refunded',
  'released',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking's status as the console and the host read it. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  no_show: 'No-show',
  moved: 'Moved',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  released: "Can't make it",
};

/**
 * Bookings whose money the business keeps: the console's revenue sums their amounts. A moved
 * booking's money travels with its new booking; a refunded or refund-pending one is going back.
 */
export const REVENUE_BOOKING_STATUSES = [
  'confirmed',
  'checked_in',
  'no_show',
] as const satisfies readonly BookingStatus[];

/**
 * Allowed moves of a booking (DESIGN.md "Operating the product"): a confirmed guest checks in,
 * is marked a no-show 60 minutes after the start (SPEC §4), moves to another dinner, or is
 * refunded when we cancel (refund_pending until Razorpay confirms). A guest checked in (the check-in
 * window opens hours before the start) whose dinner we then cancel is refunded, or moves to
 * another dinner where they are expected again (`confirmed`): decision 021.
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  // → refunded directly: the payment was refunded in full outside our flows (Razorpay's dashboard).
  // → released: "can't make it" (issue 20): the seats go back on sale, credit once they are taken again.
  confirmed: ['checked_in', 'no_show', 'moved', 'refund_pending', 'refunded', 'released'],
  refund_pending: ['refunded'],
  checked_in: ['refund_pending', 'confirmed', 'refunded'],
  no_show: ['refunded'],
  moved: [],
  refunded: [],
  // → refunded only by a full refund from Razorpay's dashboard (it earns no release credit then).
  released: ['refunded'],
};

/** A move that {@link ORDER_TRANSITIONS} or {@link BOOKING_TRANSITIONS} does not allow. */
export class StatusTransitionError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`status cannot move from ${from} to ${to}`);
  }
}

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);
export const canMoveBooking = (from: BookingStatus, to: BookingStatus) => BOOKING_TRANSITIONS[from].includes(to);

/** Throws {@link StatusTransitionError} unless the order may move from `from` to `to`. */
export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canMoveOrder(from, to)) throw new StatusTransitionError(from, to);
}

/** Throws {@link StatusTransitionError} unless the booking may move from `from` to `to`. */
export function assertBookingTransition(from: BookingStatus, to: BookingStatus): void {
  if (!canMoveBooking(from, to)) throw new StatusTransitionError(from, to);
}

/**
 * Every order status that may move to `to`: the guard of a conditional UPDATE.
 * @example orderStatusesBefore('paid') // ['created', 'failed', 'expired']
 */
export const orderStatusesBefore = (to: OrderStatus): OrderStatus[] =>
  ORDER_STATUSES.filter((from) => canMoveOrder(from, to));

/** Bookings that hold a seat at their dinner: coming, or already arrived (seated at a table). */
export const SEATED_BOOKING_STATUSES = ['confirmed', 'checked_in'] as const satisfies readonly BookingStatus[];

/**
 * Bookings a cancellation of their dinner concerns: told of it, and refunded or moved — every
 * booking that holds a seat (confirmed guests, and guests checked in before we cancelled).
 */
export const CANCELLABLE_BOOKING_STATUSES = SEATED_BOOKING_STATUSES;

/** Every booking status that may move to `to`. */
export const bookingStatusesBefore = (to: BookingStatus): BookingStatus[] =>
  BOOKING_STATUSES.filter((from) => canMoveBooking(from, to));
