/**
 * One D1 session per request, for D1's read replication (docs/decisions/008-read-replication.md):
 * reads may be answered by a replica near the guest, and the bookmark of what this guest has
 * written travels in a cookie, so their next request reads from a replica at least that fresh:
 * a guest always reads their own writes.
 * https://developers.cloudflare.com/d1/best-practices/read-replication/
 */
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { db } from '../../db/client';
import type { AppEnv } from '../app-env';
import { needsSecureCookies } from './session';

export const BOOKMARK_COOKIE = 'tm_d1';
const SAFE_METHODS = new Set(['GET', 'HEAD']);
/** D1 bookmarks are short hex strings; anything else in the cookie is ignored. */
const BOOKMARK_SHAPE = /^[\w-]{1,256}$/;

/**
 * Opens the session: from the guest's bookmark when they have one; otherwise any replica for a
 * read (`first-unconstrained`) and the primary for a write (`first-primary`). After a write, or
 * when the guest already carried one, the new bookmark goes back in the cookie. A public read by
 * a guest who never wrote sets no cookie.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const carried = getCookie(c, BOOKMARK_COOKIE);
  const bookmark = carried && BOOKMARK_SHAPE.test(carried) ? carried : undefined;
  const safe = SAFE_METHODS.has(c.req.method);
  const session = c.env.DB.withSession(bookmark ?? (safe ? 'first-unconstrained' : 'first-primary'));
  c.set('db', db(session));
  await next();
  const latest = session.getBookmark();
  if (latest && latest !== bookmark && (bookmark || !safe)) {
    // A day is far longer than replication lag; after that any replica is fresh enough.
    setCookie(c, BOOKMARK_COOKIE, latest, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: needsSecureCookies(c),
      maxAge: 86_400,
    });
  }
});
