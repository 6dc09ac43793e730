import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../db/client';
import { events } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { ticketOptions } from '../domain/pricing';
import { ApiError } from '../lib/errors';
import { seatsTakenSql } from '../lib/seats';
import { isVenueRevealed } from '../lib/time';

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
  .get('/', async (c) => {
    const nowIso = new Date().toISOString();
    const rows = await db(c.env.DB).select(listColumns).from(events).where(bookable(nowIso)).orderBy(asc(events.startsAt), asc(events.id));
    return c.json({ events: rows });
  })
  /**
   * One event by id, or by city slug (`/event/gurugram`) meaning that city's next bookable
   * event. The venue stays null until 48 hours before the start, whatever the row holds.
   */
  .get('/:idOrCity', async (c) => {
    const key = c.req.param('idOrCity');
    const now = new Date();
    const nowIso = now.toISOString();
    const match = eventByKey(key, nowIso);
    const [row] = await db(c.env.DB)
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
    if (!row) throw new ApiError(404, 'not_found', EVENT_NOT_FOUND);

    const { taken, venueName, venueAddress, ticketPriceCouple, ticketPriceGroup, ...event } = row;
    const seatsLeft = Math.max(0, event.capacity - Number(taken));
    const revealed = isVenueRevealed(event.startsAt, now) && venueName !== null;
    return c.json({
      event: {
        ...event,
        seatsLeft,
        tickets: ticketOptions({ ticketPriceSingle: event.ticketPriceSingle, ticketPriceCouple, ticketPriceGroup }, seatsLeft),
        venue: revealed ? { name: venueName, address: venueAddress ?? '' } : null,
      },
    });
  });
