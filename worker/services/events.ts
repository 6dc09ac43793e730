/**
 * Dinners as guests see them: the bookable list and one dinner's detail. The API and the landing
 * pages' HTML (routes/pages.ts) both read through here, so the two can never differ.
 */
import { and, eq, fillPlaceholders, gt, is, isNull, or, type Query, type SQL, sql } from 'drizzle-orm';
import { alias, SQLiteAsyncDialect, SQLiteBoolean, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { ticketOptions } from '@domain/pricing';
import { isVenueRevealed } from '@domain/time';
import { type NowParam, seatsLeftSql } from './ledger/seats';

/** What names a dinner on the wire wherever it is listed: which, where and when. */
export const dinnerColumns = {
  id: events.id,
  city: events.city,
  title: events.title,
  location: events.location,
  date: events.date,
  starts_at: events.startsAt,
  ends_at: events.endsAt,
};

export const eventSummaryColumns = {
  ...dinnerColumns,
  description: events.description,
  image_url: events.imageUrl,
  available: events.available,
};

/** Bookable: marked available, not cancelled (which also hides it, for good) and not yet started. */
export const isBookable = (nowIso: NowParam) =>
  and(eq(events.available, true), isNull(events.cancelledAt), gt(events.startsAt, nowIso));

/**
 * Statements built once per isolate, not per request: building a statement from its parts costs
 * more CPU than D1 answering it (issue 23: `GET /api/events` against a bare Worker's one SELECT).
 * The instant is a placeholder ({@link NOW}) filled in each time, as are the others named.
 */
const dialect = new SQLiteAsyncDialect();
const NOW = sql.placeholder('now');
function builtOnce(build: () => SQL) {
  let built: Query | undefined;
  return (d: Db, values: Record<string, unknown>) => {
    built ??= dialect.sqlToQuery(build());
    return d.$client.prepare(built.sql).bind(...fillPlaceholders(built.params, values));
  };
}

/** `col AS key` for each wire key of `columns`, so a CTE's columns are named as the wire names them. */
const selectedAs = (columns: Record<string, SQLiteColumn>) =>
  sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
    sql`, `,
  );
/** `'key', value` pairs for json_object() over those named columns: booleans as JSON true and false. */
const jsonPairs = (columns: Record<string, SQLiteColumn>) =>
  sql.raw(
    Object.entries(columns)
      .map(([key, column]) =>
        is(column, SQLiteBoolean)
          ? `'${key}', json(CASE WHEN ${key} THEN 'true' ELSE 'false' END)`
          : `'${key}', ${key}`,
      )
      .join(', '),
  );

/**
 * The body of `GET /api/events`, `{"events":[…]}`, written by SQLite: upcoming available events,
 * those with a seat free first and sold-out ones after (issue 24: a guest should not scroll past
 * full tables to find one), soonest first within each; each with its `seats_left` (as the detail
 * carries it), so /events says "3 seats left" or "Sold out" instead of sending a guest to a full
 * table. Seats left are counted once per dinner (ledger/seats.ts; the CTE keeps SQLite from
 * counting again to sort) and sorted on. One query.
 */
const listStatement = builtOnce(
  () => sql`WITH listed AS MATERIALIZED (
      SELECT ${selectedAs(eventSummaryColumns)}, ${seatsLeftSql(events.id, events.capacity, NOW)} AS seats_left
      FROM ${events} WHERE ${isBookable(NOW)})
    SELECT json_object('events', json_group_array(json_object(${jsonPairs(eventSummaryColumns)}, 'seats_left', seats_left)))
    FROM (SELECT * FROM listed ORDER BY seats_left = 0, starts_at, id)`,
);

/** An event on the wire wherever it is listed (the {@link eventSummaryColumns} shape). */
export type EventSummary = {
  id: string;
  city: string;
  title: string;
  description: string;
  location: string;
  date: string;
  starts_at: string;
  ends_at: string;
  image_url: string;
  available: boolean;
};
export type ListedEvent = EventSummary & { seats_left: number };
export type EventsList = { events: ListedEvent[] };

/** The bookable dinners as `GET /api/events` answers them, already JSON ({@link listStatement}). */
export async function listBookableEventsJson(d: Db, now: Date): Promise<string> {
  const [[body]] = await listStatement(d, { now: now.toISOString() }).raw<[string]>();
  return body;
}

/** The same list as objects, for the landing pages' first frame (routes/pages.ts). */
export async function listBookableEvents(d: Db, now: Date): Promise<ListedEvent[]> {
  return (JSON.parse(await listBookableEventsJson(d, now)) as EventsList).events;
}

/** A bookable dinner's columns in the detail's CTE: what the wire shows, and what the rest is worked out from. */
const detailColumns = {
  ...eventSummaryColumns,
  ticket_price_single: events.ticketPriceSingle,
  capacity: events.capacity,
};

