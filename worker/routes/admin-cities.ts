import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { CITY_SLUG_MAX, CITY_SLUG_RULE, CityPatch, NewCity } from '@domain/city';
import { CONSOLE_COPY } from '@domain/copy-console';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { createCity, listAdminCities, updateCity } from '../services/cities';

/** The operator: routes/admin.ts's gate has let only a signed-in operator through. */
const actorId = (c: { get(key: 'user'): SessionUser | null }) => (c.get('user') as SessionUser).id;

const isSlug = (slug: string) => slug.length <= CITY_SLUG_MAX && CITY_SLUG_RULE.test(slug);

/**
 * The console's cities (`/api/admin/cities`), mounted under routes/admin.ts, whose gate (operator
 * only) runs first. Every write and its audit row are one batch (services/cities.ts).
 *
 * Hiding a city that still has bookable dinners is allowed: it only takes the card off the home
 * page (the dinners stay on /events, and links already shared keep working); the answer's
 * `upcoming_dinners` lets the console warn about it.
 */
export const adminCitiesRoutes = new Hono<AppEnv>()
  /** Every city, hidden ones too, by position, with its number of bookable dinners. */
  .get('/', async (c) => c.json({ cities: await listAdminCities(c.var.db, new Date()) }))
  /** Creates a city; 409 when the slug is taken (nothing written). */
  .post('/', jsonBody(NewCity), async (c) => {
    const city = await createCity(c.var.db, actorId(c), c.req.valid('json'), new Date());
    if (!city) throw new ApiError(409, 'duplicate', CONSOLE_COPY.city.duplicate, { slug: CONSOLE_COPY.city.duplicate });
    return c.json({ city }, 201);
  })
  /** Edits a city's name, blurb, status or position; the slug never changes. */
  .patch('/:slug', jsonBody(CityPatch), async (c) => {
    const slug = c.req.param('slug');
    const result = isSlug(slug) ? await updateCity(c.var.db, actorId(c), slug, c.req.valid('json'), new Date()) : null;
    if (!result || result.kind === 'not_found') throw new ApiError(404, 'not_found', CONSOLE_COPY.city.notFound);
    return c.json({ city: result.city, changed: result.changed });
  });
