import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/admin/events/:id/hosts: who hosts the dinner. */
export const getDinnerHosts = (id: string) => unwrap(api.admin.events[':id'].hosts.$get({ param: { id } }));
export type DinnerHost = Awaited<ReturnType<typeof getDinnerHosts>>['hosts'][number];

const key = (id: string) => ['admin', 'hosts', id];

export const useDinnerHostsQuery = (id: string) =>
  useQuery(queryOptions({ queryKey: key(id), queryFn: () => getDinnerHosts(id), staleTime: 0 }));

/**
 * The list a write answered with, on screen. A read of the list still running started before the
 * write and would land after it with the list the write replaced: it is cancelled first.
 */
async function showAnswer(queryClient: QueryClient, id: string, hosts: DinnerHost[]) {
  await queryClient.cancelQueries({ queryKey: key(id) });
  queryClient.setQueryData(key(id), { hosts });
}

/** POST /api/admin/events/:id/hosts `{ user }` (a phone or an email); the answer is the new list. */
export function useAssignHost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: string) => unwrap(api.admin.events[':id'].hosts.$post({ param: { id }, json: { user } })),
    onSuccess: (answer) => showAnswer(queryClient, id, answer.hosts),
  });
}

/** DELETE /api/admin/events/:id/hosts/:userId. */
export function useRemoveHost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.admin.events[':id'].hosts[':userId'].$delete({ param: { id, userId } })),
    onSuccess: (answer) => showAnswer(queryClient, id, answer.hosts),
  });
}
