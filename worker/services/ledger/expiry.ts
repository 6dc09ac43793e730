/**
 * The cron's writes to orders (services/cron-jobs.ts decides what to ask Razorpay and when): the
 * rotation stamp of orders asked about, and `created → expired` for holds nobody paid. Each is one
 * conditional UPDATE that never expires an order a captured payment was reported for (the queue's
 * and reconcile's to settle), so an overlapping run changes nothing twice.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paymentOrders } from '../../../db/schema';

/** Stamps the orders just asked about (`updated_at`, which nothing else reads), so the next run asks others first. */
export async function stampAsked(d: Db, orderIds: string[], now: Date) {
  if (orderIds.length === 0) return;
  await d.update(paymentOrders).set({ updatedAt: now.toISOString() }).where(inArray(paymentOrders.id, orderIds));
}

/** An unpaid order whose hold is over and for which Razorpay lists no capture: `expired`. */
export async function expireUnpaid(d: Db, orderId: string, now: Date) {
  await d
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: now.toISOString() })
    .where(
      and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'created'), isNull(paymentOrders.capturePendingAt)),
    );
}

/**
 * A reported capture Razorpay never listed, its lease over: the mark is cleared and the order
 * expired in one statement, only if the mark is still the one judged.
 */
export async function expireLapsedCaptureMark(d: Db, orderId: string, capturePendingAt: string, now: Date) {
  await d
    .update(paymentOrders)
    .set({ status: 'expired', capturePendingAt: null, updatedAt: now.toISOString() })
    .where(
      and(
        eq(paymentOrders.id, orderId),
        eq(paymentOrders.status, 'created'),
        eq(paymentOrders.capturePendingAt, capturePendingAt),
      ),
    );
}

/**
 * Abandoned holds: the seat predicate already ignores expired holds, this writes the status down so
 * the guest and operators see it. Orders with a Razorpay order created after `reconcileFrom` are
 * left to reconcile, which asks Razorpay first.
 */
export async function expireAbandonedHolds(d: Db, now: Date, reconcileFrom: string) {
  const iso = now.toISOString();
  await d
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: iso })
    .where(
      and(
        eq(paymentOrders.status, 'created'),
        lte(paymentOrders.holdExpiresAt, iso),
        isNull(paymentOrders.capturePendingAt),
        sql`(${paymentOrders.razorpayOrderId} IS NULL OR ${paymentOrders.createdAt} <= ${reconcileFrom})`,
      ),
    );
}

/**
 * A dinner we cancel: its live holds end now, in the cancellation's batch (only once the dinner is
 * cancelled, read in the same statement). A reported capture is the pipeline's to refund (capture.ts).
 */
export const endHoldsOfCancelledDinner = (d: Db, eventId: string, nowIso: string) =>
  d
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: nowIso })
    .where(
      and(
        eq(paymentOrders.eventId, eventId),
        eq(paymentOrders.status, 'created'),
        isNull(paymentOrders.capturePendingAt),
        sql`EXISTS (SELECT 1 FROM events WHERE events.id = ${eventId} AND events.cancelled_at IS NOT NULL)`,
      ),
    );
