/**
 * One D1 session per request, for D1's read replication (docs/decisions/008-read-replication.md):
 * reads may be answered by a replica near the guest, and the bookmark of what this guest has
 * written travels in a cookie, so their next request reads from a replica at least that fresh:
 * a guest always reads their own writes.
 * https://developers.cloudflare.com/d1/best-practices/read-replication/
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { db } from '../../db/client';
import type { AppEnv } from '../app-env';
import { needsSecureCookies } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
/** D1 bookmarks are short strings of hex groups; anything else in the cookie is ignored. */
const BOOKMARK_SHAPE = /^[\w-]{1,256}$/;

/** `__Host-` where cookies are Secure, so a sibling subdomain cannot plant one. */
const bookmarkCookie = (c: Context) => (needsSecureCookies(c) ? '__Host-tm_d1' : 'tm_d1');

/**
 * Opens the session: from the guest's bookmark when they have one; otherwise any replica for a
 * read (`first-unconstrained`) and the primary for a write (`first-primary`). A bookmark D1 does
 * not accept (another database's, a restored one's) is dropped, never an error.
 *
 * After the request the newest bookmark goes back in the cookie when the request may have
 * written: an unsafe method, or a GET that set cookies (signing in through Google's callback
 * creates the user and session; renewing a session rotates its refresh token). A guest who already
 * carries a bookmark has it advanced. A public read by a guest who never wrote sets no cookie.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const name = bookmarkCookie(c);
  const carried = getCookie(c, name);
  const bookmark = carried && BOOKMARK_SHAPE.test(carried) ? carried : undefined;
  const safe = SAFE_METHODS.has(c.req.method);
  const fallback = safe ? 'first-unconstrained' : 'first-primary';
  let session: D1DatabaseSession;
  try {
    session = c.env.DB.withSession(bookmark ?? fallback);
  } catch {
    session = c.env.DB.withSession(fallback);
  }
  c.set('db', db(session));
  await next();
  const wrote = !safe || c.res.headers.getSetCookie().length > 0;
  const latest = session.getBookmark();
  if (latest && latest !== bookmark && (bookmark || wrote)) {
    // A day is far longer than replication lag; after that any replica is fresh enough.
    setCookie(c, name, latest, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: needsSecureCookies(c),
      maxAge: 86_400,
    });
  }
});
