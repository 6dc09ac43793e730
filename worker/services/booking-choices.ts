/**
 * The guest's choice when we cancel their dinner (DESIGN.md "My Booking", SPEC §4): a full refund
 * or a move to another dinner, each ONE conditional write (nothing read before it), so three
 * clicks, two tabs or a click racing the cron's refund at the start end in one outcome: never
 * refunded twice, never both refunded and moved. The refund itself goes through the queue
 * (services/ledger/cancelled-refunds.ts). A move is the reschedule's atomic seat move without its 48-hour
 * limit: the order's seats leave the cancelled dinner and are taken on the new one in the same
 * batch, only if it is bookable and has room (ledger/seats.ts's one predicate), else nothing changes.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events } from '../../db/schema';
import { type BookingStatus, CANCELLABLE_BOOKING_STATUSES } from '@domain/statuses';
import {
  coveredTargets,
  moveBookingStatements,
  movePriceColumns,
  moveTargetColumns,
  moveTerms,
  NO_MOVE,
  targetSeatsLeftSql,
} from './ledger/moves';
import { chooseRefundStatement } from './ledger/cancelled-refunds';
import { isBookable } from './events';
import { hasTablesSql, seatLateBooking } from './tables';

/** Dinners offered to move to, at most. */
const MOVE_TARGETS_LIMIT = 30;

/** Confirmed, or checked in before we cancelled: a cancellation concerns it. */
const isCancellable = (status: BookingStatus) => (CANCELLABLE_BOOKING_STATUSES as readonly string[]).includes(status);
const CANCELLABLE_IN = sql.join(
  CANCELLABLE_BOOKING_STATUSES.map((st) => sql`${st}`),
  sql`, `,
);

/** What My Booking shows of a booking's choices, on the wire. */
const stateColumns = {
  id: eventBookings.id,
  status: eventBookings.status,
  event_id: eventBookings.eventId,
  event_name: eventBookings.eventName,
  event_location: eventBookings.eventLocation,
  starts_at: events.startsAt,
  ends_at: events.endsAt,
  seats: eventBookings.seats,
  amount: eventBookings.amount,
  cancelled_at: events.cancelledAt,
  cancel_reason: events.cancelReason,
  cancellation_choice: eventBookings.cancellationChoice,
  cancellation_choice_at: eventBookings.cancellationChoiceAt,
  refund_requested_at: eventBookings.refundRequestedAt,
  refunded_at: eventBookings.refundedAt,
  rescheduled_from: eventBookings.rescheduledFrom,
  rescheduled_at: eventBookings.rescheduledAt,
  running_late_minutes: eventBookings.runningLateMinutes,
  running_late_at: eventBookings.runningLateAt,
};

/** The guest's own booking with its dinner, as {@link stateColumns}. */
export function choiceState(d: Db, userId: string, bookingId: string) {
  return d
    .select(stateColumns)
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId)));
}
export type ChoiceState = Awaited<ReturnType<typeof choiceState>>[number];

/**
 * Whether the guest may still choose: a confirmed booking of a dinner we cancelled, with no choice
 * yet or only an earlier move (a move lands on a dinner going ahead, so a booking whose current
 * dinner is cancelled after a move chooses again: never both refunded and moved still holds).
 */
export const choiceOpen = (s: ChoiceState) =>
  isCancellable(s.status) && !!s.cancelled_at && (!s.cancellation_choice || s.cancellation_choice === 'move');

/**
 * Dinners this booking may move to: bookable (shown, not cancelled, not started) with room for its
 * seats, the guest's own city first, soonest first. The booking is read inside the query, so this
 * goes in the same batch as the booking itself.
 */
function moveTargets(d: Db, userId: string, bookingId: string, nowIso: string) {
  const left = targetSeatsLeftSql(nowIso);
  const own = sql`(SELECT b.seats FROM event_bookings b WHERE b.id = ${bookingId} AND b.user_id = ${userId})`;
  const ownCity = sql`(SELECT ev.city FROM events ev JOIN event_bookings b ON b.event_id = ev.id WHERE b.id = ${bookingId})`;
  return d
    .select({ ...moveTargetColumns(nowIso), ...movePriceColumns(bookingId) })
    .from(events)
    .where(and(isBookable(nowIso), sql`${left} >= ${own}`))
    .orderBy(sql`${events.city} = ${ownCity} DESC`, asc(events.startsAt), asc(events.id))
    .limit(MOVE_TARGETS_LIMIT);
}

/**
 * `GET /api/bookings/:id/choices`: the booking's state and, while the choice is open, the dinners
 * it may move to. One round trip (a batch of two reads); null for a booking that is not the guest's.
 */
export async function bookingChoices(d: Db, userId: string, bookingId: string, now: Date) {
  const [[state], targets] = await d.batch([
    choiceState(d, userId, bookingId),
    moveTargets(d, userId, bookingId, now.toISOString()),
  ]);
  if (!state) return null;
  return {
    booking: state,
    move_targets: choiceOpen(state)
      ? coveredTargets(targets).map((t) => ({ ...t, seats_left: Number(t.seats_left) }))
      : [],
  };
}

