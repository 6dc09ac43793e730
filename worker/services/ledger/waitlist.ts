/**
 * The waitlist's writes (issue 20, docs/decisions/027): joining and leaving a line, an offer (an
 * ordinary hold, made by {@link holdSeats} only while the entry is still waiting, the entry marked
 * in the same batch), accepting one (the Razorpay order attached to the hold, any credit spent), and
 * the sweep's bookkeeping of offers that were booked or lapsed. The only writer of `waitlist_entries`.
 */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paymentOrders, waitlistEntries } from '../../../db/schema';
import { ACTIVE_WAITLIST_STATUSES } from '@domain/waitlist';
import type { TicketType } from '@domain/pricing';
import { randomToken } from '../../lib/crypto';
import { type AuditEntry, auditRow } from '../audit';
import { creditBalanceSql, spendForOrderSql } from './credit';
import { HOLD_MINUTES, holdSeats } from './hold';
import { ownsSeatsSql, paidForSql, soldForGoodSql } from './seats';
import { prepared, preparedQuery } from './statements';

/** Joins the line (one active entry per guest and dinner: the unique index refuses a second). */
export async function joinWaitlist(
  d: Db,
  e: { userId: string; eventId: string; ticketType: TicketType; seats: number; now: Date },
): Promise<string | null> {
  const id = `wl_${randomToken(12)}`;
  const rows = await d
    .insert(waitlistEntries)
    .values({
      id,
      userId: e.userId,
      eventId: e.eventId,
      ticketType: e.ticketType,
      seats: e.seats,
      createdAt: e.now.toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  return rows[0]?.id ?? null;
}

/** Leaves the line; an offer out ends with it (its hold lapses now, so the seats pass on at once). */
export async function leaveWaitlist(d: Db, userId: string, eventId: string, now: Date): Promise<string | null> {
  const nowIso = now.toISOString();
  const [entry] = await d
    .select({ id: waitlistEntries.id, orderId: waitlistEntries.orderId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.eventId, eventId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
      ),
    );
  if (!entry) return null;
  await d.batch([
    d
      .update(waitlistEntries)
      .set({ status: 'left', endedAt: nowIso })
      .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]))),
    // An offer not yet paid gives its seats back: its hold ends now (a capture under way keeps it).
    // The entry's order read in the statement: an offer made since the read above ends too.
    d
      .update(paymentOrders)
      .set({ holdExpiresAt: nowIso, updatedAt: nowIso })
      .where(
        and(
          sql`${paymentOrders.id} = (SELECT le.order_id FROM waitlist_entries AS le WHERE le.id = ${entry.id})`,
          eq(paymentOrders.status, 'created'),
          isNull(paymentOrders.capturePendingAt),
        ),
      ),
  ]);
  return entry.id;
}

/**
 * Offers the entry's seats: a hold of `holdMs` at the ticket's full price, made only while the
 * entry is still waiting and the dinner has room (the hold's one INSERT), the entry `offered` and
 * those passed over counted in the same batch, with the operator's audit row for "offer now".
 * @returns the offer's token, or null when no seat was free or the entry no longer waits.
 */
export async function offerSeats(
  d: Db,
  o: {
    entry: { id: string; userId: string; eventId: string; ticketType: TicketType; seats: number };
    amount: number;
    holdMs: number;
    passedOver: readonly string[];
    operatorId: string | null;
    now: Date;
  },
): Promise<string | null> {
  const nowIso = o.now.toISOString();
  const orderId = `ord_${randomToken(12)}`;
  const token = randomToken(24);
  const expires = new Date(o.now.getTime() + o.holdMs).toISOString();
  const ordered = sql`EXISTS (SELECT 1 FROM payment_orders WHERE id = ${orderId})`;
  const then: SQL[] = [
    sql`UPDATE waitlist_entries SET status = 'offered', order_id = ${orderId}, token = ${token}, offered_at = ${nowIso},
      offer_expires_at = ${expires}, offered_by = ${o.operatorId} WHERE id = ${o.entry.id} AND status = 'waiting' AND ${ordered}`,
  ];
  if (o.passedOver.length > 0)
    then.push(sql`UPDATE waitlist_entries SET passed_over = passed_over + 1
      WHERE id IN (${sql.join(
        o.passedOver.map((id) => sql`${id}`),
        sql`, `,
      )}) AND status = 'waiting' AND ${ordered}`);
  if (o.operatorId) {
    const audit: AuditEntry = {
      actorId: o.operatorId,
      action: 'waitlist.offer',
      target: `event:${o.entry.eventId}`,
      before: null,
      after: { entry: o.entry.id, order: orderId, expires_at: expires },
    };
    // `changes()` of the entry's UPDATE just before it: audited only if the offer was made.
    then.splice(1, 0, auditSql(d, audit));
  }
  const held = await holdSeats(d, {
    id: orderId,
    razorpayOrderId: null,
    userId: o.entry.userId,
    eventId: o.entry.eventId,
    ticketType: o.entry.ticketType,
    seats: o.entry.seats,
    amount: o.amount,
    coupon: null,
    party: { partyName: null, partyPhone: null },
    address: null,
    now: o.now,
    holdMs: o.holdMs,
    also: sql`EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ${o.entry.id} AND status = 'waiting')`,
    then,
  });
  return held ? token : null;
}

