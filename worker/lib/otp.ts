import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { hmacSha256Hex, timingSafeEqual } from './crypto';
import { ApiError } from './errors';
import { TOO_MANY } from './rate-limit';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

/** SPEC §8 copy. */
export const OTP_MESSAGES = {
  noPending: 'Please request a new code.',
  expired: 'This code has expired. Please request a new one.',
  invalid: 'Invalid code',
} as const;

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
export async function issueCode(d1: D1Database, secret: string, phone: string, now = Date.now()): Promise<{ id: string; code: string }> {
  const code = generateCode();
  const id = crypto.randomUUID();
  const d = db(d1);
  const at = new Date(now).toISOString();
  await d.batch([
    d.update(otpCodes).set({ consumedAt: at }).where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt))),
    d.insert(otpCodes).values({ id, phone, codeHash: await codeHash(secret, phone, code), expiresAt: new Date(now + OTP_TTL_MS).toISOString(), createdAt: at }),
  ]);
  return { id, code };
}

/** Retires a code that could not be delivered, so it cannot be guessed either. */
export async function retireCode(d1: D1Database, id: string) {
  await db(d1).update(otpCodes).set({ consumedAt: new Date().toISOString() }).where(eq(otpCodes.id, id));
}

/**
 * Checks `code` for `phone` and consumes it. Throws the SPEC §8 message for each failure:
 * no pending code → 400 'Please request a new code.'; expired → 410; wrong → 400 'Invalid code'
 * (the fifth wrong try kills the code and answers 429 'Too many attempts…').
 */
export async function checkCode(d1: D1Database, secret: string, phone: string, code: string, now = Date.now()): Promise<void> {
  const d = db(d1);
  const row = await d
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .get();
  if (!row || row.attempts >= OTP_MAX_ATTEMPTS) throw new ApiError(400, 'no_pending_code', OTP_MESSAGES.noPending);
  if (Date.parse(row.expiresAt) <= now) throw new ApiError(410, 'code_expired', OTP_MESSAGES.expired);

  if (!timingSafeEqual(await codeHash(secret, phone, code), row.codeHash)) {
    // Counted atomically: parallel guesses cannot exceed the allowance.
    const bumped = await d
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`))
      .returning({ attempts: otpCodes.attempts });
    const attempts = bumped[0]?.attempts ?? OTP_MAX_ATTEMPTS;
    if (attempts >= OTP_MAX_ATTEMPTS) {
      await d.update(otpCodes).set({ consumedAt: new Date(now).toISOString() }).where(eq(otpCodes.id, row.id));
      throw new ApiError(429, 'too_many_attempts', TOO_MANY, undefined, { 'Retry-After': '30' });
    }
    throw new ApiError(400, 'invalid_code', OTP_MESSAGES.invalid);
  }

  const claimed = await d
    .update(otpCodes)
    .set({ consumedAt: new Date(now).toISOString() })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`))
    .returning({ id: otpCodes.id });
  if (claimed.length === 0) throw new ApiError(400, 'no_pending_code', OTP_MESSAGES.noPending);
}
