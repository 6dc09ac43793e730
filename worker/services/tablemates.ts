/**
 * A guest's tablemates at one dinner, as the feedback page and the report form name them
 * (issue 21): the other guests who checked in at the same table, by first name and initial, each
 * behind an opaque `ref`. The ref is an HMAC of (viewer, dinner, tablemate) under the session
 * secret: stable for the viewer, meaningless to anyone else, never a user id, and resolved back
 * only by recomputing it over the same list — so a guest can only ever name someone who sat with
 * them.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, userProfiles, users } from '../../db/schema';
import { firstNameOf } from '@domain/first-name';
import { hmacSha256Hex } from '../lib/crypto';

export type Tablemate = {
  /** Opaque: what the client sends back to name this tablemate. */
  ref: string;
  /** 'Asha R.': first name and the initial of the last, as the table knew them. */
  name: string;
  table_number: number;
  /** Server-side only: never put on the wire. */
  userId: string;
};

/** 'Asha Rao' → 'Asha R.'; one word stays as it is. */
export function firstNameAndInitial(fullName: string | null | undefined): string {
  const words = fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  const first = firstNameOf(fullName);
  const last = words.length > 1 ? words[words.length - 1] : '';
  return last ? `${first} ${last[0].toUpperCase()}.` : first;
}

export async function tablemateRef(secret: string, viewerId: string, eventId: string, otherId: string) {
  const mac = await hmacSha256Hex(secret, `tablemate:${viewerId}:${eventId}:${otherId}`);
  return mac.slice(0, 24);
}

/** Where the viewer sat: their own booking's dinner and table, as subqueries of one statement. */
const viewerSeat = (viewerId: string, bookingId: string) => ({
  event: sql`(SELECT vb.event_id FROM event_bookings AS vb WHERE vb.id = ${bookingId} AND vb.user_id = ${viewerId})`,
  table: sql`(SELECT vb.table_number FROM event_bookings AS vb WHERE vb.id = ${bookingId} AND vb.user_id = ${viewerId})`,
});

/**
 * Everyone else who checked in at the table of the viewer's booking `bookingId`, as one statement a
 * caller can put in its own D1 batch (the booking's dinner and table are read inside it). No rows
 * when the booking is not the viewer's or had no table. Only checked-in guests count: a no-show
 * sat with nobody (issue 21).
 */
export function tablematesQuery(d: Db, viewerId: string, bookingId: string) {
  const seat = viewerSeat(viewerId, bookingId);
  return (
    d
      // Aliased: in a D1 batch rows are read by column name, and both tables have a `full_name`.
      .select({
        userId: sql<string>`${eventBookings.userId}`.as('mate_user_id'),
        tableNumber: sql<number | null>`${eventBookings.tableNumber}`.as('mate_table_number'),
        profileName: sql<string | null>`${userProfiles.fullName}`.as('mate_profile_name'),
        accountName: sql<string | null>`${users.fullName}`.as('mate_account_name'),
      })
      .from(eventBookings)
      .innerJoin(users, eq(users.id, eventBookings.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
      .where(
        and(
          sql`${eventBookings.eventId} = ${seat.event}`,
          sql`${eventBookings.tableNumber} = ${seat.table}`,
          isNotNull(eventBookings.checkedInAt),
          ne(eventBookings.userId, viewerId),
        ),
      )
  );
}
export type TablemateRow = Awaited<ReturnType<typeof tablematesQuery>>[number];

/** The rows of {@link tablematesQuery} as tablemates of `viewer` at `eventId`: named, behind refs, in name order. */
export async function toTablemates(
  secret: string,
  viewerId: string,
  eventId: string,
  rows: readonly TablemateRow[],
): Promise<Tablemate[]> {
  const seen = new Set<string>();
  const mates: Tablemate[] = [];
  for (const r of rows) {
    if (seen.has(r.userId) || r.tableNumber == null) continue;
    seen.add(r.userId);
    mates.push({
      ref: await tablemateRef(secret, viewerId, eventId, r.userId),
      name: firstNameAndInitial(r.profileName ?? r.accountName),
      table_number: r.tableNumber,
      userId: r.userId,
    });
  }
  return mates.sort((a, b) => a.name.localeCompare(b.name) || (a.ref < b.ref ? -1 : 1));
}

/** The tablemates of the viewer's booking `bookingId` at dinner `eventId`, in one round trip. */
export async function listTablemates(
  secret: string,
  d: Db,
  viewer: { userId: string; eventId: string; bookingId: string },
): Promise<Tablemate[]> {
  return toTablemates(secret, viewer.userId, viewer.eventId, await tablematesQuery(d, viewer.userId, viewer.bookingId));
}

/** A tablemate on the wire: without the user id. */
export const publicTablemate = ({ ref, name, table_number }: Tablemate) => ({ ref, name, table_number });
