import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * Reads again what a write changed: every query under `keys`, any fetch of theirs still running
 * replaced by a new one. `invalidateQueries` alone leaves a query's first fetch running (TanStack
 * Query restarts a fetch in flight only for a query that already has data), and a fetch that read
 * before the write answers with what the write replaced: a console search typed just before a
 * dinner was hidden kept showing it shown.
 *
 * The running fetches are cancelled the way TanStack Query restarts its own: silently, and in the
 * same tick as the refetch, so whoever awaits the old fetch (a route's loader) gets the new one's
 * answer rather than a cancellation. Only the queries the refetch will fetch again are cancelled.
 */
export function refreshAfterWrite(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  for (const queryKey of keys)
    void queryClient.cancelQueries(
      { queryKey, type: 'active', predicate: (query) => !query.isDisabled() && !query.isStatic() },
      { silent: true, revert: false },
    );
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** {@link refreshAfterWrite} of `keys` with the app's query client, for a mutation's `onSettled`. */
export function useRefreshAfterWrite(...keys: QueryKey[]): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => refreshAfterWrite(queryClient, ...keys);
}

/**
 * Puts what a write answered on screen under `queryKey`, in place of a read: a read of it still
 * running started before the write and would land after it with what the write replaced, so it
 * is cancelled first. `answer` is asked after that (undefined: show nothing), for a write that may
 * have been overtaken by another in the meantime.
 */
export async function showWriteAnswer<T>(queryClient: QueryClient, queryKey: QueryKey, answer: () => T | undefined) {
  await queryClient.cancelQueries({ queryKey });
  const data = answer();
  if (data !== undefined) queryClient.setQueryData(queryKey, data);
}
