import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { eventsQueryKey } from './query-keys';

/** GET /api/events: available upcoming events, soonest first. */
export const getEvents = () => unwrap(api.events.$get());

export type EventSummary = Awaited<ReturnType<typeof getEvents>>['events'][number];

export const eventsQueryOptions = () => queryOptions({ queryKey: eventsQueryKey(), queryFn: getEvents });

/**
 * The list for /events. `retryOnMount: false` because the route loader already tried (with the
 * client's retries): a failure should surface at once, not be retried a second round.
 */
export const useEventsQuery = () => useQuery({ ...eventsQueryOptions(), retryOnMount: false });
