import { Hono } from 'hono';
import * as v from 'valibot';
import { db } from '../../db/client';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { findCoupon, MESSAGES } from '../lib/orders';
import { jsonBody } from '../lib/validate';

const ValidateCoupon = v.object({
  code: v.pipe(v.string(MESSAGES.invalidCoupon), v.trim(), v.minLength(1, MESSAGES.invalidCoupon), v.maxLength(40, MESSAGES.invalidCoupon)),
  event_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});

/** `POST /api/coupons/validate`: 400 'Invalid Coupon…' unless an operator-created coupon matches. */
export const couponsRoutes = new Hono<AppEnv>().post('/validate', jsonBody(ValidateCoupon), async (c) => {
  const { code, event_id } = c.req.valid('json');
  const coupon = await findCoupon(db(c.env.DB), code, event_id);
  if (!coupon) throw new ApiError(400, 'invalid_coupon', MESSAGES.invalidCoupon, { code: MESSAGES.invalidCoupon });
  return c.json({ valid: true as const, code: coupon.code, percentOff: coupon.percentOff });
});
