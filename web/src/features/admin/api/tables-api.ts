import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TablesEditInput } from '@domain/tables';
import { toastError } from '@/components/toast-error';
import { api, unwrap } from '@/lib/api';
import { refreshAfterWrite, showWriteAnswer } from '@/lib/refresh-after-write';

/** GET /api/admin/events/:id/tables: the tables with each one's balance, the unseated, the plan and the score. */
export const getTables = (id: string) => unwrap(api.admin.events[':id'].tables.$get({ param: { id } }));
export type TablesView = Awaited<ReturnType<typeof getTables>>;
export type DinnerTable = TablesView['tables'][number];
export type TableGuest = TablesView['unseated'][number];
export type TableBalance = DinnerTable['balance'];

export const tablesQueryKey = (id: string) => ['admin', 'tables', id] as const;
export const tablesQueryOptions = (id: string) =>
  queryOptions({ queryKey: tablesQueryKey(id), queryFn: () => getTables(id), staleTime: 0 });
export const useTablesQuery = (id: string) => useQuery(tablesQueryOptions(id));

/**
 * One write to a dinner's tables. `save` carries the seating as the operator expects to see it
 * (`optimistic`), drawn at once while the PUT is on its way.
 */
export type TablesWrite =
  | { kind: 'run' }
  | { kind: 'publish' }
  | { kind: 'save'; body: TablesEditInput; optimistic: TablesView };

const send = (id: string, write: TablesWrite) =>
  write.kind === 'run'
    ? unwrap(api.admin.events[':id'].tables.$post({ param: { id } }))
    : write.kind === 'publish'
      ? unwrap(api.admin.events[':id'].tables.publish.$post({ param: { id } }))
      : unwrap(api.admin.events[':id'].tables.$put({ param: { id }, json: write.body }));

/**
 * The Tables tab's writes: run the matching, save a move or a lock (PUT), publish. They go one at
 * a time, in order (one mutation scope per dinner), so a quick second move never races the first
 * on the server. A save shows its seating at once; the server's answer replaces it, but only the
 * answer of the last write in flight, so an earlier answer never draws over a later move. A
 * failed write says why (toast) and the tables are read again from the server.
 */
export function useTablesWrite(id: string) {
  const queryClient = useQueryClient();
  const key = tablesQueryKey(id);
  const mutationKey = ['admin', 'tables-write', id];
  const lastInFlight = () => queryClient.isMutating({ mutationKey }) === 1;
  return useMutation({
    mutationKey,
    scope: { id: `tables-${id}` },
    mutationFn: (write: TablesWrite) => send(id, write),
    onMutate: async (write) => {
      if (write.kind !== 'save') return undefined;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TablesView>(key);
      queryClient.setQueryData<TablesView>(key, write.optimistic);
      return { before };
    },
    // A run or a publish cancels no read first (a save did, in onMutate); a later write's answer wins.
    onSuccess: (answer) =>
      showWriteAnswer<TablesView>(queryClient, key, () => {
        if (!lastInFlight()) return undefined;
        const { changed: _changed, ...view } = answer;
        return view;
      }),
    onError: (error, _write, context) => {
      toastError(error);
      if (lastInFlight() && context?.before) queryClient.setQueryData<TablesView>(key, context.before);
    },
    onSettled: (_answer, error) =>
      Promise.all([
        // The guest list shows each guest's table.
        refreshAfterWrite(queryClient, ['admin', 'attendees', id]),
        error && lastInFlight() ? refreshAfterWrite(queryClient, key) : undefined,
      ]),
  });
}
