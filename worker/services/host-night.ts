/**
 * The night itself (DESIGN.md "Operating the product", docs/decisions/019): a host's dinners,
 * a dinner's guest list as the host needs it at the door, checking a guest in, and the no-show
 * mark sixty minutes after the start. A host acts only on the dinners assigned to them
 * (`event_hosts`); an operator on every dinner.
 */
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, quizResponses, userProfiles, users } from '../../db/schema';
import { quizTraits } from '@domain/matching';
import { tableIcebreakers } from '@domain/table-talk';
import type { SessionUser } from '../app-env';
import { CHECK_IN_OPENS_BEFORE_MINUTES, NO_SHOW_AFTER_MINUTES } from '@domain/booking-policy';
import { TICKET_LABELS } from '@domain/pricing';
import type { BookingStatus } from '@domain/statuses';
import { formatIstDate, formatIstTime, HOUR_MS, istDate } from '@domain/time';
import { auditRowBefore } from './audit';
import { dinnerColumns } from './events';
import { checkInStatement, markNoShowsBetween } from './ledger/night';

const MINUTE_MS = 60_000;

/** The bookings a host expects at the door: coming, arrived, or marked as not having come. */
export const NIGHT_STATUSES = ['confirmed', 'checked_in', 'no_show'] as const satisfies readonly BookingStatus[];

/** How far back a host's list of dinners reaches. */
export const HOST_PAST_DAYS = 30;

/** The no-show mark looks at dinners that started at most this long before its cutoff (see {@link markNoShows}). */
export const NO_SHOW_WINDOW_MS = 24 * HOUR_MS;

type Actor = Pick<SessionUser, 'id' | 'role'>;

/**
 * Whether `actor` may run the dinner whose id is `eventId` (a column or a value): an operator any
 * dinner, a host those assigned to them.
 */
function mayRun(actor: Actor, eventId: SQL | string): SQL {
  if (actor.role === 'operator') return sql`1`;
  return sql`EXISTS (SELECT 1 FROM "event_hosts" WHERE "event_hosts"."event_id" = ${eventId} AND "event_hosts"."user_id" = ${actor.id})`;
}

/** When confirmed guests of a dinner starting at `startsAt` become no-shows. */
export const noShowAt = (startsAt: string) =>
  new Date(new Date(startsAt).getTime() + NO_SHOW_AFTER_MINUTES * MINUTE_MS).toISOString();

/** When a host may start checking in the guests of a dinner starting at `startsAt`. */
export const checkInOpensAt = (startsAt: string) =>
  new Date(new Date(startsAt).getTime() - CHECK_IN_OPENS_BEFORE_MINUTES * MINUTE_MS).toISOString();

/**
 * The check-in window at `now` as one condition on a dinner's start (ISO-8601 UTC, so text order
 * is time order): from {@link CHECK_IN_OPENS_BEFORE_MINUTES} before it until the no-show mark.
 */
const inCheckInWindow = (now: Date) =>
  sql`"events"."starts_at" <= ${new Date(now.getTime() + CHECK_IN_OPENS_BEFORE_MINUTES * MINUTE_MS).toISOString()}
    AND "events"."starts_at" > ${new Date(now.getTime() - NO_SHOW_AFTER_MINUTES * MINUTE_MS).toISOString()}`;

