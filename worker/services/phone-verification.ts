/**
 * Proving a phone for an account: a signed-in guest verifying one on their own account (issue 19:
 * a seat needs a verified phone, and Google, or an email + password account made before issue 24,
 * never verified one), and the booking dialog's sign-up, which verifies its phone before the
 * account exists (issue 24).
 *
 * Nothing here is a second copy of phone sign-in: the code is sent by `sendSignInCode` (the
 * served countries, the bot check, the per-phone, per-address and hourly limits, the resend wait)
 * and checked by `checkPhoneCode` (keyed hash, expiry, five tries, one use). A code proves who holds
 * the phone, so it is the same code whichever of the two spends it: the SMS is the one approved
 * template (DLT), and signing in with the phone or verifying it here needs exactly that proof.
 *
 * `users.phone` is the verified phone and unique. A phone that already belongs to another account
 * is refused, never merged, and only after the code is right: asking whether a number has an
 * account costs holding that number, so the refusal tells its holder nothing they could not learn
 * by signing in with it (decision 011's concern, for phones).
 */
import { and, eq, exists, isNull, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { userProfiles, users } from '../../db/schema';
import type { SessionUser } from '../app-env';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { createPasswordAccount, phoneHasAccount } from './accounts';
import { checkPhoneCode, sendSignInCode } from './phone-sign-in';

/** The refusals of this flow, word for word as the booking box shows them. */
export const PHONE_VERIFICATION_COPY = {
  alreadyVerified: 'Your phone number is already verified.',
  phoneTaken:
    'This phone number is already linked to another Tablemates account. Sign out, then sign in with this phone number to book.',
} as const;

const alreadyVerified = () => new ApiError(409, 'phone_already_verified', PHONE_VERIFICATION_COPY.alreadyVerified);
const phoneTaken = () =>
  new ApiError(409, 'phone_taken', PHONE_VERIFICATION_COPY.phoneTaken, { phone: PHONE_VERIFICATION_COPY.phoneTaken });

const isUniquePhoneViolation = (e: unknown) =>
  /UNIQUE constraint failed: users\.phone/i.test(
    String((e as Error)?.message ?? e) + String((e as { cause?: unknown })?.cause ?? ''),
  );

/**
 * Sends a code to `phone` (E.164) for the signed-in `user`, exactly as sign-in sends one; 409 when
 * the account already has a verified phone (no SMS spent on it).
 * @returns as `sendSignInCode`: `resendIn` seconds and a clean-up to run after the response
 */
export async function sendVerificationCode(
  env: Env,
  d: Db,
  user: SessionUser,
  input: { phone: string; turnstileToken?: string; ip: string },
) {
  if (user.phone) throw alreadyVerified();
  return sendSignInCode(env, d, input);
}

/**
 * Checks the code and makes `phone` the verified phone of `user` (and their profile's
 * `phone_number`), in one batch. 409 when the account already has one, or, once the code is right,
 * when another account holds the phone.
 * @returns the user as the session now sees them
 * @example const verified = await verifyPhoneForUser(env, d, user, { phone: '+919876543210', code: '123456', ip })
 */
export async function verifyPhoneForUser(
  env: Env,
  d: Db,
  user: SessionUser,
  input: { phone: string; code: string; ip: string },
): Promise<SessionUser> {
  if (user.phone) throw alreadyVerified();
  await checkPhoneCode(env, d, input);
  const { phone } = input;
  const holder = alias(users, 'holder');
  const now = new Date().toISOString();
  let claimed: { id: string }[];
  let profiled: { id: string }[];
  try {
    // Conditional on both: this account has no phone yet, and no account holds this one (the
    // UNIQUE index decides a race between two accounts; the loser lands in the catch). The
    // profile follows in the same batch, only when the account took the phone.
    [claimed, profiled] = await d.batch([
      d
        .update(users)
        .set({ phone })
        .where(
          and(
            eq(users.id, user.id),
            isNull(users.phone),
            notExists(d.select({ id: holder.id }).from(holder).where(eq(holder.phone, phone))),
          ),
        )
        .returning({ id: users.id }),
      d
        .update(userProfiles)
        .set({ phoneNumber: phone, updatedAt: now })
        .where(
          and(
            eq(userProfiles.userId, user.id),
            exists(
              d
                .select({ id: holder.id })
                .from(holder)
                .where(and(eq(holder.id, user.id), eq(holder.phone, phone))),
            ),
          ),
        )
        .returning({ id: userProfiles.id }),
    ]);
  } catch (e) {
    if (isUniquePhoneViolation(e)) throw phoneTaken();
    throw e;
  }
  if (claimed.length === 0) {
    const row = await d.select({ phone: users.phone }).from(users).where(eq(users.id, user.id)).get();
    // A second tab verified this very phone a moment ago: the same outcome, so the same answer.
    if (row?.phone !== phone) throw row?.phone ? alreadyVerified() : phoneTaken();
  } else if (profiled.length === 0) {
    // No profile row yet (rare: every way in makes one): start it with the phone, as sign-in does.
    await d
      .insert(userProfiles)
      .values({ id: crypto.randomUUID(), userId: user.id, phoneNumber: phone })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { phoneNumber: phone, updatedAt: now } });
  }
  return { ...user, phone };
}

/**
 * The booking dialog's sign-up (issue 24, docs/decisions/028-one-account-per-phone.md): the
 * account is made only with the code sent to its phone (sign-in's `/otp/send`, so the same
 * sender, code store and limits), and starts with that phone verified, so a later code sign-in
 * with it reaches this same account.
 *
 * The order says nothing to whoever does not hold the phone: a wrong code is refused the same
 * whatever the phone and email. A right code for a phone that has an account is refused with the
 * way in (sign in with a code), and the code is left pending so that sign-in can spend it at
 * once; an email that has an account is refused with how to sign in to it, and that code is spent,
 * so asking about emails costs a code to a phone one holds for each (5 an hour per phone).
 * @returns the new user's id
 * @throws the code's refusals (`checkCode`), 409 `phone_has_account`, 409 `email_has_account`
 */
export async function signUpWithPhoneCode(
  env: Env,
  d: Db,
  input: { full_name: string; phone: string; email: string; password: string; code: string; ip: string },
): Promise<string> {
  const { code, ip, ...details } = input;
  // Read before the code is checked, whatever the phone, so the time taken says nothing either.
  const phoneHeld = Boolean(await d.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).get());
  await checkPhoneCode(env, d, { phone: input.phone, code, ip }, phoneHeld);
  if (phoneHeld) throw phoneHasAccount();
  return createPasswordAccount(d, details);
}
