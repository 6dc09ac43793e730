/**
 * Email addresses, canonicalised once, by the schema: trimmed and lower-cased, so "Asha@X.in "
 * and "asha@x.in" are one address wherever they are compared or stored.
 */
import * as v from 'valibot';
import { COPY } from './copy';

/** Longest address any form accepts (SPEC §5 newsletter rule, applied everywhere). */
export const EMAIL_MAX_LENGTH = 255;

/**
 * A required email field; `required` is shown for an empty one, `invalid` for anything else wrong.
 * @example v.parse(emailSchema({ invalid: 'Please enter a valid email' }), ' Asha@Example.IN ') // 'asha@example.in'
 */
export function emailSchema(messages: { invalid: string; required?: string }) {
  return v.pipe(
    v.string(messages.required ?? messages.invalid),
    v.trim(),
    v.nonEmpty(messages.required ?? messages.invalid),
    v.maxLength(EMAIL_MAX_LENGTH, messages.invalid),
    v.email(messages.invalid),
    v.toLowerCase(),
  );
}

/** The newsletter's email field (SPEC §5), shared by the footer form and the API. */
export const NewsletterEmailSchema = emailSchema({ invalid: COPY.newsletter.invalid });
