import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** POST /api/coupons/validate: 400 'Invalid Coupon: This coupon code is not valid.' unless an operator created it. */
export const validateCoupon = (input: { code: string; event_id: string }) =>
  unwrap(api.coupons.validate.$post({ json: input }));

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
