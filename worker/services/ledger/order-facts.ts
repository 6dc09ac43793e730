/**
 * An order as the ledger judges it: the row, and what the ledger's guards (guards.ts) say of it
 * right now, read by the very SQL the writes run.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { coupons, events, paymentOrders } from '../../../db/schema';
import { priceAt } from '@domain/ledger-rules';
import type { BookingMessage } from '../../env';
import { guard, priceTermsSql } from './guards';
import { dinnerPriceColumns, redeemedCoupon, redeemedCouponColumns } from './price-facts';

/** A captured payment as the queue carries it (verify, webhook, reconcile). */
export type CapturedMessage = Extract<BookingMessage, { kind: 'payment-captured' }>;

/**
 * An order row, whether it owns its seats right now, whether its dinner is cancelled or still on
 * sale, whether its coupon could still be counted, and the least it must have paid at its dinner
 * (`priceFloor`, the domain's {@link priceAt}) with the price terms that floor was computed from.
 */
export type Order = typeof paymentOrders.$inferSelect & {
  ownsSeats: boolean;
  eventCancelled: boolean;
  /** The dinner is on sale now, as the ledger books a payment (guards.ts `dinner_open`). */
  dinnerOpen: boolean;
  couponCountable: boolean;
  priceFloor: number;
  priceTerms: string | null;
  /** Whether its guest's account is closed to bookings (issue 21): suspended, erased, or neither (null). */
  accountClosed: 'erased' | 'suspended' | null;
};

/** The order Razorpay knows as `razorpayOrderId`, as the ledger judges it (see {@link Order}). */
export const orderByRazorpayId = (d: Db, razorpayOrderId: string) =>
  readOrder(d, eq(paymentOrders.razorpayOrderId, razorpayOrderId));
/** Our order `id`, as the ledger judges it. */
export const orderById = (d: Db, id: string) => readOrder(d, eq(paymentOrders.id, id));

async function readOrder(d: Db, where: ReturnType<typeof eq>): Promise<Order | null> {
  const scope = { order: 'payment_orders', eventId: sql`${paymentOrders.eventId}`, nowIso: new Date().toISOString() };
  const [row] = await d
    .select({
      ...getTableColumns(paymentOrders),
      ownsSeats: guard('owns_seats', scope),
      eventCancelled: sql<number>`NOT ${guard('dinner_not_cancelled', scope)}`,
      dinnerOpen: guard('dinner_open', scope),
      couponCountable: guard('coupon_countable', scope),
      priceTerms: priceTermsSql('payment_orders', scope.eventId),
      // Read with the order: the pipeline asks it of every payment not booked yet.
      accountClosed: sql<'erased' | 'suspended' | null>`(SELECT CASE WHEN oa.erased_at IS NOT NULL THEN 'erased'
        WHEN oa.suspended_at IS NOT NULL THEN 'suspended' END FROM users AS oa WHERE oa.id = ${paymentOrders.userId})`,
      event: dinnerPriceColumns,
      coupon: redeemedCouponColumns,
    })
    .from(paymentOrders)
    .innerJoin(events, eq(events.id, paymentOrders.eventId))
    .leftJoin(coupons, eq(coupons.code, paymentOrders.couponCode))
    .where(where);
  if (!row) return null;
  const { event, coupon, ...order } = row;
  return {
    ...order,
    ownsSeats: Boolean(Number(order.ownsSeats)),
    eventCancelled: Boolean(Number(order.eventCancelled)),
    dinnerOpen: Boolean(Number(order.dinnerOpen)),
    couponCountable: Boolean(Number(order.couponCountable)),
    accountClosed: order.accountClosed ?? null,
    priceFloor: priceAt(event, order.ticketType, redeemedCoupon(coupon)),
  };
}
