import { describe, expect, it } from 'vitest';
import { DOB_MIN_YEAR, withBirthYear } from '../../worker/domain/profile';

describe('the date-of-birth year list (years 1924 … this year)', () => {
  it('starts at 1924', () => {
    expect(DOB_MIN_YEAR).toBe(1924);
  });

  it('moves a date to another year keeping month and day', () => {
    expect(withBirthYear('1990-07-14', 1985, '2026-11-21')).toBe('1985-07-14');
  });

  it('starts an empty date on 1 January of the chosen year', () => {
    expect(withBirthYear('', 2000, '2026-11-21')).toBe('2000-01-01');
  });

  it('turns 29 February into the 28th in a common year', () => {
    expect(withBirthYear('1992-02-29', 1993, '2026-11-21')).toBe('1993-02-28');
  });

  it('never goes past today', () => {
    expect(withBirthYear('1990-12-25', 2026, '2026-11-21')).toBe('2026-11-21');
  });
});
