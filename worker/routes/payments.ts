import { Hono } from 'hono';
import * as v from 'valibot';
import { db } from '../../db/client';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { findOwnOrder } from '../lib/orders';
import { jsonBody } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { verifyCheckoutSignature } from '../providers/razorpay';

const VERIFY_FAILED = 'Payment verification failed. Please contact support.';
const id = v.pipe(v.string(VERIFY_FAILED), v.trim(), v.minLength(1, VERIFY_FAILED), v.maxLength(100, VERIFY_FAILED));

const VerifyPayment = v.object({
  razorpay_order_id: id,
  razorpay_payment_id: id,
  razorpay_signature: v.pipe(v.string(VERIFY_FAILED), v.trim(), v.regex(/^[0-9a-f]{64}$/i, VERIFY_FAILED)),
}, VERIFY_FAILED);

/**
 * `POST /api/payments/verify`: the checkout handler's signature, checked timing-safely against the
 * Razorpay order id WE stored for this guest, then the same queue message the webhook sends.
 */
export const paymentsRoutes = new Hono<AppEnv>().post('/verify', requireUser, jsonBody(VerifyPayment), async (c) => {
  const body = c.req.valid('json');
  const user = c.get('user');
  const order = await findOwnOrder(db(c.env.DB), user.id, body.razorpay_order_id);
  const storedId = order?.razorpayOrderId;
  if (!order || !storedId || !(await verifyCheckoutSignature(c.env.RAZORPAY_KEY_SECRET, storedId, body.razorpay_payment_id, body.razorpay_signature.toLowerCase()))) {
    throw new ApiError(400, 'verification_failed', VERIFY_FAILED);
  }
  await c.env.BOOKINGS.send({ kind: 'payment-captured', orderId: storedId, paymentId: body.razorpay_payment_id, source: 'verify' });
  return c.json({ verified: true as const, orderId: storedId });
});
