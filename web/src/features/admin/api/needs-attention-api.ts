import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/orders?status=needs_attention: flagged paid orders and unresolved payment issues. */
export const getNeedsAttention = () => unwrap(api.admin.orders.$get({ query: { status: 'needs_attention' } }));
export type NeedsAttention = Awaited<ReturnType<typeof getNeedsAttention>>;
export type FlaggedOrder = NeedsAttention['orders'][number];
export type PaymentIssue = NeedsAttention['payment_issues'][number];

export const needsAttentionQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'needs-attention'], queryFn: getNeedsAttention, staleTime: 0 });
export const useNeedsAttentionQuery = () => useQuery(needsAttentionQueryOptions());

/**
 * What a card says when its action ends. Given to the hook, not to `mutate`: React Query drops a
 * `mutate` callback once its component has unmounted, and the refetch that follows a refund takes
 * the card off the list, sometimes before the answer's callback ran (the operator then saw no
 * "Refunded in full" line). Hook callbacks run before the refetch, mounted or not.
 */
type Outcome = { onSuccess?: () => void; onError?: (error: Error) => void };

/** POST /api/admin/orders/:id/retry: book a flagged order again through the pipeline. */
export function useRetryOrder({ onSuccess, onError }: Outcome = {}) {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.orders[':id'].retry.$post({ param: { id } })),
    onSuccess,
    onError,
    onSettled: refresh,
  });
}

/** POST /api/admin/orders/:id/refund: refund a flagged order in full (once, however many clicks). */
export function useRefundOrder({ onSuccess, onError }: Outcome = {}) {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.orders[':id'].refund.$post({ param: { id } })),
    onSuccess,
    onError,
    onSettled: refresh,
  });
}

/** POST /api/admin/payment-issues/:payment_id/refund: refund a payment no order carries, and resolve it. */
export function useRefundPaymentIssue({ onSuccess, onError }: Outcome = {}) {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (paymentId: string) =>
      unwrap(api.admin['payment-issues'][':payment_id'].refund.$post({ param: { payment_id: paymentId } })),
    onSuccess,
    onError,
    onSettled: refresh,
  });
}
