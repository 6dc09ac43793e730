/**
 * The product's signed tokens: jose HS256 JWTs keyed by `SESSION_SECRET`, issued by `tablemates`
 * for one audience each (the access cookie, the email link), so no token is ever taken for another.
 */
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tablemates';
const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs `claims` for `subject`, for `audience`, good for `ttlS` seconds. */
export const signJwt = (secret: string, audience: string, subject: string, claims: JWTPayload, ttlS: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(key(secret));

/** Verifies signature, algorithm (HS256 only: `alg: none` and others are refused), issuer, audience and expiry; throws otherwise. */
export async function verifyJwt<T extends JWTPayload>(secret: string, audience: string, token: string) {
  const { payload } = await jwtVerify<T>(token, key(secret), { algorithms: ['HS256'], issuer: ISSUER, audience });
  return payload;
}
