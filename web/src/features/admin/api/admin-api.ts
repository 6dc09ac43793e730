import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/events: every dinner with seats and revenue, and what needs a person. */
export const getAdminEvents = () => unwrap(api.admin.events.$get({ query: {} }));
export type AdminEvents = Awaited<ReturnType<typeof getAdminEvents>>;
export type AdminEvent = AdminEvents['events'][number];

/** The dashboard's table: upcoming or past, searched, in a city, between IST dates, one page. */
export type AdminEventsFilter = {
  status: 'upcoming' | 'past';
  q: string;
  city: string;
  from: string;
  to: string;
  page: number;
};
/** GET /api/admin/events?status=…: one page of dinners, filtered and paged by the server. */
export const getAdminEventsPage = (f: AdminEventsFilter) =>
  unwrap(
    api.admin.events.$get({
      query: {
        status: f.status,
        q: f.q || undefined,
        city: f.city || undefined,
        from: f.from || undefined,
        to: f.to || undefined,
        page: f.page > 1 ? String(f.page) : undefined,
      },
    }),
  );
export const adminEventsPageQueryOptions = (f: AdminEventsFilter) =>
  queryOptions({
    queryKey: ['admin', 'events', 'page', f],
    queryFn: () => getAdminEventsPage(f),
    staleTime: 0,
    // The last page stays on screen while the next loads: typing never blanks the table.
    placeholderData: keepPreviousData,
  });
export type AdminEventsPage = Awaited<ReturnType<typeof getAdminEventsPage>>;
export const useAdminEventsPageQuery = (f: AdminEventsFilter) => useQuery(adminEventsPageQueryOptions(f));

/** GET /api/admin/audit: one page of the audit log, newest first, optionally of one dinner. */
export const getAudit = (query: { event_id?: string; before?: string } = {}) => unwrap(api.admin.audit.$get({ query }));
export type AuditEntry = Awaited<ReturnType<typeof getAudit>>['entries'][number];

export const adminEventsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'events'], queryFn: getAdminEvents, staleTime: 0 });
/** The dashboard's recent activity: the newest page of the whole log. */
export const auditQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'audit', 'recent'], queryFn: () => getAudit(), staleTime: 0 });
/** The audit log page: page after page, of every dinner or of one. */
export const auditPagesQueryOptions = (eventId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', 'pages', eventId ?? null],
    queryFn: ({ pageParam }) => getAudit({ event_id: eventId, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    staleTime: 0,
  });

export const useAdminEventsQuery = () => useQuery(adminEventsQueryOptions());
export const useAuditQuery = () => useQuery(auditQueryOptions());
export const useAuditPagesQuery = (eventId: string | undefined) => useInfiniteQuery(auditPagesQueryOptions(eventId));

/** PATCH /api/admin/events/:id `{ available }`: hide or show a dinner; refreshes the console. */
export function useSetEventAvailable() {
  const refresh = useRefreshAfterWrite(['admin'], ['events']);
  return useMutation({
    mutationFn: ({ id, available }: { id: string; available: boolean }) =>
      unwrap(api.admin.events[':id'].$patch({ param: { id }, json: { available } })),
    // The guests' list changes too.
    onSettled: refresh,
  });
}

/** GET /api/admin/events/:id: one dinner as the editor shows it. */
export const dinnerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'dinner', id],
    queryFn: () => unwrap(api.admin.events[':id'].$get({ param: { id } })),
    staleTime: 0,
  });
export const useDinnerQuery = (id: string) => useQuery(dinnerQueryOptions(id));
export type EditableDinner = Awaited<ReturnType<typeof unwrapDinner>>['event'];
const unwrapDinner = (id: string) => unwrap(api.admin.events[':id'].$get({ param: { id } }));

type CreateBody = Parameters<typeof api.admin.events.$post>[0]['json'];
type SeriesBody = Parameters<typeof api.admin.series.$post>[0]['json'];
type PatchBody = Parameters<(typeof api.admin.events)[':id']['$patch']>[0]['json'];

/** The console's three dinner writes; each refreshes the console and the guests' lists. */
export function useSaveDinner() {
  const refresh = useRefreshAfterWrite(['admin'], ['events']);
  return useMutation({
    mutationFn: (
      write:
        | { kind: 'create'; body: CreateBody }
        | { kind: 'series'; body: SeriesBody }
        | { kind: 'edit'; id: string; body: PatchBody },
    ): Promise<{ event?: { id: string }; events?: Array<{ id: string }> }> =>
      write.kind === 'create'
        ? unwrap(api.admin.events.$post({ json: write.body }))
        : write.kind === 'series'
          ? unwrap(api.admin.series.$post({ json: write.body }))
          : unwrap(api.admin.events[':id'].$patch({ param: { id: write.id }, json: write.body })),
    onSettled: refresh,
  });
}
