import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** Where 'Download my data' points: the Worker answers one JSON file as an attachment. */
export const EXPORT_URL = '/api/me/export';

/**
 * GET /api/me/erasure — what deleting the account would do: what goes, what the law keeps, each
 * upcoming booking and what happens to it, and whether the guest may delete now (not while we owe
 * them a refund for a dinner we cancelled).
 */
export const getErasurePreview = () => unwrap(api.me.erasure.$get());

export type ErasurePreview = Awaited<ReturnType<typeof getErasurePreview>>;

/** Never cached: it is read each time the dialog opens, as bookings may have changed. */
export const erasurePreviewQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'erasure'], queryFn: getErasurePreview, staleTime: 0, gcTime: 0 });

export const useErasurePreviewQuery = (enabled: boolean) => useQuery({ ...erasurePreviewQueryOptions(), enabled });

/** DELETE /api/me `{ confirm: true }`: erases the account and clears the session cookies. */
export const deleteAccount = () => unwrap(api.me.$delete({ json: { confirm: true } }));

export const useDeleteAccountMutation = () => useMutation({ mutationFn: deleteAccount });
