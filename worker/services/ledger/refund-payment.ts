/**
 * Refunding a payment that cannot be booked (a late payment with no seat, or on terms the ledger no
 * longer sells at; a duplicate; a cancelled dinner; an account suspended or deleted before it was
 * booked; an amount that differs; a payment refunded at Razorpay since): Razorpay first, with the
 * one idempotency key of the payment (credit alone has nothing to refund there), then the order
 * marked `refunded` in one conditional UPDATE that never writes over another payment's record nor
 * over an order that still owns its seats, then the guest told once (deliverOnce).
 */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventBookings, events, paymentIssues, paymentOrders } from '../../../db/schema';
import { CANCELLED_REFUND_REASON, refundEmail } from '@domain/booking-messages';
import { COPY } from '@domain/copy';
import { LEDGER_COPY } from '@domain/ledger-rules';
import { paiseAsMoney } from '@domain/pricing';
import { bookingStatusesBefore } from '@domain/statuses';
import type { Env } from '../../env';
import { sendEmail } from '../../providers/email';
import { fetchPaymentRefunds, refundKey, refundPayment } from '../../providers/razorpay';
import { DELIVERY_KEYS, deliverOnce } from '../deliveries';
import { guestContact } from '../guests';
import { writeOffReleaseCredit } from './credit';
import { fromStatuses, guard } from './guards';
import type { Order } from './order-facts';
import { ownsSeatsSql } from './seats';

const nowIso = () => new Date().toISOString();

/**
 * Why a payment that cannot take a seat is refunded; each refund says its own reason to Razorpay
 * (notes), to the order (failure_reason, shown to the guest) and in the guest's email.
 * - `no_seat`: paid after the hold ended and the dinner filled up meanwhile;
 * - `duplicate`: the order was already paid with another payment (a second attempt that also went
 *   through): the guest keeps the booking of the first;
 * - `cancelled`: we cancelled the dinner first;
 * - `closed`, `coupon`, `price`: paid after the hold ended, when the dinner had started or left sale,
 *   the coupon could no longer be used (off, expired, at its cap), or the price had risen above it;
 * - `credit`: paid after a hold that spent credit had ended (its credit came back to the guest);
 * - `suspended`, `erased`: the guest's account was suspended or deleted before the payment was
 *   booked (`account_live`), whatever seat the order held (issue 21).
 */
export type RefundReason =
  | 'no_seat'
  | 'duplicate'
  | 'cancelled'
  | 'closed'
  | 'coupon'
  | 'price'
  | 'credit'
  | 'suspended'
  | 'erased';
const REFUND_NOTES: Record<RefundReason, string> = {
  no_seat: 'no seat left',
  duplicate: 'duplicate payment',
  cancelled: 'dinner cancelled',
  closed: 'paid after the dinner closed',
  coupon: 'coupon no longer valid',
  price: 'price changed',
  credit: 'paid after a hold that spent credit',
  // The words a suspension's booking refund tells Razorpay too (ledger/cancelled-refunds.ts).
  suspended: 'account suspended',
  erased: 'account deleted',
};
const REFUND_FAILURE_REASON: Record<RefundReason, string> = {
  no_seat: COPY.refund.noSeat,
  duplicate: COPY.refund.duplicate,
  cancelled: CANCELLED_REFUND_REASON,
  closed: LEDGER_COPY.refundClosed,
  coupon: LEDGER_COPY.refundCoupon,
  price: LEDGER_COPY.refundPrice,
  credit: LEDGER_COPY.refundCredit,
  suspended: LEDGER_COPY.refundSuspended,
  erased: LEDGER_COPY.refundErased,
};

/**
 * The ledger's `refund_unbooked`: the order is `refunded` with this payment and why, gives up any
 * seat it kept, from a status that may move there, never over another payment's record, and only
 * while `guard` holds.
 */
const markRefunded = (d: Db, orderId: string, paymentId: string, failureReason: string, guard: SQL) =>
  d
    .update(paymentOrders)
    .set({ status: 'refunded', paymentId, keepsSeat: false, failureReason, updatedAt: nowIso() })
    .where(
      and(
        eq(paymentOrders.id, orderId),
        sql`${paymentOrders.status} IN (${fromStatuses('refund_unbooked')})`,
        sql`(${paymentOrders.paymentId} IS NULL OR ${paymentOrders.paymentId} = ${paymentId})`,
        guard,
      ),
    );

/**
 * When a refund of `paymentId` for `reason` may end an order: never one that still owns its seats,
 * unless they are worth nothing to it — its dinner cancelled, or closed when it was paid (an
 * in-time capture is refunded all the same), or its guest's account seen closed (always: its
 * money is back, even if the suspension was lifted meanwhile).
 */
