/**
 * The cron's jobs (worker/scheduled.ts): reconcile unpaid, late and flagged orders with Razorpay, expire abandoned
 * holds, send reminders. Every step is idempotent, so an overlapping or repeated run changes
 * nothing twice.
 */
import { and, asc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentOrders } from '../../db/schema';
import { orderStatusesBefore } from '@domain/statuses';
import { HOUR_MS } from '@domain/time';
import type { Env } from '../env';
import { fetchOrderPayments } from '../providers/razorpay';
import { reportCapturedPayment } from './ledger/capture';
import { settleBookedPaymentRefunded } from './ledger/refund-payment';
import {
  expireAbandonedHolds as expireHolds,
  expireLapsedCaptureMark,
  expireUnpaid,
  stampAsked,
} from './ledger/expiry';

/** Give the checkout and its webhook this long before asking Razorpay ourselves. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** How far back reconcile looks: a guest may pay a stale checkout, a bank may settle late. */
export const RECONCILE_WINDOW_MS = 48 * HOUR_MS;
/**
 * How long a reported capture (`capture_pending_at`) keeps its seat without Razorpay listing it as
 * captured or authorized: past this, reconcile clears the mark (and the seat goes back on sale).
 */
export const CAPTURE_LEASE_MS = 30 * 60_000;
/** Orders asked about per run, per kind: unpaid `created` ones, late `failed`/`expired` ones, flagged ones. */
export const RECONCILE_BATCH = 50;
export const RECONCILE_LATE_BATCH = 20;
export const RECONCILE_FLAGGED_BATCH = 20;
/**
 * Settled (confirmed or refunded) orders asked per run: a second payment of such an order whose
 * reports were all lost would otherwise be neither booked nor refunded (Razorpay lists it; the
 * pipeline refunds it).
 */
export const RECONCILE_CONFIRMED_BATCH = 20;
const SETTLED = ['confirmed', 'refunded'] as const;
/** Unpaid statuses a late payment can still revive (failed, expired), from the status module. */
const LATE = orderStatusesBefore('paid').filter((s) => s !== 'created');

/**
 * The oldest-asked `limit` orders matching `where` (rotation): every order asked about is stamped
 * (`updated_at`, nothing else reads it), so rows that stay unresolved run after run (a capture
 * Razorpay never lists, a Razorpay error for one order) go to the back, and cannot crowd out the
 * rest however many they are. `id` keeps the order stable among equal stamps.
 */
async function nextToAsk(d: Db, now: Date, where: SQL | undefined, limit: number) {
  const rows = await d
    .select()
    .from(paymentOrders)
    .where(and(where, sql`${paymentOrders.razorpayOrderId} IS NOT NULL`))
    .orderBy(asc(paymentOrders.updatedAt), asc(paymentOrders.id))
    .limit(limit);
  await stampAsked(
    d,
    rows.map((r) => r.id),
    now,
  );
  return rows;
}

/**
 * Orders Razorpay may hold money for that no webhook booked: ask for each order's payments and put
 * every captured one on the queue, exactly as the webhook would have (one books, a second is
 * refunded, a mismatched amount is refunded and flagged, a late one takes a free seat or is
 * refunded). Three kinds, each bounded per run so none starves the others:
 * - `created` orders older than the checkout's own reports (and, however old, one with a reported
 *   capture never booked: a lost queue send);
 * - `failed` and `expired` orders inside the window: a guest can still pay the open checkout after
 *   the hold ended, and if that webhook is lost the money would be neither booked nor refunded;
 * - flagged orders that kept their seat with a known payment: re-queued as they are, so a booking
 *   that dead-lettered during a Razorpay or D1 outage confirms by itself once it passes;
 * - settled (confirmed or refunded) orders inside the window: another capture of one, all of its
 *   reports lost, is refunded; a booked payment refunded from the dashboard frees its seats.
 */
