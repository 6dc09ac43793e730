const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A short IST calendar date (yyyy-MM-dd) for a select's option, by hand rather than `Intl`, so
 * the Worker's first frame and every browser write the same.
 * @example shortDate('2026-12-05') // 'Sat, 5 Dec'
 */
export function shortDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** What the filter reads of a dinner. */
type Filterable = { city: string; location: string; date: string };

/** The filter's choice: '' is "all". */
export type EventsFilterValue = { city: string; date: string };
export const NO_FILTER: EventsFilterValue = { city: '', date: '' };

export type FilterOption = { value: string; label: string };

/**
 * The cities and dates the list holds, in the list's order of first appearance for cities and
 * calendar order for dates; each is worth a select only when there is more than one (issue 24).
 * A city is named by its soonest dinner's location (the cities' names are not on the wire).
 * @example filterOptions(events) // { cities: [{ value: 'noida', label: 'Noida' }, …], dates: [{ value: '2026-12-05', label: 'Sat, 5 Dec' }, …] }
 */
export function filterOptions(events: readonly Filterable[]): { cities: FilterOption[]; dates: FilterOption[] } {
  const cities = new Map<string, string>();
  for (const e of events) if (!cities.has(e.city)) cities.set(e.city, e.location);
  const dates = [...new Set(events.map((e) => e.date))].sort();
  return {
    cities: cities.size > 1 ? [...cities].map(([value, label]) => ({ value, label })) : [],
    dates: dates.length > 1 ? dates.map((value) => ({ value, label: shortDate(value) })) : [],
  };
}

/** The dinners the filter lets through, in the list's own order (seats first, then soonest: the API's). */
export function filterEvents<E extends Filterable>(events: readonly E[], { city, date }: EventsFilterValue): E[] {
  return events.filter((e) => (!city || e.city === city) && (!date || e.date === date));
}