function refundableSql(reason: RefundReason): SQL {
  const scope = { order: 'payment_orders', eventId: sql`payment_orders.event_id`, nowIso: nowIso() };
  if (reason === 'cancelled') return sql`NOT ${guard('dinner_not_cancelled', scope)}`;
  if (reason === 'closed') return sql`NOT ${guard('dinner_open', scope)}`;
  // Asked only once the account was seen closed, and written after Razorpay has the money back:
  // whatever happened to the account since (a suspension lifted), the order's record is the refund.
  if (reason === 'suspended' || reason === 'erased') return sql`1`;
  return sql`NOT ${ownsSeatsSql('payment_orders', scope.nowIso)}`;
}

/**
 * Full refund through Razorpay with an idempotency key per payment, then the order is marked
 * refunded (only from a status `refund_unbooked` leaves, so a confirmed order paid twice stays
 * confirmed) and the guest told once. An order paid wholly with credit (`credit_<order id>`) has
 * nothing at Razorpay: marked refunded, its credit is back by itself (seats.ts `orderKeptSql`).
 * A refund that fails throws: the queue retries, then flags the order.
 * @returns whether the order was marked refunded just now
 */
export async function refundInFull(
  env: Env,
  d: Db,
  order: Order,
  paymentId: string,
  reason: RefundReason,
): Promise<boolean> {
  const byCredit = paymentId === `credit_${order.id}`;
  if (!byCredit) {
    const refund = await refundPayment(env, paymentId, order.amount * 100, refundKey(paymentId), {
      order_id: order.id,
      reason: REFUND_NOTES[reason],
    });
    if (!refund.ok) throw new Error(`refund of ${paymentId} failed: ${refund.error}`);
  }
  const res = await markRefunded(d, order.id, paymentId, REFUND_FAILURE_REASON[reason], refundableSql(reason));
  const moved = (res.meta.changes ?? 0) === 1;
  // Nothing went back to a card (credit is told by the suspension's notice), or nobody is left to tell.
  if (byCredit || reason === 'erased') return moved;
  const guest = await guestContact(d, order.userId);
  const [event] = await d
    .select({ title: events.title, startsAt: events.startsAt, endsAt: events.endsAt, location: events.location })
    .from(events)
    .where(eq(events.id, order.eventId));
  const email = guest.verifiedEmail;
  if (email && (moved || order.paymentId !== paymentId)) {
    const mail = refundEmail({
      name: guest.fullName,
      eventName: event?.title ?? 'your dinner',
      amount: order.amount,
      paymentId,
      reason,
      dinner: event,
      eventsUrl: `${env.APP_ORIGIN.replace(/\/+$/, '')}/events`,
    });
    // Told once, whoever refunds: a failed send is logged by deliverOnce and not retried from here
    // (the money is back either way; the order's page says why).
    await deliverOnce(
      d,
      { key: DELIVERY_KEYS.paymentRefund(paymentId), channel: 'email', userId: order.userId },
      (key) => sendEmail(env, { to: email, ...mail }, key),
    );
  }
  return moved;
}

/**
 * A captured amount or currency that differs from the order: written down for an operator first
 * (payment_issues), then refunded in full with the same idempotency key as any refund of this
 * payment, never booked. A refund that fails throws: the queue retries; the issue row stays.
 */
export async function refundMismatch(
  env: Env,
  d: Db,
  order: Order,
  paymentId: string,
  captured: { amountPaise: number; currency: string },
) {
  const detail = `Captured ${paiseAsMoney(captured.amountPaise, captured.currency)}; the order is ${paiseAsMoney(order.amount * 100, order.currency)}.`;
  await d
    .insert(paymentIssues)
    .values({ paymentId, razorpayOrderId: order.razorpayOrderId ?? order.id, kind: 'amount_mismatch', detail })
    .onConflictDoNothing();
  console.error(
    JSON.stringify({ level: 'error', alert: 'payment_amount_mismatch', order: order.id, paymentId, detail }),
  );
  const refund = await refundPayment(env, paymentId, captured.amountPaise, refundKey(paymentId), {
    order_id: order.id,
    reason: 'amount mismatch',
  });
  if (!refund.ok) throw new Error(`refund of mismatched ${paymentId} failed: ${refund.error}`);
  await d
    .update(paymentIssues)
    .set({ refundedAt: nowIso() })
    .where(and(eq(paymentIssues.paymentId, paymentId), isNull(paymentIssues.refundedAt)));
  // If verify reported this payment (amount unknown then), its mark must not keep the seat.
  await d
    .update(paymentOrders)
    .set({ capturePendingAt: null })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'created'), isNull(paymentOrders.paymentId)));
  // A flagged order that carried this payment (dead-lettered before its amount was known) is done:
  // its money went back, so it no longer holds a seat nor waits for reconcile to re-queue it.
  await d
    .update(paymentOrders)
    .set({ status: 'refunded', keepsSeat: false, failureReason: COPY.refund.amountMismatch, updatedAt: nowIso() })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        eq(paymentOrders.status, 'needs_attention'),
        eq(paymentOrders.paymentId, paymentId),
      ),
    );
}

