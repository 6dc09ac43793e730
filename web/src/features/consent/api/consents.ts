import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentsView } from '@domain/consent';
import { api, unwrap } from '@/lib/api';

/** GET /api/me/consents: the notice version agreed (or null), the current one, marketing on/off. */
export const getConsents = (): Promise<ConsentsView> => unwrap(api.me.consents.$get());

/** PUT /api/me/consents: agree to the notice as shown and/or marketing on or off; answers the new state. */
export const putConsents = (change: { notice_version?: string; marketing?: boolean }): Promise<ConsentsView> =>
  unwrap(api.me.consents.$put({ json: change }));

export const consentsQueryOptions = () => queryOptions({ queryKey: ['consents'], queryFn: getConsents, staleTime: 0 });

export const useConsentsQuery = () => useQuery(consentsQueryOptions());

/**
 * Saves a change; the answer becomes the cached state, and the session is refreshed when the notice
 * was agreed (its `consent_required` and `next` change).
 */
export function useUpdateConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putConsents,
    onSuccess: async (view, change) => {
      queryClient.setQueryData(['consents'], view);
      if (change.notice_version !== undefined) await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
