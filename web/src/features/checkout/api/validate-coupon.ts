import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * POST /api/coupons/validate: 400 'Invalid Coupon: This coupon code is not valid.' unless the coupon
 * may be used on this dinner now; else its terms and every ticket's `price` and `discounted_price`
 * (null where it does not apply), computed by the server as the order will charge them.
 */
export const validateCoupon = (input: { code: string; event_id: string }) =>
  unwrap(api.coupons.validate.$post({ json: input }));

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
