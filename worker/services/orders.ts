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
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, eventBookings, events, paymentOrders, userProfiles, users } from '../../db/schema';
import { ADDRESS_LIMITS, LEDGER_COPY, ticketAllowed } from '@domain/ledger-rules';
import { chargedPrice, couponKey, parseTicketTypes } from '@domain/coupon';
import { COPY } from '@domain/copy';
import { isPartyTicket } from '@domain/order';
import { priceFor, TICKET_LABELS, TICKET_SEATS, type TicketType } from '@domain/pricing';
import { isVenueRevealed } from '@domain/time';
import { CREDIT_COPY, splitPayment } from '@domain/credit';
import { HOLD_COPY } from '@domain/copy-hold';
import { WAITLIST_COPY } from '@domain/waitlist';
import { isPaidFor } from '@domain/statuses';
import type { Env } from '../env';
import { randomToken } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import { createOrder } from '../providers/razorpay';
import { bookingColumns } from './bookings';
import { couponUsableSql } from './coupons';
import { eventSummaryColumns, toEventSummary } from './events';
import { type GuestContact, guestContactColumns, toGuestContact } from './guests';
import {
  couponStillHoldsSql,
  endOwnHold,
  HOLD_MINUTES,
  holdSeats,
  type LiveHold,
  liveHoldSql,
  type Party,
  type PricedCoupon,
} from './ledger/hold';
import { bookPaidByCredit } from './ledger/capture';
import { creditBalanceSql } from './ledger/credit';
import { queueSeatsFreed } from './ledger/offers';
import { seatsTakenSql } from './ledger/seats';
import { assertConsentedColumn, consentedSql } from './consents';
import { assertNotSuspended } from './suspension';
import { rateLimited, secondsUntilRoom } from './rate-limit';

