/**
 * Credit in the ledger (docs/decisions/027, worker/domain/credit.ts): the only writer of
 * `credit_entries`. A balance is one SQL expression ({@link creditBalanceSql}); a spend is written in
 * the statement batch that holds the seats, only while the balance covers it (ledger/hold.ts); a
 * spend counts while its order keeps it ({@link orderKeptSql}) and comes back by itself when the
 * order does not; a release earns credit once its seats are taken again ({@link grantResoldReleases}).
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { creditEntries } from '../../../db/schema';
import { CREDIT_COPY, CREDIT_LABELS, type CreditKind, creditExpiresAt, grantsLeft } from '@domain/credit';
import { randomToken } from '../../lib/crypto';
import { type AuditEntry, auditRow } from '../audit';
import { ownerNotErasedSql } from './erasure';
import { orderKeptSql, paidForSql, soldForGoodSql } from './seats';
import { preparedQuery } from './statements';

/** The guest's credit balance (₹) at `nowIso`: grants, less spends still kept, less expiries. */
export function creditBalanceSql(userId: string | ReturnType<typeof sql>, nowIso: string) {
  return sql<number>`(SELECT COALESCE(SUM(CASE
      WHEN ce.kind IN ('release', 'operator') THEN ce.amount
      WHEN ce.kind = 'expired' THEN -ce.amount
      WHEN ce.kind = 'spent' AND ${orderKeptSql('co', nowIso)} THEN -ce.amount
      ELSE 0 END), 0)
    FROM credit_entries AS ce LEFT JOIN payment_orders AS co ON co.id = ce.order_id
    WHERE ce.user_id = ${userId})`;
}

/** The guest's balance now. */
export async function creditBalance(d: Db, userId: string, now = new Date()): Promise<number> {
  const row = await d.get<{ balance: number }>(sql`SELECT ${creditBalanceSql(userId, now.toISOString())} AS balance`);
  return Number(row?.balance ?? 0);
}

/**
 * The spend of an order's credit, for the hold's batch: inserted only if the order row (just
 * held, with its `credit_amount`) exists. The hold's own WHERE checked the balance covered it.
 */
export const spendForOrderSql = (orderId: string, nowIso: string) =>
  // OR IGNORE: a second tap's batch whose UPDATE changed nothing must not fail on the first's spend.
  sql`INSERT OR IGNORE INTO credit_entries (id, user_id, kind, amount, order_id, created_at)
    SELECT ${`cr_${randomToken(12)}`}, o.user_id, 'spent', o.credit_amount, o.id, ${nowIso}
    FROM payment_orders AS o WHERE o.id = ${orderId} AND o.credit_amount > 0`;

/**
 * Seats sold for good at the dinner `eventId`: paid or confirmed and not released. Never a hold, an
 * offer, a capture still being checked or a flagged seat: each of those may still end refunded,
 * and credit once granted is never taken back.
 */
const firmSeatsSql = (eventId: string) =>
  sql`(SELECT COALESCE(SUM(f.seats), 0) FROM payment_orders AS f WHERE f.event_id = ${eventId}
    AND ${soldForGoodSql('f')})`;

/** Released bookings at the dinner whose credit is not granted yet (`alias`), optionally up to and including `upTo`. */
const uncreditedReleasedSeatsSql = (eventId: string, upTo?: string) =>
  sql`(SELECT COALESCE(SUM(r.seats), 0) FROM event_bookings AS r WHERE r.event_id = ${eventId} AND r.status = 'released'
    AND NOT EXISTS (SELECT 1 FROM credit_entries AS rc WHERE rc.kind = 'release' AND rc.booking_id = r.id)
    ${upTo ? sql.raw(`AND (r.released_at < ${upTo}.released_at OR (r.released_at = ${upTo}.released_at AND r.id <= ${upTo}.id))`) : sql``})`;

/**
 * Credit for every release at the dinner whose seats were taken again (decision 027): with S seats
 * released and not yet credited, capacity C and F seats held for good, max(0, S − (C − F)) of them
 * were sold again; releases are credited oldest first while their seats fit in that number. One
 * statement, so it is safe to run after every booking, move and cron pass: a unique index makes
 * each release's credit once. An erased guest's release keeps its place in line (its seats count
 * as resold first) but earns nothing (ledger/erasure.ts).
 */
