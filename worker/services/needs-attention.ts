/**
 * "Needs attention" in the operator console (DESIGN.md "Operating the product", docs/decisions/012,
 * 013): paid orders the booking pipeline could not finish (dead-lettered, a late payment on a full
 * dinner) and payments no order can carry (`payment_issues`). An operator retries the booking
 * (through the pipeline's own function, never its rules re-typed) or refunds in full through
 * Razorpay with the pipeline's idempotency key `refund_<payment id>`, so a double click, or a
 * click racing the pipeline, refunds once. Each write carries its audit row in its own batch.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, paymentIssues, paymentOrders, userProfiles, users } from '../../db/schema';
import { TICKET_LABELS } from '@domain/pricing';
import { assertOrderTransition } from '@domain/statuses';
import type { Env } from '../env';
import { auditRow, orderTarget } from './audit';
import { claimSeat, processCapturedPayment } from './ledger/capture';
import { claimForOperatorRefund, refundWhatIsLeft, settleOperatorRefund } from './ledger/operator';
import { type Order, orderById } from './ledger/order-facts';
import { reportRowsQuery, reportWire } from './reports';

/** The audit target of an order and of a payment issue. */
export const paymentTarget = (paymentId: string) => `payment:${paymentId}`;

/**
 * The flagged orders, newest flag first, with the guest and the dinner, the unresolved payment
 * issues, and the guests' open reports (issue 21), urgent first. One round trip (a batch of three reads).
 */
export async function listNeedsAttention(d: Db) {
  const [orders, issues, openReports] = await d.batch([
    d
      .select({
        id: paymentOrders.id,
        razorpay_order_id: paymentOrders.razorpayOrderId,
        payment_id: paymentOrders.paymentId,
        guest_name: sql<string | null>`COALESCE(NULLIF(TRIM(${userProfiles.fullName}), ''), ${users.fullName})`,
        guest_phone: sql<string | null>`COALESCE(${userProfiles.phoneNumber}, ${users.phone})`,
        guest_email: sql<string | null>`COALESCE(${userProfiles.email}, ${users.email})`,
        // Not events.id: D1 batch rows are keyed by column name, and two `id`s would collide.
        event_id: paymentOrders.eventId,
        event_title: events.title,
        event_date: events.date,
        starts_at: events.startsAt,
        ticket_type: paymentOrders.ticketType,
        seats: paymentOrders.seats,
        amount: paymentOrders.amount,
        currency: paymentOrders.currency,
        failure_reason: paymentOrders.failureReason,
        flagged_at: paymentOrders.updatedAt,
        keeps_seat: paymentOrders.keepsSeat,
      })
      .from(paymentOrders)
      .innerJoin(events, eq(events.id, paymentOrders.eventId))
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, paymentOrders.userId))
      .where(eq(paymentOrders.status, 'needs_attention'))
      .orderBy(desc(paymentOrders.updatedAt), desc(paymentOrders.id)),
    d
      .select({
        payment_id: paymentIssues.paymentId,
        razorpay_order_id: paymentIssues.razorpayOrderId,
        kind: paymentIssues.kind,
        detail: paymentIssues.detail,
        refunded_at: paymentIssues.refundedAt,
        created_at: paymentIssues.createdAt,
      })
      .from(paymentIssues)
      .where(isNull(paymentIssues.resolvedAt))
      .orderBy(desc(paymentIssues.createdAt), desc(paymentIssues.paymentId)),
    reportRowsQuery(d, { status: 'open' }),
  ]);
  return {
    orders: orders.map((o) => ({ ...o, ticket_label: TICKET_LABELS[o.ticket_type] })),
    payment_issues: issues,
    reports: openReports.map(reportWire),
  };
}
export type NeedsAttention = Awaited<ReturnType<typeof listNeedsAttention>>;

const nowIso = () => new Date().toISOString();

const bookingOf = async (d: Db, orderId: string, paymentId: string) =>
  (
    await d
      .select()
      .from(eventBookings)
      .where(and(eq(eventBookings.orderId, orderId), eq(eventBookings.paymentId, paymentId)))
  )[0] ?? null;

