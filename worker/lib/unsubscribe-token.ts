/**
 * The unsubscribe link of every marketing email (issue 22): the address with an HMAC-SHA256 over
 * it, keyed by `SESSION_SECRET` under its own label so no other signature of ours is ever taken
 * for it. Only the address: no account id travels in a link (the address's owners are found by it
 * when the link is used). No expiry: an unsubscribe link in an old email must still work. No
 * sign-in needed: the signature is the proof, and all it can do is say "stop".
 */
import { hmacSha256Hex, timingSafeEqual, toBase64Url } from './crypto';

const LABEL = 'tablemates-unsubscribe-v1';

type Payload = { email: string };

const fromBase64Url = (s: string) => {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
};

const sign = (secret: string, body: string) => hmacSha256Hex(secret, `${LABEL}.${body}`);

/**
 * A token for `email` (lower-cased).
 * @example await signUnsubscribeToken(env.SESSION_SECRET, 'asha@example.in') // 'eyJlIjoi….3f9a…'
 */
export async function signUnsubscribeToken(secret: string, email: string): Promise<string> {
  const body = toBase64Url(new TextEncoder().encode(JSON.stringify({ e: email.toLowerCase() })));
  return `${body}.${await sign(secret, body)}`;
}

/**
 * The address a token names, or null for anything we did not sign (forged, altered, truncated).
 * Tokens signed before the account id was dropped (`u`) still read: only their address is used.
 */
export async function readUnsubscribeToken(secret: string, token: string): Promise<Payload | null> {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  if (!timingSafeEqual(mac, await sign(secret, body))) return null;
  try {
    const p = JSON.parse(fromBase64Url(body)) as { e?: unknown };
    if (typeof p.e !== 'string' || !p.e) return null;
    return { email: p.e };
  } catch {
    return null;
  }
}

/**
 * The public page a token opens.
 * @example unsubscribeUrl('https://tablemates.in/', 'eyJ….3f') // 'https://tablemates.in/unsubscribe?token=eyJ….3f'
 */
export const unsubscribeUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * The `List-Unsubscribe` address (RFC 8058 one-click): the API's, which a mail app may POST to.
 * @example unsubscribeOneClickUrl('https://tablemates.in', 'eyJ….3f') // 'https://tablemates.in/api/unsubscribe/one-click?token=eyJ….3f'
 */
export const unsubscribeOneClickUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`;
