/**
 * Seat accounting. An order holds its seats for good in the statuses the domain names
 * (paid, confirmed) until its guest releases them ("can't make it", `released_at`), and otherwise only while it still owns them ({@link ownsSeatsSql}). The seat counts
 * the pages show and the atomic `INSERT … SELECT … WHERE taken + n <= capacity` that sells seats
 * use this same predicate, so what is shown and what can be sold never disagree.
 */
import { type Column, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { events } from '../../../db/schema';
import { PAID_FOR_ORDER_STATUSES } from '@domain/statuses';

/**
 * The instant a seat count is taken at: ISO-8601 UTC, or a placeholder for it in a statement built
 * once and run many times (services/events.ts).
 */
export type NowParam = string | Placeholder;

/**
 * Whether the `payment_orders` row aliased `alias` is paid for (paid or confirmed), whether or not
 * its guest released the seats since: part of what keeps an order's credit and coupon
 * ({@link orderKeptSql}). In TypeScript, domain/statuses.ts `isPaidFor`.
 */
export function paidForSql(alias: string): SQL<boolean> {
  return sql<boolean>`${sql.raw(alias)}.status IN (${sql.join(
    PAID_FOR_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

/**
 * Whether the order aliased `alias` has its seats for good: paid for and not released ("can't make
 * it" gives them back). The first branch of {@link ownsSeatsSql}; the console's seats sold.
 */
export function soldForGoodSql(alias: string): SQL<boolean> {
  return sql<boolean>`(${paidForSql(alias)} AND ${sql.raw(alias)}.released_at IS NULL)`;
}

/**
 * Whether the `payment_orders` row aliased `alias` owns its seats at `nowIso` (docs/decisions/004,
 * 012): paid or confirmed and not released ({@link soldForGoodSql}); `created` while its hold is
 * live, or for good once a captured payment was reported inside the hold (the queue may take
 * longer than the hold to book it, and that guest paid in time); `needs_attention` only if it
 * owned them when flagged.
 *
 * The only statement of this rule: the seat counts, the hold, the pipeline's claim, its "this
 * payment already owns the seat" check (read in the same SELECT as the order), the booking and
 * confirmation batch, the refund and the flag all use it rather than re-typing a branch of it.
 */
export function ownsSeatsSql(alias: string, nowIso: NowParam): SQL<boolean> {
  const a = sql.raw(alias);
  // Never NULL (IS NOT NULL first), so `NOT ownsSeatsSql(…)` means what it says.
  return sql<boolean>`(${soldForGoodSql(alias)}
    OR (${a}.status = 'needs_attention' AND ${a}.keeps_seat = 1)
    OR (${a}.status = 'created' AND (${a}.hold_expires_at > ${nowIso} OR (${a}.capture_pending_at IS NOT NULL AND ${a}.capture_pending_at <= ${a}.hold_expires_at))))`;
}

/**
 * Whether the order aliased `alias` still keeps what it paid with, the credit it spent and the
 * coupon it redeemed (services/coupons.ts): it holds or owns its seats, or is paid or confirmed
 * (released included: the guest had the seat) — and its booking is not being refunded (a dinner
 * we cancelled, a suspended guest: the money goes back, and with it the credit part as credit and
 * the coupon's use).
 */
export function orderKeptSql(alias: string, nowIso: string) {
  const o = sql.raw(alias);
  // A flagged order keeps them only while it keeps its seat (ownsSeatsSql): one without a seat is
  // never booked with credit (no_credit_spent) and ends refunded, its credit long back.
  return sql<boolean>`((${paidForSql(alias)} OR ${ownsSeatsSql(alias, nowIso)})
    AND NOT EXISTS (SELECT 1 FROM event_bookings AS rb WHERE rb.order_id = ${o}.id AND rb.status IN ('refund_pending', 'refunded')))`;
}

/**
 * Scalar subquery: seats held on `eventId` at `nowIso` (ISO-8601 UTC, same format as
 * `hold_expires_at`, so text comparison is time order). The table is aliased so the fragment can
 * sit inside a statement on `payment_orders` itself.
 * @example
 * sql`INSERT INTO payment_orders (…) SELECT … FROM events e
 *     WHERE e.id = ${eventId} AND ${seatsTakenSql(eventId, nowIso)} + ${seats} <= e.capacity`
 */
export function seatsTakenSql(eventId: string | SQL | Column, nowIso: NowParam): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(held.seats), 0) FROM payment_orders AS held
    WHERE held.event_id = ${eventId} AND ${ownsSeatsSql('held', nowIso)})`;
}

/**
 * Seats left on the dinner `eventId` of `capacity` at `nowIso`: its capacity less the seats taken,
 * never below zero (a dinner whose capacity was lowered under its seats taken is full, not
 * negative). The lists, cards and pages, the console's dinners, the dinners a booking may move to
 * and the checks that a move fits all read it, in SQL (the waitlist page and the offer checks still
 * subtract seatsTakenSql in TypeScript: decision 004).
 *
 * A scalar subquery, so a statement that needs it twice for one dinner (to show it and to sort or
 * filter by it) selects it once in a MATERIALIZED CTE and reads the column there: SQLite copies an
 * aliased expression wherever the alias is used, and a flattened subquery's columns likewise.
 */
export function seatsLeftSql(eventId: SQL | Column, capacity: SQL | Column, nowIso: NowParam): SQL<number> {
  return sql<number>`MAX(0, ${capacity} - ${seatsTakenSql(eventId, nowIso)})`;
}

/** Seats held on an event right now (see {@link seatsTakenSql}). */
export async function seatsTaken(d: Db, eventId: string, nowIso = new Date().toISOString()): Promise<number> {
  const [row] = await d
    .select({ taken: seatsTakenSql(eventId, nowIso) })
    .from(events)
    .where(eq(events.id, eventId));
  return Number(row?.taken ?? 0);
}
