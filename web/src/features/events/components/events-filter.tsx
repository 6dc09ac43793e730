import type { EventsFilterValue, FilterOption } from '../lib/events-filter';

/** A select's new value; read structurally, as the Worker, which renders this too, has no DOM types. */
const chosen = (e: { target: unknown }) => (e.target as { value: string }).value;

/**
 * The /events filter (issue 24): a select of the cities present and one of the dates, each only
 * when the list holds more than one. Router-free and hook-free, so the Worker draws it into the
 * page's first frame above the cards (web/src/server-render.tsx) and nothing moves when the SPA
 * takes over.
 */
export function EventsFilter({
  options,
  value,
  onChange,
}: {
  options: { cities: FilterOption[]; dates: FilterOption[] };
  value: EventsFilterValue;
  onChange: (value: EventsFilterValue) => void;
}) {
  if (options.cities.length === 0 && options.dates.length === 0) return null;
  return (
    // A form of selects that act at once: nothing to submit.
    <form
      role="search"
      aria-label="Filter dinners"
      className="mb-8 flex flex-wrap items-end gap-4"
      onSubmit={(e) => e.preventDefault()}
    >
      {options.cities.length > 0 && (
        <label className="flex w-full flex-col gap-1 sm:w-56">
          <span className="text-sm font-semibold">City</span>
          <select
            name="city"
            className="select w-full"
            value={value.city}
            onChange={(e) => onChange({ ...value, city: chosen(e) })}
          >
            <option value="">All cities</option>
            {options.cities.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {options.dates.length > 0 && (
        <label className="flex w-full flex-col gap-1 sm:w-56">
          <span className="text-sm font-semibold">Date</span>
          <select
            name="date"
            className="select w-full"
            value={value.date}
            onChange={(e) => onChange({ ...value, date: chosen(e) })}
          >
            <option value="">Any date</option>
            {options.dates.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </form>
  );
}
