/**
 * The link that confirms a profile email (docs/decisions/026): a jose HS256 JWT signed with
 * `SESSION_SECRET`, as the session's access token is, naming its purpose, the user and the email
 * it confirms, good for 7 days. Its audience and purpose differ from the access token's, so
 * neither is ever taken for the other.
 */
import { signJwt, verifyJwt } from './jwt';

const EMAIL_TOKEN_TTL_S = 7 * 24 * 3600;
const AUDIENCE = 'tablemates-email';
const PURPOSE = 'verify-email';

/** A token confirming that `email` belongs to `userId`. */
export const signEmailToken = (secret: string, userId: string, email: string, ttlS = EMAIL_TOKEN_TTL_S) =>
  signJwt(secret, AUDIENCE, userId, { purpose: PURPOSE, email }, ttlS);

/**
 * The user and email a token confirms, or null for anything not a live token of ours with this
 * purpose (tampered, expired, another algorithm, another kind of token).
 */
export async function readEmailToken(secret: string, token: string): Promise<{ userId: string; email: string } | null> {
  try {
    const payload = await verifyJwt<{ purpose?: unknown; email?: unknown }>(secret, AUDIENCE, token);
    if (payload.purpose !== PURPOSE || !payload.sub || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}

/**
 * The page a token opens.
 * @example verifyEmailUrl('https://tablemates.in/', 'eyJ…') // 'https://tablemates.in/verify-email?token=eyJ…'
 */
export const verifyEmailUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/verify-email?token=${encodeURIComponent(token)}`;
