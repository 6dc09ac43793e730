import type { QuizOption } from '@domain/quiz';

type Props = {
  name: string;
  headingId: string;
  options: readonly QuizOption[];
  selected: readonly string[];
  max: number;
  /** Called with the new list; never with more than `max` items. */
  onChange: (selected: string[]) => void;
  /** Called when a tile is refused because the limit is reached. */
  onRefused: () => void;
  errorId?: string;
};

/**
 * A grid of checkbox tiles. Once `max` are picked, one more is refused (SPEC §5: "the tile
 * interface also blocks selecting one more than the limit"); unticking always works.
 */
export function MultiChoiceTiles({ name, headingId, options, selected, max, onChange, onRefused, errorId }: Props) {
  const toggle = (value: string) => {
    if (selected.includes(value)) return onChange(selected.filter((v) => v !== value));
    if (selected.length >= max) return onRefused();
    onChange([...selected, value]);
  };
  return (
    <fieldset aria-labelledby={headingId} aria-describedby={errorId} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {options.map((o) => {
        const checked = selected.includes(o.value);
        return (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center gap-2 rounded-box border-2 p-3 text-sm font-medium transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
              checked ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:border-primary/50'
            }`}
          >
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm"
              name={name}
              value={o.value}
              checked={checked}
              onChange={() => toggle(o.value)}
            />
            {o.emoji && (
              <span aria-hidden="true" className="text-lg">
                {o.emoji}
              </span>
            )}
            <span>{o.label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
