import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/credits: the signed-in guest's credit balance (₹) and its entries (docs/decisions/027). */
export const getCredits = () => unwrap(api.credits.$get());

export const creditsQueryOptions = () =>
  queryOptions({ queryKey: ['credits'], queryFn: getCredits, staleTime: 60_000 });

/** The guest's balance in whole rupees; 0 while unknown, on failure, or when signed out (`enabled`). */
export function useCreditBalance(enabled: boolean) {
  const query = useQuery({ ...creditsQueryOptions(), enabled, retry: false });
  return query.data?.balance ?? 0;
}
