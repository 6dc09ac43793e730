import { Hono } from 'hono';
import { vValidator } from '@hono/valibot-validator';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { CONSENT_COPY } from '@domain/copy-consent';
import { ApiError } from '../lib/errors';
import { readUnsubscribeToken } from '../lib/unsubscribe-token';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { consentsOf, updateConsents, withdrawByEmail } from '../services/consents';

const ERR = CONSENT_COPY.errors;

/** `PUT /api/me/consents`: agree to the notice (its version, as shown) and/or marketing on or off; at least one. */
const ConsentsBody = v.pipe(
  v.strictObject(
    {
      notice_version: v.optional(v.pipe(v.string(ERR.noticeVersion), v.maxLength(32, ERR.noticeVersion))),
      marketing: v.optional(v.boolean(ERR.marketing)),
    },
    ERR.empty,
  ),
  v.check((b) => b.notice_version !== undefined || b.marketing !== undefined, ERR.empty),
);

/** An unsubscribe link's token (lib/unsubscribe-token.ts); its signature is checked by the route. */
const Token = v.pipe(v.string(ERR.badToken), v.nonEmpty(ERR.badToken), v.maxLength(2048, ERR.badToken));
const UnsubscribeBody = v.object({ token: Token }, ERR.badToken);

const badToken = () => new ApiError(400, 'invalid_token', ERR.badToken, { token: ERR.badToken });

/**
 * `?token=…` of the unsubscribe page's read and the one-click POST: missing, repeated, empty or
 * oversized is the same 400 `invalid_token` as a forged one (the API's error shape).
 */
const tokenQuery = vValidator('query', v.object({ token: Token }), (result) => {
  if (!result.success) throw badToken();
});

/** The address a well-formed token names, or 400 `invalid_token` when we did not sign it. */
async function signedAddress(secret: string, token: string): Promise<string> {
  const payload = await readUnsubscribeToken(secret, token);
  if (!payload) throw badToken();
  return payload.email;
}

/**
 * Consents (issue 22): the notice agreed, marketing on and off (signed in), and the unsubscribe
 * link of every marketing email (no sign-in: the signed token is the proof).
 */
export const consentsRoutes = new Hono<AppEnv>()
  .get('/me/consents', loadSession, requireUser, async (c) => c.json(await consentsOf(c.var.db, c.get('user').id)))
  .put('/me/consents', loadSession, requireUser, jsonBody(ConsentsBody), async (c) => {
    const body = c.req.valid('json');
    // Agreeing comes from the notice; a marketing switch on its own comes from /profile.
    const source = body.notice_version !== undefined ? 'notice' : 'profile';
    return c.json(await updateConsents(c.var.db, c.get('user').id, body, source));
  })
  /** What the unsubscribe page shows before the click: the address the link is for. Changes nothing. */
  .get('/unsubscribe', tokenQuery, async (c) =>
    c.json({ email: await signedAddress(c.env.SESSION_SECRET, c.req.valid('query').token) }),
  )
  /** The one click: the address leaves the newsletter list and its accounts' marketing is turned off. */
  .post('/unsubscribe', jsonBody(UnsubscribeBody), async (c) => {
    const email = await signedAddress(c.env.SESSION_SECRET, c.req.valid('json').token);
    await withdrawByEmail(c.var.db, email);
    return c.json({ email, unsubscribed: true as const });
  });

/**
 * The `List-Unsubscribe` address of every marketing email (RFC 2369, RFC 8058), mounted before
 * the same-origin check (worker/api.ts): a mail app's one-click POST
 * (`List-Unsubscribe=One-Click`) withdraws at once; a GET (a mail app without one-click) changes
 * nothing and opens the unsubscribe page.
 */
export const unsubscribeOneClickRoutes = new Hono<AppEnv>()
  .get('/unsubscribe/one-click', (c) =>
    c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 302),
  )
  .post('/unsubscribe/one-click', tokenQuery, async (c) => {
    const email = await signedAddress(c.env.SESSION_SECRET, c.req.valid('query').token);
    await withdrawByEmail(c.var.db, email);
    return c.json({ email, unsubscribed: true as const });
  });
