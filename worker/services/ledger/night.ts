/**
 * The night's writes to bookings (the ledger's `check_in` and `no_show`, and the guest's "running
 * late"): each one conditional statement for its caller's batch, whose WHERE the caller builds from
 * its own rules (the host's dinners, the check-in window, the guest's own booking).
 */
import { and, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventBookings, events } from '../../../db/schema';
import { fromStatuses, requiredGuards } from './guards';

/** The guards' scope for the `event_bookings` row in scope: its dinner (they need no order). */
const bookingScope = () => ({
  order: 'event_bookings',
  eventId: sql`${eventBookings.eventId}`,
  nowIso: new Date().toISOString(),
});

/** `confirmed → checked_in` for the booking `match` finds, by `hostId`; answers the ids it moved. */
export const checkInStatement = (d: Db, match: SQL | undefined, hostId: string) =>
  d
    .update(eventBookings)
    .set({
      status: 'checked_in',
      checkedInAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      checkedInBy: hostId,
    })
    .where(
      and(
        match,
        sql`${eventBookings.status} IN (${fromStatuses('check_in')})`,
        requiredGuards('check_in', bookingScope()),
      ),
    )
    .returning({ id: eventBookings.id });

/**
 * `confirmed → no_show` for every booking of the dinners that started between `startedAfter` and
 * `cutoff` and are not cancelled: one statement per cron run, so a repeated run changes nothing twice.
 * @returns the bookings marked
 */
export async function markNoShowsBetween(d: Db, startedAfter: string, cutoff: string) {
  const marked = await d
    .update(eventBookings)
    .set({ status: 'no_show' })
    .where(
      and(
        sql`${eventBookings.status} IN (${fromStatuses('no_show')})`,
        requiredGuards('no_show', bookingScope()),
        inArray(
          eventBookings.eventId,
          d
            .select({ id: events.id })
            .from(events)
            .where(and(isNull(events.cancelledAt), lte(events.startsAt, cutoff), gt(events.startsAt, startedAfter))),
        ),
      ),
    )
    .returning({ id: eventBookings.id });
  return marked.length;
}

/** The guest's "running late" on the booking `where` finds (their own, on the night). */
export const runningLateStatement = (d: Db, where: SQL | undefined, minutes: number, nowIso: string) =>
  d.update(eventBookings).set({ runningLateMinutes: minutes, runningLateAt: nowIso }).where(where);