export type ChoiceRefusal =
  | 'not_found'
  | 'chosen_refund'
  | 'chosen_move'
  | 'not_cancelled'
  | 'closed'
  | 'move_closed'
  | 'target_unavailable'
  | 'target_costs_more'
  | 'target_full';
export type ChoiceResult =
  | { kind: 'refund'; booking: ChoiceState; owed: boolean }
  | { kind: 'moved'; booking: ChoiceState; fresh: boolean }
  | { kind: ChoiceRefusal };

/** Why a write that changed nothing changed nothing, from the booking as it is now. */
function refusal(s: ChoiceState | undefined): { kind: ChoiceRefusal } {
  if (!s) return { kind: 'not_found' };
  if (s.cancellation_choice === 'refund') return { kind: 'chosen_refund' };
  if (s.cancellation_choice === 'move' && !s.cancelled_at) return { kind: 'chosen_move' };
  if (!s.cancelled_at) return { kind: 'not_cancelled' };
  return { kind: 'closed' };
}

/**
 * A full refund: `confirmed → refund_pending` with the choice, in one conditional UPDATE, then the
 * booking read back in the same batch. The same choice again answers the same (the refund is
 * requested once: Razorpay's idempotency key); another choice after it is refused.
 * @returns `owed` when the refund still has to be requested (the caller queues it)
 */
export async function chooseRefund(d: Db, userId: string, bookingId: string, now: Date): Promise<ChoiceResult> {
  const nowIso = now.toISOString();
  const [, [state]] = await d.batch([
    chooseRefundStatement(d, userId, bookingId, nowIso),
    choiceState(d, userId, bookingId),
  ]);
  if (state?.cancellation_choice === 'refund' && (state.status === 'refund_pending' || state.status === 'refunded'))
    return { kind: 'refund', booking: state, owed: state.status === 'refund_pending' && !state.refund_requested_at };
  return refusal(state);
}

/**
 * A move to `targetId`: the price the booking must cover there is read first (ledger/moves.ts
 * `moveTerms`), then ONE batch: the order's seats move to the new dinner only if it is on sale, has
 * room (the seat predicate of ledger/seats.ts) and costs no more than was paid; the booking follows
 * only if its order did (both or neither), with a new `rescheduled_at`, so the new date gets its own
 * confirmation and reminders. The booking stays `confirmed`, on the new dinner, with
 * `rescheduled_from` the cancelled one. Moving again to the same dinner answers the same.
 */
export async function chooseMove(
  d: Db,
  userId: string,
  bookingId: string,
  targetId: string,
  now: Date,
): Promise<ChoiceResult> {
  const nowIso = now.toISOString();
  const open = sql`SELECT b.order_id FROM event_bookings b JOIN events old ON old.id = b.event_id
    WHERE b.id = ${bookingId} AND b.user_id = ${userId} AND b.status IN (${CANCELLABLE_IN})
      AND (b.cancellation_choice IS NULL OR b.cancellation_choice = 'move')
      AND old.cancelled_at IS NOT NULL AND old.starts_at > ${nowIso} AND old.id <> ${targetId}`;
  const target = d
    .select({
      id: events.id,
      bookable: sql<number>`${isBookable(nowIso)}`,
      left: targetSeatsLeftSql(nowIso),
      hasTables: hasTablesSql(sql`${events.id}`),
    })
    .from(events)
    .where(eq(events.id, targetId));
  // The price the booking must cover at the target, read first (the move compares it again).
  const price = (await moveTerms(d, userId, bookingId, targetId)) ?? NO_MOVE;
  const [, , [state], [after]] = await d.batch([
    ...moveBookingStatements(d, {
      bookingId,
      targetId,
      nowIso,
      movableOrder: open,
      price,
      bookingSet: {
        cancellationChoice: 'move',
        cancellationChoiceAt: nowIso,
        // A guest checked in before we cancelled is expected again at the new dinner.
        status: 'confirmed',
        checkedInAt: null,
        checkedInBy: null,
      },
    }),
    choiceState(d, userId, bookingId),
    target,
  ]);
  if (state?.cancellation_choice === 'move' && !state.cancelled_at) {
    if (state.event_id === targetId) {
      const fresh = state.rescheduled_at === nowIso;
      // At a dinner with tables already, the guest joins one (nobody moves).
      if (fresh && Number(after?.hasTables))
        await seatLateBooking(d, bookingId).catch((err) =>
          console.error('could not seat moved booking', bookingId, err),
        );
      return { kind: 'moved', booking: state, fresh };
    }
    return { kind: 'chosen_move' };
  }
  if (!state || state.cancellation_choice === 'refund' || !state.cancelled_at || !isCancellable(state.status))
    return refusal(state);
  if (new Date(state.starts_at).getTime() <= now.getTime()) return { kind: 'move_closed' };
  if (!after || !Number(after.bookable) || after.id === state.event_id) return { kind: 'target_unavailable' };
  if (!price.covered) return { kind: 'target_costs_more' };
  if (Number(after.left) < state.seats) return { kind: 'target_full' };
  // Bookable with room a moment ago, yet not moved: a race with another write; the guest may retry.
  return { kind: 'target_full' };
}
