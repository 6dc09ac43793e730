import { useEffect, useState } from 'react';
import { toast } from '@/components/toast';
import { useEventsQuery } from '../api/get-events';
import { NO_FILTER } from '../lib/events-filter';
import { EventsListSkeleton, EventsListView } from './events-list-view';
import { COPY } from '@domain/copy';

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

  return <EventsListView events={data.events} filter={filter} onFilter={setFilter} />;
}
