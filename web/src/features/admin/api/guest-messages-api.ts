import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/events/:id/messages: the dinner (cancelled or not), its confirmed guests' count, the messages sent. */
export const getGuestMessages = (id: string) => unwrap(api.admin.events[':id'].messages.$get({ param: { id } }));
export type GuestMessages = Awaited<ReturnType<typeof getGuestMessages>>;
export type SentMessage = GuestMessages['messages'][number];

export const guestMessagesQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'guest-messages', id], queryFn: () => getGuestMessages(id), staleTime: 0 });
export const useGuestMessagesQuery = (id: string) => useQuery(guestMessagesQueryOptions(id));

/** POST /api/admin/events/:id/cancel `{ reason }`. */
export function useCancelDinner(id: string) {
  const refresh = useRefreshAfterWrite(['admin'], ['events']);
  return useMutation({
    mutationFn: (reason: string) => unwrap(api.admin.events[':id'].cancel.$post({ param: { id }, json: { reason } })),
    onSettled: refresh,
  });
}

/**
 * POST /api/admin/events/:id/message `{ message_id, subject, body }`. `message_id` is a UUID made
 * when the confirmation step opens: sending it again (a lost answer, a double click) sends nothing twice.
 */
export function useMessageGuests(id: string) {
  const refresh = useRefreshAfterWrite(['admin'], ['events']);
  return useMutation({
    mutationFn: (input: { message_id: string; subject: string; body: string }) =>
      unwrap(api.admin.events[':id'].message.$post({ param: { id }, json: input })),
    onSettled: refresh,
  });
}
