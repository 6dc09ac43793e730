/**
 * Revocable sessions in D1 (docs/decisions/001-revocable-jwt-sessions.md). The cookies and JWTs
 * around them live in middleware/session.ts; here is what the database knows:
 * - a session row per signed-in device, revoked on sign-out or theft;
 * - refresh tokens by SHA-256 only; each use rotates it, and presenting an already-used token
 *   revokes the whole session (theft signal);
 * - every request with a session checks the session row and the user in one query, so sign-out
 *   and a disabled account take effect on the next request;
 * - a sign-in and a refresh stamp the account's last visit (`last_active_at`, issue 22).
 */
import { and, eq, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { ACTIVITY_STAMP_EVERY_MS } from '@domain/personal-data';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import type { SessionUser } from '../app-env';
import { randomToken, sha256Hex } from '../lib/crypto';

export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
/** How long a just-rotated refresh token is still accepted (concurrent requests from one tab). */
export const REUSE_GRACE_MS = 20_000;

/**
 * The account's last visit (issue 22: 3 years without one and it is erased), written at most once
 * a day so a refresh every 15 minutes costs no write; a visit after the inactivity notice always
 * writes, and cancels the erasure by clearing the notice.
 */
function stampActivity(d: Db, userId: string, now: Date, also?: SQL) {
  const staleBefore = new Date(now.getTime() - ACTIVITY_STAMP_EVERY_MS).toISOString();
  return d
    .update(users)
    .set({ lastActiveAt: now.toISOString(), inactivityNoticeAt: null })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, staleBefore), isNotNull(users.inactivityNoticeAt)),
        also,
      ),
    );
}

/** Starts a session for `userId` with its first refresh token, in one batch. */
export async function createSession(d: Db, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken(32);
  const expiresAt = new Date(Date.now() + REFRESH_TTL_S * 1000).toISOString();
  await d.batch([
    d.insert(sessions).values({ id: sessionId, userId, expiresAt }),
    d.insert(refreshTokens).values({ hash: await sha256Hex(refreshToken), sessionId }),
    stampActivity(d, userId, new Date()),
  ]);
  return { sessionId, refreshToken };
}

/** A new refresh token for a live session. */
export async function addRefreshToken(d: Db, sessionId: string): Promise<string> {
  const refreshToken = randomToken(32);
  await d.insert(refreshTokens).values({ hash: await sha256Hex(refreshToken), sessionId });
  return refreshToken;
}

/** The user behind a live session, or null (revoked, expired, disabled or missing). One query. */
export async function activeUser(d: Db, userId: string, sessionId: string): Promise<SessionUser | null> {
  const row = await d
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      fullName: users.fullName,
      role: users.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        isNull(users.disabledAt),
      ),
    )
    .get();
  if (!row || row.expiresAt < new Date().toISOString()) return null;
  return { id: row.id, sessionId, email: row.email, phone: row.phone, fullName: row.fullName, role: row.role };
}

export async function revokeSession(d: Db, sessionId: string) {
  await d.update(sessions).set({ revokedAt: new Date().toISOString() }).where(eq(sessions.id, sessionId));
}

/**
 * Spends a refresh token: marks it used (a conditional UPDATE, so two racing requests cannot both
 * win) and answers the session's user with a new token. A token presented again within
 * {@link REUSE_GRACE_MS} (parallel requests from one tab) answers the user without a new token;
 * any later reuse means theft and revokes the session.
 */
export async function spendRefreshToken(
  d: Db,
  token: string,
): Promise<{ user: SessionUser; nextToken: string | null } | null> {
  const hash = await sha256Hex(token);
  const row = await d
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.hash, hash))
    .get();
  if (!row) return null;
  const now = new Date();
  const [claimed] = await d.batch([
    d
      .update(refreshTokens)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(refreshTokens.hash, hash), isNull(refreshTokens.usedAt)))
      .returning({ hash: refreshTokens.hash }),
    // A visit, only if this very claim won (same batch, no extra round trip).
    stampActivity(
      d,
      row.userId,
      now,
      sql`EXISTS (SELECT 1 FROM refresh_tokens WHERE hash = ${hash} AND used_at = ${now.toISOString()})`,
    ),
  ]);
  if (claimed.length === 0) {
    if (!row.usedAt || Date.now() - Date.parse(row.usedAt) < REUSE_GRACE_MS) {
      const user = await activeUser(d, row.userId, row.sessionId);
      return user ? { user, nextToken: null } : null;
    }
    await revokeSession(d, row.sessionId);
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'refresh token reuse; session revoked', sessionId: row.sessionId }),
    );
    return null;
  }
  const user = await activeUser(d, row.userId, row.sessionId);
  if (!user) return null;
  return { user, nextToken: await addRefreshToken(d, row.sessionId) };
}
