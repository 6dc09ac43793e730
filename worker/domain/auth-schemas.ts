/**
 * Sign-in request schemas, shared by the API and the web forms so both apply the same rules and
 * the same SPEC §5/§8 copy.
 */
import * as v from 'valibot';
import { normalisePhone } from '../lib/phone';

export const AUTH_COPY = {
  phone: 'Please enter a valid phone number',
  code: 'Please enter the 6-digit code.',
  codeTitle: 'Invalid code',
  fullName: 'Please enter your full name',
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
  passwordRequired: 'Please enter your password',
} as const;

/** A 10-digit Indian mobile (→ +91) or any E.164 number (SPEC §5: at least 10 characters). */
export const PhoneSchema = v.pipe(
  v.string(AUTH_COPY.phone),
  v.trim(),
  v.minLength(10, AUTH_COPY.phone),
  v.maxLength(20, AUTH_COPY.phone),
  v.check((s) => normalisePhone(s) !== null, AUTH_COPY.phone),
);

export const CodeSchema = v.pipe(v.string(AUTH_COPY.code), v.trim(), v.regex(/^\d{6}$/, AUTH_COPY.code));

const EmailSchema = v.pipe(v.string(AUTH_COPY.email), v.trim(), v.toLowerCase(), v.maxLength(255, AUTH_COPY.email), v.email(AUTH_COPY.email));

export const OtpSendSchema = v.object({ phone: PhoneSchema, turnstileToken: v.optional(v.pipe(v.string(), v.maxLength(4096))) });
export const OtpVerifySchema = v.object({ phone: PhoneSchema, code: CodeSchema });

/** Booking dialog sign-up (SPEC §5: all required, password at least 6). */
export const SignUpSchema = v.object({
  full_name: v.pipe(v.string(AUTH_COPY.fullName), v.trim(), v.minLength(1, AUTH_COPY.fullName), v.maxLength(100, AUTH_COPY.fullName)),
  phone: PhoneSchema,
  email: EmailSchema,
  password: v.pipe(v.string(AUTH_COPY.password), v.minLength(6, AUTH_COPY.password), v.maxLength(128, AUTH_COPY.password)),
});

export const SignInSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(AUTH_COPY.passwordRequired), v.minLength(1, AUTH_COPY.passwordRequired), v.maxLength(128, AUTH_COPY.passwordRequired)),
});

export type SignUpInput = v.InferInput<typeof SignUpSchema>;
export type SignInInput = v.InferInput<typeof SignInSchema>;
