import { env } from 'cloudflare:test';
import { db } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { signAccessToken } from '../../../worker/lib/access-token';

import { agreeToNotice, ORIGIN } from './auth';

export { ORIGIN };

let counter = 0;

/**
 * A signed-in guest without going through OTP: inserts a user and a live session in the test
 * D1 and signs an access token for it, exactly as the session core would; the guest has agreed to
 * the consent notice unless `consent: false`. Returns the user id
 * and the `Cookie` header (`tm_at`, the plain-http cookie name).
 */
export async function createSignedInUser(
  opts: { email?: string | null; phone?: string | null; consent?: boolean } = {},
) {
  counter += 1;
  const userId = crypto.randomUUID();
  const sessionId = crypto.randomUUID();
  const phone =
    opts.phone === undefined
      ? `+9198${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(2, '0')}`
      : opts.phone;
  await db(env.DB)
    .insert(users)
    .values({ id: userId, email: opts.email ?? null, phone });
  await db(env.DB)
    .insert(sessions)
    .values({ id: sessionId, userId, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  // A guest who agreed to the consent notice (issue 22), unless the test is about the notice.
  if (opts.consent !== false) await agreeToNotice(userId);
  const token = await signAccessToken(env.SESSION_SECRET, userId, sessionId);
  return { userId, phone, cookie: `tm_at=${token}` };
}

/** JSON request to the Worker with Origin set (the same-origin check) and an optional cookie. */
export function apiRequest(method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) {
  // A client address of its own per request, as Cloudflare sets it: per-address limits (holds,
  // coupon checks) never meet by accident across tests.
  const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 255)).join('.')}`;
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': address };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}
