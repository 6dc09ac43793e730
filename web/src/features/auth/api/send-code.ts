import { useMutation } from '@tanstack/react-query';
import { toE164 } from '@domain/phone';
import { api, type Success, unwrap } from '@/lib/api';

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

/** What a send answers: the E.164 number the code went to, and seconds until another may go. */
export type CodeSent = { phone: string; resend_in: number };
/** A way to send a code to a phone: sign-in's, or a signed-in guest's phone verification. */
export type SendCodeFn = (input: { phone: string; turnstile_token?: string }) => Promise<CodeSent>;

/**
 * Awaits a send to `phone` and keeps what it says for {@link nextSendAt} and
 * {@link codeStillFresh}: `resend_in` from a code, the Retry-After of a refusal. Every way of
 * sending goes through it, since the server's wait is the phone's, whichever flow asked.
 */
export async function trackSend<R extends { ok: boolean; status: number; headers: Headers; json(): Promise<unknown> }>(
  phone: string,
  call: Promise<R>,
): Promise<Success<R>> {
  // Refused by a rate limit: the countdown runs to the server's Retry-After instead.
  call.then(
    (res) => {
      const wait = Number(res.headers.get('Retry-After'));
      if (res.status === 429 && wait > 0) nextSend.set(keyOf(phone), Date.now() + wait * 1000);
    },
    () => undefined,
  );
  const sent = await unwrap(call);
  const { phone: to, resend_in } = sent as CodeSent;
  nextSend.set(keyOf(phone), Date.now() + resend_in * 1000);
  sentTo.set(keyOf(phone), to);
  return sent;
}

/**
 * POST /api/auth/otp/send: sends a 6-digit code by SMS; answers the E.164 number it went to and
 * `resend_in`, the seconds until the server will send this phone another (kept for {@link nextSendAt}).
 */
export const sendCode: SendCodeFn = (input) => trackSend(input.phone, api.auth.otp.send.$post({ json: input }));

/** Sends through `send` (sign-in's by default). */
export const useSendCode = (send: SendCodeFn = sendCode) => useMutation({ mutationFn: send });
