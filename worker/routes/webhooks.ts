import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { db } from '../../db/client';
import { paymentOrders, webhookEvents } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { verifyWebhookSignature } from '../providers/razorpay';

const Payment = v.object({
  id: v.string(),
  order_id: v.nullish(v.string()),
  amount: v.number(),
  currency: v.string(),
  status: v.string(),
  error_description: v.nullish(v.string()),
});
const WebhookBody = v.object({
  event: v.string(),
  payload: v.object({ payment: v.optional(v.object({ entity: Payment })), order: v.optional(v.object({ entity: v.object({ id: v.string() }) })) }),
});

const MAX_WEBHOOK_BYTES = 256 * 1024;

const badSignature = () => new ApiError(400, 'invalid_signature', 'Invalid webhook signature.');

/**
 * `POST /api/webhooks/razorpay` (https://razorpay.com/docs/webhooks/validate-test/): the signature
 * is checked over the RAW body bytes (re-serialised JSON would not match), deliveries are
 * deduplicated on X-Razorpay-Event-Id, and payment events become the same queue message as
 * /api/payments/verify. Mounted before the Origin check: the signature is the authentication.
 */
export const webhooksRoutes = new Hono<AppEnv>().post('/razorpay', async (c) => {
  // Razorpay's payloads are a few KB; refuse anything large before hashing it.
  if (Number(c.req.header('Content-Length') ?? 0) > MAX_WEBHOOK_BYTES) throw new ApiError(413, 'payload_too_large', 'Webhook body too large.');
  const raw = await c.req.text();
  if (raw.length > MAX_WEBHOOK_BYTES) throw new ApiError(413, 'payload_too_large', 'Webhook body too large.');
  if (!(await verifyWebhookSignature(c.env.RAZORPAY_WEBHOOK_SECRET, raw, c.req.header('X-Razorpay-Signature')))) throw badSignature();
  const eventId = c.req.header('X-Razorpay-Event-Id');
  if (!eventId || eventId.length > 100) throw new ApiError(400, 'invalid_input', 'Missing X-Razorpay-Event-Id.');
  let parsed: v.InferOutput<typeof WebhookBody>;
  try {
    parsed = v.parse(WebhookBody, JSON.parse(raw));
  } catch {
    throw new ApiError(400, 'invalid_input', 'Unreadable webhook body.');
  }

  const d = db(c.env.DB);
  const fresh = await d.insert(webhookEvents).values({ id: eventId, event: parsed.event }).onConflictDoNothing();
  if ((fresh.meta.changes ?? 0) === 0) return c.json({ ok: true, duplicate: true });
  try {
    await handleEvent(c.env, d, parsed);
  } catch (err) {
    // Forget the delivery so Razorpay's retry is processed rather than deduplicated away.
    await d.delete(webhookEvents).where(eq(webhookEvents.id, eventId));
    throw err;
  }
  return c.json({ ok: true });
});

async function handleEvent(env: AppEnv['Bindings'], d: ReturnType<typeof db>, body: v.InferOutput<typeof WebhookBody>) {
  const payment = body.payload.payment?.entity;
  const orderId = payment?.order_id ?? body.payload.order?.entity.id;
  if (!payment || !orderId) return;
  const [order] = await d.select().from(paymentOrders).where(eq(paymentOrders.razorpayOrderId, orderId));
  if (!order) {
    console.warn('webhook for an unknown order', body.event, orderId);
    return;
  }
  switch (body.event) {
    case 'payment.captured':
    case 'order.paid': {
      if (payment.status !== 'captured') return;
      if (payment.amount !== order.amount * 100 || payment.currency !== order.currency) {
        console.error('captured amount/currency differ from the order; not booking', orderId, payment.id, payment.amount, payment.currency);
        return;
      }
      await env.BOOKINGS.send({ kind: 'payment-captured', orderId, paymentId: payment.id, source: 'webhook' });
      return;
    }
    case 'payment.failed': {
      // Only an unpaid hold fails; status never moves back from paid/confirmed. Its seats are free
      // from now on because 'failed' is not a seat-holding status.
      await d
        .update(paymentOrders)
        .set({ status: 'failed', failureReason: payment.error_description ?? 'Payment failed', updatedAt: new Date().toISOString() })
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'created'), sql`${paymentOrders.paymentId} IS NULL`));
      return;
    }
    default:
      return;
  }
}