export async function grantResoldReleases(d: Db, eventId: string, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const result =
    await d.run(sql`INSERT OR IGNORE INTO credit_entries (id, user_id, kind, amount, booking_id, created_at, expires_at)
    SELECT 'cr_' || lower(hex(randomblob(9))), b.user_id, 'release', o.amount + o.credit_amount, b.id, ${nowIso}, ${creditExpiresAt(now)}
    FROM event_bookings AS b JOIN payment_orders AS o ON o.id = b.order_id JOIN events AS e ON e.id = b.event_id
    WHERE b.event_id = ${eventId} AND b.status = 'released' AND o.status = 'confirmed' AND o.amount + o.credit_amount > 0
      AND NOT EXISTS (SELECT 1 FROM credit_entries AS c WHERE c.kind = 'release' AND c.booking_id = b.id)
      AND ${ownerNotErasedSql('b.user_id')}
      AND ${uncreditedReleasedSeatsSql(eventId, 'b')} <= ${firmSeatsSql(eventId)} + ${uncreditedReleasedSeatsSql(eventId)} - e.capacity`);
  return result.meta.changes ?? 0;
}

/**
 * A dinner we cancel: every release not yet credited is credited what it paid, in the
 * cancellation's batch (only once the dinner is cancelled, read in the same statement). Its guest
 * gave the seats back in good faith, and nobody can take them now.
 */
export const creditReleasesOfCancelledDinner = (d: Db, eventId: string, now: Date) =>
  // Every column in the table's order (drizzle's insert … select, so it joins the batch as a builder).
  d
    .insert(creditEntries)
    .select(
      sql`SELECT 'cr_' || lower(hex(randomblob(9))), b.user_id, 'release', o.amount + o.credit_amount, b.id, NULL, NULL, NULL, NULL,
      ${now.toISOString()}, ${creditExpiresAt(now)}
    FROM event_bookings AS b JOIN payment_orders AS o ON o.id = b.order_id
    WHERE b.event_id = ${eventId} AND b.status = 'released' AND o.status = 'confirmed' AND o.amount + o.credit_amount > 0
      AND EXISTS (SELECT 1 FROM events AS ce WHERE ce.id = ${eventId} AND ce.cancelled_at IS NOT NULL)
      AND ${ownerNotErasedSql('b.user_id')}
      AND NOT EXISTS (SELECT 1 FROM credit_entries AS c WHERE c.kind = 'release' AND c.booking_id = b.id)`,
    )
    // The bookings credited: their invoices' credit notes follow (services/invoices.ts), only when there are any.
    .returning({ bookingId: creditEntries.bookingId });

/**
 * A released booking whose payment was refunded from Razorpay's dashboard: the release credit it
 * earned, if any, is written off (an `expired` entry of that grant), as far as the balance still
 * holds it — the guest has the money back on their card. Whatever was already spent cannot be
 * taken back: the caller raises the alarm.
 */
export const writeOffReleaseCredit = (d: Db, bookingId: string, now: Date) =>
  d.insert(creditEntries).select(
    sql`SELECT 'cr_' || lower(hex(randomblob(9))), c.user_id, 'expired',
        MIN(c.amount, MAX(0, ${creditBalanceSql(sql`c.user_id`, now.toISOString())})), NULL, NULL, c.id,
        ${CREDIT_COPY.writtenOffForRefund}, NULL, ${now.toISOString()}, NULL
      FROM credit_entries AS c WHERE c.kind = 'release' AND c.booking_id = ${bookingId}
        AND NOT EXISTS (SELECT 1 FROM credit_entries AS x WHERE x.kind = 'expired' AND x.grant_id = c.id)`,
  );

/** The cron's pass of {@link grantResoldReleases}: every dinner with a release not credited yet. */
export async function grantAllResoldReleases(d: Db, now = new Date()): Promise<number> {
  // Only dinners not yet over: after the start nothing is sold again.
  const dinners = await d.all<{ event_id: string }>(sql`SELECT DISTINCT b.event_id FROM event_bookings AS b
    JOIN events AS be ON be.id = b.event_id
    WHERE b.status = 'released' AND be.starts_at > ${now.toISOString()} AND NOT EXISTS (SELECT 1 FROM credit_entries AS c WHERE c.kind = 'release' AND c.booking_id = b.id)`);
  let granted = 0;
  for (const { event_id } of dinners) granted += await grantResoldReleases(d, event_id, now);
  return granted;
}

/** An operator's grant (an apology), audited in the same batch. */
export async function grantCredit(
  d: Db,
  o: { userId: string; amount: number; note: string; operatorId: string; now?: Date },
): Promise<{ entry_id: string; balance: number }> {
  const now = o.now ?? new Date();
  const id = `cr_${randomToken(12)}`;
  const audit: AuditEntry = {
    actorId: o.operatorId,
    action: 'credit.grant',
    target: `user:${o.userId}`,
    before: null,
    after: { amount: o.amount, note: o.note, entry: id },
  };
  const client = d.$client;
  await client.batch([
    preparedQuery(
      client,
      d
        .insert(creditEntries)
        .values({
          id,
          userId: o.userId,
          kind: 'operator',
          amount: o.amount,
          note: o.note,
          grantedBy: o.operatorId,
          createdAt: now.toISOString(),
          expiresAt: creditExpiresAt(now),
        })
        .toSQL(),
    ),
    preparedQuery(client, auditRow(d, audit).toSQL()),
  ]);
  return { entry_id: id, balance: await creditBalance(d, o.userId, now) };
}

