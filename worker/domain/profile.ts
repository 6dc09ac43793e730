/**
 * Profile rules (SPEC §3, §5). Pure, no I/O: the profile-details form (through modular-forms'
 * `valiForm`) and `PUT /api/profile` parse with the very same `ProfileSchema`, so the browser
 * and the API can never disagree on a message.
 */
import * as v from 'valibot';

export const SEXES = ['male', 'female', 'prefer_not_to_say'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'in_relationship', 'prefer_not_to_say'] as const;
export const WORK_PROFILES = ['job', 'business', 'student', 'startup'] as const;

export type Sex = (typeof SEXES)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type WorkProfile = (typeof WORK_PROFILES)[number];

/** Labels shown in the form; prefer_not_to_say reads "It's complicated" for relationships (SPEC §3). */
export const SEX_LABELS: Record<Sex, string> = { male: 'Male', female: 'Female', prefer_not_to_say: 'Prefer not to say' };
export const RELATIONSHIP_LABELS: Record<RelationshipStatus, string> = {
  single: 'Single',
  in_relationship: 'In a relationship',
  prefer_not_to_say: "It's complicated",
};
export const WORK_LABELS: Record<WorkProfile, string> = { job: 'Job', business: 'Business', student: 'Student', startup: 'Startup' };

export const PROFILE_DEFAULTS = { sex: 'prefer_not_to_say', relationship_status: 'prefer_not_to_say', work_profile: 'job' } as const;

export const MESSAGES = {
  nameShort: 'Name must be at least 2 characters',
  nameLong: 'Name must be less than 100 characters',
  nameGibberish: 'Please enter a valid full name (first and last name, no gibberish)',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  dobRequired: 'Date of birth is required',
  dobInvalid: 'Please enter a valid date of birth',
  underage: 'You must be at least 18 years old to register.',
  choose: 'Please choose one of the options',
} as const;

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

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Today's calendar date in India (yyyy-MM-dd), whatever the machine's time zone. */
export function todayInIst(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A real calendar date written yyyy-MM-dd (rejects 2023-02-30). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Whole years from `dob` (yyyy-MM-dd) to today's date in IST. A 29 February birthday is
 * reached on 1 March in common years.
 * @example ageInIst('2000-05-01', new Date('2018-04-30T18:30:00Z')) // 18 (it is already 1 May in India)
 */
export function ageInIst(dob: string, now: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number);
  const [ty, tm, td] = todayInIst(now).split('-').map(Number);
  const hadBirthday = tm > m || (tm === m && td >= d);
  return ty - y - (hadBirthday ? 0 : 1);
}

export const FullNameSchema = v.pipe(
  v.string(MESSAGES.nameShort),
  v.trim(),
  v.minLength(2, MESSAGES.nameShort),
  v.maxLength(100, MESSAGES.nameLong),
  v.check(isPlausibleFullName, MESSAGES.nameGibberish),
);

export const EmailSchema = v.pipe(
  v.string(MESSAGES.emailRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.emailRequired),
  v.maxLength(255, MESSAGES.emailInvalid),
  v.email(MESSAGES.emailInvalid),
  v.toLowerCase(),
);

export const PhoneSchema = v.pipe(v.string(MESSAGES.phoneInvalid), v.trim(), v.minLength(10, MESSAGES.phoneInvalid), v.maxLength(20, MESSAGES.phoneInvalid), v.regex(/^\+?[\d\s-]+$/, MESSAGES.phoneInvalid));

export const DateOfBirthSchema = v.pipe(
  v.string(MESSAGES.dobRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.dobRequired),
  v.check(isCalendarDate, MESSAGES.dobInvalid),
  v.check((s) => s >= DOB_MIN && s <= todayInIst(), MESSAGES.dobInvalid),
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
  relationship_status: v.optional(v.picklist(RELATIONSHIP_STATUSES, MESSAGES.choose), PROFILE_DEFAULTS.relationship_status),
  work_profile: v.optional(v.picklist(WORK_PROFILES, MESSAGES.choose), PROFILE_DEFAULTS.work_profile),
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
};
