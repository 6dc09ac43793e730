import { FEEDBACK_COPY, RATING_WORDS } from '@domain/copy-feedback';
import { RATING_MAX, RATING_MIN } from '@domain/feedback';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-9 w-9 sm:h-10 sm:w-10" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        className={filled ? 'fill-warning stroke-warning-content/60' : 'fill-base-100 stroke-base-content/60'}
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * One 1-5 rating as a group of native radios (arrow keys move along it, a screen reader hears
 * '4 stars: Great, 4 of 5'), drawn as stars: the radios themselves are visually hidden, each star
 * is its radio's label, and the group's focus ring is drawn around the star that has focus. The
 * chosen rating's word is written beside the stars, so it never rests on colour alone.
 */
export function StarRating({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined} data-field={name}>
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {STARS.map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent"
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
              />
              <span className="sr-only">{FEEDBACK_COPY.star(n)}</span>
              <Star filled={value !== null && n <= value} />
            </label>
          ))}
        </div>
        <span className="text-sm text-base-content/80" aria-hidden="true">
          {value ? RATING_WORDS[value - 1] : FEEDBACK_COPY.notRated}
        </span>
      </div>
      {error && (
        <span id={errorId} className="text-sm font-medium text-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
