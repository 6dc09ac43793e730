import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AcceptOfferSchema, JoinWaitlistSchema } from '@domain/waitlist';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { acceptOffer, join, leave, myEntries, myEntry, offerView } from '../services/waitlist';

/**
 * The waitlist of a sold-out dinner and its offers (docs/decisions/027): the signed-in guest's own
 * entries only; another guest's offer answers exactly as an unknown token does, 404.
 */
export const waitlistRoutes = new Hono<AppEnv>()
  // Mounted at the API's root: the session is required per route, never by a `use` that would
  // reach every path after this sub-app.
  .get('/events/:id/waitlist', loadSession, requireUser, async (c) =>
    c.json({ entry: await myEntry(c.var.db, c.get('user').id, c.req.param('id')) }),
  )
  .post('/events/:id/waitlist', loadSession, requireUser, jsonBody(JoinWaitlistSchema), async (c) => {
    const entry = await join(c.var.db, {
      userId: c.get('user').id,
      eventId: c.req.param('id'),
      ticketType: c.req.valid('json').ticket_type,
    });
    return c.json({ entry }, 201);
  })
  .delete('/events/:id/waitlist', loadSession, requireUser, async (c) =>
    c.json({ entry: await leave(c.env, c.var.db, c.get('user').id, c.req.param('id')) }),
  )
  .get('/waitlist', loadSession, requireUser, async (c) =>
    c.json({ entries: await myEntries(c.var.db, c.get('user').id) }),
  )
  .get('/offers/:token', loadSession, requireUser, async (c) =>
    c.json(await offerView(c.var.db, c.get('user').id, c.req.param('token'))),
  )
  .post('/offers/:token/accept', loadSession, requireUser, jsonBody(AcceptOfferSchema), async (c) => {
    const body = c.req.valid('json');
    const answer = await acceptOffer(c.env, c.var.db, {
      userId: c.get('user').id,
      token: c.req.param('token'),
      useCredit: body.use_credit === true,
      partyName: body.party_name ?? null,
      partyPhone: body.party_phone ?? null,
    });
    return c.json(answer, 201);
  });
