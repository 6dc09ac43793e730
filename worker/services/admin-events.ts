/**
 * Dinners as the operator console sees them (DESIGN.md "Operating the product"): every dinner,
 * past and future, with its seats and money, and the one change the console makes so far,
 * hiding or showing a dinner. Seat counts come from the one seat predicate (services/seats.ts),
 * so the console, the event page and the sale itself never disagree.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, paymentIssues, paymentOrders } from '../../db/schema';
import { REVENUE_BOOKING_STATUSES, SEAT_HOLDING_ORDER_STATUSES } from '../domain/statuses';
import { auditRow, eventTarget } from './audit';
import { ownsSeatsSql } from './seats';

/**
 * Every dinner, newest start first, and how many orders and payments wait for a person.
 * Per dinner: `seats_sold` (paid or confirmed orders), `seats_held` (every other order that owns
 * seats right now: live unpaid holds, captures being booked, flagged orders keeping their seat),
 * `seats_left`, `revenue` (whole rupees of bookings whose money is kept) and `needs_attention`
 * (its orders in that status). The answer's `needs_attention` adds the unresolved payment issues.
 * One round trip (a batch of two reads).
 */
export async function listAdminEvents(d: Db, now: Date) {
  const nowIso = now.toISOString();
  const orderTotals = d
    .select({
      eventId: paymentOrders.eventId,
      taken:
        sql<number>`SUM(CASE WHEN ${ownsSeatsSql('payment_orders', nowIso)} THEN ${paymentOrders.seats} ELSE 0 END)`.as(
          'taken',
        ),
      sold: sql<number>`SUM(CASE WHEN ${inArray(paymentOrders.status, [...SEAT_HOLDING_ORDER_STATUSES])} THEN ${paymentOrders.seats} ELSE 0 END)`.as(
        'sold',
      ),
      flagged: sql<number>`SUM(${paymentOrders.status} = 'needs_attention')`.as('flagged'),
    })
    .from(paymentOrders)
    .groupBy(paymentOrders.eventId)
    .as('order_totals');
  const bookingTotals = d
    .select({ eventId: eventBookings.eventId, revenue: sql<number>`SUM(${eventBookings.amount})`.as('revenue') })
    .from(eventBookings)
    .where(inArray(eventBookings.status, [...REVENUE_BOOKING_STATUSES]))
    .groupBy(eventBookings.eventId)
    .as('booking_totals');

  const [rows, [issues]] = await d.batch([
    d
      .select({
        id: events.id,
        city: events.city,
        title: events.title,
        location: events.location,
        date: events.date,
        starts_at: events.startsAt,
        available: events.available,
        capacity: events.capacity,
        taken: sql<number>`COALESCE(${orderTotals.taken}, 0)`,
        sold: sql<number>`COALESCE(${orderTotals.sold}, 0)`,
        flagged: sql<number>`COALESCE(${orderTotals.flagged}, 0)`,
        revenue: sql<number>`COALESCE(${bookingTotals.revenue}, 0)`,
      })
      .from(events)
      .leftJoin(orderTotals, eq(orderTotals.eventId, events.id))
      .leftJoin(bookingTotals, eq(bookingTotals.eventId, events.id))
      .orderBy(desc(events.startsAt), desc(events.id)),
    d
      .select({
        orders: sql<number>`(SELECT COUNT(*) FROM ${paymentOrders} WHERE ${paymentOrders.status} = 'needs_attention')`,
        issues: sql<number>`COUNT(*)`,
      })
      .from(paymentIssues)
      .where(isNull(paymentIssues.resolvedAt)),
  ]);

  const list = rows.map(({ taken, sold, flagged, revenue, ...event }) => {
    const seatsTaken = Number(taken);
    const seatsSold = Number(sold);
    return {
      ...event,
      seats_sold: seatsSold,
      seats_held: Math.max(0, seatsTaken - seatsSold),
      seats_left: Math.max(0, event.capacity - seatsTaken),
      revenue: Number(revenue),
      needs_attention: Number(flagged),
    };
  });
  return { events: list, needs_attention: Number(issues?.orders ?? 0) + Number(issues?.issues ?? 0) };
}
export type AdminEvent = Awaited<ReturnType<typeof listAdminEvents>>['events'][number];

/**
 * Hides (`available: false`) or shows a dinner, by `actorId`, with its audit row in the same
 * batch. The update is conditional on the value changing, and the audit row on the update, so a
 * repeat of the same request (or a race with another operator) writes nothing. Null when no
 * dinner has this id. One round trip.
 */
export async function setEventAvailable(d: Db, actorId: string, eventId: string, available: boolean) {
  const [updated, , current] = await d.batch([
    d
      .update(events)
      .set({ available })
      .where(and(eq(events.id, eventId), eq(events.available, !available)))
      .returning({ id: events.id }),
    auditRow(d, {
      actorId,
      action: 'event.update',
      target: eventTarget(eventId),
      before: { available: !available },
      after: { available },
    }),
    d.select({ id: events.id, available: events.available }).from(events).where(eq(events.id, eventId)),
  ]);
  const event = current[0];
  return event ? { event, changed: updated.length > 0 } : null;
}
