import { type FormStore, getValue, setValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { DOB_MIN_YEAR, type ProfileFormValues, withBirthYear } from '@domain/profile';

/**
 * The calendar's year list (SPEC §2 Profile details: "years 1924 to the current year"). A native
 * date input cannot narrow its own year range, so this select jumps the date of birth to a year,
 * keeping the day and month, while the input itself still allows 1900-01-01 … today.
 */
export function DobYearPicker({ form, today }: { form: FormStore<ProfileFormValues, undefined>; today: string }) {
  // Reads the field's signal: without this the select would not follow the date input.
  useSignals();
  const lastYear = Number(today.slice(0, 4));
  const years = Array.from({ length: lastYear - DOB_MIN_YEAR + 1 }, (_, i) => lastYear - i);
  const current = getValue(form, 'date_of_birth') ?? '';
  return (
    <div className="-mt-3 flex items-center gap-2">
      <label htmlFor="profile-dob-year" className="text-xs text-base-content/80">
        Jump to year
      </label>
      <select
        id="profile-dob-year"
        className="select select-sm w-28"
        value={current.slice(0, 4)}
        onChange={(e) => setValue(form, 'date_of_birth', withBirthYear(current, Number(e.target.value), today))}
      >
        <option value="" disabled>
          Year
        </option>
        {years.map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}
