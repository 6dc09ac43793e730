import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/waitlist — the guest's waitlist entries, active and recent (docs/decisions/027): each
 * with its dinner, ticket, place in line while waiting, and the offer (its token and deadline)
 * while one is out.
 */
export const getMyWaitlists = () => unwrap(api.waitlist.$get());

export type MyWaitlistEntry = Awaited<ReturnType<typeof getMyWaitlists>>['entries'][number];

export const myWaitlistsKey = ['waitlist'] as const;

export const myWaitlistsQueryOptions = () =>
  queryOptions({ queryKey: myWaitlistsKey, queryFn: getMyWaitlists, staleTime: 0 });

export const useMyWaitlistsQuery = () => useQuery(myWaitlistsQueryOptions());

/** DELETE /api/events/:id/waitlist — leaves the line; an offer out ends and its seats pass on. */
export function useLeaveWaitlistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => unwrap(api.events[':id'].waitlist.$delete({ param: { id: eventId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myWaitlistsKey }),
  });
}