/**
 * A payment Razorpay reports refunded since it was captured, in full or in part (from the
 * dashboard): it never books. What is left of it is refunded with the payment's one key, and an
 * order that carried it and owns no booking is settled `refunded` (a flagged one gives up the seat
 * it kept), so neither the cron nor a retry queues it again.
 */
export async function settleRefundedAtRazorpay(
  env: Env,
  d: Db,
  order: Order,
  paymentId: string,
  captured: { amountPaise: number; amountRefundedPaise: number },
) {
  const left = captured.amountPaise - captured.amountRefundedPaise;
  if (left > 0) {
    const refund = await refundPayment(env, paymentId, left, refundKey(paymentId), {
      order_id: order.id,
      reason: 'refunded in part at Razorpay',
    });
    if (!refund.ok) throw new Error(`refund of the rest of ${paymentId} failed: ${refund.error}`);
  }
  console.error(JSON.stringify({ level: 'error', alert: 'payment_refunded_at_razorpay', order: order.id, paymentId }));
  // The order ends refunded unless another payment was accepted on it (markRefunded never writes
  // over one), or its live hold still waits for a payment (the guest may pay again in the same
  // checkout). Held only by a capture's mark, most likely this very payment's, it ends: any other
  // capture of it is then refunded as it arrives.
  await markRefunded(
    d,
    order.id,
    paymentId,
    LEDGER_COPY.refundedAtRazorpay,
    sql`(${paymentOrders.paymentId} = ${paymentId} OR ${paymentOrders.capturePendingAt} IS NOT NULL OR NOT ${ownsSeatsSql('payment_orders', nowIso())})`,
  );
}

/** A booking's columns once its refund is processed (Razorpay's refund id kept if it was recorded first). */
export const bookingRefundedSet = (refundId: string | null, now: Date) => {
  const nowIso = now.toISOString();
  return {
    status: 'refunded' as const,
    refundedAt: nowIso,
    refundId: sql`COALESCE(${eventBookings.refundId}, ${refundId})`,
    refundRequestedAt: sql`COALESCE(${eventBookings.refundRequestedAt}, ${nowIso})`,
  };
};

/**
 * The ledger's `refunded_at_razorpay`: a booked payment refunded in full outside our flows (from
 * Razorpay's dashboard) no longer holds a seat. Its booking and order end `refunded` in one batch
 * and the seats go back on sale. A partial refund (a goodwill gesture) leaves the booking as it is.
 * Throws when Razorpay cannot be asked, so the webhook is redelivered.
 */
export async function settleBookedPaymentRefunded(env: Env, d: Db, paymentId: string, now: Date) {
  const [booking] = await d
    .select({ id: eventBookings.id, orderId: eventBookings.orderId, amount: eventBookings.amount })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.paymentId, paymentId),
        inArray(
          eventBookings.status,
          bookingStatusesBefore('refunded').filter((s) => s !== 'refund_pending'),
        ),
      ),
    );
  if (!booking) return;
  const refunds = await fetchPaymentRefunds(env, paymentId);
  if (!refunds.ok) throw new Error(`could not ask Razorpay about the refunds of ${paymentId}: ${refunds.error}`);
  const live = refunds.value.filter((r) => r.status !== 'failed');
  const refunded = live.reduce((sum, r) => sum + r.amount, 0);
  if (refunded < booking.amount * 100) return;
  const refundId = live[0]?.id ?? null;
  const nowIso = now.toISOString();
  console.error(
    JSON.stringify({ level: 'error', alert: 'booking_refunded_at_razorpay', booking: booking.id, paymentId }),
  );
  await d.batch([
    d
      .update(eventBookings)
      .set(bookingRefundedSet(refundId, now))
      .where(
        and(
          eq(eventBookings.id, booking.id),
          inArray(
            eventBookings.status,
            bookingStatusesBefore('refunded').filter((s) => s !== 'refund_pending'),
          ),
        ),
      ),
    d
      .update(paymentOrders)
      .set({ status: 'refunded', failureReason: LEDGER_COPY.refundedAtRazorpay, updatedAt: nowIso })
      .where(
        and(
          eq(paymentOrders.id, booking.orderId),
          eq(paymentOrders.paymentId, paymentId),
          sql`${paymentOrders.status} IN (${fromStatuses('refunded_at_razorpay')})`,
        ),
      ),
    // A released booking may have earned credit already: the card refund replaces it.
    writeOffReleaseCredit(d, booking.id, now),
  ]);
}
