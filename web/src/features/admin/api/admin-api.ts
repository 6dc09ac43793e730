import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/admin/events: every dinner with seats and revenue, and what needs a person. */
export const getAdminEvents = () => unwrap(api.admin.events.$get());
export type AdminEvents = Awaited<ReturnType<typeof getAdminEvents>>;
export type AdminEvent = AdminEvents['events'][number];

/** GET /api/admin/audit: the audit log, newest first. */
export const getAudit = () => unwrap(api.admin.audit.$get({ query: {} }));
export type AuditEntry = Awaited<ReturnType<typeof getAudit>>['entries'][number];

export const adminEventsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'events'], queryFn: getAdminEvents, staleTime: 0 });
export const auditQueryOptions = () => queryOptions({ queryKey: ['admin', 'audit'], queryFn: getAudit, staleTime: 0 });

/** Starts both of the console's reads (the route's loader calls this while the page's chunk loads). */
export function prefetchConsole(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(adminEventsQueryOptions()),
    queryClient.prefetchQuery(auditQueryOptions()),
  ]);
}

export const useAdminEventsQuery = () => useQuery(adminEventsQueryOptions());
export const useAuditQuery = () => useQuery(auditQueryOptions());

/** PATCH /api/admin/events/:id `{ available }`: hide or show a dinner; refreshes the console. */
export function useSetEventAvailable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, available }: { id: string; available: boolean }) =>
      unwrap(api.admin.events[':id'].$patch({ param: { id }, json: { available } })),
    // The guests' list changes too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
