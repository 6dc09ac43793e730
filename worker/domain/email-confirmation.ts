/**
 * Confirming a profile email (docs/decisions/026): the words of /verify-email, of /profile's note
 * beside an unconfirmed email and of the API's answers, and the verify body's schema. Kept beside
 * `copy.ts`, not in it, like copy-my-booking.ts: `copy.ts` is in every guest's first bundle, and
 * these are read only on those two pages (lazily loaded chunks) and by the Worker.
 */
import * as v from 'valibot';

export const EMAIL_CONFIRM_COPY = {
  confirmed: 'Your email is confirmed',
  confirmedText: 'Booking emails will now reach you at this address.',
  confirming: 'Confirming your email...',
  failedTitle: "We couldn't confirm your email",
  notConfirmed: 'Not confirmed yet',
  resend: 'Resend confirmation email',
  resending: 'Sending...',
  resentTitle: 'Confirmation email sent',
  resentText: 'Open the link in it to confirm your email.',
  invalidLink: 'This confirmation link is invalid or has expired. Send a new one from your profile.',
  staleLink: 'This confirmation link is for an email your profile no longer uses. Send a new one from your profile.',
  alreadyConfirmed: 'Your email is already confirmed.',
  noEmail: 'Add an email to your profile first.',
  sendFailed: "We couldn't send the confirmation email. Please try again.",
  toProfile: 'Go to your profile',
} as const;

/** `POST /api/profile/email/verify`: the token of a "Confirm your email" link. */
export const VerifyEmailSchema = v.object({
  token: v.pipe(
    v.string(EMAIL_CONFIRM_COPY.invalidLink),
    v.trim(),
    v.nonEmpty(EMAIL_CONFIRM_COPY.invalidLink),
    v.maxLength(2048, EMAIL_CONFIRM_COPY.invalidLink),
  ),
});
