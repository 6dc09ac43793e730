import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listPublicCities } from '../services/cities';

/**
 * The home page's city cards (SPEC §2 "Upcoming events"): public, no session read, one D1 round
 * trip. The home page's HTML carries the same answer (routes/pages.ts); the SPA asks here when it
 * navigates to `/` itself.
 */
export const citiesRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ cities: await listPublicCities(c.var.db, new Date()) }),
);
