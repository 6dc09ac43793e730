import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FullNameSchema, isPlausibleFullName, ProfileSchema } from '../../worker/domain/profile';
import { ageInIst, todayIst as todayInIst } from '../../worker/domain/time';

const GIBBERISH = 'Please enter a valid full name (first and last name, no gibberish)';

/** [name, accepted?, why] — the SPEC §5 name rule, case by case. */
const NAMES: Array<[string, boolean, string]> = [
  ['Asha Rao', true, 'two words, each with a vowel'],
  ['Rahul Sharma', true, 'ordinary first and last name'],
  ['Priya Venkataraman', true, 'long surname is fine'],
  ['Mohammed Al Farsi', true, 'three words are fine'],
  ['Anne-Marie Dsouza', true, 'hyphen is not a letter and does not count'],
  ["Liam O'Brien", true, 'apostrophe is not a letter and does not count'],
  ['José Álvarez', true, 'accented vowels count as vowels'],
  ['  Kavya   Menon  ', true, 'surrounding and repeated spaces are ignored'],
  ['Aarav Shah', true, 'a double letter is allowed'],
  ['Jo Li', true, 'two-letter words with a vowel'],
  ['Ishaan Kapoor', true, 'vowel-rich names'],
  ['Sri Krishna', true, "'Sri' is 67% consonants, under the 80% limit"],
  ['Christopher Nolan', true, "'Christopher' is 73% consonants"],
  ['Dev Patel', true, 'short words with vowels'],
  ['Zoya Akhtar', true, "'Akhtar' is 67% consonants"],
  ['Asha', false, 'only one word'],
  ['Madonna', false, 'only one word'],
  ['A Rao', false, "'A' has fewer than 2 letters"],
  ['Asha R', false, "'R' has fewer than 2 letters"],
  ['Asha R.', false, "'R.' has one letter"],
  ['asdf qwerty', false, "'qwerty' is 83% consonants, over 80% ('asdf' at 75% alone would pass)"],
  ['Brr Rao', false, "'Brr' has no vowel"],
  ['Rhythm Singh', false, "'Rhythm' has no vowel (y is not a vowel)"],
  ['Xkcd Vowel', false, "'Xkcd' has no vowel"],
  ['Schmidt Rao', false, "'Schmidt' is 86% consonants, over 80%"],
  ['Aaaron Rao', false, "'aaa' repeats a character 3 times"],
  ['Anna Rooox', false, "'ooo' repeats a character 3 times"],
  ['Asha Raooo', false, 'repeat at the end of a word'],
  ['Asha Rao!!!', false, "'!!!' repeats a character 3 times"],
  ['12 34', false, 'digits are not letters'],
  ['Asha 123', false, "'123' has no letters"],
  ['bcdfg hjklm', false, 'keyboard mash without vowels'],
  ['Strength Rao', false, "'Strength' is 88% consonants"],
  ['', false, 'empty'],
  ['   ', false, 'only spaces'],
];

describe('the no-gibberish full-name rule (SPEC §5)', () => {
  it('has at least 30 cases', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(NAMES)('%j → accepted: %s (%s)', (name, accepted) => {
    expect(isPlausibleFullName(name.trim())).toBe(accepted);
    const result = v.safeParse(FullNameSchema, name);
    expect(result.success).toBe(accepted);
  });

  it('says why: too short, too long, or gibberish, in the spec words', () => {
    const message = (name: string) => {
      const r = v.safeParse(FullNameSchema, name);
      return r.success ? null : r.issues[0].message;
    };
    expect(message('A')).toBe('Name must be at least 2 characters');
    expect(message(' B ')).toBe('Name must be at least 2 characters');
    expect(message(`Asha ${'Ravi'.repeat(25)}`)).toBe('Name must be less than 100 characters');
    expect(message('Asha')).toBe(GIBBERISH);
    expect(message('qwrtp zxcvb')).toBe(GIBBERISH);
  });

  it('stores the trimmed name', () => {
    const r = v.parse(FullNameSchema, '  Asha Rao ');
    expect(r).toBe('Asha Rao');
  });
});

describe('age in IST (SPEC §5: at least 18)', () => {
  // 2026-03-15 00:10 in India is still 2026-03-14 in UTC: IST decides the date.
  const justAfterMidnightIst = new Date('2026-03-14T18:40:00Z');

  it('uses the calendar date in India, not UTC', () => {
    expect(todayInIst(justAfterMidnightIst)).toBe('2026-03-15');
  });

  it('is 18 on the 18th birthday in India', () => {
    expect(ageInIst('2008-03-15', justAfterMidnightIst)).toBe(18);
  });

  it('is 17 on the day before the 18th birthday', () => {
    expect(ageInIst('2008-03-16', justAfterMidnightIst)).toBe(17);
    // 23:50 IST on 15 March: the birthday on the 16th has not come yet.
    expect(ageInIst('2008-03-16', new Date('2026-03-15T18:20:00Z'))).toBe(17);
  });

  it('turns 18 at midnight IST even though it is still the day before in UTC', () => {
    expect(ageInIst('2008-03-15', new Date('2026-03-14T18:29:00Z'))).toBe(17);
    expect(ageInIst('2008-03-15', new Date('2026-03-14T18:30:00Z'))).toBe(18);
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageInIst('2008-02-29', new Date('2026-02-28T06:00:00Z'))).toBe(17);
    expect(ageInIst('2008-02-29', new Date('2026-03-01T06:00:00Z'))).toBe(18);
  });
});

describe('ProfileSchema', () => {
  const valid = {
    full_name: 'Asha Rao',
    email: 'asha@example.com',
    phone_number: '+919876543210',
    date_of_birth: '1995-06-15',
  };
  const firstMessage = (input: Record<string, unknown>) => {
    const r = v.safeParse(ProfileSchema, input);
    return r.success ? null : r.issues[0].message;
  };

  it('fills the spec defaults', () => {
    expect(v.parse(ProfileSchema, valid)).toMatchObject({
      sex: 'prefer_not_to_say',
      relationship_status: 'prefer_not_to_say',
      work_profile: 'job',
    });
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'asha@' }, 'Please enter a valid email address'],
    [{ phone_number: '98765' }, 'Please enter a valid phone number'],
    [{ date_of_birth: '' }, 'Date of birth is required'],
    [{ date_of_birth: '2015-01-01' }, 'You must be at least 18 years old to register.'],
  ])('refuses %j with "%s"', (patch, message) => {
    expect(firstMessage({ ...valid, ...patch })).toBe(message);
  });
});
