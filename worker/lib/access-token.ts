/** The access cookie's JWT: jose HS256, carrying the user and session ids (docs/decisions/001). */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_S = 15 * 60;
const ISSUER = 'tablemates';
const AUDIENCE = 'tablemates-web';

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  userId: string,
  sessionId: string,
  ttlS = ACCESS_TTL_S,
): Promise<string> {
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
  const { payload } = await jwtVerify<{ sid: string }>(token, key(secret), {
    algorithms: ['HS256'],
    issuer: ISSUER,
    audience: AUDIENCE,
  });
  if (!payload.sub || typeof payload.sid !== 'string')
    throw new joseErrors.JWTClaimValidationFailed('missing claims', payload);
  return { userId: payload.sub, sessionId: payload.sid, exp: payload.exp ?? 0 };
}
