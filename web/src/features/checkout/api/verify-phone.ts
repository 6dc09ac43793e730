import { type SendCodeFn, trackSend } from '@/features/auth/api/send-code';
import { api, unwrap } from '@/lib/api';

/**
 * POST /api/auth/phone/send: a code to the signed-in guest's phone, to verify it on their account
 * before booking (issue 19). The server's wait is the phone's, shared with sign-in, so the send is
 * tracked the same way for 'Resend code'.
 */
export const sendVerificationCode: SendCodeFn = (input) =>
  trackSend(input.phone, api.auth.phone.send.$post({ json: input }));

/** POST /api/auth/phone/verify: checks the code and makes the phone this account's; answers the session. */
export const verifyPhone = (input: { phone: string; code: string }) =>
  unwrap(api.auth.phone.verify.$post({ json: input }));
