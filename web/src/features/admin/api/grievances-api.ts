import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/grievances: open ones first, soonest due first, each with `overdue`. */
export const getAdminGrievances = () => unwrap(api.admin.grievances.$get());
export type AdminGrievance = Awaited<ReturnType<typeof getAdminGrievances>>['grievances'][number];

export const adminGrievancesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'grievances'], queryFn: getAdminGrievances, staleTime: 0 });
export const useAdminGrievancesQuery = () => useQuery(adminGrievancesQueryOptions());

/** POST /api/admin/grievances/:id/reply: resolves it and emails the guest; `emailed` says if that went. */
export function useReplyToGrievance() {
  const refresh = useRefreshAfterWrite(['admin', 'grievances']);
  return useMutation({
    mutationFn: (write: { id: string; reply: string }) =>
      unwrap(api.admin.grievances[':id'].reply.$post({ param: { id: write.id }, json: { reply: write.reply } })),
    onSettled: refresh,
  });
}