/** Everything `POST /api/orders` checks, read in one statement. */
async function readOrderFacts(
  d: Db,
  input: { userId: string; eventId: string; coupon: string | null },
  nowIso: string,
) {
  const [row] = await d
    .select({
      event: events,
      taken: seatsTakenSql(sql`${events.id}`, nowIso),
      liveHold: liveHoldSql(input.userId, sql`${events.id}`, nowIso),
      balance: creditBalanceSql(input.userId, nowIso),
      consented: consentedSql(input.userId),
      suspendedAt: users.suspendedAt,
      ...guestContactColumns,
      sex: userProfiles.sex,
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

/** The guest's live hold on the dinner, read again after a refused hold (a concurrent Book Now may have made it). */
async function readLiveHold(d: Db, userId: string, eventId: string, nowIso: string): Promise<LiveHold | null> {
  const [row] = await d
    .select({ hold: liveHoldSql(userId, sql`${events.id}`, nowIso) })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.hold ? (JSON.parse(row.hold) as LiveHold) : null;
}

/** What `POST /api/orders` answers for a hold with a Razorpay part to pay: the order, the dinner, the checkout. */
export function checkoutAnswer(
  env: Env,
  o: {
    razorpayOrderId: string;
    amount: number;
    credit: number;
    holdExpiresAt: string;
    ticketType: TicketType;
    event: typeof events.$inferSelect;
    guest: GuestContact;
  },
) {
  return {
    order: {
      id: o.razorpayOrderId,
      status: 'created' as const,
      amount: o.amount,
      credit_amount: o.credit,
      currency: 'INR' as const,
      ticket_type: o.ticketType,
      ticket_label: TICKET_LABELS[o.ticketType],
      seats: TICKET_SEATS[o.ticketType],
      hold_expires_at: o.holdExpiresAt,
      failure_reason: null,
    },
    event: toEventSummary(o.event),
    checkout: {
      key_id: env.RAZORPAY_KEY_ID,
      checkout_url: env.RAZORPAY_CHECKOUT_URL,
      amount_paise: o.amount * 100,
      prefill: { name: o.guest.fullName, email: o.guest.email ?? '', contact: o.guest.phone ?? '' },
    },
  };
}

/** Whether a live hold is this very purchase: same ticket, coupon, second guest and use of credit. */
const isSamePurchase = (
  hold: LiveHold,
  ticketType: TicketType,
  coupon: string | null,
  party: Party,
  useCredit: boolean,
) =>
  hold.ticket_type === ticketType &&
  hold.credit_amount > 0 === useCredit &&
  hold.coupon_code === coupon &&
  hold.party_name === party.partyName &&
  hold.party_phone === party.partyPhone;

const invalidCoupon = () =>
  new ApiError(400, 'invalid_coupon', COPY.booking.invalidCoupon, { coupon: COPY.booking.invalidCoupon });
const soldOut = () => new ApiError(409, 'sold_out', COPY.booking.soldOut);
const holdExists = () => new ApiError(409, 'hold_exists', LEDGER_COPY.holdExists);
const offerWaiting = () => new ApiError(409, 'offer_waiting', WAITLIST_COPY.offerWaiting);

/**
 * The whole `POST /api/orders`: checks, price on the server, the Razorpay order, the hold.
 * Refusals: 404 unknown event, 400 unavailable or started, 403 profile incomplete, 403 no verified
 * phone, 400 a ticket the profile's sex does not allow, 409 another live hold on this dinner
 * (the same purchase again answers that hold), 400 invalid coupon, 409 sold out, 429 too many holds
 * from one address, 502 Razorpay unavailable (nothing held).
 */
export async function placeOrder(
  env: Env,
  d: Db,
  input: {
    userId: string;
    eventId: string;
    ticketType: TicketType;
    coupon?: string;
    address?: string;
    useCredit?: boolean;
  } & Partial<Party>,
  now = new Date(),
) {
  const nowIso = now.toISOString();
  const coupon = input.coupon?.trim() ? couponKey(input.coupon) : null;
  // The route's schema already refused a party on a single ticket; a service caller gets the same rule.
  const party: Party = isPartyTicket(input.ticketType)
    ? { partyName: input.partyName ?? null, partyPhone: input.partyPhone ?? null }
    : { partyName: null, partyPhone: null };
  const facts = await readOrderFacts(d, { userId: input.userId, eventId: input.eventId, coupon }, nowIso);
  if (!facts) throw new ApiError(404, 'event_not_found', COPY.events.notFound);
  const { event } = facts;
  if (!event.available || event.cancelledAt || event.startsAt <= nowIso)
    throw new ApiError(400, 'event_unavailable', COPY.events.notFound);
  // Issue 22: a booking stores the guest's (and a +1's) details; 403 without the current notice.
  assertConsentedColumn(facts.consented);
  // Issue 21: a suspended account books nothing (403, neutral words); the ledger refunds a late payment.
  assertNotSuspended(facts.suspendedAt);
  const guest = toGuestContact(facts);
  if (!guest.fullName) throw new ApiError(403, 'profile_incomplete', COPY.booking.profileIncomplete);
  // Seats are held only for a guest whose phone a code has proved (users.phone): an account made
  // with any email and no phone could otherwise hold a dinner's seats again and again.
  if (!facts.accountPhone) throw new ApiError(403, 'phone_unverified', LEDGER_COPY.verifyPhone);
  // The ticket is who comes (matching trusts it): it must fit the profile (domain/ledger-rules.ts).
  if (!ticketAllowed(facts.sex, input.ticketType))
    throw new ApiError(400, 'ticket_mismatch', LEDGER_COPY.ticketMismatch, {
      ticket_type: LEDGER_COPY.ticketMismatch,
    });

  const label = TICKET_LABELS[input.ticketType];
  const seats = TICKET_SEATS[input.ticketType];
  const useCredit = input.useCredit === true;
  const answer = (o: { razorpayOrderId: string; amount: number; credit: number; holdExpiresAt: string }) =>
    checkoutAnswer(env, { ...o, ticketType: input.ticketType, event, guest });
  // One live hold per guest and dinner: Book Now again with the same purchase answers that hold
  // (a new order would hold the seats twice, and count its coupon twice); another purchase waits.
  const heldAnswer = (hold: LiveHold | null) => {
    if (!hold) return null;
    // No Razorpay order: a waitlist offer (taken from its own page), or a hold credit pays in full
    // whose booking is under way (the request, or the cron's safety net, books it).
    if (hold.razorpay_order_id === null) throw Number(hold.offer) ? offerWaiting() : holdExists();
    if (!isSamePurchase(hold, input.ticketType, coupon, party, useCredit)) throw holdExists();
    return answer({
      razorpayOrderId: hold.razorpay_order_id,
      amount: hold.amount,
      credit: hold.credit_amount,
      holdExpiresAt: hold.hold_expires_at,
    });
  };
  const held = heldAnswer(facts.liveHold ? (JSON.parse(facts.liveHold) as LiveHold) : null);
  if (held) return held;

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
  if (Number(facts.taken) + seats > event.capacity) throw soldOut();
  // Holds per address are counted by the hold's own batch (ledger/hold.ts), so only real holds count.
  const address = input.address ? { key: `hold:ip:${input.address}`, limits: ADDRESS_LIMITS.holds } : null;

  const id = `ord_${randomToken(12)}`;
  // Credit pays first, Razorpay the rest (domain/credit.ts); the hold spends it only if the balance still covers it.
  const split = useCredit ? splitPayment(amount, Number(facts.balance)) : { credit: 0, razorpay: amount };
  const hold = {
    id,
    userId: input.userId,
    eventId: event.id,
    ticketType: input.ticketType,
    seats,
    amount: split.razorpay,
    credit: split.credit,
    coupon: priced,
    party,
    address,
    now,
  };
  // A refused hold: the guest's own hold answered again, else why (ledger's refusal, in words).
  const refused = async () => {
    const refusal = await refusedHold(d, {
      userId: input.userId,
      eventId: event.id,
      priced,
      ticketType: input.ticketType,
      address,
      credit: split.credit,
      now,
      mine: heldAnswer,
    });
    if (refusal instanceof ApiError) throw refusal;
    return refusal;
  };
  if (split.razorpay === 0) {
    // Paid in full by credit: no Razorpay order; the hold and the spend, then the same booking.
    if (!(await holdSeats(d, { ...hold, razorpayOrderId: null }))) return refused();
    if (!(await bookPaidByCredit(env, d, id))) throw soldOut();
    return { ...(await orderView(d, input.userId, id, now)), checkout: null };
  }
  // The receipt is unique per order, so a retried create is recognisable on both sides.
  const orderInput = {
    amount: split.razorpay * 100,
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
  if (!created.ok || created.value.amount !== split.razorpay * 100) {
    console.error('razorpay order create failed', created.ok ? 'amount mismatch' : created.error);
    throw new ApiError(502, 'payment_unavailable', COPY.booking.paymentUnavailable);
  }
  const rzp = created.value;
  // Another guest may have taken the last seat since the read, or this guest's other tap its hold:
  // the hold is the one that counts. The Razorpay order it would have paid is simply never opened.
  const ok = await holdSeats(d, { ...hold, razorpayOrderId: rzp.id });
  if (!ok) return refused();
  return answer({
    razorpayOrderId: rzp.id,
    amount: split.razorpay,
    credit: split.credit,
    holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
  });
}

/**
 * Why a hold was refused, from one more read: the guest's own concurrent tap first (five taps on
 * Book Now are one hold, never 'Sold out': answered with that hold), then the coupon, the address,
 * the credit, and the seats.
 */
async function refusedHold<T>(
  d: Db,
  r: {
    userId: string;
    eventId: string;
    priced: PricedCoupon | null;
    ticketType: TicketType;
    address: { key: string; limits: typeof ADDRESS_LIMITS.holds } | null;
    credit: number;
    now: Date;
    mine: (hold: LiveHold | null) => T | null;
  },
): Promise<T | ApiError> {
  const nowIso = r.now.toISOString();
  const mine = r.mine(await readLiveHold(d, r.userId, r.eventId, nowIso));
  if (mine) return mine;
  if (r.priced) {
    const [state] = await d
      .select({ ok: couponStillHoldsSql(r.priced, r.ticketType, sql`${events.id}`, nowIso) })
      .from(events)
      .where(eq(events.id, r.eventId));
    if (!state || Number(state.ok) !== 1) return invalidCoupon();
  }
  if (r.address && (await secondsUntilRoom(d, r.address.key, r.address.limits, r.now.getTime())) > 0)
    return rateLimited(d, r.address.key, r.address.limits, r.now.getTime());
  if (r.credit > 0) {
    const [left] = await d
      .select({ balance: creditBalanceSql(r.userId, nowIso) })
      .from(events)
      .where(eq(events.id, r.eventId));
    if (Number(left?.balance ?? 0) < r.credit)
      return new ApiError(409, 'not_enough_credit', CREDIT_COPY.notEnoughCredit);
  }
  return soldOut();
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
      credit_amount: order.creditAmount,
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

/**
 * `GET /api/orders/held?event_id=`: the signed-in guest's own live hold on the dinner, answered as
 * `POST /api/orders` answers it (the order, the dinner, the checkout), so the booking box can offer
 * 'Finish paying' (the same Razorpay order opens again) and 'Let the seat go'; `hold: null` when
 * there is none (or it is a waitlist offer, taken from its own page). `paying`: a captured payment
 * was reported, the seat is being booked: nothing to finish or let go. One query.
 */
export async function heldOrder(env: Env, d: Db, userId: string, eventId: string, now = new Date()) {
  const nowIso = now.toISOString();
  const [row] = await d
    .select({ event: events, liveHold: liveHoldSql(userId, sql`${events.id}`, nowIso), ...guestContactColumns })
    .from(events)
    .leftJoin(users, eq(users.id, userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(events.id, eventId));
  const hold = row?.liveHold ? (JSON.parse(row.liveHold) as LiveHold) : null;
  if (!row || !hold || hold.razorpay_order_id === null) return { hold: null };
  return {
    hold: {
      ...checkoutAnswer(env, {
        razorpayOrderId: hold.razorpay_order_id,
        amount: hold.amount,
        credit: hold.credit_amount,
        holdExpiresAt: hold.hold_expires_at,
        ticketType: hold.ticket_type,
        event: row.event,
        guest: toGuestContact(row),
      }),
      paying: Boolean(Number(hold.paying)),
      party_name: hold.party_name,
    },
  };
}

/**
 * `DELETE /api/orders/:orderId`: 'Let the seat go' (issue 24). The guest's own live unpaid hold
 * ends now (ledger/hold.ts `endOwnHold`) and the dinner's waitlist hears of the seats. An order with
 * nothing held any more (lapsed, failed, expired, refunded) answers the same: nothing is held.
 * Refusals: 404 not this guest's order; 409 `payment_under_way` (a captured payment was reported: it
 * books), 409 `order_paid` (paid or booked), 409 `offer_waiting` (a waitlist offer: its own page).
 */
export async function letHoldGo(env: Env, d: Db, userId: string, orderId: string, now = new Date()) {
  const result = await endOwnHold(d, userId, orderId, now);
  if (result.ended) {
    await queueSeatsFreed(env, result.eventId);
    return { released: true as const };
  }
  const { order } = result;
  if (!order) throw new ApiError(404, 'order_not_found', COPY.booking.orderNotFound);
  if (isPaidFor(order.status) || order.status === 'needs_attention')
    throw new ApiError(409, 'order_paid', HOLD_COPY.holdPaid);
  if (order.capturePending) throw new ApiError(409, 'payment_under_way', HOLD_COPY.holdPaying);
  if (order.offer && order.live) throw offerWaiting();
  return { released: true as const };
}
