import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { FEEDBACK_COPY } from '@domain/copy-feedback';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { FeedbackBody } from '@domain/feedback';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { feedbackView, listConnections, type SaveRefusal, saveFeedback } from '../services/feedback';

/** The session, read once: routes/bookings.ts, whose prefix these paths share, may have read it already. */
const sessionOnce = createMiddleware<AppEnv>(async (c, next) =>
  c.var.user === undefined ? loadSession(c, next) : next(),
);

/** As `GET /api/bookings/:id` answers an unknown booking, or another guest's. */
const notFound = () => new ApiError(404, 'booking_not_found', MY_BOOKING_COPY.notFound);

const T = FEEDBACK_COPY.errors;

/** Each refusal of a save, as the API answers it; none changed anything. */
const REFUSALS: Record<SaveRefusal, () => ApiError> = {
  not_found: notFound,
  not_checked_in: () => new ApiError(409, 'not_checked_in', T.notCheckedIn),
  not_yet: () => new ApiError(409, 'feedback_not_open', T.notYet),
  closed: () => new ApiError(409, 'feedback_closed', T.closed),
  unknown_tablemate: () =>
    new ApiError(422, 'unknown_tablemate', T.unknownTablemate, { tablemates: T.unknownTablemate }),
};

/**
 * The morning after (DESIGN.md "Across nights", docs/decisions/034), mounted at `/api`:
 * - `GET /bookings/:id/feedback` → the page (`state`, the window, what the guest saved, their
 *   tablemates by opaque ref with their own verdicts and a mutual one's contact);
 * - `PUT /bookings/:id/feedback` `{ evening, host, venue, note?, tablemates: [{ ref, verdict }],
 *   share?: { kind, value } }` → the page as saved; 400 for a bad body, 422 `unknown_tablemate`,
 *   409 outside the window or for a guest who was not checked in; all change nothing;
 * - `GET /connections` → `{ connections }`: mutual 'dine again's only.
 * Another guest's booking answers exactly as an unknown one, 404.
 */
export const feedbackRoutes = new Hono<AppEnv>()
  .get('/bookings/:id/feedback', sessionOnce, requireUser, async (c) => {
    const user = c.get('user');
    const view = await feedbackView(c.env, c.var.db, user, c.req.param('id'), new Date());
    if (!view) throw notFound();
    return c.json(view);
  })
  .put('/bookings/:id/feedback', sessionOnce, requireUser, jsonBody(FeedbackBody), async (c) => {
    const user = c.get('user');
    const result = await saveFeedback(c.env, c.var.db, user, c.req.param('id'), c.req.valid('json'), new Date());
    if (result.kind !== 'saved') throw REFUSALS[result.kind]();
    return c.json(result.view);
  })
  .get('/connections', sessionOnce, requireUser, async (c) =>
    c.json({ connections: await listConnections(c.env, c.var.db, c.get('user').id) }),
  );
