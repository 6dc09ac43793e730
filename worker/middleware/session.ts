/**
 * Session cookies (docs/decisions/001-revocable-jwt-sessions.md): a 15-minute access JWT and a
 * 30-day rotating refresh token, both HttpOnly; what stands behind them lives in D1
 * (services/sessions.ts).
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { CookieOptions } from 'hono/utils/cookie';
import type { AppEnv, SessionUser } from '../app-env';
import { COPY } from '@domain/copy';
import type { Role } from '@domain/roles';
import { ACCESS_TTL_S, signAccessToken, verifyAccessToken } from '../lib/access-token';
import { ApiError } from '../lib/errors';
import { activeUser, createSession, REFRESH_TTL_S, revokeSession, spendRefreshToken } from '../services/sessions';
import { CONSOLE_COPY } from '@domain/copy-console';

/** Renew the access token when it has less than this left (DESIGN.md). */
export const RENEW_WITHIN_S = 5 * 60;

type Ctx = Context<AppEnv>;

/** Where a browser may be talking plain http to us on purpose: local development and tests. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether cookies must carry `Secure` (and so may use the `__Host-` prefix): everywhere but plain
 * http on localhost. A plain-http request to any other host gets Secure cookies too, which a
 * browser will not store over http: failing closed rather than sending a session in clear.
 */
export const needsSecureCookies = (c: Context) => {
  const url = new URL(c.req.url);
  return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
};

function cookieNames(c: Ctx) {
  const secure = needsSecureCookies(c);
  // `__Host-` demands Path=/, so the refresh cookie, sent only to /api, is `__Secure-`.
  return { secure, access: secure ? '__Host-tm_at' : 'tm_at', refresh: secure ? '__Secure-tm_rt' : 'tm_rt' };
}

function cookieOptions(c: Ctx, maxAge: number): CookieOptions {
  return { httpOnly: true, sameSite: 'Lax', path: '/', secure: cookieNames(c).secure, maxAge };
}

async function setSessionCookies(c: Ctx, userId: string, sessionId: string, refreshToken: string) {
  const names = cookieNames(c);
  setCookie(
    c,
    names.access,
    await signAccessToken(c.env.SESSION_SECRET, userId, sessionId),
    cookieOptions(c, ACCESS_TTL_S),
  );
  setCookie(c, names.refresh, refreshToken, { ...cookieOptions(c, REFRESH_TTL_S), path: '/api' });
}

function clearSessionCookies(c: Ctx) {
  const names = cookieNames(c);
  deleteCookie(c, names.access, { path: '/', secure: names.secure });
  deleteCookie(c, names.refresh, { path: '/api', secure: names.secure });
}

/** Signs `userId` in, first ending any session this browser already had (no orphaned sessions). */
export async function signIn(c: Ctx, userId: string): Promise<SessionUser> {
  const d = c.var.db;
  const current = c.get('user');
  if (current) await revokeSession(d, current.sessionId);
  const { sessionId, refreshToken } = await createSession(d, userId);
  await setSessionCookies(c, userId, sessionId, refreshToken);
  const user = await activeUser(d, userId, sessionId);
  if (!user) throw new Error('session vanished');
  c.set('user', user);
  return user;
}

/** Revokes the session server-side and clears the cookies; fine when already signed out. */
export async function signOut(c: Ctx): Promise<void> {
  const user = c.get('user');
  if (user) await revokeSession(c.var.db, user.sessionId);
  clearSessionCookies(c);
}

async function refresh(c: Ctx): Promise<SessionUser | null> {
  const token = getCookie(c, cookieNames(c).refresh);
  if (!token) return null;
  const spent = await spendRefreshToken(c.var.db, token);
  if (!spent) return null;
  if (spent.nextToken) await setSessionCookies(c, spent.user.id, spent.user.sessionId, spent.nextToken);
  return spent.user;
}

/**
 * The request's session: a valid access token (renewed when under five minutes are left), else
 * a refresh. Clears the cookies when neither yields a live session.
 */
async function resolveSession(c: Ctx): Promise<SessionUser | null> {
  const names = cookieNames(c);
  const access = getCookie(c, names.access);
  const hadCookies = Boolean(access || getCookie(c, names.refresh));
  if (access) {
    try {
      const claims = await verifyAccessToken(c.env.SESSION_SECRET, access);
      const user = await activeUser(c.var.db, claims.userId, claims.sessionId);
      if (!user) {
        clearSessionCookies(c);
        return null;
      }
      if (claims.exp - Date.now() / 1000 < RENEW_WITHIN_S) {
        // A failed renewal may have just revoked the session (a replayed refresh token), so
        // the user is looked up again rather than trusted from before the refresh.
        const renewed = (await refresh(c)) ?? (await activeUser(c.var.db, claims.userId, claims.sessionId));
        if (!renewed) clearSessionCookies(c);
        return renewed;
      }
      return user;
    } catch {
      // Expired, tampered or foreign token: fall through to the refresh cookie.
    }
  }
  const refreshed = await refresh(c);
  if (!refreshed && hadCookies) clearSessionCookies(c);
  return refreshed;
}

/** Resolves the session cookies into `c.var.user` (null when signed out). */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await resolveSession(c));
  await next();
});

/** What a handler behind `requireSignedIn` sees: `c.get('user')` is never null there. */
type SignedInEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { user: SessionUser } };

/**
 * 401 with `message` unless a user is signed in; narrows `c.get('user')` for the handler.
 * @example profileRoutes.put('/', requireSignedIn(COPY.profile.notLoggedIn), handler)
 */
export function requireSignedIn(message: string = COPY.common.notSignedIn) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (!(c.get('user') as SessionUser | null)) throw new ApiError(401, 'unauthorized', message);
    await next();
  });
}

/** 401 unless a user is signed in (the common case of {@link requireSignedIn}). */
export const requireUser = requireSignedIn();

/**
 * 401 when signed out, 403 when the signed-in user holds none of `roles` (docs/decisions/013).
 * Needs `loadSession` before it; the role comes with the session's one query.
 * @example new Hono<AppEnv>().use(loadSession, requireRole('operator'))
 */
export function requireRole(...roles: [Role, ...Role[]]) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const user = c.get('user') as SessionUser | null;
    if (!user) throw new ApiError(401, 'unauthorized', COPY.common.notSignedIn);
    if (!roles.includes(user.role)) throw new ApiError(403, 'forbidden', CONSOLE_COPY.admin.forbidden);
    await next();
  });
}
