import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { citiesQueryKey } from './cities-query-key';

/** GET /api/cities: the home page's city cards, by position; an available city with its next dinner. */
export const getCities = () => unwrap(api.cities.$get());

export type HomeCity = Awaited<ReturnType<typeof getCities>>['cities'][number];

export const citiesQueryOptions = () =>
  queryOptions({ queryKey: citiesQueryKey(), queryFn: getCities, staleTime: 5 * 60_000 });

export const useCities = () => useQuery(citiesQueryOptions());
