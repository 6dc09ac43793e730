/**
 * Payments reported to us: the checkout handler's signed answer (`POST /api/payments/verify`) and
 * Razorpay's webhooks. Both end as the same message on the `bookings` queue, whose consumer
 * (ledger/capture.ts) turns a captured payment into exactly one booking.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { paymentOrders, webhookEvents } from '../../db/schema';
import { COPY } from '@domain/copy';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { verifyCheckoutSignature, verifyWebhookSignature } from '../providers/razorpay';
import { creditNoteForRazorpayRefund } from './invoices';
import { refundProcessed } from './ledger/cancelled-refunds';
import { recordFailedAttempt, reportCapturedPayment } from './ledger/capture';
import { findOwnOrder } from './orders';

/**
 * The checkout handler's signature, checked timing-safely against the Razorpay order id WE stored
 * for this guest (never the client's), then queued for booking.
 */
export async function acceptCheckoutPayment(
  env: Env,
  d: Db,
  userId: string,
  p: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<{ order_id: string }> {
  const order = await findOwnOrder(d, userId, p.razorpay_order_id);
  const storedId = order?.razorpayOrderId;
  if (
    !storedId ||
    !(await verifyCheckoutSignature(
      env.RAZORPAY_KEY_SECRET,
      storedId,
      p.razorpay_payment_id,
      p.razorpay_signature.toLowerCase(),
    ))
  ) {
    throw new ApiError(400, 'verification_failed', COPY.booking.verifyFailed);
  }
  // The signature proves Razorpay took this payment for our order; its amount is checked by the
  // consumer (the handler's answer does not carry it).
  await reportCapturedPayment(env, d, {
    kind: 'payment-captured',
    orderId: storedId,
    paymentId: p.razorpay_payment_id,
    source: 'verify',
  });
  return { order_id: storedId };
}

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
  payload: v.object({
    payment: v.optional(v.object({ entity: Payment })),
    order: v.optional(v.object({ entity: v.object({ id: v.string() }) })),
    refund: v.optional(
      v.object({
        // `amount` (paise): what this refund gave back, for its credit note (issue 22).
        entity: v.object({
          id: v.string(),
          payment_id: v.string(),
          status: v.string(),
          amount: v.optional(v.number()),
        }),
      }),
    ),
  }),
});
type Webhook = v.InferOutput<typeof WebhookBody>;

const badSignature = () => new ApiError(400, 'invalid_signature', 'Invalid webhook signature.');

/**
 * One Razorpay webhook delivery (https://razorpay.com/docs/webhooks/validate-test/): the signature
 * is checked over the RAW body (re-serialised JSON would not match), deliveries are deduplicated
 * on X-Razorpay-Event-Id, and payment events become the same queue message as verify.
 * @returns whether this delivery was new
 */
export async function handleRazorpayWebhook(
  env: Env,
  d: Db,
  raw: string,
  headers: { signature?: string; eventId?: string },
): Promise<{ duplicate: boolean }> {
  if (!(await verifyWebhookSignature(env.RAZORPAY_WEBHOOK_SECRET, raw, headers.signature))) throw badSignature();
  const eventId = headers.eventId;
  if (!eventId || eventId.length > 100) throw new ApiError(400, 'invalid_input', 'Missing X-Razorpay-Event-Id.');
  let parsed: Webhook;
  try {
    parsed = v.parse(WebhookBody, JSON.parse(raw));
  } catch {
    throw new ApiError(400, 'invalid_input', 'Unreadable webhook body.');
  }

  const fresh = await d.insert(webhookEvents).values({ id: eventId, event: parsed.event }).onConflictDoNothing();
  if ((fresh.meta.changes ?? 0) === 0) return { duplicate: true };
  try {
    await applyWebhook(env, d, parsed);
  } catch (err) {
    // Forget the delivery so Razorpay's retry is processed rather than deduplicated away.
    await d.delete(webhookEvents).where(eq(webhookEvents.id, eventId));
    throw err;
  }
  return { duplicate: false };
}

async function applyWebhook(env: Env, d: Db, body: Webhook) {
  if (body.event === 'refund.processed') {
    await refundProcessed(env, d, body.payload.refund?.entity);
    // Its credit note once the ledger has recorded it (issue 22); one per refund id, so a redelivery adds none.
    await creditNoteForRazorpayRefund(env, d, body.payload.refund?.entity);
    return;
  }
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
      // A mismatched amount or currency is queued too, with what was captured: the consumer
      // flags it for an operator and refunds it in full, and never books it. Only a matching
      // capture is marked on the order (it must not keep a seat or block a failure).
      const matches = payment.amount === order.amount * 100 && payment.currency === order.currency;
      await reportCapturedPayment(
        env,
        d,
        {
          kind: 'payment-captured',
          orderId,
          paymentId: payment.id,
          source: 'webhook',
          amountPaise: payment.amount,
          currency: payment.currency,
        },
        matches,
      );
      return;
    }
    case 'payment.failed': {
      // Recorded without ending the order while its hold is live (ledger/capture.ts).
      await recordFailedAttempt(d, order.id, payment.error_description ?? COPY.booking.paymentFailed);
      return;
    }
    default:
      return;
  }
}