/** What the console shows of an order after an action. */
const orderFacts = (o: Order) => ({
  id: o.id,
  status: o.status,
  payment_id: o.paymentId,
  keeps_seat: o.keepsSeat,
  failure_reason: o.failureReason,
});

export type RetryResult =
  | { kind: 'not_found' }
  | { kind: 'not_flagged' }
  | { kind: 'no_seat' }
  | { kind: 'refunding' }
  | { kind: 'account_closed' }
  | { kind: 'done'; order: ReturnType<typeof orderFacts>; booking: typeof eventBookings.$inferSelect | null };

/**
 * Books a flagged order's payment again through the pipeline (processCapturedPayment). A flagged
 * order that kept no seat first claims one with the pipeline's own claim; if none is free nothing
 * changes (`no_seat`), so the operator may refund instead. A confirmed order answers its booking
 * (a second click: no second booking, no second email). The pipeline still checks the amount: a
 * payment that turns out not to match is refunded by it, never booked. A payment of a suspended or
 * deleted account is never booked (`account_live`): `account_closed`, nothing changed (the pipeline
 * refunds it; the operator may refund it now).
 */
export async function retryOrder(env: Env, d: Db, actorId: string, orderId: string): Promise<RetryResult> {
  let order = await orderById(d, orderId);
  if (!order) return { kind: 'not_found' };
  const paymentId = order.paymentId;
  if (order.status === 'confirmed' && paymentId)
    return { kind: 'done', order: orderFacts(order), booking: await bookingOf(d, order.id, paymentId) };
  if (order.status !== 'needs_attention' || !paymentId || !order.razorpayOrderId) return { kind: 'not_flagged' };
  // An operator's refund has claimed it: it is on its way back, never booked (ledger/operator.ts).
  if (order.refundClaimedAt) return { kind: 'refunding' };
  if (order.accountClosed) return { kind: 'account_closed' };
  assertOrderTransition('needs_attention', 'confirmed');

  if (!order.ownsSeats && !(await claimSeat(d, order, paymentId))) {
    // A concurrent retry may have claimed it a moment ago: go on only if the seat is ours now.
    order = await orderById(d, orderId);
    if (!order?.ownsSeats)
      return order?.status === 'needs_attention' ? { kind: 'no_seat' } : retryAfterRace(d, orderId);
  }
  await processCapturedPayment(
    env,
    { kind: 'payment-captured', orderId: order.razorpayOrderId as string, paymentId, source: 'reconcile' },
    {
      actorId,
      action: 'order.retry',
      target: orderTarget(orderId),
      before: { status: 'needs_attention', keeps_seat: order.keepsSeat },
      after: { status: 'confirmed', payment_id: paymentId },
    },
  );
  const after = (await orderById(d, orderId)) as Order;
  return { kind: 'done', order: orderFacts(after), booking: await bookingOf(d, orderId, paymentId) };
}

/** The order moved on under a concurrent retry or refund: answer what it is now. */
async function retryAfterRace(d: Db, orderId: string): Promise<RetryResult> {
  const order = await orderById(d, orderId);
  if (!order?.paymentId) return { kind: 'not_found' };
  if (order.status !== 'confirmed') return { kind: 'not_flagged' };
  return { kind: 'done', order: orderFacts(order), booking: await bookingOf(d, orderId, order.paymentId) };
}

export type RefundResult =
  | { kind: 'not_found' }
  | { kind: 'not_flagged' }
  | { kind: 'refund_failed'; error: string }
  | { kind: 'done'; order: ReturnType<typeof orderFacts>; refund_id: string | null };

/**
 * Refunds a flagged order's payment in full, then moves the order needs_attention → refunded
 * (the status module's edge) and frees its seat, with the audit row in the same batch. An order
 * already refunded with this payment answers as done (the second of two clicks); any other
 * status is refused before Razorpay is asked.
 */
