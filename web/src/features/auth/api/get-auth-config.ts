import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/auth/config: the Turnstile site key when the bot check is on, else null. */
export const getAuthConfig = () => unwrap(api.auth.config.$get());

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth-config'], queryFn: getAuthConfig, staleTime: Number.POSITIVE_INFINITY });

export const useAuthConfig = () => useQuery(authConfigQueryOptions());
