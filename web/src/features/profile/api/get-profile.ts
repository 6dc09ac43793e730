import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/profile: `{ profile }`, null before the first save. */
export const getProfile = () => unwrap(api.profile.$get());

export type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>['profile']>;

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 0 });

export const useProfileQuery = () => useQuery(profileQueryOptions());
