import { api, unwrap } from '@/lib/api';
import type { SignUpInput } from '@domain/auth';

/**
 * POST /api/auth/signup: the booking dialog's email + password account, made with the code sent
 * to its phone (sign-in's `/otp/send`), so the account starts with that phone verified
 * (docs/decisions/028); starts a session. A phone or email that already has an account is a 409
 * (`phone_has_account`, `email_has_account`) saying how to sign in instead.
 */
export const signUp = (input: SignUpInput) => unwrap(api.auth.signup.$post({ json: input }));
