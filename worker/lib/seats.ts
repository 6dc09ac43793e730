/**
 * Seat accounting. An order holds its seats while it is paid/confirmed (or stuck needing
 * attention, so an operator can still honour it), and while unpaid until its hold expires.
 * Both the read below and the booking engine's atomic `INSERT … SELECT … WHERE taken + n <=
 * capacity` use the same predicate, so what the page shows and what can be sold never disagree.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

/** Order statuses whose seats are taken for good (expiry does not release them). */
export const SEAT_HOLDING_STATUSES = ['paid', 'confirmed', 'needs_attention'] as const;

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
      AND (held.status IN (${sql.join(SEAT_HOLDING_STATUSES.map((s) => sql`${s}`), sql`, `)})
           OR (held.status = 'created' AND held.hold_expires_at > ${nowIso})))`;
}

/** Seats held on an event right now (see {@link seatsTakenSql}). */
export async function seatsTaken(d: Db, eventId: string, nowIso = new Date().toISOString()): Promise<number> {
  const [row] = await d.select({ taken: seatsTakenSql(eventId, nowIso) }).from(events).where(eq(events.id, eventId));
  return Number(row?.taken ?? 0);
}

/** Seats still for sale: capacity minus held, never negative; 0 for an unknown event. */
export async function seatsLeft(d: Db, eventId: string, nowIso = new Date().toISOString()): Promise<number> {
  const [row] = await d
    .select({ capacity: events.capacity, taken: seatsTakenSql(eventId, nowIso) })
    .from(events)
    .where(eq(events.id, eventId));
  return row ? Math.max(0, row.capacity - Number(row.taken)) : 0;
}
