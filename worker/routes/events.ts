import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { COPY } from '@domain/copy';
import { ApiError } from '../lib/errors';
import { findEventDetail, listBookableEvents } from '../services/events';

/** Public dinners: no session is read here, so a list or detail costs one D1 round trip. */
export const eventsRoutes = new Hono<AppEnv>()
  /** Upcoming available events, soonest first. */
  .get('/', async (c) => c.json({ events: await listBookableEvents(c.var.db, new Date()) }))
  /**
   * One event by id, or by city slug (`/event/gurugram`) meaning that city's next bookable
   * event. The venue stays null until 48 hours before the start, whatever the row holds.
   */
  .get('/:idOrCity', async (c) => {
    const event = await findEventDetail(c.var.db, c.req.param('idOrCity'), new Date());
    if (!event) throw new ApiError(404, 'not_found', COPY.events.notFound);
    return c.json({ event });
  });
