import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads again what a write changed: every query under `keys`, any fetch of theirs still running
 * cancelled first. `invalidateQueries` alone leaves a query's first fetch running (TanStack Query
 * restarts a fetch in flight only for a query that already has data), and a fetch that read before
 * the write answers with what the write replaced: a console search typed just before a dinner was
 * hidden kept showing it shown.
 */
export async function refreshAfterWrite(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
