import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, api, unwrap } from '@/lib/api';

/**
 * GET /api/shared/:token — a dinner a guest shared with a trusted contact (issue 21), no sign-in:
 * `shared_by` (a first name or null), `dinner`, `venue` (named once revealed) and `open_until`.
 * A 404 says why the link is no longer active (`share_not_found`, `share_dinner_cancelled`,
 * `share_booking_ended`, `share_expired`).
 */
export const getSharedDinner = (token: string) => unwrap(api.shared[':token'].$get({ param: { token } }));

export type SharedDinner = Awaited<ReturnType<typeof getSharedDinner>>;

export const sharedDinnerQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared', token],
    queryFn: () => getSharedDinner(token),
    // A link turned off while the page is open shows so when the contact comes back to it.
    staleTime: 0,
    retry: (count, error) => count < 2 && !(error instanceof ApiRequestError && [404, 429].includes(error.status)),
  });

export const useSharedDinner = (token: string) => useQuery(sharedDinnerQueryOptions(token));
