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
import { coupons, eventBookings, events, paymentOrders } from '../../../db/schema';
import { MAX_MOVES_PER_BOOKING, paidCovers, priceAt } from '@domain/ledger-rules';
import type { TicketType } from '@domain/pricing';
import { dinnerColumns } from '../events';
import { priceTermsSql, requiredGuards } from './guards';
import { dinnerPriceColumns, redeemedCoupon, redeemedCouponColumns } from './price-facts';
import { seatsLeftSql } from './seats';

/** The seats left on the dinner of the `events` row in scope right now (seats.ts, the one statement of them). */
export const targetSeatsLeftSql = (nowIso: string) => seatsLeftSql(events.id, events.capacity, nowIso);

/** A dinner a booking may move to, as My Booking lists it: what, where, when, and its seats left. */
export const moveTargetColumns = (nowIso: string) => ({
  ...dinnerColumns,
  seats_left: targetSeatsLeftSql(nowIso).as('seats_left'),
});

/**
 * What a move must know before it writes: the least the booking's order must have paid at the
 * target ({@link priceAt}: the target's price for its ticket, its coupon applied only where the
 * coupon's own scope reaches) and the terms that floor was computed from, which the move's UPDATE
 * compares again ({@link priceTermsSql}); null for a booking that is not the guest's or a target that
 * does not exist (the move then changes nothing and explains itself).
 */
export async function moveTerms(d: Db, userId: string, bookingId: string, targetId: string) {
  const [row] = await d
    .select({
      amount: paymentOrders.amount,
      creditAmount: paymentOrders.creditAmount,
      ticketType: paymentOrders.ticketType,
      moveCount: eventBookings.moveCount,
      terms: priceTermsSql('payment_orders', sql`${targetId}`),
      target: dinnerPriceColumns,
      coupon: redeemedCouponColumns,
    })
    .from(eventBookings)
    .innerJoin(paymentOrders, eq(paymentOrders.id, eventBookings.orderId))
    .innerJoin(events, eq(events.id, targetId))
    .leftJoin(coupons, eq(coupons.code, paymentOrders.couponCode))
    .where(and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId)));
  if (!row) return null;
  const floor = priceAt(row.target, row.ticketType, redeemedCoupon(row.coupon));
  return {
    floor,
    terms: row.terms,
    covered: row.amount + row.creditAmount >= floor,
    movesLeft: row.moveCount < MAX_MOVES_PER_BOOKING,
  };
}
export type MoveTerms = NonNullable<Awaited<ReturnType<typeof moveTerms>>>;
/** For a booking or target {@link moveTerms} did not find: a price no order covers, so nothing moves. */
export const NO_MOVE: MoveTerms = { floor: Number.MAX_SAFE_INTEGER, terms: null, covered: false, movesLeft: false };

/**
 * The ledger's `move` (domain/ledger.ts): the order's seats move to the target only while it owns
 * them and the target is on sale with room for all of them and a price `terms` says the order
 * covers; a free reschedule (`countsMove`) also only while the booking has moves left
 * ({@link MAX_MOVES_PER_BOOKING}), counted in the same statement.
 */
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
    /** The price the order must cover at the target, read by {@link moveTerms}. */
    price: MoveTerms;
    /** A guest's free reschedule: counted against {@link MAX_MOVES_PER_BOOKING}. */
    countsMove?: boolean;
    /** Columns the flow sets on the booking besides the move's own. */
    bookingSet?: Partial<typeof eventBookings.$inferInsert>;
  },
) {
  const { bookingId, targetId, nowIso } = m;
  const scope = { order: 'payment_orders', eventId: sql`${targetId}`, nowIso, price: m.price };
  const targetRule = m.targetRule
    ? sql`EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${targetId} AND ${m.targetRule})`
    : sql`1`;
  const movesLeft = m.countsMove
    ? sql`EXISTS (SELECT 1 FROM ${eventBookings} WHERE ${eventBookings.orderId} = ${paymentOrders.id}
        AND ${eventBookings.moveCount} < ${MAX_MOVES_PER_BOOKING})`
    : sql`1`;
  const target = (column: SQL) => sql`(SELECT ${column} FROM ${events} WHERE ${events.id} = ${targetId})`;
  return [
    d
      .update(paymentOrders)
      .set({ eventId: targetId, updatedAt: nowIso })
      .where(
        and(
          sql`${paymentOrders.id} IN (${m.movableOrder})`,
          ne(paymentOrders.eventId, targetId),
          requiredGuards('move', scope),
          targetRule,
          movesLeft,
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
        ...(m.countsMove ? { moveCount: sql`${eventBookings.moveCount} + 1` } : {}),
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

/**
 * Columns a query of move targets (`events` in scope) adds for the booking `bookingId`, so the
 * domain's price rule can keep only the dinners its order covers ({@link coveredTargets}): the
 * target's prices, and the order's amount, ticket and coupon. Aliased apart (a D1 batch reads rows
 * by column name).
 */
export const movePriceColumns = (bookingId: string) => {
  const ofOrder = (column: SQL) =>
    sql`(SELECT ${column} FROM event_bookings AS mb JOIN payment_orders AS mo ON mo.id = mb.order_id
      LEFT JOIN coupons AS mc ON mc.code = mo.coupon_code WHERE mb.id = ${bookingId})`;
  return {
    mp_single: sql<number>`${events.ticketPriceSingle}`.as('mp_single'),
    mp_couple: sql<number>`${events.ticketPriceCouple}`.as('mp_couple'),
    mp_group: sql<number>`${events.ticketPriceGroup}`.as('mp_group'),
    mp_paid: sql<number>`${ofOrder(sql`mo.amount + mo.credit_amount`)}`.as('mp_paid'),
    mp_ticket: sql<TicketType>`${ofOrder(sql`mo.ticket_type`)}`.as('mp_ticket'),
    mp_coupon: sql<string | null>`${ofOrder(
      sql`CASE WHEN mc.code IS NULL THEN NULL ELSE json_object('kind', mc.kind, 'value', mc.value, 'ticketTypes', mc.ticket_types, 'eventId', mc.event_id) END`,
    )}`.as('mp_coupon'),
  };
};
type PricedTarget = { id: string } & { [K in keyof ReturnType<typeof movePriceColumns>]: unknown };

/**
 * The targets whose price (the domain's {@link priceAt}) the booking's order covers, without the
 * price columns: what My Booking offers is what a move would take.
 */
export function coveredTargets<T extends PricedTarget>(rows: readonly T[]) {
  return rows
    .filter((r) => {
      const coupon = r.mp_coupon ? (JSON.parse(String(r.mp_coupon)) as Parameters<typeof redeemedCoupon>[0]) : null;
      const target = {
        id: r.id,
        ticketPriceSingle: Number(r.mp_single),
        ticketPriceCouple: Number(r.mp_couple),
        ticketPriceGroup: Number(r.mp_group),
      };
      return paidCovers(Number(r.mp_paid), target, r.mp_ticket as TicketType, redeemedCoupon(coupon));
    })
    .map(({ mp_single, mp_couple, mp_group, mp_paid, mp_ticket, mp_coupon, ...rest }) => rest);
}
