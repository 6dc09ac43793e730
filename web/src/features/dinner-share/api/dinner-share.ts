import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/bookings/:id/share — the guest's link for a trusted contact (issue 21): `share` (its
 * `path`, `open_until`, whether it is `live`) or null, `can_share` and, when not, the `refusal` in
 * words. Another guest's booking is a 404.
 */
export const getShare = (id: string) => unwrap(api.bookings[':id'].share.$get({ param: { id } }));

/** POST: creates the link, or answers the active one (idempotent). 409 `share_unavailable`. */
export const createShare = (id: string) => unwrap(api.bookings[':id'].share.$post({ param: { id } }));

/** DELETE: turns the link off (idempotent); answers as GET does, with `share: null`. */
export const revokeShare = (id: string) => unwrap(api.bookings[':id'].share.$delete({ param: { id } }));

export type ShareState = Awaited<ReturnType<typeof getShare>>;
export type ShareLink = NonNullable<ShareState['share']>;

/** Under the booking's key, so whatever refreshes the booking (a release, a move) refreshes this too. */
export const shareQueryKey = (id: string) => ['bookings', id, 'share'] as const;

export const shareQueryOptions = (id: string) =>
  queryOptions({ queryKey: shareQueryKey(id), queryFn: () => getShare(id), retry: 1 });

export const useShareQuery = (id: string) => useQuery(shareQueryOptions(id));

/** Creating and turning off: each answers the section's new state, put straight in the cache. */
export function useShareMutations(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (state: ShareState) => queryClient.setQueryData(shareQueryKey(id), state);
  // A refusal may mean the booking changed (released, the dinner cancelled): read it again.
  const onError = () => queryClient.invalidateQueries({ queryKey: shareQueryKey(id) });
  return {
    create: useMutation({ mutationFn: () => createShare(id), onSuccess, onError }),
    revoke: useMutation({ mutationFn: () => revokeShare(id), onSuccess, onError }),
  };
}
