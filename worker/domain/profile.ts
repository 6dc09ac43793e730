/**
 * Profile rules (SPEC §3, §5). Pure, no I/O: the profile-details form (through modular-forms'
 * `valiForm`) and `PUT /api/profile` parse with the very same `ProfileSchema`, so the browser
 * and the API can never disagree on a message.
 */
import * as v from 'valibot';
import { COPY } from './copy';
import { emailSchema } from './email';
import { phoneSchema } from './phone';
import { ageInIst, isCalendarDate, todayIst } from './time';

/** Enumerations of SPEC §3 user_profiles; db/schema.ts builds its CHECK constraints from these. */
export const SEXES = ['male', 'female', 'prefer_not_to_say'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'in_relationship', 'prefer_not_to_say'] as const;
export const WORK_PROFILES = ['job', 'business', 'student', 'startup'] as const;

export type Sex = (typeof SEXES)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type WorkProfile = (typeof WORK_PROFILES)[number];

/** Labels shown in the form; prefer_not_to_say reads "It's complicated" for relationships (SPEC §3). */
export const SEX_LABELS: Record<Sex, string> = {
  male: 'Male',
  female: 'Female',
  prefer_not_to_say: 'Prefer not to say',
};
export const RELATIONSHIP_LABELS: Record<RelationshipStatus, string> = {
  single: 'Single',
  in_relationship: 'In a relationship',
  prefer_not_to_say: "It's complicated",
};
export const WORK_LABELS: Record<WorkProfile, string> = {
  job: 'Job',
  business: 'Business',
  student: 'Student',
  startup: 'Startup',
};

export const PROFILE_DEFAULTS = {
  sex: 'prefer_not_to_say',
  relationship_status: 'prefer_not_to_say',
  work_profile: 'job',
} as const;

/** The profile form's messages (SPEC §5, §8). */
export const MESSAGES = COPY.profile;

export const MIN_AGE = 18;

/** The calendar's bounds (SPEC §2 Profile details): 1900-01-01 … today, years 1924 … this year. */
export const DOB_MIN = '1900-01-01';
export const DOB_MIN_YEAR = 1924;

/**
 * `date` (yyyy-MM-dd, or empty) moved to `year`, keeping month and day where that date exists
 * (29 February becomes the 28th in a common year) and never later than `today`.
 * @example withBirthYear('1990-02-29', 1991, '2026-11-21') // '1991-02-28'
 * @example withBirthYear('', 2000, '2026-11-21') // '2000-01-01'
 */
export function withBirthYear(date: string, year: number, today: string): string {
  const [, m = '01', d = '01'] = /^\d{4}-(\d{2})-(\d{2})$/.exec(date) ?? [];
  const lastDay = new Date(Date.UTC(year, Number(m), 0)).getUTCDate();
  const next = `${String(year).padStart(4, '0')}-${m}-${String(Math.min(Number(d), lastDay)).padStart(2, '0')}`;
  return next > today ? today : next;
}

const VOWELS = /[aeiou]/i;
const LETTER = /\p{L}/u;

/** Letters of a word with accents stripped, so "José" counts its é as the vowel it is. */
function lettersOf(word: string): string[] {
  return [...word.normalize('NFD').replace(/\p{M}/gu, '')].filter((ch) => LETTER.test(ch));
}

/**
 * The "no gibberish" full-name rule (SPEC §5), applied to an already trimmed name: at least two
 * words; every word has at least 2 letters, contains a vowel (a, e, i, o, u) and has consonants
 * making up no more than 80% of its letters; no character appears 3 or more times in a row within a word.
 * @example isPlausibleFullName('Asha Rao') // true
 * @example isPlausibleFullName('asdf qwrt') // false
 */
export function isPlausibleFullName(name: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2) return false;
  return words.every((word) => {
    // Within a word, so the spaces between words never count as a repeat.
    if (/(.)\1\1/iu.test(word)) return false;
    const letters = lettersOf(word);
    if (letters.length < 2) return false;
    const vowels = letters.filter((ch) => VOWELS.test(ch)).length;
    if (vowels === 0) return false;
    return (letters.length - vowels) / letters.length <= 0.8;
  });
}

export const FullNameSchema = v.pipe(
  v.string(MESSAGES.nameShort),
  v.trim(),
  v.minLength(2, MESSAGES.nameShort),
  v.maxLength(100, MESSAGES.nameLong),
  v.check(isPlausibleFullName, MESSAGES.nameGibberish),
);

export const EmailSchema = emailSchema({ required: MESSAGES.emailRequired, invalid: MESSAGES.emailInvalid });

/** Stored as E.164, like every phone in the product. */
export const PhoneSchema = phoneSchema(MESSAGES.phoneInvalid);

export const DateOfBirthSchema = v.pipe(
  v.string(MESSAGES.dobRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.dobRequired),
  v.check(isCalendarDate, MESSAGES.dobInvalid),
  v.check((s) => s >= DOB_MIN && s <= todayIst(), MESSAGES.dobInvalid),
  // Evaluated at parse time, so a long-open tab still checks against today's date in India.
  v.check((s) => ageInIst(s) >= MIN_AGE, MESSAGES.underage),
);

/**
 * Every field of the profile-details form, with the spec's defaults for the three choices. A
 * missing text field is read as empty so it gets its own SPEC message ('Email is required'),
 * not a generic "missing key" one.
 */
export const ProfileSchema = v.object({
  full_name: v.optional(FullNameSchema, ''),
  email: v.optional(EmailSchema, ''),
  phone_number: v.optional(PhoneSchema, ''),
  date_of_birth: v.optional(DateOfBirthSchema, ''),
  sex: v.optional(v.picklist(SEXES, MESSAGES.choose), PROFILE_DEFAULTS.sex),
  relationship_status: v.optional(
    v.picklist(RELATIONSHIP_STATUSES, MESSAGES.choose),
    PROFILE_DEFAULTS.relationship_status,
  ),
  work_profile: v.optional(v.picklist(WORK_PROFILES, MESSAGES.choose), PROFILE_DEFAULTS.work_profile),
  /**
   * 'Seat me only at tables with at least two other women' (issue 21): optional, off unless asked.
   * Left out, a save keeps what the guest chose before (off for a new profile).
   */
  seat_with_women: v.optional(v.boolean(MESSAGES.seatWithWomenInvalid)),
});

export type ProfileInput = v.InferInput<typeof ProfileSchema>;
export type ProfileValues = v.InferOutput<typeof ProfileSchema>;

/** The form's values: all strings, as modular-forms holds them. */
export type ProfileFormValues = {
  full_name: string;
  email: string;
  phone_number: string;
  date_of_birth: string;
  sex: Sex;
  relationship_status: RelationshipStatus;
  work_profile: WorkProfile;
  seat_with_women: boolean;
};
