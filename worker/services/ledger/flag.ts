/**
 * The dead-letter queue's end of the pipeline: a captured payment the queue could not book is
 * written down for a person (docs/decisions/012), on its order or, when the order cannot carry it,
 * as a payment issue.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { paymentIssues, paymentOrders } from '../../../db/schema';
import { orderStatusesBefore } from '@domain/statuses';
import type { Env } from '../../env';
import { type CapturedMessage, orderByRazorpayId } from './order-facts';
import { guard } from './guards';
import { ownsSeatsSql } from './seats';

const nowIso = () => new Date().toISOString();

/**
 * Dead-letter: the payment is real but the booking could not be made; a person must look. The
 * record is written before the message may be acked (any throw retries it):
 * - the order is flagged `needs_attention` with this payment; it keeps its seats only if it owned
 *   them (`keeps_seat`), so a late payment waits for a retry or refund without overselling;
 * - a payment the order cannot carry (the order is settled by another payment, or is gone) gets a
 *   `payment_issues` row instead; so does nothing that already has one (an amount mismatch is
 *   never flagged onto its order, which would let a retry book it).
 */
export async function flagNeedsAttention(env: Env, msg: CapturedMessage) {
  const d = db(env.DB);
  const [issue] = await d.select().from(paymentIssues).where(eq(paymentIssues.paymentId, msg.paymentId));
  if (issue) {
    console.error(JSON.stringify({ level: 'error', alert: 'payment_dead_lettered', ...msg, issue: issue.kind }));
    return;
  }
  const now = nowIso();
  const res = await d
    .update(paymentOrders)
    .set({
      status: 'needs_attention',
      paymentId: sql`COALESCE(${paymentOrders.paymentId}, ${msg.paymentId})`,
      // It keeps a seat only on the terms it would have been booked on: its own, on a dinner on sale
      // when it was paid (a hidden or started one's payment waits for a person's refund instead).
      keepsSeat: sql`CASE WHEN ${ownsSeatsSql('payment_orders', now)} AND ${guard('dinner_open', {
        order: 'payment_orders',
        eventId: sql`payment_orders.event_id`,
        nowIso: now,
      })} THEN 1 ELSE 0 END`,
      failureReason: 'Booking creation failed after payment.',
      updatedAt: now,
    })
    .where(
      and(
        eq(paymentOrders.razorpayOrderId, msg.orderId),
        inArray(paymentOrders.status, orderStatusesBefore('needs_attention')),
        sql`(${paymentOrders.paymentId} IS NULL OR ${paymentOrders.paymentId} = ${msg.paymentId})`,
      ),
    );
  let recorded = (res.meta.changes ?? 0) === 1 ? 'order flagged needs_attention' : '';
  if (!recorded) {
    const order = await orderByRazorpayId(d, msg.orderId);
    // The order carries this payment and is past every status the flag may move from (confirmed,
    // refunded, or already flagged): nothing more to write.
    const settled =
      order?.paymentId === msg.paymentId && !orderStatusesBefore('needs_attention').includes(order.status);
    if (settled) recorded = `order already ${order?.status}`;
    else {
      await d
        .insert(paymentIssues)
        .values({
          paymentId: msg.paymentId,
          razorpayOrderId: msg.orderId,
          kind: 'dead_lettered',
          detail: order
            ? `Booking creation failed; the order is ${order.status} with payment ${order.paymentId ?? 'none'}.`
            : 'Booking creation failed; no such order.',
        })
        .onConflictDoNothing();
      recorded = 'payment_issues row written';
    }
  }
  console.error(JSON.stringify({ level: 'error', alert: 'payment_dead_lettered', ...msg, recorded }));
}