/** One entry of the guest's history, as `GET /api/credits` answers it. */
export type CreditHistoryEntry = {
  id: string;
  amount: number;
  kind: CreditKind;
  label: string;
  booking_id: string | null;
  created_at: string;
  expires_at: string | null;
  /** A spend whose order ended without keeping it (a lapsed hold, a refund): the credit came back. */
  returned: boolean;
};

/** The guest's balance and every entry, newest first. */
export async function creditHistory(d: Db, userId: string, now = new Date()) {
  const nowIso = now.toISOString();
  const rows = await d
    .select({
      id: creditEntries.id,
      kind: creditEntries.kind,
      amount: creditEntries.amount,
      bookingId: creditEntries.bookingId,
      note: creditEntries.note,
      orderBookingId: sql<
        string | null
      >`(SELECT ob.id FROM event_bookings AS ob WHERE ob.order_id = ${creditEntries.orderId})`,
      createdAt: creditEntries.createdAt,
      expiresAt: creditEntries.expiresAt,
      kept: sql<number>`CASE WHEN ${creditEntries.kind} = 'spent' THEN ${orderKeptSql('co', nowIso)} ELSE 1 END`,
      balance: creditBalanceSql(userId, nowIso),
    })
    .from(creditEntries)
    .leftJoin(sql`payment_orders AS co`, sql`co.id = ${creditEntries.orderId}`)
    .where(eq(creditEntries.userId, userId))
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id));
  const entries: CreditHistoryEntry[] = rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    kind: r.kind,
    label: r.kind === 'expired' && r.note ? r.note : CREDIT_LABELS[r.kind],
    booking_id: r.bookingId ?? r.orderBookingId,
    created_at: r.createdAt,
    expires_at: r.expiresAt,
    returned: r.kind === 'spent' && Number(r.kept) !== 1,
  }));
  return { balance: rows.length ? Number(rows[0].balance) : 0, entries };
}

/**
 * Writes off what is left of each grant past its date (the cron): spends are taken from the grants
 * that expire first (domain `grantsLeft`), and the write-off is inserted only while the balance
 * covers it, so a spend racing it can never take the balance below zero.
 */
export async function expireCredit(d: Db, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const due = await d
    .selectDistinct({ userId: creditEntries.userId })
    .from(creditEntries)
    .where(
      and(
        sql`${creditEntries.kind} IN ('release', 'operator')`,
        lte(creditEntries.expiresAt, nowIso),
        sql`NOT EXISTS (SELECT 1 FROM credit_entries AS x WHERE x.kind = 'expired' AND x.grant_id = ${creditEntries.id})`,
      ),
    )
    .limit(100);
  let written = 0;
  for (const { userId } of due) {
    const entries = await d
      .select({
        id: creditEntries.id,
        kind: creditEntries.kind,
        amount: creditEntries.amount,
        grantId: creditEntries.grantId,
        expiresAt: creditEntries.expiresAt,
        createdAt: creditEntries.createdAt,
        // Only spends that are settled (paid or booked) are taken from the grant here: a live hold
        // may still lapse and give its credit back, so while one spends it the write-off waits
        // (the balance check below fails) rather than be written too small, once, for good.
        counts: sql<number>`CASE WHEN ${creditEntries.kind} = 'spent' THEN (${paidForSql('co')} AND ${orderKeptSql('co', nowIso)}) ELSE 1 END`,
      })
      .from(creditEntries)
      .leftJoin(sql`payment_orders AS co`, sql`co.id = ${creditEntries.orderId}`)
      .where(eq(creditEntries.userId, userId));
    const left = grantsLeft(entries.map((e) => ({ ...e, counts: Number(e.counts) === 1 })));
    const expiredAlready = new Set(entries.filter((e) => e.kind === 'expired').map((e) => e.grantId));
    for (const g of entries) {
      if ((g.kind !== 'release' && g.kind !== 'operator') || !g.expiresAt || g.expiresAt > nowIso) continue;
      if (expiredAlready.has(g.id)) continue;
      // A grant spent in full still gets its (zero) write-off, so the cron never looks at it again.
      const rest = Math.max(0, left.get(g.id) ?? 0);
      const r = await d.run(sql`INSERT OR IGNORE INTO credit_entries (id, user_id, kind, amount, grant_id, created_at)
        SELECT ${`cr_${randomToken(12)}`}, ${userId}, 'expired', ${rest}, ${g.id}, ${nowIso}
        WHERE ${creditBalanceSql(userId, nowIso)} >= ${rest}`);
      written += r.meta.changes ?? 0;
    }
  }
  return written;
}
