import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/cities: every city, hidden ones too, by position, with its bookable dinners. */
export const getAdminCities = () => unwrap(api.admin.cities.$get());
export type AdminCity = Awaited<ReturnType<typeof getAdminCities>>['cities'][number];

export const adminCitiesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'cities'], queryFn: getAdminCities, staleTime: 0 });
export const useAdminCitiesQuery = () => useQuery(adminCitiesQueryOptions());

export type NewCityBody = Parameters<typeof api.admin.cities.$post>[0]['json'];
export type CityPatchBody = Parameters<(typeof api.admin.cities)[':slug']['$patch']>[0]['json'];

/** POST /api/admin/cities or PATCH /api/admin/cities/:slug; refreshes the console and the home page's cards. */
export function useSaveCity() {
  const refresh = useRefreshAfterWrite(['admin'], ['cities']);
  return useMutation({
    mutationFn: (
      write: { kind: 'create'; body: NewCityBody } | { kind: 'edit'; slug: string; body: CityPatchBody },
    ): Promise<unknown> =>
      write.kind === 'create'
        ? unwrap(api.admin.cities.$post({ json: write.body }))
        : unwrap(api.admin.cities[':slug'].$patch({ param: { slug: write.slug }, json: write.body })),
    onSettled: refresh,
  });
}
