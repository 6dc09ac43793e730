/**
 * Orders: pricing on the server, holding seats, and the Razorpay order
 * (docs/decisions/005-bookings-through-the-queue.md).
 *
 * D1 has no interactive transactions, so "are seats left?" and "take them" must be ONE statement:
 * an `INSERT … SELECT … WHERE seats_taken + n <= capacity`. D1 runs statements one at a time on a
 * single SQLite writer, so no interleaving of requests can sell more than the capacity.
 *
 * Placing an order costs two D1 round trips: one read of everything the checks need (the event,
 * its seats taken, the guest's contact and live holds, the coupon), then the conditional insert.
 * The Razorpay order is created between them, so a provider failure leaves nothing to undo. (A
 * refused hold with a coupon reads once more, to say whether the coupon or the seats refused it.)
 *
 * A coupon's cap is enforced by that same INSERT: it holds the seats only while fewer orders than
 * the cap redeem the coupon (services/coupons.ts), so concurrent orders can never redeem it more
 * often than its cap (docs/decisions/015).
 */
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, eventBookings, events, paymentOrders, userProfiles, users } from '../../db/schema';
import { chargedPrice, couponKey, parseTicketTypes } from '../domain/coupon';
import { COPY } from '../domain/copy';
import { isPartyTicket } from '../domain/order';
import { type CouponKind, priceFor, TICKET_LABELS, TICKET_SEATS, type TicketType } from '../domain/pricing';
import { isVenueRevealed } from '../domain/time';
import type { Env } from '../env';
import { randomToken } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import { createOrder } from '../providers/razorpay';
import { bookingColumns } from './bookings';
import { couponFitsTicketSql, couponUsableSql } from './coupons';
import { eventSummaryColumns, toEventSummary } from './events';
import { guestContactColumns, toGuestContact } from './guests';
import { seatsTakenSql } from './ledger/seats';

export const HOLD_MINUTES = 15;
/** Live unpaid holds one guest may have on one event, so nobody can hold a whole table hostage. */
export const MAX_LIVE_HOLDS_PER_GUEST = 2;

const liveHoldsSql = (userId: string, eventId: SQL | string, nowIso: string) =>
  sql<number>`(SELECT COUNT(*) FROM payment_orders AS mine
    WHERE mine.user_id = ${userId} AND mine.event_id = ${eventId} AND mine.status = 'created' AND mine.hold_expires_at > ${nowIso})`;

/** Hold time an order must have left to be handed back to a guest who asks again. */
const REUSE_MIN_HOLD_MS = 3 * 60_000;

/**
 * The guest's own live order for this dinner, ticket and coupon (JSON: our id, Razorpay's, amount,
 * hold end), if it has time left and no payment under way. A guest who closes the checkout and
 * presses Book Now again gets it back: a new order would count as a second redemption, and on a
 * coupon at its cap the guest's own hold would refuse them their coupon.
 */
const heldWithCouponSql = (
  userId: string,
  eventId: SQL,
  ticketType: TicketType,
  coupon: string,
  party: Party,
  nowIso: string,
) =>
  sql<
    string | null
  >`(SELECT json_object('id', mine.id, 'razorpay_order_id', mine.razorpay_order_id, 'amount', mine.amount, 'hold_expires_at', mine.hold_expires_at)
    FROM payment_orders AS mine
    WHERE mine.user_id = ${userId} AND mine.event_id = ${eventId} AND mine.status = 'created'
      AND mine.ticket_type = ${ticketType} AND mine.coupon_code = ${coupon} AND mine.capture_pending_at IS NULL
      AND mine.party_name IS ${party.partyName} AND mine.party_phone IS ${party.partyPhone}
      AND mine.hold_expires_at > ${new Date(Date.parse(nowIso) + REUSE_MIN_HOLD_MS).toISOString()}
    ORDER BY mine.created_at DESC LIMIT 1)`;

/**
 * A couple's or female duo's second guest (worker/domain/order.ts), null on a single ticket. Stored
 * on the order by the same INSERT that holds the seats; the booking copies it (booking-pipeline.ts).
 */
export type Party = { partyName: string | null; partyPhone: string | null };