export async function reconcileUnpaidOrders(env: Env, d: Db, now: Date) {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const oldest = new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString();
  const created = await nextToAsk(
    d,
    now,
    and(
      eq(paymentOrders.status, 'created'),
      lte(paymentOrders.createdAt, cutoff),
      or(gt(paymentOrders.createdAt, oldest), sql`${paymentOrders.capturePendingAt} IS NOT NULL`),
    ),
    RECONCILE_BATCH,
  );
  const late = await nextToAsk(
    d,
    now,
    and(inArray(paymentOrders.status, LATE), gt(paymentOrders.createdAt, oldest)),
    RECONCILE_LATE_BATCH,
  );
  const settled = await nextToAsk(
    d,
    now,
    and(
      inArray(paymentOrders.status, SETTLED),
      lte(paymentOrders.createdAt, cutoff),
      gt(paymentOrders.createdAt, oldest),
    ),
    RECONCILE_CONFIRMED_BATCH,
  );
  for (const order of [...created, ...late, ...settled]) await askRazorpay(env, d, order, now);

  const flagged = await nextToAsk(
    d,
    now,
    and(
      eq(paymentOrders.status, 'needs_attention'),
      eq(paymentOrders.keepsSeat, true),
      sql`${paymentOrders.paymentId} IS NOT NULL`,
      gt(paymentOrders.createdAt, oldest),
    ),
    RECONCILE_FLAGGED_BATCH,
  );
  for (const order of flagged) {
    // No amount: the consumer asks Razorpay and checks it before booking (a flagged payment may
    // never have been checked). processCapturedPayment moves needs_attention → confirmed.
    await reportCapturedPayment(env, d, {
      kind: 'payment-captured',
      orderId: order.razorpayOrderId as string,
      paymentId: order.paymentId as string,
      source: 'reconcile',
    });
  }
}

async function askRazorpay(env: Env, d: Db, order: typeof paymentOrders.$inferSelect, now: Date) {
  const rzpId = order.razorpayOrderId as string;
  const payments = await fetchOrderPayments(env, rzpId);
  if (!payments.ok) {
    console.error('reconcile: could not list payments', rzpId, payments.error);
    return;
  }
  // A confirmed order's own payment refunded in full from the dashboard no longer holds its seats
  // (the webhook that says so may have come before the booking did).
  const own = order.status === 'confirmed' ? payments.value.find((p) => p.id === order.paymentId) : undefined;
  if (own && (own.status === 'refunded' || (own.amount_refunded ?? 0) >= own.amount))
    await settleBookedPaymentRefunded(env, d, own.id, now);
  // A settled order's own payment is booked or refunded already: only another capture of it is news.
  const settledOrder = (SETTLED as readonly string[]).includes(order.status);
  const captured = payments.value.filter((p) => p.status === 'captured' && !(settledOrder && p.id === order.paymentId));
  for (const p of captured) {
    const matches = p.amount === order.amount * 100 && p.currency === order.currency;
    const msg = {
      kind: 'payment-captured' as const,
      orderId: rzpId,
      paymentId: p.id,
      source: 'reconcile' as const,
      amountPaise: p.amount,
      currency: p.currency,
    };
    await reportCapturedPayment(env, d, msg, matches);
  }
  if (order.status !== 'created' || captured.length > 0 || order.holdExpiresAt > now.toISOString()) return;
  if (!order.capturePendingAt) {
    await expireUnpaid(d, order.id, now);
    return;
  }
  // A capture was reported but Razorpay lists none. While the lease runs, or while a payment is
  // still authorized (a capture may follow), the mark keeps the seat: the queue may yet book it.
  const authorized = payments.value.some((p) => p.status === 'authorized');
  const leaseOver = new Date(order.capturePendingAt).getTime() + CAPTURE_LEASE_MS <= now.getTime();
  if (!leaseOver || authorized) {
    console.error('reconcile: a capture was reported but Razorpay lists none', rzpId, order.capturePendingAt);
    return;
  }
  // The lease is over and nothing was taken: the mark held a seat for money that never came.
  // Clear it and expire the order in one statement, only if the mark is the one we judged.
  console.error(
    JSON.stringify({
      level: 'error',
      alert: 'capture_mark_lapsed',
      order: order.id,
      razorpayOrderId: rzpId,
      capturePendingAt: order.capturePendingAt,
    }),
  );
  await expireLapsedCaptureMark(d, order.id, order.capturePendingAt, now);
}

/**
 * Abandoned orders: the seat predicate already ignores expired holds, this writes the status down
 * so the guest and operators see it. Orders newer than the reconcile window are left to it.
 */
export async function expireAbandonedHolds(d: Db, now: Date) {
  await expireHolds(d, now, new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString());
}
