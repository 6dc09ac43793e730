/** The access cookie's JWT: jose HS256, carrying the user and session ids (docs/decisions/001). */
import { errors as joseErrors } from 'jose';
import { signJwt, verifyJwt } from './jwt';

export const ACCESS_TTL_S = 15 * 60;
const AUDIENCE = 'tablemates-web';

export const signAccessToken = (secret: string, userId: string, sessionId: string, ttlS = ACCESS_TTL_S) =>
  signJwt(secret, AUDIENCE, userId, { sid: sessionId }, ttlS);

/** Verifies the token (lib/jwt.ts) and that it carries the user and session ids. */
export async function verifyAccessToken(secret: string, token: string) {
  const payload = await verifyJwt<{ sid: string }>(secret, AUDIENCE, token);
  if (!payload.sub || typeof payload.sid !== 'string')
    throw new joseErrors.JWTClaimValidationFailed('missing claims', payload);
  return { userId: payload.sub, sessionId: payload.sid, exp: payload.exp ?? 0 };
}
