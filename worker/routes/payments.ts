import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { COPY } from '@domain/copy';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { acceptCheckoutPayment } from '../services/payments';

const VERIFY_FAILED = COPY.booking.verifyFailed;
const id = v.pipe(v.string(VERIFY_FAILED), v.trim(), v.minLength(1, VERIFY_FAILED), v.maxLength(100, VERIFY_FAILED));

const VerifyPayment = v.object(
  {
    razorpay_order_id: id,
    razorpay_payment_id: id,
    razorpay_signature: v.pipe(v.string(VERIFY_FAILED), v.trim(), v.regex(/^[0-9a-f]{64}$/i, VERIFY_FAILED)),
  },
  VERIFY_FAILED,
);

/** `POST /api/payments/verify`: the checkout handler's signed answer, queued for booking. */
export const paymentsRoutes = new Hono<AppEnv>().post(
  '/verify',
  loadSession,
  requireUser,
  jsonBody(VerifyPayment),
  async (c) => {
    const accepted = await acceptCheckoutPayment(c.env, c.var.db, c.get('user').id, c.req.valid('json'));
    return c.json({ verified: true as const, ...accepted });
  },
);
