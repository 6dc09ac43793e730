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
    <fieldset
      aria-labelledby={headingId}
      aria-describedby={errorId}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3"
    >
      {options.map((o) => {
        const checked = selected.includes(o.value);
        // On a phone a tile is a small card: the emoji and the tick on top, the name below with
        // the tile's whole width to wrap in, so 'Desi/Bollywood' or 'K-Drama / K-Movies' fit a
        // 320 px screen. From 640 px, where three columns have room, it is one row (tick, emoji,
        // name), which keeps the step short enough for Next to stay in view.
        return (
          <label
            key={o.value}
            className={`flex min-w-0 cursor-pointer flex-col gap-2 rounded-box border-2 px-2 py-3 text-sm font-medium transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent sm:flex-row sm:items-center sm:px-3 ${
              checked ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:border-primary/50'
            }`}
          >
            <span className="flex items-start justify-between gap-2 sm:contents">
              <span aria-hidden="true" className="text-2xl leading-none sm:order-2 sm:text-lg">
                {o.emoji}
              </span>
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm shrink-0 sm:order-1"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => toggle(o.value)}
              />
            </span>
            <span className="min-w-0 leading-snug break-words hyphens-auto sm:order-3">{tileLabel(o.label)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * Where a tile's name may wrap: after a slash ('Desi/' then 'Bollywood'; a slash is no break by
 * itself) but never after a hyphen ('K-Drama / K-Movies' keeps 'K-Movies' whole). The text, and so
 * the checkbox's accessible name, is unchanged.
 */
function tileLabel(label: string) {
  return label.split(/(\s+)/).flatMap((word) => {
    if (word.includes('-'))
      return (
        <span key={word} className="whitespace-nowrap">
          {word}
        </span>
      );
    const [first, ...rest] = word.split(/(?<=\/)(?=.)/);
    return [first, ...rest.flatMap((part) => [<wbr key={part} />, part])];
  });
}
