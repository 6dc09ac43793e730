import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { COPY } from '../domain/copy';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { findCoupon } from '../services/orders';

const ValidateCoupon = v.object({
  code: v.pipe(
    v.string(COPY.booking.invalidCoupon),
    v.trim(),
    v.minLength(1, COPY.booking.invalidCoupon),
    v.maxLength(40, COPY.booking.invalidCoupon),
  ),
  event_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});

/** `POST /api/coupons/validate`: 400 'Invalid Coupon…' unless an operator-created coupon matches. */
export const couponsRoutes = new Hono<AppEnv>().post('/validate', jsonBody(ValidateCoupon), async (c) => {
  const { code, event_id } = c.req.valid('json');
  const coupon = await findCoupon(c.var.db, code, event_id);
  if (!coupon)
    throw new ApiError(400, 'invalid_coupon', COPY.booking.invalidCoupon, { code: COPY.booking.invalidCoupon });
  return c.json({ valid: true as const, code: coupon.code, kind: coupon.kind, value: coupon.value });
});
