/**
 * Sign-in request schemas, shared by the API and the web forms so both apply the same rules and
 * the same SPEC §5/§8 copy. Phones leave these schemas as E.164 and emails lower-cased.
 */
import * as v from 'valibot';
import { COPY } from './copy';
import { emailSchema } from './email';
import { PhoneSchema } from './phone';

export { PhoneSchema };

/** Length of a sign-in code (SPEC §9). */
export const OTP_LENGTH = 6;

/**
 * How often one phone may be sent a code (SPEC §8 "Too many requests" otherwise): one per
 * {@link OTP_RESEND_AFTER_S} seconds, at most {@link OTP_SENDS_PER_HOUR} an hour. The server
 * enforces it (services/phone-sign-in.ts LIMITS) and tells the code step when the next send will
 * be accepted (`resend_in`), so 'Resend code' counts down instead of running into the limit.
 */
export const OTP_RESEND_AFTER_S = 30;
export const OTP_SENDS_PER_HOUR = 5;

export const CodeSchema = v.pipe(v.string(COPY.auth.code), v.trim(), v.regex(/^\d{6}$/, COPY.auth.code));

const AccountEmailSchema = emailSchema({ invalid: COPY.auth.email });

export const OtpSendSchema = v.object({
  phone: PhoneSchema,
  turnstile_token: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});
export const OtpVerifySchema = v.object({ phone: PhoneSchema, code: CodeSchema });

/**
 * The booking dialog's sign-up, as the guest fills it in (SPEC §5: all required, password at least
 * 6). The form checks this before asking for a code to the phone.
 */
export const SignUpDetailsSchema = v.object({
  full_name: v.pipe(
    v.string(COPY.auth.fullName),
    v.trim(),
    v.minLength(1, COPY.auth.fullName),
    v.maxLength(100, COPY.auth.fullName),
  ),
  phone: PhoneSchema,
  email: AccountEmailSchema,
  password: v.pipe(
    v.string(COPY.auth.password),
    v.minLength(6, COPY.auth.password),
    v.maxLength(128, COPY.auth.password),
  ),
});

/**
 * `POST /api/auth/signup`: the details and the code sent to the phone (sign-in's `/otp/send`),
 * so the account starts with that phone verified (docs/decisions/028-one-account-per-phone.md).
 */
export const SignUpSchema = v.object({ ...SignUpDetailsSchema.entries, code: CodeSchema });

/**
 * The sign-up's own refusals, each saying how to sign in instead (issue 24). Kept here rather than
 * in copy.ts: only the dialog and the API use them.
 */
export const SIGN_UP_COPY = {
  emailHasAccount:
    'This email already has an account. Sign in with your email and password, or with a code to your phone.',
  phoneHasAccount: 'This phone number already has an account. Sign in with a code to your phone instead.',
} as const;

export const SignInSchema = v.object({
  email: AccountEmailSchema,
  password: v.pipe(
    v.string(COPY.auth.passwordRequired),
    v.minLength(1, COPY.auth.passwordRequired),
    v.maxLength(128, COPY.auth.passwordRequired),
  ),
});

export type SignUpDetails = v.InferInput<typeof SignUpDetailsSchema>;
export type SignUpInput = v.InferInput<typeof SignUpSchema>;
export type SignInInput = v.InferInput<typeof SignInSchema>;
