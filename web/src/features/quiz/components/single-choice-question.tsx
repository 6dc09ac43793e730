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
      className={withAvatars ? 'grid grid-cols-1 gap-3 sm:grid-cols-3' : 'grid gap-3'}
    >
      {options.map((o) => {
        const checked = value === o.value;
        return (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center gap-3 rounded-box border-2 p-4 transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
              checked ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:border-primary/50'
            } ${withAvatars ? 'flex-col text-center' : ''}`}
          >
            <input
              type="radio"
              className="radio radio-primary radio-sm shrink-0"
              name={name}
              value={o.value}
              checked={checked}
              onChange={() => onChange(o.value)}
            />
            {withAvatars ? (
              <CharacterAvatar character={o.value} className="h-16 w-16" />
            ) : (
              o.emoji && (
                <span aria-hidden="true" className="text-2xl">
                  {o.emoji}
                </span>
              )
            )}
            <span className="flex flex-col">
              <span className="font-medium">{o.label}</span>
              {o.trait && <span className="text-sm text-base-content/80">{o.trait}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