/** Everything `POST /api/orders` checks, read in one statement. */
async function readOrderFacts(
  d: Db,
  input: { userId: string; eventId: string; ticketType: TicketType; coupon: string | null; party: Party },
  nowIso: string,
) {
  const [row] = await d
    .select({
      event: events,
      taken: seatsTakenSql(sql`${events.id}`, nowIso),
      liveHolds: liveHoldsSql(input.userId, sql`${events.id}`, nowIso),
      heldWithCoupon: input.coupon
        ? heldWithCouponSql(input.userId, sql`${events.id}`, input.ticketType, input.coupon, input.party, nowIso)
        : sql<null>`NULL`,
      ...guestContactColumns,
      couponKind: coupons.kind,
      couponValue: coupons.value,
      couponTicketTypes: coupons.ticketTypes,
    })
    .from(events)
    .leftJoin(users, eq(users.id, input.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    // A coupon usable on this event now (cap included); its ticket types are checked in code.
    .leftJoin(
      coupons,
      sql`${coupons.code} = ${input.coupon ?? ''} AND ${couponUsableSql('coupons', sql`${events.id}`, nowIso)}`,
    )
    .where(eq(events.id, input.eventId));
  return row ?? null;
}

/** The coupon an order redeems, as it was priced. */
type PricedCoupon = { code: string; kind: CouponKind; value: number };

/**
 * Inside the hold's INSERT … SELECT … FROM events AS e: the coupon is still usable on `e` (active,
 * not expired, this dinner, under its cap, for this ticket) and still has the terms the order was
 * priced with, so an operator's edit between the read and the hold cannot change the charge.
 */
const couponStillHoldsSql = (coupon: PricedCoupon, ticketType: TicketType, eventId: SQL, nowIso: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM coupons AS c WHERE c.code = ${coupon.code} AND c.kind = ${coupon.kind}
    AND c.value = ${coupon.value} AND ${couponUsableSql('c', eventId, nowIso)} AND ${couponFitsTicketSql('c', ticketType)})`;

/**
 * Holds `seats` on the event for {@link HOLD_MINUTES} in one conditional INSERT, for the
 * Razorpay order already created; with a coupon, the same INSERT redeems it only under its cap.
 * @returns 'held'; 'coupon' when the coupon can no longer be used (its cap reached, switched off,
 * edited, expired since it was read); 'refused' when the seats no longer fit, the guest reached
 * their live holds, or the event stopped being bookable since it was read.
 */
async function holdSeats(
  d: Db,
  o: {
    id: string;
    razorpayOrderId: string;
    userId: string;
    eventId: string;
    ticketType: TicketType;
    seats: number;
    amount: number;
    coupon: PricedCoupon | null;
    party: Party;
    now: Date;
  },
): Promise<'held' | 'coupon' | 'refused'> {
  const nowIso = o.now.toISOString();
  const expires = new Date(o.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const res =
    await d.run(sql`INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount, currency, status, hold_expires_at, coupon_code, party_name, party_phone, created_at, updated_at)
    SELECT ${o.id}, ${o.razorpayOrderId}, ${o.id}, ${o.userId}, e.id, ${o.ticketType}, ${o.seats}, ${o.amount}, 'INR', 'created', ${expires}, ${o.coupon?.code ?? null}, ${o.party.partyName}, ${o.party.partyPhone}, ${nowIso}, ${nowIso}
    FROM events AS e
    WHERE e.id = ${o.eventId} AND e.available = 1 AND e.starts_at > ${nowIso}
      AND ${seatsTakenSql(sql`e.id`, nowIso)} + ${o.seats} <= e.capacity
      AND ${liveHoldsSql(o.userId, sql`e.id`, nowIso)} < ${MAX_LIVE_HOLDS_PER_GUEST}
      AND ${o.coupon ? couponStillHoldsSql(o.coupon, o.ticketType, sql`e.id`, nowIso) : sql`1`}`);
  if ((res.meta.changes ?? 0) === 1) return 'held';
  if (!o.coupon) return 'refused';
  // Refused: say why. Only on this path, one more read: was it the coupon (its cap reached, most
  // likely) or the seats? A race in between can only blur which message a refused guest reads.
  const [state] = await d
    .select({ ok: couponStillHoldsSql(o.coupon, o.ticketType, sql`${events.id}`, nowIso) })
    .from(events)
    .where(eq(events.id, o.eventId));
  return state && Number(state.ok) === 1 ? 'refused' : 'coupon';
}

const invalidCoupon = () =>
  new ApiError(400, 'invalid_coupon', COPY.booking.invalidCoupon, { coupon: COPY.booking.invalidCoupon });
const soldOut = () => new ApiError(409, 'sold_out', COPY.booking.soldOut);

/**
 * The whole `POST /api/orders`: checks, price on the server, the Razorpay order, the hold.
 * Refusals: 404 unknown event, 400 unavailable or started, 403 profile incomplete, 400 invalid
 * coupon, 429 too many live holds, 409 sold out, 502 Razorpay unavailable (nothing held).
 */
export async function placeOrder(
  env: Env,
  d: Db,
  input: { userId: string; eventId: string; ticketType: TicketType; coupon?: string } & Partial<Party>,
  now = new Date(),
) {
  const nowIso = now.toISOString();
  const coupon = input.coupon?.trim() ? couponKey(input.coupon) : null;
  // The route's schema already refused a party on a single ticket; a service caller gets the same rule.
  const party: Party = isPartyTicket(input.ticketType)
    ? { partyName: input.partyName ?? null, partyPhone: input.partyPhone ?? null }
    : { partyName: null, partyPhone: null };
  const facts = await readOrderFacts(
    d,
    { userId: input.userId, eventId: input.eventId, ticketType: input.ticketType, coupon, party },
    nowIso,
  );
  if (!facts) throw new ApiError(404, 'event_not_found', COPY.events.notFound);
  const { event } = facts;
  if (!event.available || event.startsAt <= nowIso) throw new ApiError(400, 'event_unavailable', COPY.events.notFound);
  const guest = toGuestContact(facts);
  if (!guest.fullName) throw new ApiError(403, 'profile_incomplete', COPY.booking.profileIncomplete);

  const label = TICKET_LABELS[input.ticketType];
  const seats = TICKET_SEATS[input.ticketType];
  const checkoutOf = (amountRupees: number) => ({
    key_id: env.RAZORPAY_KEY_ID,
    checkout_url: env.RAZORPAY_CHECKOUT_URL,
    amount_paise: amountRupees * 100,
    prefill: { name: guest.fullName, email: guest.email ?? '', contact: guest.phone ?? '' },
  });
  const orderOf = (o: { razorpayOrderId: string; amount: number; holdExpiresAt: string }) => ({
    id: o.razorpayOrderId,
    status: 'created' as const,
    amount: o.amount,
    currency: 'INR' as const,
    ticket_type: input.ticketType,
    ticket_label: label,
    seats,
    hold_expires_at: o.holdExpiresAt,
    failure_reason: null,
  });

  // Asked again with the same coupon while the guest's order still holds it: that order, as priced.
  if (facts.heldWithCoupon) {
    const held = JSON.parse(facts.heldWithCoupon) as {
      razorpay_order_id: string;
      amount: number;
      hold_expires_at: string;
    };
    return {
      order: orderOf({
        razorpayOrderId: held.razorpay_order_id,
        amount: held.amount,
        holdExpiresAt: held.hold_expires_at,
      }),
      event: toEventSummary(event),
      checkout: checkoutOf(held.amount),
    };
  }

  // Every way a coupon can fail (unknown, off, expired, used up, another dinner, another ticket)
  // answers the one message (SPEC §5).
  let amount = priceFor(event, input.ticketType);
  let priced: PricedCoupon | null = null;
  if (coupon) {
    if (facts.couponKind === null || facts.couponValue === null) throw invalidCoupon();
    priced = { code: coupon, kind: facts.couponKind, value: facts.couponValue };
    const charged = chargedPrice(event, input.ticketType, {
      ...priced,
      ticketTypes: parseTicketTypes(facts.couponTicketTypes),
    });
    if (charged === null) throw invalidCoupon();
    amount = charged;
  }
  if (Number(facts.liveHolds) >= MAX_LIVE_HOLDS_PER_GUEST) {
    throw new ApiError(429, 'too_many_holds', COPY.common.tooMany, undefined, {
      'Retry-After': String(HOLD_MINUTES * 60),
    });
  }
  if (Number(facts.taken) + seats > event.capacity) throw soldOut();

  const id = `ord_${randomToken(12)}`;
  // The receipt is unique per order, so a retried create is recognisable on both sides.
  const orderInput = {
    amount: amount * 100,
    currency: 'INR' as const,
    receipt: id,
    notes: {
      ticket_type: input.ticketType,
      ticket_label: label,
      event_id: event.id,
      event_name: event.title,
      ...(priced ? { coupon: priced.code } : {}),
    },
  };
  let created = await createOrder(env, orderInput);
  // One retry on a 5xx, Razorpay's own hiccup. Not after a timeout or a network error: the guest has
  // already waited the whole deadline. A retry may leave a second unpaid Razorpay order behind,
  // which is never opened and costs nothing.
  if (!created.ok && created.status !== undefined && created.status >= 500)
    created = await createOrder(env, orderInput);
  if (!created.ok || created.value.amount !== amount * 100) {
    console.error('razorpay order create failed', created.ok ? 'amount mismatch' : created.error);
    throw new ApiError(502, 'payment_unavailable', COPY.booking.paymentUnavailable);
  }
  const rzp = created.value;
  // Another guest may have taken the last seat since the read: the hold is the one that counts.
  // The Razorpay order it would have paid is simply never opened.
  const held = await holdSeats(d, {
    id,
    razorpayOrderId: rzp.id,
    userId: input.userId,
    eventId: event.id,
    ticketType: input.ticketType,
    seats,
    amount,
    coupon: priced,
    party,
    now,
  });
  if (held === 'coupon') throw invalidCoupon();
  if (held === 'refused') throw soldOut();

  return {
    order: orderOf({
      razorpayOrderId: rzp.id,
      amount,
      holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
    }),
    event: toEventSummary(event),
    checkout: checkoutOf(amount),
  };
}

/** The signed-in guest's own order by Razorpay order id (or our id); another user's is "not found". */
export async function findOwnOrder(d: Db, userId: string, orderId: string) {
  const [order] = await d
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        or(eq(paymentOrders.razorpayOrderId, orderId), eq(paymentOrders.id, orderId)),
      ),
    );
  return order ?? null;
}

/**
 * What `GET /api/orders/:orderId` answers, in one query: the order's stored status, its event
 * (with the venue once revealed), and the booking once confirmed. The stored status, not one
 * derived from the clock: a payment made in the hold's last second may still be on the queue,
 * and the cron only writes 'expired' after asking Razorpay.
 */
export async function orderView(d: Db, userId: string, orderId: string, now = new Date()) {
  const [row] = await d
    .select({
      order: paymentOrders,
      event: eventSummaryColumns,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      booking: bookingColumns,
    })
    .from(paymentOrders)
    .innerJoin(events, eq(events.id, paymentOrders.eventId))
    .leftJoin(eventBookings, eq(eventBookings.orderId, paymentOrders.id))
    .where(
      and(
        eq(paymentOrders.userId, userId),
        or(eq(paymentOrders.razorpayOrderId, orderId), eq(paymentOrders.id, orderId)),
      ),
    );
  if (!row) throw new ApiError(404, 'order_not_found', COPY.booking.orderNotFound);
  const { order, event } = row;
  const revealed = isVenueRevealed(event.starts_at, now) && row.venueName !== null;
  return {
    order: {
      id: order.razorpayOrderId ?? order.id,
      status: order.status,
      amount: order.amount,
      currency: order.currency,
      ticket_type: order.ticketType,
      ticket_label: TICKET_LABELS[order.ticketType],
      seats: order.seats,
      hold_expires_at: order.holdExpiresAt,
      failure_reason: order.failureReason,
    },
    event: { ...event, venue: revealed ? { name: row.venueName as string, address: row.venueAddress ?? '' } : null },
    booking: row.booking && order.status === 'confirmed' ? row.booking : null,
  };
}
