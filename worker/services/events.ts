/**
 * Dinners as guests see them: the bookable list and one dinner's detail. The API and the landing
 * pages' HTML (routes/pages.ts) both read through here, so the two can never differ.
 */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { ticketOptions } from '@domain/pricing';
import { isVenueRevealed } from '@domain/time';
import { seatsTakenSql } from './ledger/seats';

/** An event on the wire (DESIGN.md: snake_case, one shape): what every list and card shows. */
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
export const isBookable = (nowIso: string) =>
  and(eq(events.available, true), isNull(events.cancelledAt), gt(events.startsAt, nowIso));

/**
 * Seats left on the dinner of the `events` row in scope, at `nowIso`, by the one seat predicate
 * (ledger/seats.ts), so a card's "3 seats left" or "Sold out" is what the hold would sell.
 */
export const seatsLeftSql = (nowIso: string) =>
  sql<number>`MAX(0, ${events.capacity} - ${seatsTakenSql(sql`${events.id}`, nowIso)})`;

/**
 * Upcoming available events, those with a seat free first and sold-out ones after (issue 24: a
 * guest should not scroll past full tables to find one), soonest first within each; each with its
 * `seats_left` (as the detail carries it), so /events says "3 seats left" or "Sold out" instead
 * of sending a guest to a full table. One query.
 */
export async function listBookableEvents(d: Db, now: Date) {
  const nowIso = now.toISOString();
  const rows = await d
    .select({ ...eventSummaryColumns, seats_left: seatsLeftSql(nowIso) })
    .from(events)
    .where(isBookable(nowIso))
    .orderBy(withRoomFirst(nowIso), asc(events.startsAt), asc(events.id));
  return rows.map((r) => ({ ...r, seats_left: Number(r.seats_left) }));
}
export type ListedEvent = Awaited<ReturnType<typeof listBookableEvents>>[number];
export type EventSummary = Omit<ListedEvent, 'seats_left'>;

/**
 * A scalar subquery: the soonest other bookable dinner in the city of the `events` row in scope
 * with at least one seat free at `nowIso`, as JSON (`id, title, date, starts_at, seats_left`), or
 * NULL. A sold-out dinner's page points there rather than at a dead end.
 */
const nextWithRoomSql = (nowIso: string) => {
  const n = sql.raw('nw');
  const taken = seatsTakenSql(sql`${n}.id`, nowIso);
  return sql<
    string | null
  >`(SELECT json_object('id', ${n}.id, 'title', ${n}.title, 'date', ${n}.date, 'starts_at', ${n}.starts_at, 'ends_at', ${n}.ends_at, 'seats_left', ${n}.capacity - ${taken})
    FROM events AS ${n}
    WHERE ${n}.city = ${events.city} AND ${n}.id <> ${events.id} AND ${n}.available = 1
      AND ${n}.cancelled_at IS NULL AND ${n}.starts_at > ${nowIso} AND ${taken} < ${n}.capacity
    ORDER BY ${n}.starts_at, ${n}.id LIMIT 1)`;
};

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
  const nowIso = now.toISOString();
  const [row] = await d
    .select({
      ...eventSummaryColumns,
      ticket_price_single: events.ticketPriceSingle,
      capacity: events.capacity,
      ticketPriceCouple: events.ticketPriceCouple,
      ticketPriceGroup: events.ticketPriceGroup,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      taken: seatsTakenSql(sql`${events.id}`, nowIso),
      nextWithRoom: sql<
        string | null
      >`CASE WHEN ${seatsTakenSql(sql`${events.id}`, nowIso)} >= ${events.capacity} THEN ${nextWithRoomSql(nowIso)} END`,
    })
    .from(events)
    .where(and(isBookable(nowIso), or(eq(events.id, key), eq(events.city, key))))
    .orderBy(sql`${events.id} = ${key} DESC`, withRoomFirst(nowIso), asc(events.startsAt))
    .limit(1);
  if (!row) return null;

  const { taken, nextWithRoom, venueName, venueAddress, ticketPriceCouple, ticketPriceGroup, ...event } = row;
  const seatsLeft = Math.max(0, event.capacity - Number(taken));
  const next = nextWithRoom ? (JSON.parse(nextWithRoom) as NextWithRoom) : null;
  const prices = { ticketPriceSingle: event.ticket_price_single, ticketPriceCouple, ticketPriceGroup };
  return {
    ...event,
    seats_left: seatsLeft,
    tickets: ticketOptions(prices, seatsLeft),
    venue:
      isVenueRevealed(event.starts_at, now) && venueName !== null
        ? { name: venueName, address: venueAddress ?? '' }
        : null,
    next_with_room: next && { ...next, seats_left: Number(next.seats_left) },
  };
}

/** ORDER BY term: dinners of the `events` row in scope with a seat free before full ones. */
export const withRoomFirst = (nowIso: string) =>
  sql`(${seatsTakenSql(sql`${events.id}`, nowIso)} < ${events.capacity}) DESC`;
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
