/**
 * An operator's refund of a flagged order or of a payment issue (the ledger's `operator_refund`,
 * domain/ledger.ts): the Razorpay call and the writes both live here. The
 * order is claimed first (`refund_claimed_at`, and it gives up any seat it kept), in one
 * conditional UPDATE, before Razorpay is asked: from that moment no retry, reconcile or queue
 * message can book it (every booking path requires `not_refund_claimed`), even if Razorpay's answer
 * is lost. Only once Razorpay has the refund does the order become `refunded`, with its audit row
 * in the same batch. A refund that fails leaves the claim: the operator's next click refunds it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paymentOrders } from '../../../db/schema';
import { CONSOLE_COPY } from '@domain/copy-console';
import type { Env } from '../../env';
import { fetchOrderPayments, refundKey, refundPayment } from '../../providers/razorpay';
import { type AuditEntry, auditRow } from '../audit';
import { fromStatuses } from './guards';

/** Claims the flagged order for its payment's refund; true when it is claimed (now or before). */
export async function claimForOperatorRefund(d: Db, orderId: string, paymentId: string, now: Date) {
  const nowIso = now.toISOString();
  const claimed = await d
    .update(paymentOrders)
    .set({
      refundClaimedAt: sql`COALESCE(${paymentOrders.refundClaimedAt}, ${nowIso})`,
      keepsSeat: false,
      updatedAt: nowIso,
    })
    .where(
      and(
        eq(paymentOrders.id, orderId),
        eq(paymentOrders.paymentId, paymentId),
        sql`${paymentOrders.status} IN (${fromStatuses('operator_refund')})`,
      ),
    )
    .returning({ id: paymentOrders.id });
  return claimed.length === 1;
}

/**
 * The claimed order, its refund accepted by Razorpay: `refunded`, with the operator's audit row in
 * the same batch (audit.ts writes it only if the UPDATE changed the order: a second click records
 * nothing twice).
 */
export async function settleOperatorRefund(d: Db, orderId: string, paymentId: string, audit: AuditEntry, now: Date) {
  await d.batch([
    d
      .update(paymentOrders)
      .set({
        status: 'refunded',
        keepsSeat: false,
        failureReason: CONSOLE_COPY.admin.refundedByOperator,
        updatedAt: now.toISOString(),
      })
      .where(
        and(
          eq(paymentOrders.id, orderId),
          eq(paymentOrders.paymentId, paymentId),
          inArray(paymentOrders.status, ['needs_attention']),
          sql`${paymentOrders.refundClaimedAt} IS NOT NULL`,
        ),
      ),
    auditRow(d, audit),
  ]);
}

/**
 * The console's refund of one payment, with the pipeline's idempotency key. Razorpay is asked first
 * what the payment is: one already refunded in full (by a first click, or by the pipeline) is not
 * refunded again; a captured one has what is left of it refunded (all of it, unless part went back
 * from the dashboard), so two concurrent clicks send the same body and get the same refund back.
 */
export async function refundWhatIsLeft(
  env: Env,
  razorpayOrderId: string,
  paymentId: string,
  notes: Record<string, string>,
): Promise<{ ok: true; refundId: string | null } | { ok: false; error: string }> {
  const listed = await fetchOrderPayments(env, razorpayOrderId);
  if (!listed.ok) return { ok: false, error: listed.error };
  const payment = listed.value.find((p) => p.id === paymentId);
  if (payment?.status === 'refunded') return { ok: true, refundId: null };
  if (payment?.status !== 'captured') return { ok: false, error: `payment ${paymentId} is ${payment?.status}` };
  const refund = await refundPayment(
    env,
    paymentId,
    payment.amount - (payment.amount_refunded ?? 0),
    refundKey(paymentId),
    notes,
  );
  return refund.ok ? { ok: true, refundId: refund.value.id } : { ok: false, error: refund.error };
}