/** Seats of the dinner's bookings in `statuses` (a correlated subquery on `events`). */
const seatsIn = (statuses: readonly BookingStatus[]) =>
  sql<number>`(SELECT COALESCE(SUM(b.seats), 0) FROM event_bookings b WHERE b.event_id = "events"."id" AND b.status IN (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

/**
 * The dinners `actor` runs from {@link HOST_PAST_DAYS} ago on: today's and upcoming first (soonest
 * first), then past ones (latest first), each with its head counts. One query.
 */
export async function listHostEvents(d: Db, actor: Actor, now: Date) {
  const rows = await d
    .select({
      ...dinnerColumns,
      venue_name: events.venueName,
      cancelled_at: events.cancelledAt,
      expected: seatsIn(NIGHT_STATUSES),
      checked_in: seatsIn(['checked_in']),
    })
    .from(events)
    .where(
      and(
        mayRun(actor, sql`"events"."id"`),
        gt(events.startsAt, new Date(now.getTime() - HOST_PAST_DAYS * 24 * HOUR_MS).toISOString()),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(200);
  const today = istDate(now);
  const current = (e: (typeof rows)[number]) => e.starts_at > now.toISOString() || e.date >= today;
  return {
    events: [...rows.filter(current), ...rows.filter((e) => !current(e)).reverse()].map((e) => ({
      ...e,
      expected: Number(e.expected),
      checked_in: Number(e.checked_in),
      today: e.date === today,
    })),
  };
}
export type HostEvent = Awaited<ReturnType<typeof listHostEvents>>['events'][number];

/**
 * A guest at the door, as the host's list shows it. Every column aliased: a D1 batch reads rows by
 * column name, and users, profiles, bookings and events share several.
 */
const guestColumns = {
  booking_id: sql<string>`${eventBookings.id}`.as('g_booking_id'),
  event_id: sql<string>`${eventBookings.eventId}`.as('g_event_id'),
  name: sql<string>`COALESCE(NULLIF(TRIM(${userProfiles.fullName}), ''), NULLIF(TRIM(${users.fullName}), ''), '')`.as(
    'g_name',
  ),
  ticket_type: sql<keyof typeof TICKET_LABELS>`${eventBookings.ticketType}`.as('g_ticket_type'),
  seats: sql<number>`${eventBookings.seats}`.as('g_seats'),
  party_name: sql<string | null>`${eventBookings.partyName}`.as('g_party_name'),
  status: sql<BookingStatus>`${eventBookings.status}`.as('g_status'),
  checked_in_at: sql<string | null>`${eventBookings.checkedInAt}`.as('g_checked_in_at'),
  running_late_minutes: sql<number | null>`${eventBookings.runningLateMinutes}`.as('g_late_minutes'),
  running_late_at: sql<string | null>`${eventBookings.runningLateAt}`.as('g_late_at'),
  attendance_confirmed_at: sql<string | null>`${eventBookings.attendanceConfirmedAt}`.as('g_coming_at'),
  table_number: sql<number | null>`${eventBookings.tableNumber}`.as('g_table'),
  /** Read for the table's icebreakers only; never sent to the host as such. */
  answers: sql<string | null>`${quizResponses.answers}`.as('g_answers'),
  work_profile: sql<string | null>`${userProfiles.workProfile}`.as('g_work'),
};

type GuestRow = { [K in keyof typeof guestColumns]: (typeof guestColumns)[K]['_']['type'] };

/** A guest as the API answers it; `table` is their table once the tables are published, else null. */
function toGuest(row: GuestRow, tablesPublished = false) {
  return {
    booking_id: row.booking_id,
    name: row.name,
    ticket_type: row.ticket_type,
    ticket_label: TICKET_LABELS[row.ticket_type],
    seats: Number(row.seats),
    /** A couple's or female duo's second guest, by first name: the host greets them too (never their phone). */
    party_name: row.party_name,
    table: tablesPublished && row.table_number !== null ? Number(row.table_number) : null,
    status: row.status,
    checked_in_at: row.checked_in_at,
    running_late_minutes: row.running_late_minutes,
    running_late_at: row.running_late_at,
    /** When the guest answered "Still coming?" yes (issue 20), else null: the host knows who to expect. */
    attendance_confirmed_at: row.attendance_confirmed_at,
  };
}
export type HostGuest = ReturnType<typeof toGuest>;

/** The seated guests' tables, each with icebreakers drawn from its guests' answers (domain/table-talk.ts). */
function tablesWithIcebreakers(rows: readonly GuestRow[]) {
  const byTable = new Map<number, GuestRow[]>();
  for (const row of rows) {
    if (row.table_number === null || row.status === 'no_show') continue;
    const n = Number(row.table_number);
    byTable.set(n, [...(byTable.get(n) ?? []), row]);
  }
  return [...byTable]
    .sort((a, b) => a[0] - b[0])
    .map(([number, list]) => ({
      number,
      seats: list.reduce((n, r) => n + Number(r.seats), 0),
      icebreakers: tableIcebreakers(list.map((r) => ({ ...quizTraits(r.answers), workProfile: r.work_profile }))),
    }));
}

const guestsFrom = (d: Db) =>
  d
    .select(guestColumns)
    .from(eventBookings)
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .leftJoin(quizResponses, eq(quizResponses.userId, eventBookings.userId));

/**
 * A dinner's night for `actor`: the dinner, its guests (confirmed, checked in, no-show; by name,
 * each with their "Still coming?" yes) and the head counts. `not_found` when there is no such dinner, `forbidden` when it exists but
 * `actor` does not run it. One round trip.
 */
export async function hostNight(d: Db, actor: Actor, eventId: string, now: Date) {
  const [[event], rows] = await d.batch([
    d
      .select({
        ...dinnerColumns,
        venue_name: events.venueName,
        venue_address: events.venueAddress,
        cancelled_at: events.cancelledAt,
        tables_published_at: events.tablesPublishedAt,
        allowed: sql<number>`${mayRun(actor, sql`"events"."id"`)}`.as('allowed'),
      })
      .from(events)
      .where(eq(events.id, eventId)),
    guestsFrom(d).where(
      and(
        eq(eventBookings.eventId, eventId),
        inArray(eventBookings.status, [...NIGHT_STATUSES]),
        // Only read for a dinner the actor runs: nobody else's guests leave the database.
        mayRun(actor, eventId),
      ),
    ),
  ]);
  if (!event) return { kind: 'not_found' as const };
  if (!Number(event.allowed)) return { kind: 'forbidden' as const };
  const { allowed: _allowed, ...dinner } = event;
  const published = dinner.tables_published_at !== null;
  const guests = rows
    .map((row) => toGuest(row, published))
    .sort((a, b) => a.name.localeCompare(b.name) || a.booking_id.localeCompare(b.booking_id));
  const seats = (keep: (g: HostGuest) => boolean) => guests.filter(keep).reduce((n, g) => n + g.seats, 0);
  return {
    kind: 'found' as const,
    event: { ...dinner, no_show_at: noShowAt(dinner.starts_at) },
    guests,
    /** Once published: each table, in order, with icebreakers from what its guests share. */
    tables: published ? tablesWithIcebreakers(rows) : [],
    counts: {
      expected: seats(() => true),
      checked_in: seats((g) => g.status === 'checked_in'),
      late: seats((g) => g.status === 'confirmed' && g.running_late_at !== null),
      /** Expected guests (not yet checked in) who said they are still coming. */
      coming: seats((g) => g.status === 'confirmed' && g.attendance_confirmed_at !== null),
      no_show: seats((g) => g.status === 'no_show'),
    },
    now: now.toISOString(),
  };
}
export type HostNight = Extract<Awaited<ReturnType<typeof hostNight>>, { kind: 'found' }>;

/** Which booking a check-in names: the ticket's code (scanned or typed) or the booking (a tapped name). */
export type CheckInBy = { ticketCode: string; bookingId?: undefined } | { bookingId: string; ticketCode?: undefined };

export type CheckInResult =
  | { kind: 'not_found' }
  | { kind: 'forbidden'; otherDinner: boolean }
  | { kind: 'wrong_dinner'; title: string; date: string }
  | { kind: 'dinner_cancelled' }
  | { kind: 'no_show' }
  | { kind: 'not_open'; opens: string }
  | { kind: 'closed' }
  | { kind: 'not_valid'; status: BookingStatus }
  | { kind: 'checked_in'; already: boolean; guest: HostGuest };

/**
 * Checks a guest in: one conditional UPDATE (a confirmed booking of a dinner `actor` runs, not
 * cancelled, and of `eventId` when given) with its audit row in the same batch, then the booking as
 * it now is, read in that batch too, which says why nothing changed when nothing did. A second
 * check-in changes nothing and answers `already`. One round trip.
 */
export async function checkIn(
  d: Db,
  actor: Actor,
  by: CheckInBy,
  eventId?: string,
  now = new Date(),
): Promise<CheckInResult> {
  const which =
    by.ticketCode !== undefined ? eq(eventBookings.ticketCode, by.ticketCode) : eq(eventBookings.id, by.bookingId);
  const match = and(
    which,
    eventId === undefined ? undefined : eq(eventBookings.eventId, eventId),
    eq(eventBookings.status, 'confirmed'),
    sql`${eventBookings.eventId} IN (SELECT "events"."id" FROM "events" WHERE "events"."cancelled_at" IS NULL AND ${inCheckInWindow(now)} AND ${mayRun(actor, sql`"events"."id"`)})`,
  );
  const [, updated, [row]] = await d.batch([
    auditRowBefore(d, {
      actorId: actor.id,
      action: 'booking.check_in',
      target: sql`'booking:' || ${eventBookings.id}`,
      before: sql`json_object('status', ${eventBookings.status})`,
      after: { status: 'checked_in' },
      from: sql`${eventBookings}`,
      where: match,
    }),
    checkInStatement(d, match, actor.id),
    d
      .select({
        ...guestColumns,
        e_title: sql<string>`${events.title}`.as('e_title'),
        e_starts_at: sql<string>`${events.startsAt}`.as('e_starts_at'),
        e_cancelled_at: sql<string | null>`${events.cancelledAt}`.as('e_cancelled_at'),
        e_allowed: sql<number>`${mayRun(actor, sql`"events"."id"`)}`.as('e_allowed'),
        e_tables_published_at: sql<string | null>`${events.tablesPublishedAt}`.as('e_tables_published_at'),
      })
      .from(eventBookings)
      .innerJoin(users, eq(users.id, eventBookings.userId))
      .innerJoin(events, eq(events.id, eventBookings.eventId))
      .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
      .leftJoin(quizResponses, eq(quizResponses.userId, eventBookings.userId))
      .where(which)
      .limit(1),
  ]);
  if (!row) return { kind: 'not_found' };
  return explain(row, updated.length > 0, now, eventId);
}

type DinnerColumns = {
  e_title: string;
  e_starts_at: string;
  e_cancelled_at: string | null;
  e_allowed: number;
  e_tables_published_at: string | null;
};

function explain(row: GuestRow & DinnerColumns, changed: boolean, now: Date, eventId?: string): CheckInResult {
  const guest = toGuest(row, row.e_tables_published_at !== null);
  if (changed) return { kind: 'checked_in', already: false, guest };
  if (!Number(row.e_allowed))
    return { kind: 'forbidden', otherDinner: eventId !== undefined && row.event_id !== eventId };
  if (eventId !== undefined && row.event_id !== eventId)
    return { kind: 'wrong_dinner', title: row.e_title, date: formatIstDate(row.e_starts_at) };
  if (guest.status === 'checked_in') return { kind: 'checked_in', already: true, guest };
  if (row.e_cancelled_at) return { kind: 'dinner_cancelled' };
  if (guest.status === 'no_show') return { kind: 'no_show' };
  if (guest.status === 'confirmed') {
    const opens = checkInOpensAt(row.e_starts_at);
    if (now.getTime() < new Date(opens).getTime())
      return { kind: 'not_open', opens: `${formatIstDate(opens)}, ${formatIstTime(opens)}` };
    if (now.toISOString() >= noShowAt(row.e_starts_at)) return { kind: 'closed' };
  }
  return { kind: 'not_valid', status: guest.status };
}

/**
 * Sixty minutes after a dinner's start ({@link NO_SHOW_AFTER_MINUTES}, SPEC §4), its confirmed
 * guests who have not checked in become `no_show`: one conditional UPDATE per run, so a repeated
 * or overlapping run changes nothing twice. Checked-in guests and cancelled dinners are never
 * touched. Only dinners that started within {@link NO_SHOW_WINDOW_MS} of the cutoff are looked at:
 * the cron runs every five minutes, and dinners from before check-in existed are not rewritten.
 * @returns the bookings marked.
 */
export async function markNoShows(d: Db, now: Date) {
  const cutoff = now.getTime() - NO_SHOW_AFTER_MINUTES * MINUTE_MS;
  return markNoShowsBetween(d, new Date(cutoff - NO_SHOW_WINDOW_MS).toISOString(), new Date(cutoff).toISOString());
}
