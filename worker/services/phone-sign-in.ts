/** Sign-in by a code sent over SMS (SPEC §2 Sign-in, §8), with the bot check and durable limits. */
import type { Db } from '../../db/client';
import { OTP_RESEND_AFTER_S, OTP_SENDS_PER_HOUR } from '@domain/auth';
import { COPY } from '@domain/copy';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { sendOtpSms } from '../providers/sms';
import { turnstileEnabled, verifyTurnstile } from '../providers/turnstile';
import { userForPhone } from './accounts';
import { checkCode, issueCode, retireCode } from './otp';
import { consume, pruneOld, secondsUntilRoom } from './rate-limit';

/**
 * Rate limits (durable, in D1). Per phone: 1 per 30 s and 5 per hour. Per address the limits are
 * looser on purpose: Indian mobile carriers put many guests behind one CGNAT address, and
 * guessing is already bounded per code (5 tries) and per email.
 */
export const LIMITS = {
  sendPerPhone: [
    { windowS: OTP_RESEND_AFTER_S, max: 1 },
    { windowS: 3600, max: OTP_SENDS_PER_HOUR },
  ],
  sendPerIp: [{ windowS: 3600, max: 100 }],
  verifyPerIp: [{ windowS: 600, max: 100 }],
  signinPerEmail: [{ windowS: 900, max: 10 }],
  passwordPerIp: [{ windowS: 900, max: 100 }],
};

/** The calling codes sign-in codes may go to (SMS_COUNTRIES), e.g. ['+91']. */
export const servedCountries = (env: Pick<Env, 'SMS_COUNTRIES'>) =>
  (env.SMS_COUNTRIES || '+91').split(',').map((code) => code.trim());

/** Public settings the sign-in page needs: the Turnstile site key when the bot check is on. */
export const signInSettings = (env: Env) => ({
  turnstile_site_key: turnstileEnabled(env) ? env.TURNSTILE_SITE_KEY : null,
});

/**
 * Sends a 6-digit code to `phone` (E.164). The bot check runs when configured; a code that could
 * not be delivered is retired, so it can never be guessed either.
 * @returns `resendIn`: seconds until this phone may be sent another code (the per-phone limits,
 * read after this send: 30, or longer once the hour's allowance is spent), and a clean-up to run
 * after the response (old rate-limit events)
 */
export async function sendSignInCode(
  env: Env,
  d: Db,
  input: { phone: string; turnstileToken?: string; ip: string },
): Promise<{ resendIn: number; cleanUp: () => Promise<unknown> }> {
  // Codes cost money per message and SMS pumping fraud targets premium numbers abroad: only the
  // countries we serve, and a ceiling on all sends together.
  if (!servedCountries(env).some((code) => input.phone.startsWith(code))) {
    throw new ApiError(400, 'country_not_served', COPY.auth.countryNotServed, { phone: COPY.auth.countryNotServed });
  }
  if (turnstileEnabled(env)) {
    const check = input.turnstileToken ? await verifyTurnstile(env, input.turnstileToken, input.ip) : null;
    if (!check?.ok) throw new ApiError(400, 'bot_check_failed', COPY.auth.sendFailed);
  }
  await consume(d, `otp-send:ip:${input.ip}`, LIMITS.sendPerIp);
  await consume(d, `otp-send:phone:${input.phone}`, LIMITS.sendPerPhone);
  await consumeGlobalSend(env, d);
  const { id, code } = await issueCode(d, env.SESSION_SECRET, input.phone);
  const sent = await sendOtpSms(env, input.phone, code);
  if (!sent.ok) {
    await retireCode(d, id);
    console.error(
      JSON.stringify({ level: 'error', msg: 'otp sms failed', provider: env.SMS_PROVIDER, error: sent.error }),
    );
    throw new ApiError(502, 'send_failed', COPY.auth.sendFailed);
  }
  const phoneKey = `otp-send:phone:${input.phone}`;
  return { resendIn: await secondsUntilRoom(d, phoneKey, LIMITS.sendPerPhone), cleanUp: () => pruneOld(d) };
}

/** The hourly cap on all sign-in codes together; reaching it writes an alert line operators watch for. */
async function consumeGlobalSend(env: Pick<Env, 'SMS_HOURLY_CAP'>, d: Db) {
  const cap = Number(env.SMS_HOURLY_CAP || 300);
  try {
    await consume(d, 'otp-send:all', [{ windowS: 3600, max: cap }]);
  } catch (error) {
    console.error(JSON.stringify({ level: 'alert', msg: 'SMS hourly cap reached: sign-in codes are refused', cap }));
    throw error;
  }
}

/**
 * Checks and spends the code sent to `phone`, under the per-address verify limit: what proves a
 * guest holds the phone, for signing in with it, for verifying it on a signed-in account and for
 * signing up with it (services/phone-verification.ts) alike. Throws the SPEC §8 refusals (see
 * `checkCode`). `keep`: a right code stays pending (see `checkCode`).
 */
export async function checkPhoneCode(
  env: Env,
  d: Db,
  input: { phone: string; code: string; ip: string },
  keep = false,
): Promise<void> {
  await consume(d, `otp-verify:ip:${input.ip}`, LIMITS.verifyPerIp);
  await checkCode(d, env.SESSION_SECRET, input.phone, input.code, Date.now(), keep);
}

/** Checks the code and answers the user owning the phone (created on first sign-in). */
export async function verifySignInCode(
  env: Env,
  d: Db,
  input: { phone: string; code: string; ip: string },
): Promise<string> {
  await checkPhoneCode(env, d, input);
  return userForPhone(d, input.phone);
}
