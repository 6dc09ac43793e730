import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/**
 * GET /api/admin/events/:id/waitlist: the line (positions, offers out and their deadlines), the
 * seats free, whether offers may still go out, and the "still coming?" answers.
 */
export const getWaitlist = (id: string) => unwrap(api.admin.events[':id'].waitlist.$get({ param: { id } }));
export type AdminWaitlist = Awaited<ReturnType<typeof getWaitlist>>;
export type WaitlistEntry = AdminWaitlist['entries'][number];

export const waitlistQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'waitlist', id], queryFn: () => getWaitlist(id), staleTime: 0 });
export const useWaitlistQuery = (id: string) => useQuery(waitlistQueryOptions(id));

/** POST /api/admin/events/:id/waitlist/:entryId/offer ("offer now"); the waitlist and the dinner's seats are read again. */
export function useOfferNow(id: string) {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (entryId: string) =>
      unwrap(api.admin.events[':id'].waitlist[':entryId'].offer.$post({ param: { id, entryId } })),
    onSettled: refresh,
  });
}

/** GET /api/admin/events/:id/guest-credit: whose each booking is, with that guest's credit balance. */
export const getGuestCredit = (id: string) => unwrap(api.admin.events[':id']['guest-credit'].$get({ param: { id } }));
export type GuestCredit = Awaited<ReturnType<typeof getGuestCredit>>['guests'][number];

export const guestCreditQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'guest-credit', id], queryFn: () => getGuestCredit(id), staleTime: 0 });
export const useGuestCreditQuery = (id: string) => useQuery(guestCreditQueryOptions(id));

/** POST /api/admin/users/:id/credit `{ amount, note }`: answers the grant and the guest's new balance. */
export function useGrantCredit() {
  const refresh = useRefreshAfterWrite(['admin', 'guest-credit']);
  return useMutation({
    mutationFn: ({ userId, amount, note }: { userId: string; amount: number; note: string }) =>
      unwrap(api.admin.users[':id'].credit.$post({ param: { id: userId }, json: { amount, note } })),
    onSettled: refresh,
  });
}
