import { useEffect, useState } from 'react';
import { toast } from '@/components/toast';
import { useEventsQuery } from '../api/get-events';
import { filterEvents, filterOptions, NO_FILTER } from '../lib/events-filter';
import { EventCard } from './event-card';
import { EventGrid } from './event-card-frame';
import { EventsFilter } from './events-filter';
import { COPY } from '@domain/copy';

export const EMPTY_EVENTS_TEXT = 'No events available at the moment. Check back soon!';

/** The placeholder list's accessible name; a first frame swaps the real cards in for it (web/src/server-render.tsx). */
export const LOADING_EVENTS_LABEL = 'Loading events';

/** What a filter that matches nothing says. */
export const NO_MATCH_TEXT = 'No dinners match this city and date.';

/**
 * The /events grid with its loading, empty and failure states (SPEC §2, §8 "Event list failure"),
 * in the API's order (dinners with a seat first, then soonest), under the city and date filter
 * when there is more than one of either (issue 24).
 */
export function EventsList() {
  const { data, isPending, isError, refetch, isFetching } = useEventsQuery();
  const [filter, setFilter] = useState(NO_FILTER);

  useEffect(() => {
    if (isError)
      toast({ variant: 'destructive', title: COPY.events.loadFailedTitle, description: COPY.common.tryLater });
  }, [isError]);

  if (isPending) return <EventsListSkeleton />;

  if (isError) {
    return (
      <div role="status" className="rounded-box border border-error/30 bg-error/5 p-8 text-center">
        <p className="font-semibold">We couldn't load the events.</p>
        <p className="mt-1 text-base-content/80">Please try again later.</p>
        <button
          type="button"
          className="btn btn-outline btn-primary mt-5"
          disabled={isFetching}
          onClick={() => refetch()}
        >
          {isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  }

  if (data.events.length === 0) {
    return <p className="rounded-box bg-base-200 p-10 text-center text-lg text-base-content/80">{EMPTY_EVENTS_TEXT}</p>;
  }

  const shown = filterEvents(data.events, filter);
  return (
    <>
      <EventsFilter options={filterOptions(data.events)} value={filter} onChange={setFilter} />
      {shown.length > 0 ? (
        <EventGrid>
          {shown.map((event, i) => (
            <EventCard key={event.id} event={event} eager={i < 3} />
          ))}
        </EventGrid>
      ) : (
        <div role="status" className="rounded-box bg-base-200 p-10 text-center">
          <p className="text-lg text-base-content/80">{NO_MATCH_TEXT}</p>
          <button type="button" className="btn btn-outline btn-primary mt-5" onClick={() => setFilter(NO_FILTER)}>
            Show all dinners
          </button>
        </div>
      )}
    </>
  );
}

/** Placeholder cards while the list loads; also the route's pending UI. */
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
