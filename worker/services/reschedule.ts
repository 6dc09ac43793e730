/**
 * The free reschedule (SPEC §4, §9: "Free reschedule up to 48 hours before", in My Booking): a
 * confirmed booking moves, with its payment order, to another bookable dinner in its city that
 * has room for all its seats. Seats are counted from `payment_orders` by `event_id` (ledger/seats.ts), so
 * moving the order frees the old seats and takes the new ones in one statement.
 *
 * First the price the booking must cover at the target is read (ledger/moves.ts `moveTerms`: the
 * domain's price rule, judged in code). Then one D1 batch (atomic, docs/decisions/004): the
 * conditional UPDATE of the order carries every rule (the guest's own confirmed booking, more than
 * 48 hours before its dinner, which is not cancelled, with moves left; a target on sale, in the same
 * city, with room *at that moment*, at a price the booking covers on the terms just read); the
 * booking follows only if its order moved (its new `rescheduled_at` gives it fresh confirmation and
 * reminder keys); then the page is read back. Two guests racing for a dinner's last seat: D1 runs
 * the batches one after the other, the second's UPDATE finds no room and changes nothing (409). A
 * move that did not happen is explained from the rows the batch read and the price read before.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, paymentOrders } from '../../db/schema';
import { canReschedule, movableIfStartsAfter } from '@domain/booking-policy';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { LEDGER_COPY } from '@domain/ledger-rules';
import type { Env } from '../env';
import { queueConfirmation } from './booking-queue';
import { moveBookingStatements, moveTerms, NO_MOVE } from './ledger/moves';
import { isBookable } from './events';
import { type MyBookingView, myBookingQueries, myBookingView, toMyBookingView } from './my-booking';
import { queueSeatsFreed } from './ledger/offers';
import { hasTablesSql, seatLateBooking } from './tables';

export type RescheduleResult =
  | { kind: 'moved'; view: MyBookingView }
  | { kind: 'not_found' }
  | { kind: 'refused'; status: 400 | 409; code: string; message: string };

const refused = (status: 400 | 409, code: string, message: string): RescheduleResult => ({
  kind: 'refused',
  status,
  code,
  message,
});

/**
 * Moves the guest's booking `bookingId` to the dinner `targetId`, or says why not (nothing
 * changed then). On success the guest's new confirmation (email + WhatsApp, with the new .ics) is
 * put on the `bookings` queue, which retries it until delivered.
 */
export async function rescheduleBooking(
  env: Env,
  d: Db,
  input: {
    userId: string;
    bookingId: string;
    targetId: string;
  },
  now = new Date(),
): Promise<RescheduleResult> {
  const { userId, bookingId, targetId } = input;
  const nowIso = now.toISOString();
  // The order of the guest's confirmed booking, while its dinner is not the target, is not
  // cancelled and is more than 48 hours away (the domain's canReschedule, in SQL).
  const movableOrder = sql`SELECT b.order_id FROM ${eventBookings} AS b JOIN ${events} AS booked ON booked.id = b.event_id
    WHERE b.id = ${bookingId} AND b.user_id = ${userId} AND b.status = 'confirmed' AND booked.id <> ${targetId}
      AND booked.cancelled_at IS NULL AND booked.starts_at > ${movableIfStartsAfter(now)}`;
  // The target is in the same city as the dinner the order is on.
  const sameCity = sql`${events.city} = (SELECT booked.city FROM ${events} AS booked WHERE booked.id = ${paymentOrders.eventId})`;

  // The price the booking must cover at the target (its coupon's own scope applied), read first:
  // the move's UPDATE compares the same terms again, so an edit in between changes nothing.
  const price = (await moveTerms(d, userId, bookingId, targetId)) ?? NO_MOVE;
  const [movedOrder, movedBooking, [target], bookingRows, optionRows, mateRows] = await d.batch([
    ...moveBookingStatements(d, {
      bookingId,
      targetId,
      nowIso,
      movableOrder,
      targetRule: sameCity,
      price,
      countsMove: true,
    }),
    d
      .select({
        id: events.id,
        city: events.city,
        bookable: sql<number>`CASE WHEN ${isBookable(nowIso)} THEN 1 ELSE 0 END`,
        hasTables: hasTablesSql(sql`${events.id}`),
      })
      .from(events)
      .where(eq(events.id, targetId)),
    ...myBookingQueries(d, userId, bookingId, now),
  ]);

  const view = toMyBookingView([bookingRows, optionRows, mateRows], now);
  if (!view) return { kind: 'not_found' };
  if (movedOrder.length === 1 && movedBooking.length === 1) {
    // At a dinner with tables already, the guest joins one (nobody moves), and the answer shows it.
    let seatedView: MyBookingView | null = null;
    if (target && Number(target.hasTables)) {
      await seatLateBooking(d, bookingId).catch((err) => console.error('could not seat moved booking', bookingId, err));
      seatedView = await myBookingView(d, userId, bookingId, now);
    }
    await queueConfirmation(env, bookingId);
    // The seats it left go to that dinner's waitlist; the ones it took may be a release's, sold
    // again. Off the queue: the guest waits for neither.
    const left = view.reschedule.rescheduled_from;
    await queueSeatsFreed(env, left, targetId);
    return { kind: 'moved', view: seatedView ?? view };
  }

  // Nothing changed: say why, from what the batch read.
  const M = MY_BOOKING_COPY;
  const { booking, event } = view;
  if (targetId === event.id) return refused(400, 'same_dinner', M.sameDinner);
  if (!target || !Number(target.bookable) || target.city !== event.city)
    return refused(400, 'target_unavailable', M.targetUnavailable);
  if (booking.status !== 'confirmed') return refused(409, 'not_confirmed', M.rescheduleNotConfirmed);
  if (event.cancelled_at) return refused(409, 'dinner_cancelled', M.rescheduleCancelled);
  if (!canReschedule(event.starts_at, now)) return refused(409, 'reschedule_closed', M.rescheduleClosed);
  if (!price.movesLeft) return refused(409, 'move_limit', LEDGER_COPY.moveLimit);
  if (!price.covered) return refused(409, 'move_costs_more', LEDGER_COPY.moveCostsMore);
  // Full, or filled by another guest between reading and writing: the same answer either way.
  return refused(409, 'target_full', M.targetFull);
}
