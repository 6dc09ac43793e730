/**
 * A dinner's waitlist and its "still coming?" answers as the operator console reads them (issue 20,
 * docs/decisions/027). Reads only: an offer made by hand and a credit grant are the ledger's writes
 * (services/ledger/offers.ts, services/ledger/credit.ts), which routes/admin-waitlist.ts calls; a
 * balance is read with the ledger's own expression.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, userProfiles, users, waitlistEntries } from '../../db/schema';
import { TICKET_LABELS, type TicketType } from '@domain/pricing';
import { SEATED_BOOKING_STATUSES } from '@domain/statuses';
import { offersOpen, type WaitlistStatus } from '@domain/waitlist';
import { toGuestContact } from './guests';
import { creditBalanceSql } from './ledger/credit';
import { seatsTakenSql } from './ledger/seats';

/** The columns of one waitlist entry with its guest, for {@link toEntry}. */
const entryColumns = {
  id: waitlistEntries.id,
  userId: waitlistEntries.userId,
  ticketType: waitlistEntries.ticketType,
  seats: waitlistEntries.seats,
  status: waitlistEntries.status,
  passedOver: waitlistEntries.passedOver,
  offeredAt: waitlistEntries.offeredAt,
  offerExpiresAt: waitlistEntries.offerExpiresAt,
  createdAt: waitlistEntries.createdAt,
  // Aliased: in a D1 batch, drizzle reads rows by column name, so the two tables' `full_name`,
  // `email` and `phone` would overwrite each other (as in services/attendees.ts).
  accountName: sql<string | null>`${users.fullName}`.as('account_name'),
  fullName: sql<string | null>`${userProfiles.fullName}`.as('profile_name'),
  profileEmail: sql<string | null>`${userProfiles.email}`.as('profile_email'),
  profileEmailVerifiedAt: sql<string | null>`${userProfiles.emailVerifiedAt}`.as('profile_email_verified_at'),
  profilePhone: sql<string | null>`${userProfiles.phoneNumber}`.as('profile_phone'),
  accountEmail: sql<string | null>`${users.email}`.as('account_email'),
  accountPhone: sql<string | null>`${users.phone}`.as('account_phone'),
};
type EntryRow = {
  id: string;
  userId: string;
  ticketType: TicketType;
  seats: number;
  status: WaitlistStatus;
  passedOver: number;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  createdAt: string;
  accountName: string | null;
  fullName: string | null;
  profileEmail: string | null;
  profileEmailVerifiedAt: string | null;
  profilePhone: string | null;
  accountEmail: string | null;
  accountPhone: string | null;
};

/** One entry on the wire: `position` is its place among those waiting (1-based), null otherwise. */
function toEntry(row: EntryRow, position: number | null) {
  const contact = toGuestContact(row);
  return {
    id: row.id,
    user: { id: row.userId, name: contact.fullName || row.accountName?.trim() || '', phone: contact.phone },
    ticket_type: row.ticketType,
    ticket_label: TICKET_LABELS[row.ticketType],
    seats: row.seats,
    status: row.status,
    position,
    passed_over: row.passedOver,
    offered_at: row.offeredAt,
    offer_expires_at: row.offerExpiresAt,
    created_at: row.createdAt,
  };
}
export type AdminWaitlistEntry = ReturnType<typeof toEntry>;

/**
 * A dinner's waitlist, every entry oldest first, with the seats free right now, whether offers may
 * go out (the dinner is on sale: shown to guests, not cancelled, and not inside the last 3 hours,
 * domain/waitlist.ts `offersOpen`; the ledger's hold sells no seat of a hidden dinner),
 * and its guests' "still coming?" answers in bookings: `confirmed` said yes (checked in or not),
 * `unanswered` are booked and have not, `released` can't make it. Null when there is no such
 * dinner. One round trip (a batch of three reads).
 */
