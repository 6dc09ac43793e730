/**
 * Seat accounting. An order holds its seats for good in the statuses the domain names
 * (paid, confirmed, needing attention), and while unpaid until its hold expires. The seat counts
 * the pages show and the atomic `INSERT … SELECT … WHERE taken + n <= capacity` that sells seats
 * use this same predicate, so what is shown and what can be sold never disagree.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { SEAT_HOLDING_ORDER_STATUSES } from '../domain/statuses';

/**
 * Scalar subquery: seats held on `eventId` at `nowIso` (ISO-8601 UTC, same format as
 * `hold_expires_at`, so text comparison is time order). The table is aliased so the fragment can
 * sit inside a statement on `payment_orders` itself.
 * @example
 * sql`INSERT INTO payment_orders (…) SELECT … FROM events e
 *     WHERE e.id = ${eventId} AND ${seatsTakenSql(eventId, nowIso)} + ${seats} <= e.capacity`
 */
export function seatsTakenSql(eventId: string | SQL, nowIso: string): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(held.seats), 0) FROM payment_orders AS held
    WHERE held.event_id = ${eventId}
      AND (held.status IN (${sql.join(
        SEAT_HOLDING_ORDER_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
           OR (held.status = 'created' AND held.hold_expires_at > ${nowIso})))`;
}

/** Seats held on an event right now (see {@link seatsTakenSql}). */
export async function seatsTaken(d: Db, eventId: string, nowIso = new Date().toISOString()): Promise<number> {
  const [row] = await d
    .select({ taken: seatsTakenSql(eventId, nowIso) })
    .from(events)
    .where(eq(events.id, eventId));
  return Number(row?.taken ?? 0);
}
