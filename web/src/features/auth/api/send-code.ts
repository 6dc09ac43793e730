import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** POST /api/auth/otp/send: sends a 6-digit code by SMS; answers the E.164 number it went to. */
export const sendCode = (input: { phone: string; turnstile_token?: string }) =>
  unwrap(api.auth.otp.send.$post({ json: input }));

export const useSendCode = () => useMutation({ mutationFn: sendCode });
