/**
 * Phone numbers, canonicalised once, by the schema: every reader after it gets E.164.
 * SPEC §1 and §5: guests type 10-digit Indian mobiles (default prefix +91); an Indian mobile is
 * ten digits starting 6-9 (TRAI's numbering plan), so "5876543210" is no phone of ours. Numbers
 * written with another country's "+" code are kept as E.164: which countries may receive a
 * sign-in code is sign-in policy, not a rule of the number's shape.
 */
import * as v from 'valibot';
import { COPY } from './copy';

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * `input` as E.164, or null when it is no phone number we accept. Spaces, dashes, dots and
 * brackets are ignored; a leading trunk "0" or the international "00" is understood.
 * @example toE164('09876543210') // '+919876543210'
 * @example toE164('+91 98765 43210') // '+919876543210'
 * @example toE164('+44 7911 123456') // '+447911123456'
 * @example toE164('5876543210') // null
 */
export function toE164(input: string): string | null {
  let compact = input.trim().replace(/[\s\-().]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (/^0\d{10}$/.test(compact)) compact = compact.slice(1);
  if (/^91\d{10}$/.test(compact)) compact = `+${compact}`;
  if (/^\d{10}$/.test(compact)) return INDIAN_MOBILE.test(compact) ? `+91${compact}` : null;
  if (compact.startsWith('+91')) return INDIAN_MOBILE.test(compact.slice(3)) ? compact : null;
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/**
 * A phone number field: at least 10 characters as typed (SPEC §5), out as E.164.
 * @example v.parse(phoneSchema(), '098765 43210') // '+919876543210'
 */
export function phoneSchema(message: string = COPY.auth.phone) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(10, message),
    v.maxLength(20, message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const e164 = toE164(dataset.value);
      if (e164 === null) {
        addIssue({ message });
        return NEVER;
      }
      return e164;
    }),
  );
}

/** The phone of sign-in, sign-up and the profile form. */
export const PhoneSchema = phoneSchema();
