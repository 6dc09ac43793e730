/**
 * Moving a paid booking to another dinner: the free reschedule (services/reschedule.ts) and the
 * move a guest chooses after we cancel their dinner (services/booking-choices.ts). Each flow has
 * its own rules about WHICH booking may move; the move itself is this one mechanism, two
 * statements for the caller's D1 batch (atomic, docs/decisions/004):
 *
 * 1. the order's seats move to the target only if the order owns its seats (seats.ts, the one
 *    predicate) and the target is bookable with room for all of them at that moment — seats are
 *    counted from `payment_orders` by `event_id`, so this frees the old seats and takes the new;
 * 2. the booking follows only if its order moved (both or neither). Its new `rescheduled_at` is in
 *    the delivery keys of its confirmation and reminders (domain/deliveries.ts), so the new dinner
 *    gets them afresh with nothing to clear (docs/decisions/025).
 *
 * Two guests racing for a dinner's last seat: D1 runs the batches one after the other, and the
 * second's first UPDATE finds no room and changes nothing.
 */
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventBookings, events, paymentOrders } from '../../../db/schema';
import { dinnerColumns, isBookable } from '../events';
import { ownsSeatsSql, seatsTakenSql } from './seats';

/** A dinner's seats left right now (capacity less the seats taken, seats.ts). */
export const seatsLeftSql = (nowIso: string) =>
  sql<number>`(${events.capacity} - ${seatsTakenSql(sql`${events.id}`, nowIso)})`;

/** A dinner a booking may move to, as My Booking lists it: what, where, when, and its seats left. */
export const moveTargetColumns = (nowIso: string) => ({
  ...dinnerColumns,
  seats_left: seatsLeftSql(nowIso).as('seats_left'),
});

export function moveBookingStatements(
  d: Db,
  m: {
    bookingId: string;
    targetId: string;
    nowIso: string;
    /** A subquery selecting the booking's `order_id` only while the flow's own rules hold. */
    movableOrder: SQL;
    /** A further rule on the target (`events`), e.g. the same city as the order's dinner. */
    targetRule?: SQL;
    /** Columns the flow sets on the booking besides the move's own. */
    bookingSet?: Partial<typeof eventBookings.$inferInsert>;
  },
) {
  const { bookingId, targetId, nowIso } = m;
  const targetHasRoom = sql`EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${targetId} AND ${isBookable(nowIso)}
      ${m.targetRule ? sql`AND ${m.targetRule}` : sql``}
      AND ${seatsTakenSql(targetId, nowIso)} + ${paymentOrders.seats} <= ${events.capacity})`;
  const target = (column: SQL) => sql`(SELECT ${column} FROM ${events} WHERE ${events.id} = ${targetId})`;
  return [
    d
      .update(paymentOrders)
      .set({ eventId: targetId, updatedAt: nowIso })
      .where(
        and(
          sql`${paymentOrders.id} IN (${m.movableOrder})`,
          ne(paymentOrders.eventId, targetId),
          ownsSeatsSql('payment_orders', nowIso),
          targetHasRoom,
        ),
      )
      .returning({ id: paymentOrders.id }),
    d
      .update(eventBookings)
      .set({
        ...m.bookingSet,
        eventId: targetId,
        // The old dinner's table means nothing at the new one: seated there by seatLateBooking.
        tableNumber: null,
        eventName: target(sql`${events.title}`),
        eventLocation: target(sql`${events.location}`),
        eventDate: target(sql`${events.date}`),
        // SET reads the row as it was: the dinner it is leaving.
        rescheduledFrom: sql`${eventBookings.eventId}`,
        rescheduledAt: nowIso,
      })
      .where(
        and(
          eq(eventBookings.id, bookingId),
          ne(eventBookings.eventId, targetId),
          sql`EXISTS (SELECT 1 FROM ${paymentOrders} WHERE ${paymentOrders.id} = ${eventBookings.orderId} AND ${paymentOrders.eventId} = ${targetId})`,
        ),
      )
      .returning({ id: eventBookings.id }),
  ] as const;
}
