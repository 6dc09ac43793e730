import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useRefreshAfterWrite } from '@/lib/refresh-after-write';

/** GET /api/admin/coupons: every coupon, newest first, with its dinner and redemptions now. */
export const getCoupons = () => unwrap(api.admin.coupons.$get());
export type AdminCoupon = Awaited<ReturnType<typeof getCoupons>>['coupons'][number];

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'coupons'], queryFn: getCoupons, staleTime: 0 });
export const useCouponsQuery = () => useQuery(couponsQueryOptions());

export type NewCouponBody = Parameters<typeof api.admin.coupons.$post>[0]['json'];
export type CouponPatchBody = Parameters<(typeof api.admin.coupons)[':code']['$patch']>[0]['json'];

/** POST /api/admin/coupons or PATCH /api/admin/coupons/:code (the switch too); refreshes the list and the audit log. */
export function useSaveCoupon() {
  const refresh = useRefreshAfterWrite(['admin']);
  return useMutation({
    mutationFn: (
      write: { kind: 'create'; body: NewCouponBody } | { kind: 'edit'; code: string; body: CouponPatchBody },
    ): Promise<unknown> =>
      write.kind === 'create'
        ? unwrap(api.admin.coupons.$post({ json: write.body }))
        : unwrap(api.admin.coupons[':code'].$patch({ param: { code: write.code }, json: write.body })),
    onSettled: refresh,
  });
}
