import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { showWriteAnswer } from '@/lib/refresh-after-write';

/** GET /api/admin/events/:id/hosts: who hosts the dinner. */
export const getDinnerHosts = (id: string) => unwrap(api.admin.events[':id'].hosts.$get({ param: { id } }));
export type DinnerHost = Awaited<ReturnType<typeof getDinnerHosts>>['hosts'][number];

const key = (id: string) => ['admin', 'hosts', id];

export const useDinnerHostsQuery = (id: string) =>
  useQuery(queryOptions({ queryKey: key(id), queryFn: () => getDinnerHosts(id), staleTime: 0 }));

/** POST /api/admin/events/:id/hosts `{ user }` (a phone or an email); the answer is the new list. */
export function useAssignHost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: string) => unwrap(api.admin.events[':id'].hosts.$post({ param: { id }, json: { user } })),
    onSuccess: (answer) => showWriteAnswer(queryClient, key(id), () => ({ hosts: answer.hosts })),
  });
}

/** DELETE /api/admin/events/:id/hosts/:userId. */
export function useRemoveHost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.admin.events[':id'].hosts[':userId'].$delete({ param: { id, userId } })),
    onSuccess: (answer) => showWriteAnswer(queryClient, key(id), () => ({ hosts: answer.hosts })),
  });
}
