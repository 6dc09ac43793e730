import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { COPY } from '@domain/copy';
import { hmacSha256Hex, timingSafeEqual } from '../lib/crypto';
import { ApiError } from '../lib/errors';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

/** Six uniformly random digits (rejection sampling keeps the distribution flat). */
export function generateCode(): string {
  const buf = new Uint32Array(1);
  const limit = 4_294_000_000; // largest multiple of 1,000,000 below 2^32
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return String(buf[0] % 1_000_000).padStart(6, '0');
  }
}

/**
 * Codes are stored only as HMAC(key, phone:code). The key is derived from SESSION_SECRET so a
 * leaked table cannot be brute-forced offline (a million candidates is nothing unkeyed).
 */
async function codeHash(secret: string, phone: string, code: string): Promise<string> {
  const key = await hmacSha256Hex(secret, 'tablemates/otp-code-key/v1');
  return hmacSha256Hex(key, `${phone}:${code}`);
}

/** Stores a new code for `phone`, retiring any earlier pending one (only the latest counts). */
export async function issueCode(
  d: Db,
  secret: string,
  phone: string,
  now = Date.now(),
): Promise<{ id: string; code: string }> {
  const code = generateCode();
  const id = crypto.randomUUID();
  const at = new Date(now).toISOString();
  await d.batch([
    d
      .update(otpCodes)
      .set({ consumedAt: at })
      .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt))),
    d.insert(otpCodes).values({
      id,
      phone,
      codeHash: await codeHash(secret, phone, code),
      expiresAt: new Date(now + OTP_TTL_MS).toISOString(),
      createdAt: at,
    }),
  ]);
  return { id, code };
}

/** Retires a code that could not be delivered, so it cannot be guessed either. */
export async function retireCode(d: Db, id: string) {
  await d.update(otpCodes).set({ consumedAt: new Date().toISOString() }).where(eq(otpCodes.id, id));
}

/**
 * Checks `code` for `phone` and consumes it. Throws the SPEC §8 message for each failure:
 * no pending code → 400 'Please request a new code.'; expired → 410; wrong → 400 'Invalid code'
 * (the fifth wrong try kills the code and answers 429 'Too many attempts…').
 * `keep`: a right code is left pending instead of spent, for a caller that refuses what the code
 * was for and offers to sign in with the same code (a sign-up whose phone already has an account,
 * docs/decisions/028); wrong tries count as always.
 */
export async function checkCode(
  d: Db,
  secret: string,
  phone: string,
  code: string,
  now = Date.now(),
  keep = false,
): Promise<void> {
  const row = await d
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .get();
  if (!row || row.attempts >= OTP_MAX_ATTEMPTS) throw new ApiError(400, 'no_pending_code', COPY.auth.noPendingCode);
  if (Date.parse(row.expiresAt) <= now) throw new ApiError(410, 'code_expired', COPY.auth.codeExpired);

  if (!timingSafeEqual(await codeHash(secret, phone, code), row.codeHash)) {
    // Counted atomically: parallel guesses cannot exceed the allowance.
    const bumped = await d
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`))
      .returning({ attempts: otpCodes.attempts });
    const attempts = bumped[0]?.attempts ?? OTP_MAX_ATTEMPTS;
    if (attempts >= OTP_MAX_ATTEMPTS) {
      await d
        .update(otpCodes)
        .set({ consumedAt: new Date(now).toISOString() })
        .where(eq(otpCodes.id, row.id));
      throw new ApiError(429, 'too_many_attempts', COPY.common.tooMany, undefined, { 'Retry-After': '30' });
    }
    throw new ApiError(400, 'invalid_code', COPY.auth.codeTitle);
  }
  if (keep) return;

  const claimed = await d
    .update(otpCodes)
    .set({ consumedAt: new Date(now).toISOString() })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`))
    .returning({ id: otpCodes.id });
  if (claimed.length === 0) throw new ApiError(400, 'no_pending_code', COPY.auth.noPendingCode);
}
