import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/reports: guests' reports, open first, urgent first, newest first; `all` adds the resolved ones. */
export const getAdminReports = (status: 'open' | 'all') => unwrap(api.admin.reports.$get({ query: { status } }));
export type AdminReport = Awaited<ReturnType<typeof getAdminReports>>['reports'][number];

export const adminReportsQueryOptions = (status: 'open' | 'all') =>
  queryOptions({ queryKey: ['admin', 'reports', status], queryFn: () => getAdminReports(status), staleTime: 0 });
export const useAdminReportsQuery = (status: 'open' | 'all') => useQuery(adminReportsQueryOptions(status));

/** POST /api/admin/reports/:id/resolve: marks it resolved (audited); 409 once it is. */
export function useResolveReport() {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.reports[':id'].resolve.$post({ param: { id } })),
    onSettled: refresh,
  });
}

/** GET /api/admin/users/:id/suspension: who, whether suspended, and the future bookings a suspension refunds. */
export const getSuspensionPreview = (userId: string) =>
  unwrap(api.admin.users[':id'].suspension.$get({ param: { id: userId } }));
export type SuspensionPreview = Awaited<ReturnType<typeof getSuspensionPreview>>;

export const useSuspensionPreviewQuery = (userId: string | null) =>
  useQuery({
    queryKey: ['admin', 'suspension', userId],
    queryFn: () => getSuspensionPreview(userId as string),
    enabled: userId !== null,
    staleTime: 0,
  });

/**
 * POST /api/admin/users/:id/suspend `{ reason }`: suspends the guest, refunds their future bookings
 * in full and tells them (idempotent); answers the refunds and whether they are queued.
 */
export function useSuspendUser() {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      unwrap(api.admin.users[':id'].suspend.$post({ param: { id: userId }, json: { reason } })),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/users/:id/suspend: lifts the suspension (audited); 409 when there is none. */
export function useLiftSuspension() {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.admin.users[':id'].suspend.$delete({ param: { id: userId } })),
    onSettled: refresh,
  });
}
