/**
 * What operators learn from the dinners (issue 21, docs/decisions/034): week by week, seats sold,
 * show rate, the guests' ratings, repeat guests and mutual 'dine again' pairs; and per dinner and
 * per host, the ratings and the notes guests left. Read-only, every figure computed in SQL, each
 * answer one round trip (a batch of reads, no query per week, dinner or host).
 *
 * Definitions, shared by every figure here:
 * - A week is an IST calendar week, Monday to Sunday, by the dinner's IST date (`events.date`).
 * - A booking *held a seat* when its money was kept: confirmed, checked in or no-show
 *   ({@link REVENUE_BOOKING_STATUSES}). Refunded, moved and released bookings gave their seat back
 *   (a move counts at the dinner it moved to). A no-show's seat was sold all the same.
 * - Cancelled dinners count nowhere.
 * - Nothing any guest said of another (`tablemate_verdicts`) leaves this module but the number of
 *   mutual pairs: never who, never a one-sided verdict.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { REVENUE_BOOKING_STATUSES } from '@domain/statuses';
import { prepared } from './ledger/statements';

const DAY_MS = 86_400_000;

/**
 * Raw reads in one D1 batch (one round trip), each answering its rows. Through the client, as
 * data-rights.ts does: drizzle's own `batch` takes raw `sql` only without parameters.
 */
async function readAll<T extends unknown[]>(
  d: Db,
  reads: { [K in keyof T]: SQL },
): Promise<{ [K in keyof T]: T[K][] }> {
  const client = d.$client;
  const results = await client.batch(reads.map((q) => prepared(client, q)));
  return results.map((r) => r.results) as { [K in keyof T]: T[K][] };
}

/** How many weeks the stats may span, and the dashboard's default (issue 21: the last 12 weeks). */
export const STATS_WEEKS = { min: 1, max: 52, default: 12 } as const;
/** Notes shown per host on the hosts page: the most recent first. */
export const HOST_RECENT_NOTES = 3;

