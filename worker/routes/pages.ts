import { Hono } from 'hono';
import { db } from '../../db/client';
import { events } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { eventByKey } from './events';

/**
 * Page responses the Worker improves before the SPA takes over (wrangler.toml
 * `run_worker_first`). The event page's largest paint is its hero image, whose address the
 * browser would otherwise learn only after the bundle ran and the event API answered; a
 * `Link: rel=preload` header on the HTML starts that download at once.
 */
export const pageRoutes = new Hono<AppEnv>().get('/event/:idOrCity', async (c) => {
  // The assets binding answers any page path with the SPA's index.html (and its _headers).
  const page = await c.env.ASSETS.fetch(c.req.raw);
  const match = eventByKey(c.req.param('idOrCity'), new Date().toISOString());
  const row = await db(c.env.DB).select({ imageUrl: events.imageUrl }).from(events).where(match.where).orderBy(...match.orderBy).limit(1).get();
  // Same-origin images only: the page's CSP allows no other image source.
  if (!page.ok || !row?.imageUrl.startsWith('/')) return page;
  const res = new Response(page.body, page);
  res.headers.append('Link', `<${row.imageUrl}>; rel=preload; as=image; fetchpriority=high`);
  return res;
});