/** An audit row as a raw fragment for a batch of fragments. */
function auditSql(d: Db, entry: AuditEntry): SQL {
  const q = auditRow(d, entry).toSQL();
  // Rebuild the builder's SQL with its parameters in place, as one fragment.
  const parts = q.sql.split('?');
  const chunks: SQL[] = [sql.raw(parts[0])];
  q.params.forEach((p, i) => {
    chunks.push(sql`${p}`);
    chunks.push(sql.raw(parts[i + 1]));
  });
  return sql.join(chunks, sql``);
}

/**
 * Accepting an offer: the Razorpay order (if any part is left to pay) is attached to the offer's
 * hold with the split of the price, in one conditional UPDATE that holds only while the hold still
 * owns its seats, was not accepted before, and the guest's balance covers the credit; the spend is
 * written in the same batch. The hold lasts at least {@link HOLD_MINUTES} more, to pay in.
 */
export async function acceptOfferHold(
  d: Db,
  a: {
    orderId: string;
    razorpayOrderId: string | null;
    amount: number;
    credit: number;
    party: { partyName: string | null; partyPhone: string | null };
    now: Date;
  },
): Promise<boolean> {
  const nowIso = a.now.toISOString();
  const payBy = new Date(a.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const client = d.$client;
  const [attached] = await client.batch([
    preparedQuery(
      client,
      d
        .update(paymentOrders)
        .set({
          razorpayOrderId: a.razorpayOrderId,
          amount: a.amount,
          creditAmount: a.credit,
          partyName: a.party.partyName,
          partyPhone: a.party.partyPhone,
          holdExpiresAt: sql`MAX(${paymentOrders.holdExpiresAt}, ${payBy})`,
          updatedAt: nowIso,
        })
        .where(
          and(
            eq(paymentOrders.id, a.orderId),
            eq(paymentOrders.status, 'created'),
            isNull(paymentOrders.razorpayOrderId),
            eq(paymentOrders.creditAmount, 0),
            ownsSeatsSql('payment_orders', nowIso),
            a.credit > 0 ? sql`${creditBalanceSql(sql`${paymentOrders.userId}`, nowIso)} >= ${a.credit}` : sql`1`,
          ),
        )
        .toSQL(),
    ),
    ...(a.credit > 0 ? [prepared(client, spendForOrderSql(a.orderId, nowIso))] : []),
  ]);
  return (attached.meta.changes ?? 0) === 1;
}

/**
 * The sweep's bookkeeping, for one dinner or all: an offer whose order was paid is `booked`, one
 * whose hold ended unpaid is `lapsed`; a guest still waiting who booked a seat some other way is
 * `booked` too.
 */
export async function settleOffers(d: Db, now: Date, eventId?: string) {
  const nowIso = now.toISOString();
  const ofEvent = eventId ? eq(waitlistEntries.eventId, eventId) : sql`1`;
  await d.batch([
    d
      .update(waitlistEntries)
      .set({ status: 'booked', endedAt: nowIso })
      .where(
        and(
          ofEvent,
          eq(waitlistEntries.status, 'offered'),
          sql`EXISTS (SELECT 1 FROM payment_orders AS wo WHERE wo.id = ${waitlistEntries.orderId} AND ${paidForSql('wo')})`,
        ),
      ),
    d
      .update(waitlistEntries)
      .set({ status: 'lapsed', endedAt: nowIso })
      .where(
        and(
          ofEvent,
          eq(waitlistEntries.status, 'offered'),
          sql`NOT EXISTS (SELECT 1 FROM payment_orders AS wo WHERE wo.id = ${waitlistEntries.orderId}
            AND (${paidForSql('wo')} OR wo.status = 'needs_attention' OR ${ownsSeatsSql('wo', nowIso)}))`,
        ),
      ),
    d
      .update(waitlistEntries)
      .set({ status: 'booked', endedAt: nowIso })
      .where(
        and(
          ofEvent,
          eq(waitlistEntries.status, 'waiting'),
          sql`EXISTS (SELECT 1 FROM payment_orders AS bo WHERE bo.user_id = ${waitlistEntries.userId}
            AND bo.event_id = ${waitlistEntries.eventId} AND ${soldForGoodSql('bo')})`,
        ),
      ),
  ]);
}

/** Offers have stopped (or the dinner is gone): everyone still waiting is `closed`; returns who, to tell them. */
export async function closeWaitlist(d: Db, eventId: string, now: Date) {
  return d
    .update(waitlistEntries)
    .set({ status: 'closed', endedAt: now.toISOString() })
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id, userId: waitlistEntries.userId });
}
