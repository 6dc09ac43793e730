import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/orders/:orderId: the guest's own order status, with the booking once confirmed. */
export const getOrder = (orderId: string) => unwrap(api.orders[':orderId'].$get({ param: { orderId } }));

export type OrderView = Awaited<ReturnType<typeof getOrder>>;
export type OrderStatus = OrderView['order']['status'];

/** Statuses after which nothing changes without an operator: polling stops there. */
export const SETTLED: readonly OrderStatus[] = ['confirmed', 'failed', 'expired', 'refunded', 'needs_attention'];

/** Quick polls right after paying, when the booking is usually a few hundred milliseconds away. */
const QUICK_POLLS = 24;
const QUICK_POLL_MS = 250;

/**
 * Polls while the queue is still turning the payment into a booking: every 250 ms for the first
 * six seconds (the consumer takes each payment at once, wrangler.toml, so a guest who has just
 * paid sees 'You're All Set!' within about a second, issue 14), then every 1.5 s (a retry's
 * backoff, a Razorpay hiccup).
 */
export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId],
    queryFn: () => getOrder(orderId),
    refetchInterval: (query) =>
      query.state.data && SETTLED.includes(query.state.data.order.status)
        ? false
        : query.state.dataUpdateCount < QUICK_POLLS
          ? QUICK_POLL_MS
          : 1500,
    retry: (count, error) =>
      count < 3 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
  });

export const useOrderQuery = (orderId: string) => useQuery(orderQueryOptions(orderId));
