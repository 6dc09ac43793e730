import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { isBookingId } from '@domain/booking-choice';
import { DINNER_SHARE_COPY } from '@domain/copy-dinner-share';
import { SHARE_CREATE_LIMITS } from '@domain/dinner-share';
import { ApiError } from '../lib/errors';
import { loadSession, requireUser } from '../middleware/session';
import { createShare, getOwnShare, revokeShare, sharedDinner } from '../services/dinner-shares';
import { consume } from '../services/rate-limit';

/** The session, read once: routes/bookings.ts, on the same `/bookings` prefix, may have read it already. */
const sessionOnce = createMiddleware<AppEnv>(async (c, next) =>
  c.var.user === undefined ? loadSession(c, next) : next(),
);

/** The path's booking id, or 404 as `GET /api/bookings/:id` answers an id that cannot be one. */
const bookingIdOf = (id: string) => {
  if (!isBookingId(id)) throw new ApiError(404, 'booking_not_found', DINNER_SHARE_COPY.bookingNotFound);
  return id;
};

/**
 * A shared dinner's answer is for the person holding the link only: no cache may keep it (a
 * turned-off link must stop at once), and no search engine may list it, whatever links to it.
 * Set after the handler, so the 404s and 429s carry them too.
 */
const privateAnswer = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
});

/**
 * 'Share my dinner' (issue 21, services/dinner-shares.ts). Mounted at the API's root: the session
 * is required per route, never by a `use` that would reach the public view or any path after
 * this sub-app. The public view is the only route of the API a signed-out stranger may read.
 *
 * - `GET /bookings/:id/share`: `{ share: { token, path, created_at, open_until, live } | null,
 *   can_share, refusal }`.
 * - `POST /bookings/:id/share`: the same, 201 when it created the link, 200 when one was active;
 *   409 `share_unavailable` (with the reason) for a booking without a seat at a dinner to come.
 * - `DELETE /bookings/:id/share`: turns it off (idempotent); the same shape, `share: null`.
 * - `GET /shared/:token`, public: `{ shared_by, dinner, venue, open_until }`, or 404 with the
 *   reason (`share_not_found`, `share_dinner_cancelled`, `share_booking_ended`, `share_expired`).
 *
 * Another guest's booking answers exactly as an unknown one, 404.
 */
export const dinnerSharesRoutes = new Hono<AppEnv>()
  .get('/bookings/:id/share', sessionOnce, requireUser, async (c) =>
    c.json(await getOwnShare(c.var.db, c.get('user').id, bookingIdOf(c.req.param('id')))),
  )
  .post('/bookings/:id/share', sessionOnce, requireUser, async (c) => {
    const userId = c.get('user').id;
    const bookingId = bookingIdOf(c.req.param('id'));
    await consume(c.var.db, `dinner-share-create:user:${userId}`, SHARE_CREATE_LIMITS);
    const { view, created } = await createShare(c.var.db, userId, bookingId);
    return c.json(view, created ? 201 : 200);
  })
  .delete('/bookings/:id/share', sessionOnce, requireUser, async (c) =>
    c.json(await revokeShare(c.var.db, c.get('user').id, bookingIdOf(c.req.param('id')))),
  )
  .get('/shared/:token', privateAnswer, async (c) =>
    c.json(
      await sharedDinner(c.var.db, {
        token: c.req.param('token'),
        address: c.req.header('CF-Connecting-IP') ?? 'unknown',
      }),
    ),
  );
