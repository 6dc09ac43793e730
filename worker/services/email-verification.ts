/**
 * Confirming a profile email (docs/decisions/026): the signed link, its check, and the
 * "Confirm your email" message. Guest emails go only to a confirmed address
 * (`GuestContact.verifiedEmail`), so nobody can have us mail a stranger by typing their address.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema';
import { confirmEmailMessage } from '@domain/booking-messages';
import { EMAIL_CONFIRM_COPY } from '@domain/email-confirmation';
import type { Env } from '../env';
import { readEmailToken, signEmailToken, verifyEmailUrl } from '../lib/email-token';
import { ApiError } from '../lib/errors';
import { sendEmail } from '../providers/email';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';
import { consume, type Limit } from './rate-limit';

/** Resends per guest: a few tries for a slow inbox, never a way to flood someone's. */
const RESEND_LIMITS: readonly Limit[] = [{ windowS: 3600, max: 3 }];

/** The absolute link that confirms `email` for `userId`, good for 7 days. */
export async function confirmEmailUrl(env: Pick<Env, 'SESSION_SECRET' | 'APP_ORIGIN'>, userId: string, email: string) {
  return verifyEmailUrl(env.APP_ORIGIN, await signEmailToken(env.SESSION_SECRET, userId, email));
}

/**
 * Sends "Confirm your email" to `email` through `deliverOnce`: once per user and address, or once
 * per resend when `resentAt` is given.
 * @returns whether it is still owed (a transient failure)
 */
export async function sendConfirmEmail(
  env: Env,
  d: Db,
  guest: { userId: string; name: string; email: string },
  resentAt?: string,
): Promise<boolean> {
  const confirmUrl = await confirmEmailUrl(env, guest.userId, guest.email);
  return deliverOnce(
    d,
    { key: DELIVERY_KEYS.confirmEmail(guest.userId, guest.email, resentAt), channel: 'email', userId: guest.userId },
    (idempotencyKey) =>
      sendEmail(
        env,
        { to: guest.email, ...confirmEmailMessage({ name: guest.name, email: guest.email, confirmUrl }) },
        idempotencyKey,
      ),
  );
}

/**
 * Confirms the email a link names, for the user it names: no session needed, since the link
 * itself proves the inbox. 400 for a link that is not ours, tampered or expired, and for one whose
 * email the profile no longer holds. Confirming again changes nothing (the first time stays).
 */
export async function confirmEmail(env: Pick<Env, 'SESSION_SECRET'>, d: Db, token: string): Promise<void> {
  const claim = await readEmailToken(env.SESSION_SECRET, token);
  if (!claim)
    throw new ApiError(400, 'invalid_token', EMAIL_CONFIRM_COPY.invalidLink, { token: EMAIL_CONFIRM_COPY.invalidLink });
  const confirmed = await d
    .update(userProfiles)
    .set({ emailVerifiedAt: sql`coalesce(${userProfiles.emailVerifiedAt}, ${new Date().toISOString()})` })
    .where(and(eq(userProfiles.userId, claim.userId), eq(userProfiles.email, claim.email)))
    .returning({ id: userProfiles.id });
  if (confirmed.length === 0)
    throw new ApiError(400, 'stale_token', EMAIL_CONFIRM_COPY.staleLink, { token: EMAIL_CONFIRM_COPY.staleLink });
}

/**
 * Sends the confirmation link again to the signed-in guest's profile email: 409 when it is
 * confirmed already (or there is none), 429 past {@link RESEND_LIMITS}, 502 when the provider
 * failed (try again).
 */
export async function resendConfirmEmail(env: Env, d: Db, userId: string): Promise<void> {
  const profile = await d
    .select({ fullName: userProfiles.fullName, email: userProfiles.email, verifiedAt: userProfiles.emailVerifiedAt })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .get();
  if (!profile?.email) throw new ApiError(409, 'no_email', EMAIL_CONFIRM_COPY.noEmail);
  if (profile.verifiedAt) throw new ApiError(409, 'email_confirmed', EMAIL_CONFIRM_COPY.alreadyConfirmed);
  await consume(d, `confirm-email:user:${userId}`, RESEND_LIMITS);
  const owed = await sendConfirmEmail(
    env,
    d,
    { userId, name: profile.fullName ?? '', email: profile.email },
    new Date().toISOString(),
  );
  if (owed) throw new ApiError(502, 'send_failed', EMAIL_CONFIRM_COPY.sendFailed);
}
