/**
 * A guest's tablemates at one dinner, as the feedback page and the report form name them
 * (issue 21): the other guests who checked in at the same table, by first name and initial, each
 * behind an opaque `ref`. The ref is an HMAC of (viewer, dinner, tablemate) under the session
 * secret: stable for the viewer, meaningless to anyone else, never a user id, and resolved back
 * only by recomputing it over the same list — so a guest can only ever name someone who sat with
 * them.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, userProfiles, users } from '../../db/schema';
import { firstNameOf } from '@domain/profile';
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

/** The booking whose tablemates are asked for: the viewer's own (the caller checked that). */
export type ViewerBooking = { userId: string; eventId: string; tableNumber: number | null };

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

/**
 * Everyone else who checked in at the viewer's table, in name order. Empty when the viewer had no
 * table. Only checked-in guests count: a no-show sat with nobody (issue 21).
 */
export async function listTablemates(secret: string, d: Db, viewer: ViewerBooking): Promise<Tablemate[]> {
  if (viewer.tableNumber == null) return [];
  const rows = await d
    .select({ userId: eventBookings.userId, profileName: userProfiles.fullName, accountName: users.fullName })
    .from(eventBookings)
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .where(
      and(
        eq(eventBookings.eventId, viewer.eventId),
        eq(eventBookings.tableNumber, viewer.tableNumber),
        isNotNull(eventBookings.checkedInAt),
        ne(eventBookings.userId, viewer.userId),
      ),
    );
  const seen = new Set<string>();
  const mates: Tablemate[] = [];
  for (const r of rows) {
    if (seen.has(r.userId)) continue;
    seen.add(r.userId);
    mates.push({
      ref: await tablemateRef(secret, viewer.userId, viewer.eventId, r.userId),
      name: firstNameAndInitial(r.profileName ?? r.accountName),
      table_number: viewer.tableNumber,
      userId: r.userId,
    });
  }
  return mates.sort((a, b) => a.name.localeCompare(b.name) || (a.ref < b.ref ? -1 : 1));
}

/** A tablemate on the wire: without the user id. */
export const publicTablemate = ({ ref, name, table_number }: Tablemate) => ({ ref, name, table_number });
