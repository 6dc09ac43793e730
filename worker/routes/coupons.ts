import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { couponKey } from '@domain/coupon';
import { COPY } from '@domain/copy';
import { ApiError } from '../lib/errors';
import { COUPON_CHECK_LIMITS, LEDGER_COPY } from '@domain/ledger-rules';
import { jsonBody } from '../lib/validate';
import { loadSession } from '../middleware/session';
import { checkCoupon } from '../services/coupons';
import { consumeAll } from '../services/rate-limit';

const ValidateCoupon = v.object({
  code: v.pipe(
    v.string(COPY.booking.invalidCoupon),
    v.trim(),
    v.minLength(1, COPY.booking.invalidCoupon),
    v.maxLength(40, COPY.booking.invalidCoupon),
  ),
  event_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});

/**
 * `POST /api/coupons/validate`: 400 'Invalid Coupon…' unless an operator-created coupon may be used
 * on this dinner now (active, not expired, this dinner or every dinner, under its cap, for at least
 * one of its tickets). The answer carries every ticket type's price and, where the coupon applies,
 * its discounted price, computed here: the guest's page shows them, the order charges the same.
 * Only for a signed-in guest, and limited per guest and per address, so codes cannot be guessed
 * by the thousand (issue 19).
 */
export const couponsRoutes = new Hono<AppEnv>()
  .use(loadSession)
  .post('/validate', jsonBody(ValidateCoupon), async (c) => {
    const user = c.get('user');
    if (!user) throw new ApiError(401, 'unauthorized', LEDGER_COPY.signInToCheckCoupon);
    const address = c.req.header('CF-Connecting-IP');
    await consumeAll(c.var.db, [
      { key: `coupon-check:user:${user.id}`, limits: COUPON_CHECK_LIMITS.perGuest },
      ...(address ? [{ key: `coupon-check:ip:${address}`, limits: COUPON_CHECK_LIMITS.perAddress }] : []),
    ]);
    const { code, event_id } = c.req.valid('json');
    const coupon = await checkCoupon(c.var.db, couponKey(code), event_id);
    if (!coupon)
      throw new ApiError(400, 'invalid_coupon', COPY.booking.invalidCoupon, { code: COPY.booking.invalidCoupon });
    return c.json({ valid: true as const, ...coupon });
  });
