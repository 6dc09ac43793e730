import type { QuizOption } from '@domain/quiz';
import { CharacterAvatar } from './character-avatar';

type Props = {
  name: string;
  headingId: string;
  options: readonly QuizOption[];
  value: string;
  onChange: (value: string) => void;
  withAvatars?: boolean;
  errorId?: string;
};

/** One radio group: native radios, so arrow keys move between options and the group is announced. */
export function SingleChoiceQuestion({ name, headingId, options, value, onChange, withAvatars, errorId }: Props) {
  return (
    <fieldset
      aria-labelledby={headingId}
      aria-describedby={errorId}
      // The characters: two columns of compact tiles on a phone (one column ran ~2,400 px, issue 24).
      className={withAvatars ? 'grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3' : 'grid gap-3'}
    >
      {options.map((o) => {
        const checked = value === o.value;
        return (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center rounded-box border-2 transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
              checked ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:border-primary/50'
            } ${withAvatars ? 'relative flex-col gap-1.5 px-2 pt-3 pb-3 text-center sm:gap-3 sm:p-4' : 'gap-3 p-4'}`}
          >
            <input
              type="radio"
              // On a tile the radio sits in its corner, so the portrait and words take the height.
              className={`radio radio-primary radio-sm shrink-0 ${withAvatars ? 'absolute top-2 left-2 sm:static' : ''}`}
              name={name}
              value={o.value}
              checked={checked}
              onChange={() => onChange(o.value)}
            />
            {withAvatars ? (
              <CharacterAvatar character={o.value} className="h-12 w-12 sm:h-16 sm:w-16" />
            ) : (
              o.emoji && (
                <span aria-hidden="true" className="text-2xl">
                  {o.emoji}
                </span>
              )
            )}
            <span className="flex flex-col">
              <span className="font-medium">{o.label}</span>
              {o.trait && <span className="text-sm leading-snug text-base-content/80">{o.trait}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
