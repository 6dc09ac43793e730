/**
 * Orders: holding seats and creating the Razorpay order (docs/decisions/005-bookings-through-the-queue.md).
 *
 * D1 has no interactive transactions, so "are seats left?" and "take them" must be ONE statement:
 * an `INSERT … SELECT … WHERE seats_taken + n <= capacity`. D1 runs statements one at a time on a
 * single SQLite writer, so no interleaving of requests can sell more than the capacity.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, eventBookings, events, paymentOrders, userProfiles, users } from '../../db/schema';
import { toE164 } from '../domain/phone';
import { priceFor, TICKET_LABELS, TICKET_SEATS, type TicketType } from '../domain/pricing';
import type { Env } from '../env';
import { createOrder } from '../providers/razorpay';
import { randomToken } from './crypto';
import { ApiError } from './errors';
import { seatsTakenSql } from './seats';
import { isVenueRevealed } from '../domain/time';

export const HOLD_MINUTES = 15;
/** Live unpaid holds one guest may have on one event, so nobody can hold a whole table hostage. */
export const MAX_LIVE_HOLDS_PER_GUEST = 2;

export const MESSAGES = {
  eventUnavailable: "This event doesn't exist or is no longer available.",
  soldOut: 'Sold out',
  invalidCoupon: 'Invalid Coupon: This coupon code is not valid.',
  profileIncomplete: 'Please complete your profile to book the event.',
  tooManyHolds: 'Too many attempts. Please try again later.',
  paymentUnavailable: 'Payment system unavailable',
  orderNotFound: 'Order not found.',
} as const;

type EventRow = typeof events.$inferSelect;

/** The event if it can be booked now, else 404 (unknown) / 400 (unavailable or already started). */
export async function bookableEvent(d: Db, eventId: string, now: Date): Promise<EventRow> {
  const [event] = await d.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new ApiError(404, 'event_not_found', MESSAGES.eventUnavailable);
  if (!event.available || new Date(event.startsAt).getTime() <= now.getTime()) throw new ApiError(400, 'event_unavailable', MESSAGES.eventUnavailable);
  return event;
}

/** Operator-created coupon for this event (or for every event); none exist by default. */
export async function findCoupon(d: Db, code: string, eventId: string) {
  const [coupon] = await d
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.trim().toUpperCase()), eq(coupons.active, true), or(isNull(coupons.eventId), eq(coupons.eventId, eventId))));
  return coupon ?? null;
}

/** Name, email and phone used to prefill checkout and to address the guest; fullName '' means incomplete. */
export async function guestContact(d: Db, userId: string) {
  const [row] = await d
    .select({ fullName: userProfiles.fullName, profileEmail: userProfiles.email, profilePhone: userProfiles.phoneNumber, email: users.email, phone: users.phone })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return {
    fullName: row?.fullName?.trim() ?? '',
    email: row?.profileEmail ?? row?.email ?? null,
    // Profiles saved before phones were canonicalised may hold a number as typed: read it through the same rule.
    phone: toE164(row?.profilePhone ?? row?.phone ?? '') ,
  };
}

/**
 * Holds `seats` on the event for {@link HOLD_MINUTES} in one conditional INSERT.
 * @returns false when the seats do not fit (sold out) or the event stopped being bookable.
 */
export async function holdSeats(d: Db, o: { id: string; receipt: string; userId: string; eventId: string; ticketType: TicketType; seats: number; amount: number; now: Date }): Promise<boolean> {
  const nowIso = o.now.toISOString();
  const expires = new Date(o.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const res = await d.run(sql`INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, currency, status, hold_expires_at, created_at, updated_at)
    SELECT ${o.id}, ${o.receipt}, ${o.userId}, e.id, ${o.ticketType}, ${o.seats}, ${o.amount}, 'INR', 'created', ${expires}, ${nowIso}, ${nowIso}
    FROM events AS e
    WHERE e.id = ${o.eventId} AND e.available = 1 AND e.starts_at > ${nowIso}
      AND ${seatsTakenSql(sql`e.id`, nowIso)} + ${o.seats} <= e.capacity
      AND (SELECT COUNT(*) FROM payment_orders AS mine
           WHERE mine.user_id = ${o.userId} AND mine.event_id = e.id AND mine.status = 'created' AND mine.hold_expires_at > ${nowIso}) < ${MAX_LIVE_HOLDS_PER_GUEST}`);
  return (res.meta.changes ?? 0) === 1;
}

/** Why a hold was refused: the guest's own live holds, or no seats. */
async function refusal(d: Db, userId: string, eventId: string, now: Date): Promise<ApiError> {
  const [row] = await d
    .select({ n: sql<number>`COUNT(*)` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.eventId, eventId), eq(paymentOrders.status, 'created'), sql`${paymentOrders.holdExpiresAt} > ${now.toISOString()}`));
  if (Number(row?.n ?? 0) >= MAX_LIVE_HOLDS_PER_GUEST) return new ApiError(429, 'too_many_holds', MESSAGES.tooManyHolds, undefined, { 'Retry-After': String(HOLD_MINUTES * 60) });
  return new ApiError(409, 'sold_out', MESSAGES.soldOut);
}

