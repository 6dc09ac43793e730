/**
 * The guest's side of the waitlist (issue 20, docs/decisions/027): joining and leaving a sold-out
 * dinner's line, the entries with their place in it, and an offer: seen, and accepted into a
 * checkout (or booked outright when credit covers it). Writes go through the ledger.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, paymentOrders, userProfiles, users, waitlistEntries } from '../../db/schema';
import { COPY } from '@domain/copy';
import { splitPayment } from '@domain/credit';
import { LEDGER_COPY, ticketAllowed } from '@domain/ledger-rules';
import { isPartyTicket } from '@domain/order';
import { TICKET_LABELS, TICKET_SEATS, type TicketType } from '@domain/pricing';
import { ACTIVE_WAITLIST_STATUSES, offersOpen, WAITLIST_COPY } from '@domain/waitlist';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { createOrder } from '../providers/razorpay';
import { type EventSummary, toEventSummary } from './events';
import { guestContactColumns, toGuestContact } from './guests';
import { bookPaidByCredit } from './ledger/capture';
import { creditBalanceSql } from './ledger/credit';
import { queueSeatsFreed } from './ledger/offers';
import { ownsSeatsSql, seatsTakenSql } from './ledger/seats';
import { acceptOfferHold, joinWaitlist, leaveWaitlist } from './ledger/waitlist';
import { assertConsentedColumn, consentedSql } from './consents';
import { assertNotSuspended } from './suspension';
import { checkoutAnswer, orderView } from './orders';

/** 1-based place among those still waiting at the dinner, by the time they joined. */
const positionSql = sql<number>`(SELECT COUNT(*) FROM waitlist_entries AS ahead WHERE ahead.event_id = ${waitlistEntries.eventId}
  AND ahead.status = 'waiting' AND (ahead.created_at < ${waitlistEntries.createdAt}
    OR (ahead.created_at = ${waitlistEntries.createdAt} AND ahead.id <= ${waitlistEntries.id})))`;

/** An entry as the guest sees it. */
export type WaitlistEntryView = {
  id: string;
  event: EventSummary;
  ticket_type: TicketType;
  ticket_label: string;
  seats: number;
  status: (typeof waitlistEntries.$inferSelect)['status'];
  position: number | null;
  offer: { token: string; expires_at: string } | null;
  created_at: string;
};

const entryColumns = { entry: waitlistEntries, event: events, position: positionSql };

function toView(row: {
  entry: typeof waitlistEntries.$inferSelect;
  event: typeof events.$inferSelect;
  position: number;
}): WaitlistEntryView {
  const { entry } = row;
  return {
    id: entry.id,
    event: toEventSummary(row.event),
    ticket_type: entry.ticketType,
    ticket_label: TICKET_LABELS[entry.ticketType],
    seats: entry.seats,
    status: entry.status,
    position: entry.status === 'waiting' ? Number(row.position) : null,
    offer:
      entry.status === 'offered' && entry.token && entry.offerExpiresAt
        ? { token: entry.token, expires_at: entry.offerExpiresAt }
        : null,
    created_at: entry.createdAt,
  };
}

/** The guest's active entry at the dinner (or null). */
export async function myEntry(d: Db, userId: string, eventId: string): Promise<WaitlistEntryView | null> {
  const [row] = await d
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.eventId, eventId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
      ),
    );
  return row ? toView(row) : null;
}

/** The guest's entries: active ones, and those ended in the last 30 days, newest first. */
export async function myEntries(d: Db, userId: string, now = new Date()): Promise<WaitlistEntryView[]> {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const rows = await d
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        sql`(${waitlistEntries.status} IN ('waiting', 'offered') OR ${waitlistEntries.createdAt} > ${since})`,
      ),
    )
    .orderBy(desc(waitlistEntries.createdAt))
    .limit(50);
  return rows.map(toView);
}

/**
 * Joins a sold-out dinner's line. Refusals: 404 unknown or hidden dinner, 400 offers closed, 403 no
 * profile or phone, 400 a ticket the profile does not allow, 409 seats free (book instead), 409
 * already holding seats there, 409 already in line.
 */
