import type { EventSummary } from '../api/get-events';
import { type EventsFilterValue, filterEvents, filterOptions, NO_FILTER } from '../lib/events-filter';
import { EventCardFrame, EventGrid } from './event-card-frame';
import { EventsFilter } from './events-filter';

export const EMPTY_EVENTS_TEXT = 'No events available at the moment. Check back soon!';

/** The placeholder list's accessible name; a first frame swaps the real list in for it (web/src/server-render.tsx). */
export const LOADING_EVENTS_LABEL = 'Loading events';

/** What a filter that matches nothing says. */
export const NO_MATCH_TEXT = 'No dinners match this city and date.';

/**
 * The /events list once the dinners are known (SPEC §2): the empty text, or the city and date
 * filter over the cards (issue 24), or what a filter matching nothing says. Router- and hook-free:
 * the SPA renders it with router links and the filter's state (`EventsList`), the Worker with
 * plain links and no filter chosen into the page's first frame, which the SPA then hydrates
 * (docs/decisions/010): both draw the same markup from the same answer.
 */
export function EventsListView({
  events,
  filter,
  onFilter,
}: {
  events: readonly EventSummary[];
  filter: EventsFilterValue;
  onFilter: (filter: EventsFilterValue) => void;
}) {
  if (events.length === 0) {
    return <p className="rounded-box bg-base-200 p-10 text-center text-lg text-base-content/80">{EMPTY_EVENTS_TEXT}</p>;
  }
  const shown = filterEvents(events, filter);
  return (
    <>
      <EventsFilter options={filterOptions(events)} value={filter} onChange={onFilter} />
      {shown.length > 0 ? (
        <EventGrid>
          {shown.map((event, i) => (
            <EventCardFrame key={event.id} event={event} eager={i < 3} />
          ))}
        </EventGrid>
      ) : (
        <div role="status" className="rounded-box bg-base-200 p-10 text-center">
          <p className="text-lg text-base-content/80">{NO_MATCH_TEXT}</p>
          <button type="button" className="btn btn-outline btn-primary mt-5" onClick={() => onFilter(NO_FILTER)}>
            Show all dinners
          </button>
        </div>
      )}
    </>
  );
}

/** Placeholder cards while the list loads; also the route's pending UI and the prerendered frame's. */
export function EventsListSkeleton() {
  return (
    <ul aria-busy="true" aria-label={LOADING_EVENTS_LABEL} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <li key={i} className="overflow-hidden rounded-box border border-base-300">
          <div className="skeleton aspect-[16/9] rounded-none" />
          <div className="flex flex-col gap-3 p-5">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-6 w-4/5" />
            <div className="skeleton h-4 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