export async function getAdminWaitlist(d: Db, eventId: string, now: Date) {
  const nowIso = now.toISOString();
  const seated = sql.join(
    SEATED_BOOKING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [[event], rows, [attendance]] = await d.batch([
    d
      .select({
        startsAt: events.startsAt,
        cancelledAt: events.cancelledAt,
        available: events.available,
        capacity: events.capacity,
        taken: seatsTakenSql(eventId, nowIso),
      })
      .from(events)
      .where(eq(events.id, eventId)),
    d
      .select(entryColumns)
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, waitlistEntries.userId))
      .where(eq(waitlistEntries.eventId, eventId))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id)),
    d
      .select({
        confirmed: sql<number>`COALESCE(SUM(${eventBookings.status} IN (${seated}) AND ${eventBookings.attendanceConfirmedAt} IS NOT NULL), 0)`,
        unanswered: sql<number>`COALESCE(SUM(${eventBookings.status} = 'confirmed' AND ${eventBookings.attendanceConfirmedAt} IS NULL), 0)`,
        released: sql<number>`COALESCE(SUM(${eventBookings.status} = 'released'), 0)`,
      })
      .from(eventBookings)
      .where(eq(eventBookings.eventId, eventId)),
  ]);
  if (!event) return null;
  let waiting = 0;
  return {
    free_seats: Math.max(0, event.capacity - Number(event.taken)),
    offers_open: event.available && event.cancelledAt === null && offersOpen(event.startsAt, now),
    entries: rows.map((row) => toEntry(row, row.status === 'waiting' ? ++waiting : null)),
    attendance: {
      confirmed: Number(attendance?.confirmed ?? 0),
      unanswered: Number(attendance?.unanswered ?? 0),
      released: Number(attendance?.released ?? 0),
    },
  };
}
export type AdminWaitlist = NonNullable<Awaited<ReturnType<typeof getAdminWaitlist>>>;

/**
 * Whether the dinner has this waitlist entry, and whether the dinner is shown to guests: `no_dinner`
 * and `no_entry` are both a 404 (an "offer now" for another dinner's entry among them), in
 * different words. One round trip.
 */
export async function findWaitlistEntry(d: Db, eventId: string, entryId: string) {
  const [[event], [entry]] = await d.batch([
    d.select({ available: events.available }).from(events).where(eq(events.id, eventId)),
    d
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.id, entryId))),
  ]);
  if (!event) return { kind: 'no_dinner' } as const;
  if (!entry) return { kind: 'no_entry' } as const;
  return { kind: 'found', available: event.available } as const;
}

/** One entry of a dinner's waitlist as {@link getAdminWaitlist} lists it (its position read with the rest). */
export async function getAdminWaitlistEntry(d: Db, eventId: string, entryId: string, now: Date) {
  const list = await getAdminWaitlist(d, eventId, now);
  return list?.entries.find((e) => e.id === entryId) ?? null;
}

/** Whether an account with this id exists (a grant to nobody is a 404, never a row). */
export async function userExists(d: Db, userId: string) {
  const [row] = await d.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/**
 * Who each booking of a dinner belongs to and that guest's credit balance now, for the guest list's
 * "Grant credit" (the guest list itself, services/attendees.ts, lists bookings, not accounts). Null
 * when there is no such dinner. One round trip (a batch of two reads).
 */
export async function guestCredit(d: Db, eventId: string, now: Date) {
  const [[event], rows] = await d.batch([
    d.select({ id: events.id }).from(events).where(eq(events.id, eventId)),
    d
      .select({
        booking_id: eventBookings.id,
        user_id: eventBookings.userId,
        balance: creditBalanceSql(sql`${eventBookings.userId}`, now.toISOString()),
      })
      .from(eventBookings)
      .where(eq(eventBookings.eventId, eventId))
      .orderBy(asc(eventBookings.bookingDate), asc(eventBookings.id)),
  ]);
  return event ? { guests: rows.map((r) => ({ ...r, balance: Number(r.balance) })) } : null;
}
