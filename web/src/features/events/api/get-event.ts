import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { eventQueryKey } from './query-keys';

/**
 * GET /api/events/:idOrCity — one event by id, or a city slug (`gurugram`) meaning that city's
 * next available event. 404 carries "This event doesn't exist or is no longer available."
 */
export const getEvent = (idOrCity: string) => unwrap(api.events[':idOrCity'].$get({ param: { idOrCity } }));

export type EventDetail = Awaited<ReturnType<typeof getEvent>>['event'];

export const eventQueryOptions = (idOrCity: string) =>
  queryOptions({ queryKey: eventQueryKey(idOrCity), queryFn: () => getEvent(idOrCity) });

/** For the detail route, whose loader has already put the event in the cache. */
export const useEventQuery = (idOrCity: string) => useSuspenseQuery(eventQueryOptions(idOrCity));
