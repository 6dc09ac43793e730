import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../db/client';
import { events } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { ticketOptions } from '../domain/pricing';
import { ApiError } from '../lib/errors';
import { seatsTakenSql } from '../lib/seats';
import { isVenueRevealed } from '../domain/time';

export const EVENT_NOT_FOUND = "This event doesn't exist or is no longer available.";

/** The public columns of an event; venue and prices are added only on the detail answer. */
const listColumns = {
  id: events.id,
  city: events.city,
  title: events.title,
  description: events.description,
  location: events.location,
  date: events.date,
  startsAt: events.startsAt,
  imageUrl: events.imageUrl,
  available: events.available,
};

/** Bookable: marked available and not yet started. */
const bookable = (nowIso: string) => and(eq(events.available, true), gt(events.startsAt, nowIso));

/**
 * The event `/event/{key}` shows: `key` is an id, or a city slug meaning that city's next
 * bookable event. Spread into a query: `.where(...).orderBy(...)`, then `.limit(1)`.
 */
export const eventByKey = (key: string, nowIso: string) => ({
  where: and(bookable(nowIso), or(eq(events.id, key), eq(events.city, key))),
  // An exact id wins over a city match; then the soonest.
  orderBy: [sql`${events.id} = ${key} DESC`, asc(events.startsAt)] as const,
});

export const eventsRoutes = new Hono<AppEnv>()
  /** Upcoming available events, soonest first. */
  .get('/', async (c) => c.json({ events: await listBookableEvents(c.env.DB, new Date()) }))
  /**
   * One event by id, or by city slug (`/event/gurugram`) meaning that city's next bookable
   * event. The venue stays null until 48 hours before the start, whatever the row holds.
   */
  .get('/:idOrCity', async (c) => {
    const event = await findEventDetail(c.env.DB, c.req.param('idOrCity'), new Date());
    if (!event) throw new ApiError(404, 'not_found', EVENT_NOT_FOUND);
    return c.json({ event });
  });

/** Upcoming available events, soonest first: the API's list and the /events page's (routes/pages.ts). */
export function listBookableEvents(database: D1Database, now: Date) {
  return db(database).select(listColumns).from(events).where(bookable(now.toISOString())).orderBy(asc(events.startsAt), asc(events.id));
}

/**
 * The public detail of the event `/event/{key}` shows (see `eventByKey`), or null: seats left,
 * the ticket options still possible, and the venue only once it is revealed. Shared by the API
 * and the event page's HTML (routes/pages.ts), which must never differ.
 */
export async function findEventDetail(database: D1Database, key: string, now: Date) {
  const nowIso = now.toISOString();
  const match = eventByKey(key, nowIso);
  const [row] = await db(database)
    .select({
      ...listColumns,
      ticketPriceSingle: events.ticketPriceSingle,
      ticketPriceCouple: events.ticketPriceCouple,
      ticketPriceGroup: events.ticketPriceGroup,
      capacity: events.capacity,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      taken: seatsTakenSql(sql`${events.id}`, nowIso),
    })
    .from(events)
    .where(match.where)
    .orderBy(...match.orderBy)
    .limit(1);
  if (!row) return null;

  const { taken, venueName, venueAddress, ticketPriceCouple, ticketPriceGroup, ...event } = row;
  const seatsLeft = Math.max(0, event.capacity - Number(taken));
  const revealed = isVenueRevealed(event.startsAt, now) && venueName !== null;
  return {
    ...event,
    seatsLeft,
    tickets: ticketOptions({ ticketPriceSingle: event.ticketPriceSingle, ticketPriceCouple, ticketPriceGroup }, seatsLeft),
    venue: revealed ? { name: venueName, address: venueAddress ?? '' } : null,
  };
}
