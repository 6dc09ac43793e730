/**
 * Password hashing with PBKDF2-SHA256 in WebCrypto. The Workers runtime in production refuses
 * more than 100,000 iterations (local workerd does not), so that is both our count and a hard
 * cap; the count is stored in each hash so it can change later.
 * Format: `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const b64 = (buf: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(buf)));
const unb64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (iterations > PBKDF2_MAX_ITERATIONS)
    throw new Error(`PBKDF2 iterations above the Workers cap (${PBKDF2_MAX_ITERATIONS})`);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS),
  );
}

/** @example const stored = await hashPassword('secret1') */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(await derive(password, salt, iterations))}`;
}

/** Constant-time check of `password` against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (
    scheme !== 'pbkdf2-sha256' ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PBKDF2_MAX_ITERATIONS ||
    !salt ||
    !hash
  )
    return false;
  const expected = unb64(hash);
  const actual = await derive(password, unb64(salt), iterations);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ expected[i];
  return diff === 0;
}

/**
 * A fixed, valid hash of a random password: checked when the email is unknown so an unknown
 * email costs the same time as a wrong password (no user enumeration by timing).
 */
export const DUMMY_HASH = 'pbkdf2-sha256$100000$3p1Tq8yQmJ2n4m8hLr7V0w==$Jr0b0mP2mKqW0v8Uo1o3H7c7bW2w9Qk8l2yqF5jDxVo=';
