import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/credits — the signed-in guest's credit (docs/decisions/027): the balance in rupees and
 * every entry, newest first. A spend whose order did not keep it is `returned` (it counts again).
 */
export const getCredits = () => unwrap(api.credits.$get());

export type Credits = Awaited<ReturnType<typeof getCredits>>;
export type CreditEntry = Credits['entries'][number];

export const creditsQueryOptions = () => queryOptions({ queryKey: ['credits'], queryFn: getCredits, staleTime: 0 });

export const useCreditsQuery = () => useQuery(creditsQueryOptions());