/**
 * A scalar subquery: the soonest other bookable dinner in the city of the `candidate` row in scope
 * with at least one seat free, as JSON (`id, title, date, starts_at, ends_at, seats_left`), or
 * NULL. A sold-out dinner's page points there rather than at a dead end. The city's dinners are
 * counted once each (a correlated MATERIALIZED CTE), then the first with room taken.
 */
const nextWithRoomSql = () => {
  const name = 'nw';
  const n = alias(events, name);
  return sql`(WITH room AS MATERIALIZED (
      SELECT ${n.id} AS id, ${n.title} AS title, ${n.date} AS date, ${n.startsAt} AS starts_at, ${n.endsAt} AS ends_at,
        ${seatsLeftSql(n.id, n.capacity, NOW)} AS seats_left
      FROM ${events} AS ${sql.identifier(name)} WHERE ${n.city} = candidate.city AND ${n.id} <> candidate.id AND ${n.available} = 1
        AND ${n.cancelledAt} IS NULL AND ${n.startsAt} > ${NOW})
    SELECT json_object('id', id, 'title', title, 'date', date, 'starts_at', starts_at, 'ends_at', ends_at, 'seats_left', seats_left)
    FROM room WHERE seats_left > 0 ORDER BY starts_at, id LIMIT 1)`;
};

/**
 * The detail's one statement ({@link findEventDetail}): the bookable dinners `key` may mean, each
 * with its seats left counted once (the CTE), the exact id first, then those with room, soonest
 * first; the first as JSON, with what the answer is worked out from beside it.
 */
const detailStatement = builtOnce(() => {
  const key = sql.placeholder('key');
  return sql`WITH candidate AS MATERIALIZED (
      SELECT ${selectedAs(detailColumns)}, ${events.ticketPriceCouple} AS ticket_price_couple,
        ${events.ticketPriceGroup} AS ticket_price_group, ${events.venueName} AS venue_name,
        ${events.venueAddress} AS venue_address, ${seatsLeftSql(events.id, events.capacity, NOW)} AS seats_left
      FROM ${events} WHERE ${and(isBookable(NOW), or(eq(events.id, key), eq(events.city, key)))})
    SELECT json_object(${jsonPairs(detailColumns)}, 'seats_left', seats_left), ticket_price_couple, ticket_price_group,
      venue_name, venue_address, CASE WHEN seats_left = 0 THEN ${nextWithRoomSql()} END
    FROM candidate ORDER BY id = ${key} DESC, seats_left = 0, starts_at LIMIT 1`;
});

type DetailRow = [string, number, number, string | null, string | null, string | null];
/** A bookable dinner on the wire with what its detail adds: its single price, capacity and seats left. */
type DetailEvent = EventSummary & { ticket_price_single: number; capacity: number; seats_left: number };
/** The JSON of {@link nextWithRoomSql} read back. */
type NextWithRoom = { id: string; title: string; date: string; starts_at: string; ends_at: string; seats_left: number };

/**
 * The public detail of the event `/event/{key}` shows, or null. `key` is an event id, or a city
 * slug meaning that city's next bookable event with a seat free, else its next bookable one (an
 * exact id wins; the home page's city card shows the same dinner, services/cities.ts). Carries the
 * seats left, the ticket options still possible, the venue only once it is revealed (48 hours
 * before), whatever the row holds, and, when it is sold out, `next_with_room`: the city's next
 * dinner with a seat free (or null). One query.
 */
export async function findEventDetail(d: Db, key: string, now: Date) {
  const [row] = await detailStatement(d, { now: now.toISOString(), key }).raw<DetailRow>();
  if (!row) return null;
  const [json, ticketPriceCouple, ticketPriceGroup, venueName, venueAddress, nextWithRoom] = row;
  const event = JSON.parse(json) as DetailEvent;
  const prices = { ticketPriceSingle: event.ticket_price_single, ticketPriceCouple, ticketPriceGroup };
  return {
    ...event,
    tickets: ticketOptions(prices, event.seats_left),
    venue:
      isVenueRevealed(event.starts_at, now) && venueName !== null
        ? { name: venueName, address: venueAddress ?? '' }
        : null,
    next_with_room: nextWithRoom ? (JSON.parse(nextWithRoom) as NextWithRoom) : null,
  };
}

/** ORDER BY term: dinners of the `events` row in scope with a seat free before full ones. */
export const withRoomFirst = (nowIso: NowParam) => sql`${seatsLeftSql(events.id, events.capacity, nowIso)} > 0 DESC`;
export type EventDetail = NonNullable<Awaited<ReturnType<typeof findEventDetail>>>;

/** A whole events row in the {@link eventSummaryColumns} shape. */
export function toEventSummary(row: typeof events.$inferSelect): EventSummary {
  return {
    id: row.id,
    city: row.city,
    title: row.title,
    description: row.description,
    location: row.location,
    date: row.date,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    image_url: row.imageUrl,
    available: row.available,
  };
}
