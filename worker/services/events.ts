/**
 * Dinners as guests see them: the bookable list and one dinner's detail. The API and the landing
 * pages' HTML (routes/pages.ts) both read through here, so the two can never differ.
 */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { ticketOptions } from '../domain/pricing';
import { isVenueRevealed } from '../domain/time';
import { seatsTakenSql } from './seats';

/** An event on the wire (DESIGN.md: snake_case, one shape): what every list and card shows. */
/** What names a dinner on the wire wherever it is listed: which, where and when. */
export const dinnerColumns = {
  id: events.id,
  city: events.city,
  title: events.title,
  location: events.location,
  date: events.date,
  starts_at: events.startsAt,
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

/** Upcoming available events, soonest first. */
export function listBookableEvents(d: Db, now: Date) {
  return d
    .select(eventSummaryColumns)
    .from(events)
    .where(isBookable(now.toISOString()))
    .orderBy(asc(events.startsAt), asc(events.id));
}
export type EventSummary = Awaited<ReturnType<typeof listBookableEvents>>[number];

/**
 * The public detail of the event `/event/{key}` shows, or null. `key` is an event id, or a city
 * slug meaning that city's next bookable event (an exact id wins, then the soonest). Carries the
 * seats left, the ticket options still possible, and the venue only once it is revealed (48 hours
 * before), whatever the row holds.
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
    })
    .from(events)
    .where(and(isBookable(nowIso), or(eq(events.id, key), eq(events.city, key))))
    .orderBy(sql`${events.id} = ${key} DESC`, asc(events.startsAt))
    .limit(1);
  if (!row) return null;

  const { taken, venueName, venueAddress, ticketPriceCouple, ticketPriceGroup, ...event } = row;
  const seatsLeft = Math.max(0, event.capacity - Number(taken));
  const prices = { ticketPriceSingle: event.ticket_price_single, ticketPriceCouple, ticketPriceGroup };
  return {
    ...event,
    seats_left: seatsLeft,
    tickets: ticketOptions(prices, seatsLeft),
    venue:
      isVenueRevealed(event.starts_at, now) && venueName !== null
        ? { name: venueName, address: venueAddress ?? '' }
        : null,
  };
}
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
    image_url: row.imageUrl,
    available: row.available,
  };
}