/**
 * The whole `POST /api/orders`: price on the server, hold, Razorpay order. On a Razorpay failure
 * the hold is released at once so a provider outage never eats seats.
 */
export async function placeOrder(env: Env, d: Db, input: { userId: string; eventId: string; ticketType: TicketType; coupon?: string }, now = new Date()) {
  const event = await bookableEvent(d, input.eventId, now);
  const guest = await guestContact(d, input.userId);
  if (!guest.fullName) throw new ApiError(403, 'profile_incomplete', MESSAGES.profileIncomplete);

  let amount = priceFor(event, input.ticketType);
  if (input.coupon?.trim()) {
    const coupon = await findCoupon(d, input.coupon, event.id);
    if (!coupon) throw new ApiError(400, 'invalid_coupon', MESSAGES.invalidCoupon, { coupon: MESSAGES.invalidCoupon });
    amount = Math.round((amount * (100 - coupon.percentOff)) / 100);
    // Razorpay's minimum order is ₹1; a free seat would need a different flow.
    if (amount < 1) throw new ApiError(400, 'invalid_coupon', MESSAGES.invalidCoupon, { coupon: MESSAGES.invalidCoupon });
  }

  const id = `ord_${randomToken(12)}`;
  const seats = TICKET_SEATS[input.ticketType];
  const held = await holdSeats(d, { id, receipt: id, userId: input.userId, eventId: event.id, ticketType: input.ticketType, seats, amount, now });
  if (!held) throw await refusal(d, input.userId, event.id, now);

  const label = TICKET_LABELS[input.ticketType];
  const orderInput = {
    amount: amount * 100,
    currency: 'INR' as const,
    receipt: id,
    notes: { ticket_type: input.ticketType, ticket_label: label, event_id: event.id, event_name: event.title },
  };
  let created = await createOrder(env, orderInput);
  // One retry on a network error or 5xx: the same receipt returns the same order if the first
  // attempt did reach Razorpay, so the retry cannot create a second order for this hold.
  if (!created.ok && (created.status === undefined || created.status >= 500)) created = await createOrder(env, orderInput);
  if (!created.ok || created.value.amount !== amount * 100) {
    console.error('razorpay order create failed', created.ok ? 'amount mismatch' : created.error);
    await d.delete(paymentOrders).where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'created'), isNull(paymentOrders.razorpayOrderId)));
    throw new ApiError(502, 'payment_unavailable', MESSAGES.paymentUnavailable);
  }
  const rzp = created.value;
  await d.update(paymentOrders).set({ razorpayOrderId: rzp.id, updatedAt: new Date().toISOString() }).where(eq(paymentOrders.id, id));

  return {
    orderId: rzp.id,
    amount,
    amountPaise: rzp.amount,
    currency: 'INR' as const,
    keyId: env.RAZORPAY_KEY_ID,
    checkoutUrl: env.RAZORPAY_CHECKOUT_URL,
    ticketType: input.ticketType,
    ticketLabel: label,
    seats,
    holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
    event: { id: event.id, title: event.title, location: event.location, date: event.date },
    prefill: { name: guest.fullName, email: guest.email ?? '', contact: guest.phone ?? '' },
  };
}

/** The signed-in guest's own order by Razorpay order id (or our id); another user's is "not found". */
export async function findOwnOrder(d: Db, userId: string, orderId: string) {
  const [order] = await d
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), or(eq(paymentOrders.razorpayOrderId, orderId), eq(paymentOrders.id, orderId))));
  return order ?? null;
}

/** What `GET /api/orders/:orderId` answers: status, the event, and the booking once confirmed. */
export async function orderView(d: Db, userId: string, orderId: string, now = new Date()) {
  const order = await findOwnOrder(d, userId, orderId);
  if (!order) throw new ApiError(404, 'order_not_found', MESSAGES.orderNotFound);
  const [event] = await d.select().from(events).where(eq(events.id, order.eventId));
  const [booking] = await d.select().from(eventBookings).where(eq(eventBookings.orderId, order.id));
  // The stored status, not one derived from the clock: a payment made in the hold's last second
  // may still be on the queue, and the cron only writes 'expired' after asking Razorpay.
  const status = order.status;
  const revealed = event ? isVenueRevealed(event.startsAt, now) : false;
  return {
    order: {
      id: order.razorpayOrderId ?? order.id,
      status,
      amount: order.amount,
      currency: order.currency,
      ticketType: order.ticketType,
      ticketLabel: TICKET_LABELS[order.ticketType],
      seats: order.seats,
      holdExpiresAt: order.holdExpiresAt,
      failureReason: order.failureReason,
    },
    event: event
      ? { id: event.id, title: event.title, city: event.city, location: event.location, date: event.date, startsAt: event.startsAt, venue: revealed && event.venueName ? { name: event.venueName, address: event.venueAddress } : null }
      : null,
    booking: booking && order.status === 'confirmed'
      ? { id: booking.id, status: booking.status, amount: booking.amount, paymentId: booking.paymentId, bookingDate: booking.bookingDate, eventName: booking.eventName, eventLocation: booking.eventLocation, eventDate: booking.eventDate, ticketType: booking.ticketType, seats: booking.seats }
      : null,
  };
}
