/**
 * Revocable JWT sessions (docs/decisions/001-revocable-jwt-sessions.md).
 *
 * - Access cookie: a jose HS256 JWT, 15 minutes, carrying the user and session ids.
 * - Refresh cookie: an opaque random token, 30 days; only its SHA-256 lives in D1. Each use
 *   rotates it; presenting an already-used token revokes the whole session (theft signal).
 * - Every request with a session checks the session row and the user in one D1 query, so
 *   sign-out and a disabled account take effect on the next request.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import type { AppEnv, SessionUser } from '../app-env';
import { randomToken, sha256Hex } from './crypto';

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
/** Renew the access token when it has less than this left (DESIGN.md). */
export const RENEW_WITHIN_S = 5 * 60;
/** How long a just-rotated refresh token is still accepted (concurrent requests). */
export const REUSE_GRACE_MS = 20_000;
const ISSUER = 'tablemates';
const AUDIENCE = 'tablemates-web';

type Ctx = Context<AppEnv>;

/** `__Host-` cookies need Secure, which plain-http localhost cannot set. */
function cookieNames(c: Ctx) {
  const secure = new URL(c.req.url).protocol === 'https:';
  return {
    secure,
    access: secure ? '__Host-tm_at' : 'tm_at',
    refresh: secure ? '__Host-tm_rt' : 'tm_rt',
  };
}

function cookieOptions(c: Ctx, maxAge: number): CookieOptions {
  return { httpOnly: true, sameSite: 'Lax', path: '/', secure: cookieNames(c).secure, maxAge };
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, userId: string, sessionId: string, ttlS = ACCESS_TTL_S): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(key(secret));
}

/** Verifies signature, algorithm (HS256 only: `alg: none` and others are refused), issuer, audience, expiry. */
export async function verifyAccessToken(secret: string, token: string) {
  const { payload } = await jwtVerify<{ sid: string }>(token, key(secret), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
  if (!payload.sub || typeof payload.sid !== 'string') throw new joseErrors.JWTClaimValidationFailed('missing claims', payload);
  return { userId: payload.sub, sessionId: payload.sid, exp: payload.exp ?? 0 };
}

async function issueTokens(c: Ctx, userId: string, sessionId: string) {
  const names = cookieNames(c);
  const refresh = randomToken(32);
  await db(c.env.DB).insert(refreshTokens).values({ hash: await sha256Hex(refresh), sessionId });
  setCookie(c, names.access, await signAccessToken(c.env.SESSION_SECRET, userId, sessionId), cookieOptions(c, ACCESS_TTL_S));
  setCookie(c, names.refresh, refresh, { ...cookieOptions(c, REFRESH_TTL_S), path: '/api' });
}

/** Starts a new session for `userId` and sets both cookies. */
export async function startSession(c: Ctx, userId: string): Promise<SessionUser> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + REFRESH_TTL_S * 1000).toISOString();
  await db(c.env.DB).insert(sessions).values({ id: sessionId, userId, expiresAt });
  await issueTokens(c, userId, sessionId);
  const u = await activeUser(c, userId, sessionId);
  if (!u) throw new Error('session vanished');
  c.set('user', u);
  return u;
}

/** The user behind a live session, or null (revoked, expired, disabled or missing). */
async function activeUser(c: Ctx, userId: string, sessionId: string): Promise<SessionUser | null> {
  const row = await db(c.env.DB)
    .select({ id: users.id, email: users.email, phone: users.phone, fullName: users.fullName, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), isNull(users.disabledAt)))
    .get();
  if (!row || row.expiresAt < new Date().toISOString()) return null;
  return { id: row.id, sessionId, email: row.email, phone: row.phone, fullName: row.fullName };
}

export function clearSessionCookies(c: Ctx) {
  const names = cookieNames(c);
  deleteCookie(c, names.access, { path: '/', secure: names.secure });
  deleteCookie(c, names.refresh, { path: '/api', secure: names.secure });
}

export async function revokeSession(c: Ctx, sessionId: string) {
  await db(c.env.DB).update(sessions).set({ revokedAt: new Date().toISOString() }).where(eq(sessions.id, sessionId));
}

/**
 * Rotates the refresh cookie: marks the presented token used (a conditional UPDATE, so two
 * racing requests cannot both win) and issues new tokens. A token that was already used
 * revokes its session.
 */
export async function refreshSession(c: Ctx): Promise<SessionUser | null> {
  const token = getCookie(c, cookieNames(c).refresh);
  if (!token) return null;
  const d = db(c.env.DB);
  const hash = await sha256Hex(token);
  const row = await d
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.hash, hash))
    .get();
  if (!row) return null;
  const claimed = await d
    .update(refreshTokens)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.hash, hash), isNull(refreshTokens.usedAt)))
    .returning({ hash: refreshTokens.hash });
  if (claimed.length === 0) {
    // Parallel requests from one tab may present the same token within moments: tolerate that
    // (the winner's response carries the new cookies). Any later reuse means theft.
    if (!row.usedAt || Date.now() - Date.parse(row.usedAt) < REUSE_GRACE_MS) return activeUser(c, row.userId, row.sessionId);
    await revokeSession(c, row.sessionId);
    console.warn(JSON.stringify({ level: 'warn', msg: 'refresh token reuse; session revoked', sessionId: row.sessionId }));
    return null;
  }
  const user = await activeUser(c, row.userId, row.sessionId);
  if (!user) return null;
  await issueTokens(c, user.id, row.sessionId);
  return user;
}

/**
 * Resolves the request's session: a valid access token (renewed when under five minutes are
 * left), else a refresh. Clears the cookies when neither yields a live session.
 */
export async function resolveSession(c: Ctx): Promise<SessionUser | null> {
  const names = cookieNames(c);
  const access = getCookie(c, names.access);
  const hadCookies = Boolean(access || getCookie(c, names.refresh));
  if (access) {
    try {
      const claims = await verifyAccessToken(c.env.SESSION_SECRET, access);
      const user = await activeUser(c, claims.userId, claims.sessionId);
      if (!user) {
        clearSessionCookies(c);
        return null;
      }
      if (claims.exp - Date.now() / 1000 < RENEW_WITHIN_S) {
        // A failed renewal may have just revoked the session (a replayed refresh token), so
        // the user is looked up again rather than trusted from before the refresh.
        const renewed = (await refreshSession(c)) ?? (await activeUser(c, claims.userId, claims.sessionId));
        if (!renewed) clearSessionCookies(c);
        return renewed;
      }
      return user;
    } catch {
      // Expired, tampered or foreign token: fall through to the refresh cookie.
    }
  }
  const refreshed = await refreshSession(c);
  if (!refreshed && hadCookies) clearSessionCookies(c);
  return refreshed;
}
