import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { COUPON_CODE, CouponPatch, couponKey, expiryError, NewCoupon } from '@domain/coupon';
import { CONSOLE_COPY } from '@domain/copy-console';
import { ApiError } from '../lib/errors';
import { invalidInput, jsonBody } from '../lib/validate';
import { createCoupon, editCoupon, listCoupons } from '../services/coupons';

const C = CONSOLE_COPY.coupon;

/** 400 with the field unless a set expiry is ahead of now. */
function assertExpiryAhead(expiresAt: string | null | undefined, now: Date) {
  const message = expiryError(expiresAt, now);
  if (message) throw invalidInput(message, { expires_at: message });
}

const unknownEvent = () => invalidInput(C.eventUnknown, { event_id: C.eventUnknown });

/** Behind the console's gate (`requireRole('operator')`), the user is always there. */
type OperatorEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { user: SessionUser } };

/**
 * `/api/admin/coupons` (DESIGN.md "Operating the product"). Mounted inside the console's sub-app
 * (routes/admin.ts), behind its operator gate; every write and its audit row are one batch.
 */
export const adminCouponsRoutes = new Hono<OperatorEnv>()
  /** Every coupon, newest first, with its redemptions (orders holding or owning seats with it). */
  .get('/', async (c) => c.json({ coupons: await listCoupons(c.var.db, new Date()) }))
  /** Creates a coupon: 409 when the code is taken (whatever its case), 400 for an unknown dinner. */
  .post('/', jsonBody(NewCoupon), async (c) => {
    const body = c.req.valid('json');
    const now = new Date();
    assertExpiryAhead(body.expires_at, now);
    const result = await createCoupon(c.var.db, c.get('user').id, body, now);
    if (result.kind === 'duplicate') throw new ApiError(409, 'duplicate_code', C.duplicate, { code: C.duplicate });
    if (result.kind === 'unknown_event') throw unknownEvent();
    return c.json({ coupon: result.coupon }, 201);
  })
  /** Edits any field but the code, the active switch included; 404 for an unknown code. */
  .patch('/:code', jsonBody(CouponPatch), async (c) => {
    const code = couponKey(c.req.param('code'));
    const body = c.req.valid('json');
    const now = new Date();
    assertExpiryAhead(body.expires_at, now);
    const result = COUPON_CODE.test(code)
      ? await editCoupon(c.var.db, c.get('user').id, code, body, now)
      : ({ kind: 'not_found' } as const);
    if (result.kind === 'not_found') throw new ApiError(404, 'not_found', C.notFound);
    if (result.kind === 'unknown_event') throw unknownEvent();
    if (result.kind === 'percent_range') throw invalidInput(C.percentRange, { value: C.percentRange });
    return c.json({ coupon: result.coupon, changed: result.changed });
  });