export async function refundOrder(env: Env, d: Db, actorId: string, orderId: string): Promise<RefundResult> {
  const order = await orderById(d, orderId);
  if (!order) return { kind: 'not_found' };
  const paymentId = order.paymentId;
  if (order.status === 'refunded' && paymentId) return { kind: 'done', order: orderFacts(order), refund_id: null };
  if (order.status !== 'needs_attention' || !paymentId || !order.razorpayOrderId) return { kind: 'not_flagged' };
  assertOrderTransition('needs_attention', 'refunded');

  // Claimed before Razorpay is asked: nothing books this order from here on (ledger/operator.ts).
  const now = new Date();
  if (!(await claimForOperatorRefund(d, orderId, paymentId, now))) return refundAfterRace(d, orderId);
  const refund = await refundWhatIsLeft(env, order.razorpayOrderId, paymentId, {
    order_id: order.id,
    reason: 'refunded by an operator',
  });
  if (!refund.ok) return { kind: 'refund_failed', error: refund.error };
  await settleOperatorRefund(
    d,
    orderId,
    paymentId,
    {
      actorId,
      action: 'order.refund',
      target: orderTarget(orderId),
      before: { status: 'needs_attention', keeps_seat: order.keepsSeat },
      after: { status: 'refunded', keeps_seat: false, payment_id: paymentId, refund_id: refund.refundId },
    },
    now,
  );
  const after = (await orderById(d, orderId)) as Order;
  if (after.status !== 'refunded') return { kind: 'not_flagged' };
  return { kind: 'done', order: orderFacts(after), refund_id: refund.refundId };
}

/** The order moved on under a concurrent refund or retry: answer what it is now. */
async function refundAfterRace(d: Db, orderId: string): Promise<RefundResult> {
  const order = await orderById(d, orderId);
  if (order?.status === 'refunded' && order.paymentId)
    return { kind: 'done', order: orderFacts(order), refund_id: null };
  return { kind: 'not_flagged' };
}

export type IssueRefundResult =
  | { kind: 'not_found' }
  | { kind: 'refund_failed'; error: string }
  | { kind: 'done'; issue: typeof paymentIssues.$inferSelect; refund_id: string | null };

/**
 * Refunds a payment issue's payment in full (unless it was refunded already) and resolves the
 * issue, with the audit row in the same batch. An amount mismatch is refunded with the body the
 * pipeline uses for it, so the idempotency key matches a refund the pipeline may have started.
 */
export async function refundPaymentIssue(
  env: Env,
  d: Db,
  actorId: string,
  paymentId: string,
): Promise<IssueRefundResult> {
  const [row] = await d
    .select({ issue: paymentIssues, orderId: paymentOrders.id })
    .from(paymentIssues)
    .leftJoin(paymentOrders, eq(paymentOrders.razorpayOrderId, paymentIssues.razorpayOrderId))
    .where(eq(paymentIssues.paymentId, paymentId));
  if (!row) return { kind: 'not_found' };
  const { issue } = row;
  let refundId: string | null = null;
  if (!issue.refundedAt) {
    const refund = await refundWhatIsLeft(env, issue.razorpayOrderId, paymentId, {
      order_id: row.orderId ?? issue.razorpayOrderId,
      reason: issue.kind === 'amount_mismatch' ? 'amount mismatch' : 'refunded by an operator',
    });
    if (!refund.ok) return { kind: 'refund_failed', error: refund.error };
    refundId = refund.refundId;
  }
  const now = nowIso();
  const [, , [after]] = await d.batch([
    d
      .update(paymentIssues)
      .set({ refundedAt: sql`COALESCE(${paymentIssues.refundedAt}, ${now})`, resolvedAt: now })
      .where(and(eq(paymentIssues.paymentId, paymentId), isNull(paymentIssues.resolvedAt))),
    auditRow(d, {
      actorId,
      action: 'payment_issue.refund',
      target: paymentTarget(paymentId),
      before: { kind: issue.kind, refunded_at: issue.refundedAt, resolved_at: null },
      after: { kind: issue.kind, refunded: true, resolved: true, refund_id: refundId },
    }),
    d.select().from(paymentIssues).where(eq(paymentIssues.paymentId, paymentId)),
  ]);
  return { kind: 'done', issue: after ?? issue, refund_id: refundId };
}
