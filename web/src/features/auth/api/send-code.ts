import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** When the server will next send each phone (as typed) a code, in epoch ms, from its last answer. */
const nextSend = new Map<string, number>();

/**
 * When 'Resend code' may go to `phone` (epoch ms): what the server said with the last code
 * (`resend_in`) or with a refusal (`Retry-After`); undefined if this page has not asked yet.
 */
export const nextSendAt = (phone: string) => nextSend.get(phone);

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
      if (res.status === 429 && wait > 0) nextSend.set(input.phone, Date.now() + wait * 1000);
    },
    () => undefined,
  );
  const sent = await unwrap(call);
  nextSend.set(input.phone, Date.now() + sent.resend_in * 1000);
  return sent;
}

export const useSendCode = () => useMutation({ mutationFn: sendCode });
