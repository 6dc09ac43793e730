import { useMutation } from '@tanstack/react-query';
import { toE164 } from '@domain/phone';
import { api, unwrap } from '@/lib/api';

/**
 * The number as the server limits it (E.164), so '98765 43210' and '09876543210' are one phone
 * here as they are there; what is not a valid phone is kept as typed.
 */
const keyOf = (phone: string) => toE164(phone) ?? phone.trim();

/** When the server will next send each phone a code, in epoch ms, from its last answer. */
const nextSend = new Map<string, number>();

/**
 * When 'Resend code' may go to `phone` (epoch ms): what the server said with the last code
 * (`resend_in`) or with a refusal (`Retry-After`); undefined if this page has not asked yet.
 */
export const nextSendAt = (phone: string) => nextSend.get(keyOf(phone));

/** The E.164 number each phone was last sent a code to, as the server answered it. */
const sentTo = new Map<string, string>();

/**
 * The number a code went to moments ago, while the server would still refuse another (the
 * countdown runs): a guest who taps 'Change Number' and comes back with the same phone goes
 * straight to that code instead of into 'Too many attempts'. Undefined otherwise.
 */
export function codeStillFresh(phone: string, now = Date.now()): string | undefined {
  const at = nextSend.get(keyOf(phone));
  return at !== undefined && at > now ? sentTo.get(keyOf(phone)) : undefined;
}

/**
 * POST /api/auth/otp/send: sends a 6-digit code by SMS; answers the E.164 number it went to and
 * `resend_in`, the seconds until the server will send this phone another (kept for {@link nextSendAt}).
 */
export async function sendCode(input: { phone: string; turnstile_token?: string }) {
  const call = api.auth.otp.send.$post({ json: input });
  // Refused by a rate limit: the countdown runs to the server's Retry-After instead.
  call.then(
    (res) => {
      const wait = Number(res.headers.get('Retry-After'));
      if (res.status === 429 && wait > 0) nextSend.set(keyOf(input.phone), Date.now() + wait * 1000);
    },
    () => undefined,
  );
  const sent = await unwrap(call);
  nextSend.set(keyOf(input.phone), Date.now() + sent.resend_in * 1000);
  sentTo.set(keyOf(input.phone), sent.phone);
  return sent;
}

export const useSendCode = () => useMutation({ mutationFn: sendCode });
