import { Hono, type TypedResponse } from 'hono';
import type { AppEnv } from '../app-env';
import { COPY } from '@domain/copy';
import { ApiError } from '../lib/errors';
import { type EventsList, findEventDetail, listBookableEventsJson } from '../services/events';

/** Public dinners: no session is read here, so a list or detail costs one D1 round trip. */
export const eventsRoutes = new Hono<AppEnv>()
  /**
   * Upcoming available events, soonest first: the body as SQLite wrote it (services/events.ts),
   * sent as is rather than parsed and serialized again (issue 23). Typed as the JSON it is, for
   * the web app's client.
   */
  .get(
    '/',
    async (c) =>
      c.body(await listBookableEventsJson(c.var.db, new Date()), 200, {
        'Content-Type': 'application/json',
      }) as Response as Response & TypedResponse<EventsList, 200, 'json'>,
  )
  /**
   * One event by id, or by city slug (`/event/gurugram`) meaning that city's next bookable
   * event. The venue stays null until 48 hours before the start, whatever the row holds.
   */
  .get('/:idOrCity', async (c) => {
    const event = await findEventDetail(c.var.db, c.req.param('idOrCity'), new Date());
    if (!event) throw new ApiError(404, 'not_found', COPY.events.notFound);
    return c.json({ event });
  });
