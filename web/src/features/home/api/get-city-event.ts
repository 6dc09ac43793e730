import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/events/:city — the city's next available dinner (404 when there is none). */
export const getCityEvent = (city: string) => unwrap(api.events[':idOrCity'].$get({ param: { idOrCity: city } }));

// Same key as the events feature's `eventQueryOptions(idOrCity)` (same endpoint, same answer), so
// going from the home card to /event/gurugram finds the event already cached.
export const cityEventQueryOptions = (city: string) =>
  queryOptions({ queryKey: ['events', city], queryFn: () => getCityEvent(city), staleTime: 5 * 60_000 });

export const useCityEvent = (city: string) => useQuery(cityEventQueryOptions(city));
