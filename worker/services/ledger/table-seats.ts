/**
 * Where bookings sit (decision 022): the statements that write `event_bookings.table_number` for the
 * matching's runs, an operator's moves and publication (services/tables.ts decides; these write).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventBookings } from '../../../db/schema';

/**
 * Sets every listed booking's table in one statement, only within the dinner; `onlyUnseated` leaves
 * alone a booking that found a table meanwhile. The seating travels as one JSON parameter read
 * with `json_each`: D1 binds at most 100 parameters a statement, and a dinner seats up to 200.
 */
export function assignStatement(
  d: Db,
  eventId: string,
  seating: ReadonlyMap<string, number | null>,
  onlyUnseated = false,
) {
  const json = JSON.stringify(Object.fromEntries(seating));
  return d
    .update(eventBookings)
    .set({ tableNumber: sql`(SELECT j.value FROM json_each(${json}) AS j WHERE j.key = ${eventBookings.id})` })
    .where(
      and(
        eq(eventBookings.eventId, eventId),
        sql`${eventBookings.id} IN (SELECT key FROM json_each(${json}))`,
        onlyUnseated ? isNull(eventBookings.tableNumber) : undefined,
      ),
    );
}

/**
 * Unseats every seated booking of the dinner at an unlocked table that `seating` does not place:
 * one confirmed while the matching ran was seated by seatLateBooking at a table the new seating
 * may have emptied or filled; unseated, the publication or the cron seats it properly.
 */
export function unseatOthersStatement(
  d: Db,
  eventId: string,
  seating: ReadonlyMap<string, number>,
  locked: ReadonlySet<number>,
) {
  return d
    .update(eventBookings)
    .set({ tableNumber: null })
    .where(
      and(
        eq(eventBookings.eventId, eventId),
        isNotNull(eventBookings.tableNumber),
        sql`${eventBookings.tableNumber} NOT IN (SELECT value FROM json_each(${JSON.stringify([...locked])}))`,
        sql`${eventBookings.id} NOT IN (SELECT key FROM json_each(${JSON.stringify(Object.fromEntries(seating))}))`,
      ),
    );
}

/** The booking's seat at table `number`, only while it has none (a late booking joining, decision 022). */
export const seatAtTableStatement = (d: Db, bookingId: string, number: number) =>
  d
    .update(eventBookings)
    .set({ tableNumber: number })
    .where(and(eq(eventBookings.id, bookingId), isNull(eventBookings.tableNumber)));