/** The bookings that held a seat at their dinner, as an SQL list. */
const kept = sql.join(
  REVENUE_BOOKING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The Monday (yyyy-MM-dd) on or before an IST calendar date, in SQL. */
const weekOf = (date: ReturnType<typeof sql.raw>) => sql`date(${date}, '-6 days', 'weekday 1')`;

/** yyyy-MM-dd plus `days`. */
const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The IST weeks the stats cover: `weeks` Mondays, the last being this week's, oldest first.
 * @example statsWeeks(new Date('2026-03-18T06:00:00Z'), 2) // ['2026-03-09', '2026-03-16']
 */
export function statsWeeks(now: Date, weeks: number): string[] {
  const today = new Date(now.getTime() + 330 * 60_000); // IST wall clock, read through UTC getters
  const monday = addDays(today.toISOString().slice(0, 10), -((today.getUTCDay() + 6) % 7));
  return Array.from({ length: weeks }, (_, i) => addDays(monday, -7 * (weeks - 1 - i)));
}

/** An average to two decimals, or null when nobody answered. */
const average = (v: number | null | undefined) => (v == null ? null : Math.round(Number(v) * 100) / 100);
/** A share to three decimals (0.857), or null when there was nothing to divide by. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

type WeekRow = { week: string };
type SeatsRow = WeekRow & { dinners: number; seats_sold: number; show_booked: number; show_checked_in: number };
type RatingsRow = WeekRow & { responses: number; evening: number | null; host: number | null; venue: number | null };
type GuestsRow = WeekRow & { guests: number; repeat_guests: number };
type MatchesRow = WeekRow & { mutual_matches: number };

/** One week of the dashboard's charts. */
export type StatsWeek = {
  /** The week's Monday and Sunday (IST calendar dates). */
  week_start: string;
  week_end: string;
  /** Dinners that week (not cancelled). */
  dinners: number;
  /** Seats of the bookings that held a seat at that week's dinners. */
  seats_sold: number;
  /** Of the dinners that have ended: seats booked, seats checked in, and their ratio (null: none ended). */
  show_booked: number;
  show_checked_in: number;
  show_rate: number | null;
  /** Feedback given on that week's dinners, and its averages (1-5; null without a response). */
  responses: number;
  rating_evening: number | null;
  rating_host: number | null;
  rating_venue: number | null;
  /** Guests (accounts) who held a seat that week, and those of them who had held one at an earlier dinner, in any city. */
  guests: number;
  repeat_guests: number;
  /** Pairs at that week's dinners who both said 'dine again'. */
  mutual_matches: number;
};

export type AdminStats = {
  city: { slug: string; name: string } | null;
  weeks: number;
  from: string;
  to: string;
  series: StatsWeek[];
};

/**
 * The dashboard's weekly figures over the last `weeks` IST weeks (this one last), of one city or of
 * all (`city` null). Null when the city is not in the cities table. One round trip: a batch of
 * four grouped reads (and the city's row), whatever the number of weeks or dinners.
 */
export async function getAdminStats(d: Db, now: Date, weeks: number, city: string | null): Promise<AdminStats | null> {
  const mondays = statsWeeks(now, weeks);
  const from = mondays[0];
  const to = addDays(mondays[mondays.length - 1], 6);
  const nowIso = now.toISOString();
  const inCity = city === null ? sql`` : sql`AND e.city = ${city}`;
  const dinnersOf = sql`e.cancelled_at IS NULL AND e.date BETWEEN ${from} AND ${to} ${inCity}`;
  const week = weekOf(sql.raw('e.date'));

  const [seats, ratings, guests, matches, cityRows] = await readAll<
    [SeatsRow, RatingsRow, GuestsRow, MatchesRow, { slug: string; name: string }]
  >(d, [
    sql`SELECT ${week} AS week,
        COUNT(DISTINCT e.id) AS dinners,
        COALESCE(SUM(CASE WHEN b.status IN (${kept}) THEN b.seats END), 0) AS seats_sold,
        COALESCE(SUM(CASE WHEN e.ends_at <= ${nowIso} AND b.status IN (${kept}) THEN b.seats END), 0) AS show_booked,
        COALESCE(SUM(CASE WHEN e.ends_at <= ${nowIso} AND b.status = 'checked_in' THEN b.seats END), 0) AS show_checked_in
      FROM events AS e LEFT JOIN event_bookings AS b ON b.event_id = e.id
      WHERE ${dinnersOf}
      GROUP BY week`,
    sql`SELECT ${week} AS week, COUNT(*) AS responses,
        AVG(f.evening) AS evening, AVG(f.host) AS host, AVG(f.venue) AS venue
      FROM dinner_feedback AS f JOIN events AS e ON e.id = f.event_id
      WHERE ${dinnersOf}
      GROUP BY week`,
    // One row per guest and week first, so a guest at two dinners of a week counts once.
    sql`SELECT week, COUNT(*) AS guests, SUM(came_back) AS repeat_guests FROM (
        SELECT ${week} AS week, b.user_id,
          MAX(EXISTS (SELECT 1 FROM event_bookings AS earlier JOIN events AS ee ON ee.id = earlier.event_id
            WHERE earlier.user_id = b.user_id AND earlier.status IN (${kept})
              AND ee.cancelled_at IS NULL AND ee.starts_at < e.starts_at)) AS came_back
        FROM event_bookings AS b JOIN events AS e ON e.id = b.event_id
        WHERE b.status IN (${kept}) AND ${dinnersOf}
        GROUP BY week, b.user_id)
      GROUP BY week`,
    // Each pair once: from the side whose id sorts first, with the other side's 'again' joined.
    sql`SELECT ${week} AS week, COUNT(*) AS mutual_matches
      FROM tablemate_verdicts AS v
      JOIN tablemate_verdicts AS back ON back.event_id = v.event_id AND back.from_user_id = v.to_user_id
        AND back.to_user_id = v.from_user_id AND back.verdict = 'again'
      JOIN events AS e ON e.id = v.event_id
      WHERE v.verdict = 'again' AND v.from_user_id < v.to_user_id AND ${dinnersOf}
      GROUP BY week`,
    sql`SELECT slug, name FROM cities WHERE slug = ${city ?? ''}`,
  ]);
  if (city !== null && cityRows.length === 0) return null;

  const byWeek = <R extends WeekRow>(rows: R[]) => new Map(rows.map((r) => [r.week, r]));
  const [s, r, g, m] = [byWeek(seats), byWeek(ratings), byWeek(guests), byWeek(matches)];
  const series = mondays.map((monday): StatsWeek => {
    const sw = s.get(monday);
    const rw = r.get(monday);
    const booked = Number(sw?.show_booked ?? 0);
    const checkedIn = Number(sw?.show_checked_in ?? 0);
    return {
      week_start: monday,
      week_end: addDays(monday, 6),
      dinners: Number(sw?.dinners ?? 0),
      seats_sold: Number(sw?.seats_sold ?? 0),
      show_booked: booked,
      show_checked_in: checkedIn,
      show_rate: share(checkedIn, booked),
      responses: Number(rw?.responses ?? 0),
      rating_evening: average(rw?.evening),
      rating_host: average(rw?.host),
      rating_venue: average(rw?.venue),
      guests: Number(g.get(monday)?.guests ?? 0),
      repeat_guests: Number(g.get(monday)?.repeat_guests ?? 0),
      mutual_matches: Number(m.get(monday)?.mutual_matches ?? 0),
    };
  });
  return { city: cityRows[0] ?? null, weeks, from, to, series };
}

/** A guest's name as the console shows it: the profile's, else the account's; null once erased. */
const guestName = sql`COALESCE(NULLIF(TRIM(p.full_name), ''), NULLIF(TRIM(u.full_name), ''))`;

/** One guest's feedback on a dinner, as operators read it (never the contact they chose to share). */
export type FeedbackResponse = {
  id: string;
  /** Who wrote it (null: the account was erased). Operators may follow a note up; hosts never see this. */
  guest_name: string | null;
  table_number: number | null;
  evening: number;
  host: number;
  venue: number;
  note: string | null;
  created_at: string;
};

/**
 * A dinner's feedback for the console: how many guests who came answered, the averages, the number
 * of mutual 'dine again' pairs, and every response, newest first. Null when there is no such
 * dinner. One round trip.
 */
export async function getDinnerFeedback(d: Db, eventId: string) {
  const [dinners, [summary], responses] = await readAll<
    [
      { id: string; title: string; city: string; date: string; starts_at: string; ends_at: string },
      {
        asked: number;
        responses: number;
        evening: number | null;
        host: number | null;
        venue: number | null;
        mutual_matches: number;
      },
      FeedbackResponse,
    ]
  >(d, [
    sql`SELECT id, title, city, date, starts_at, ends_at FROM events WHERE id = ${eventId}`,
    sql`SELECT
        (SELECT COUNT(*) FROM event_bookings WHERE event_id = ${eventId} AND status = 'checked_in') AS asked,
        COUNT(*) AS responses, AVG(f.evening) AS evening, AVG(f.host) AS host, AVG(f.venue) AS venue,
        (SELECT COUNT(*) FROM tablemate_verdicts AS v JOIN tablemate_verdicts AS back
            ON back.event_id = v.event_id AND back.from_user_id = v.to_user_id
            AND back.to_user_id = v.from_user_id AND back.verdict = 'again'
          WHERE v.event_id = ${eventId} AND v.verdict = 'again' AND v.from_user_id < v.to_user_id) AS mutual_matches
      FROM dinner_feedback AS f WHERE f.event_id = ${eventId}`,
    sql`SELECT f.id, ${guestName} AS guest_name, b.table_number, f.evening, f.host, f.venue,
        NULLIF(TRIM(f.note), '') AS note, f.created_at
      FROM dinner_feedback AS f
      JOIN event_bookings AS b ON b.id = f.booking_id
      JOIN users AS u ON u.id = f.user_id
      LEFT JOIN user_profiles AS p ON p.user_id = f.user_id
      WHERE f.event_id = ${eventId}
      ORDER BY f.created_at DESC, f.id`,
  ]);
  const event = dinners[0];
  if (!event) return null;
  return {
    event,
    summary: {
      asked: Number(summary?.asked ?? 0),
      responses: Number(summary?.responses ?? 0),
      evening: average(summary?.evening),
      host: average(summary?.host),
      venue: average(summary?.venue),
      mutual_matches: Number(summary?.mutual_matches ?? 0),
    },
    responses,
  };
}
export type DinnerFeedback = NonNullable<Awaited<ReturnType<typeof getDinnerFeedback>>>;

/** A note left on a dinner a host hosted. */
export type HostNote = {
  event_id: string;
  event_title: string;
  event_date: string;
  guest_name: string | null;
  host: number;
  note: string;
  created_at: string;
};

/**
 * Every host (an account holding the role, or assigned to a dinner before), with the dinners they
 * hosted that have ended and those to come, the responses on those dinners, the average host and
 * evening ratings, and the {@link HOST_RECENT_NOTES} latest notes on their dinners. Alphabetical.
 * One round trip: two reads, the notes cut per host in SQL by a window function.
 */
export async function getHostsFeedback(d: Db, now: Date) {
  const nowIso = now.toISOString();
  const hostName = sql`COALESCE(NULLIF(TRIM(p.full_name), ''), NULLIF(TRIM(u.full_name), ''), u.email, u.phone, '')`;
  const [hosts, notes] = await readAll<
    [
      {
        user_id: string;
        name: string;
        dinners: number;
        upcoming: number;
        responses: number;
        host: number | null;
        evening: number | null;
      },
      HostNote & { host_id: string },
    ]
  >(d, [
    sql`SELECT u.id AS user_id, ${hostName} AS name,
        COUNT(DISTINCT CASE WHEN e.ends_at <= ${nowIso} THEN e.id END) AS dinners,
        COUNT(DISTINCT CASE WHEN e.ends_at > ${nowIso} THEN e.id END) AS upcoming,
        COUNT(f.id) AS responses, AVG(f.host) AS host, AVG(f.evening) AS evening
      FROM users AS u
      LEFT JOIN user_profiles AS p ON p.user_id = u.id
      LEFT JOIN event_hosts AS h ON h.user_id = u.id
      LEFT JOIN events AS e ON e.id = h.event_id AND e.cancelled_at IS NULL
      LEFT JOIN dinner_feedback AS f ON f.event_id = e.id
      WHERE u.role = 'host' OR h.user_id IS NOT NULL
      GROUP BY u.id
      ORDER BY name COLLATE NOCASE, u.id`,
    sql`SELECT host_id, event_id, event_title, event_date, guest_name, host, note, created_at
      FROM (
        SELECT h.user_id AS host_id, e.id AS event_id, e.title AS event_title, e.date AS event_date,
          ${guestName} AS guest_name, f.host, TRIM(f.note) AS note, f.created_at,
          ROW_NUMBER() OVER (PARTITION BY h.user_id ORDER BY f.created_at DESC, f.id) AS nth
        FROM event_hosts AS h
        JOIN events AS e ON e.id = h.event_id AND e.cancelled_at IS NULL
        JOIN dinner_feedback AS f ON f.event_id = e.id AND NULLIF(TRIM(f.note), '') IS NOT NULL
        JOIN users AS u ON u.id = f.user_id
        LEFT JOIN user_profiles AS p ON p.user_id = f.user_id)
      WHERE nth <= ${HOST_RECENT_NOTES}
      ORDER BY host_id, created_at DESC`,
  ]);
  const notesOf = new Map<string, HostNote[]>();
  for (const { host_id, ...note } of notes) notesOf.set(host_id, [...(notesOf.get(host_id) ?? []), note]);
  return {
    hosts: hosts.map((h) => ({
      user_id: h.user_id,
      name: h.name,
      dinners: Number(h.dinners),
      upcoming: Number(h.upcoming),
      responses: Number(h.responses),
      rating_host: average(h.host),
      rating_evening: average(h.evening),
      recent_notes: notesOf.get(h.user_id) ?? [],
    })),
  };
}
export type HostsFeedback = Awaited<ReturnType<typeof getHostsFeedback>>;