export async function join(d: Db, o: { userId: string; eventId: string; ticketType: TicketType; now?: Date }) {
  const now = o.now ?? new Date();
  const nowIso = now.toISOString();
  const [facts] = await d
    .select({
      event: events,
      taken: seatsTakenSql(sql`${events.id}`, nowIso),
      mine: sql<number>`(SELECT COUNT(*) FROM payment_orders AS mo WHERE mo.user_id = ${o.userId} AND mo.event_id = ${events.id}
        AND ${ownsSeatsSql('mo', nowIso)})`,
      sex: userProfiles.sex,
      consented: consentedSql(o.userId),
      suspendedAt: users.suspendedAt,
      ...guestContactColumns,
    })
    .from(events)
    .leftJoin(users, eq(users.id, o.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(events.id, o.eventId));
  if (!facts || facts.event.cancelledAt || !facts.event.available || facts.event.startsAt <= nowIso)
    throw new ApiError(404, 'event_not_found', COPY.events.notFound);
  if (!offersOpen(facts.event.startsAt, now)) throw new ApiError(400, 'waitlist_closed', WAITLIST_COPY.closed);
  // Issue 22: a place in line is the guest's data and leads to a booking; 403 without the current notice.
  assertConsentedColumn(facts.consented);
  // Issue 21: a suspended account takes no place in line (403, neutral words).
  assertNotSuspended(facts.suspendedAt);
  if (!toGuestContact(facts).fullName) throw new ApiError(403, 'profile_incomplete', COPY.booking.profileIncomplete);
  if (!facts.accountPhone) throw new ApiError(403, 'phone_unverified', LEDGER_COPY.verifyPhone);
  if (!ticketAllowed(facts.sex, o.ticketType))
    throw new ApiError(400, 'ticket_mismatch', LEDGER_COPY.ticketMismatch, { ticket_type: LEDGER_COPY.ticketMismatch });
  if (Number(facts.mine) > 0) throw new ApiError(409, 'already_booked', WAITLIST_COPY.alreadyBooked);
  const seats = TICKET_SEATS[o.ticketType];
  if (Number(facts.taken) + seats <= facts.event.capacity)
    throw new ApiError(409, 'not_sold_out', WAITLIST_COPY.notSoldOut);
  const id = await joinWaitlist(d, { userId: o.userId, eventId: o.eventId, ticketType: o.ticketType, seats, now });
  if (!id) throw new ApiError(409, 'already_waiting', WAITLIST_COPY.alreadyWaiting);
  return (await myEntry(d, o.userId, o.eventId)) as WaitlistEntryView;
}

/** Leaves the line (an offer out ends, and its seats pass on at once). 404 when not in line. */
export async function leave(env: Env, d: Db, userId: string, eventId: string, now = new Date()) {
  const id = await leaveWaitlist(d, userId, eventId, now);
  if (!id) throw new ApiError(404, 'not_waiting', WAITLIST_COPY.notWaiting);
  // An offer it ended frees seats: the next in line is offered them off the queue, as every other
  // path that frees seats does, not in the guest's request.
  await queueSeatsFreed(env, eventId);
  const [row] = await d
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(eq(waitlistEntries.id, id));
  return toView(row);
}

/** The offer behind `token`, for its own guest only (another's is "not found"). */
async function readOffer(d: Db, userId: string, token: string, nowIso: string) {
  const [row] = await d
    .select({
      entry: waitlistEntries,
      event: events,
      order: paymentOrders,
      live: sql<number>`${ownsSeatsSql('payment_orders', nowIso)}`,
      balance: creditBalanceSql(userId, nowIso),
      consented: consentedSql(userId),
      suspendedAt: users.suspendedAt,
      ...guestContactColumns,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, waitlistEntries.orderId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(waitlistEntries.token, token), eq(waitlistEntries.userId, userId)));
  if (!row) throw new ApiError(404, 'offer_not_found', WAITLIST_COPY.offerGone);
  return row;
}

/** `GET /api/offers/:token`. `status`: `open` while its seats are held for the guest, else `ended`. */
export async function offerView(d: Db, userId: string, token: string, now = new Date()) {
  const row = await readOffer(d, userId, token, now.toISOString());
  const open = row.entry.status === 'offered' && Number(row.live) === 1 && row.order.status === 'created';
  return {
    offer: {
      token,
      status: open ? ('open' as const) : row.order.status === 'confirmed' ? ('booked' as const) : ('ended' as const),
      expires_at: row.order.holdExpiresAt,
      ticket_type: row.entry.ticketType,
      ticket_label: TICKET_LABELS[row.entry.ticketType],
      seats: row.entry.seats,
      amount: row.order.amount + row.order.creditAmount,
    },
    event: toEventSummary(row.event),
    credit: { balance: Number(row.balance) },
  };
}

/**
 * `POST /api/offers/:token/accept`: the checkout of the offer's held seats, with credit first if
 * asked; an offer already accepted answers its checkout again. 409 once it has ended.
 */
export async function acceptOffer(
  env: Env,
  d: Db,
  o: {
    userId: string;
    token: string;
    useCredit: boolean;
    partyName: string | null;
    partyPhone: string | null;
    now?: Date;
  },
) {
  const now = o.now ?? new Date();
  const nowIso = now.toISOString();
  const row = await readOffer(d, o.userId, o.token, nowIso);
  // Issue 22: accepting stores a +1's name and phone and books the seats; 403 without the current notice.
  assertConsentedColumn(row.consented);
  // Issue 21: a suspended account takes no offer (403); its offers ended with the suspension anyway.
  assertNotSuspended(row.suspendedAt);
  const { entry, order, event } = row;
  const guest = toGuestContact(row);
  if (entry.status !== 'offered' || order.status !== 'created' || Number(row.live) !== 1)
    throw new ApiError(409, 'offer_gone', WAITLIST_COPY.offerGone);
  if (order.razorpayOrderId)
    return checkoutAnswer(env, {
      razorpayOrderId: order.razorpayOrderId,
      amount: order.amount,
      credit: order.creditAmount,
      holdExpiresAt: order.holdExpiresAt,
      ticketType: order.ticketType,
      event,
      guest,
    });
  if (isPartyTicket(entry.ticketType) && !o.partyName)
    throw new ApiError(400, 'invalid_input', WAITLIST_COPY.partyNameRequired, {
      party_name: WAITLIST_COPY.partyNameRequired,
    });
  const party = isPartyTicket(entry.ticketType)
    ? { partyName: o.partyName, partyPhone: o.partyPhone }
    : { partyName: null, partyPhone: null };
  const split = o.useCredit ? splitPayment(order.amount, Number(row.balance)) : { credit: 0, razorpay: order.amount };
  let razorpayOrderId: string | null = null;
  if (split.razorpay > 0) {
    const created = await createOrder(env, {
      amount: split.razorpay * 100,
      currency: 'INR',
      receipt: order.id,
      notes: {
        ticket_type: entry.ticketType,
        ticket_label: TICKET_LABELS[entry.ticketType],
        event_id: event.id,
        event_name: event.title,
      },
    });
    if (!created.ok || created.value.amount !== split.razorpay * 100)
      throw new ApiError(502, 'payment_unavailable', COPY.booking.paymentUnavailable);
    razorpayOrderId = created.value.id;
  }
  const attached = await acceptOfferHold(d, {
    orderId: order.id,
    razorpayOrderId,
    amount: split.razorpay,
    credit: split.credit,
    party,
    now,
  });
  if (!attached) {
    // Another tap accepted it first: answer that checkout; else it ended, or the credit is gone.
    const again = await readOffer(d, o.userId, o.token, nowIso);
    if (again.order.razorpayOrderId && again.entry.status === 'offered' && Number(again.live) === 1)
      return acceptOffer(env, d, { ...o, now });
    if (split.credit > 0 && Number(again.balance) < split.credit)
      throw new ApiError(409, 'not_enough_credit', WAITLIST_COPY.notEnoughCredit);
    throw new ApiError(409, 'offer_gone', WAITLIST_COPY.offerGone);
  }
  if (razorpayOrderId === null) {
    if (!(await bookPaidByCredit(env, d, order.id))) throw new ApiError(409, 'offer_gone', WAITLIST_COPY.offerGone);
    return { ...(await orderView(d, o.userId, order.id, now)), checkout: null };
  }
  const [held] = await d
    .select({ holdExpiresAt: paymentOrders.holdExpiresAt })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, order.id));
  return checkoutAnswer(env, {
    razorpayOrderId,
    amount: split.razorpay,
    credit: split.credit,
    holdExpiresAt: held?.holdExpiresAt ?? order.holdExpiresAt,
    ticketType: entry.ticketType,
    event,
    guest,
  });
}
