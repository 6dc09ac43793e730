import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/orders/held/:eventId — the signed-in guest's own live hold on this dinner (a checkout
 * closed half-way, issue 24), answered as `POST /api/orders` answered it, or `hold: null`.
 */
export const getHeldOrder = (eventId: string) =>
  unwrap(api.orders.held[':eventId'].$get({ param: { eventId } })).then((r) => r.hold);

export type HeldOrder = NonNullable<Awaited<ReturnType<typeof getHeldOrder>>>;

export const heldOrderKey = (eventId: string) => ['orders', 'held', eventId] as const;

export const heldOrderQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: heldOrderKey(eventId), queryFn: () => getHeldOrder(eventId), staleTime: 0 });

/** The guest's live hold on the dinner, asked only for a signed-in guest (`enabled`). */
export const useHeldOrder = (eventId: string, enabled: boolean) =>
  useQuery({ ...heldOrderQueryOptions(eventId), enabled });

/** DELETE /api/orders/:orderId — 'Let the seat go': the hold ends now, the seat is on sale again. */
export function useLetHoldGo(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => unwrap(api.orders[':orderId'].$delete({ param: { orderId } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: heldOrderKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
