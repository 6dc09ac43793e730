/**
 * Turning a captured payment into exactly one booking (the `bookings` queue consumer's work).
 * Every step is a conditional statement or a unique constraint, so a payment reported by verify,
 * by two webhooks and by reconciliation, and redelivered by the queue, still makes one booking,
 * one email and one WhatsApp message. Money is never kept without a seat, and a seat is never
 * taken without money that matches the order (docs/decisions/005, 012).
 */
import { and, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { type Db, db } from '../../../db/client';
import { eventBookings, events, paymentIssues, paymentOrders } from '../../../db/schema';
import { CANCELLED_REFUND_REASON, refundEmail } from '../../domain/booking-messages';
import { COPY } from '../../domain/copy';
import { type OrderStatus, orderStatusesBefore } from '../../domain/statuses';
import type { BookingMessage, Env } from '../../env';
import { randomToken } from '../../lib/crypto';
import { sendEmail } from '../../providers/email';
import { fetchOrderPayments, refundKey, refundPayment } from '../../providers/razorpay';
import { type AuditEntry, auditRow } from '../audit';
import { guestContact } from '../guests';
import { ownsSeatsSql, seatsTakenSql } from './seats';
import { newTicketCode } from '../../domain/ticket';
import { seatLateBooking } from '../tables';
import { notifyConfirmed, sendConfirmation } from '../booking-confirmation';

/**
 * An order row, whether it owns its seats right now ({@link ownsSeatsSql}, computed by D1, never
 * re-typed here) and whether its dinner is cancelled (read in the same SELECT).
 */
export type Order = typeof paymentOrders.$inferSelect & { ownsSeats: boolean; eventCancelled?: boolean };
export type CapturedMessage = Extract<BookingMessage, { kind: 'payment-captured' }>;
export type Outcome = 'confirmed' | 'refunded' | 'ignored';

const nowIso = () => new Date().toISOString();
/** `'a', 'b'` for `status IN (…)` in raw SQL, from the domain's transitions. */
const inList = (statuses: readonly OrderStatus[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
/** Statuses an order is in before any payment was accepted for it. */
const UNPAID = orderStatusesBefore('paid');
/** Statuses an order can be confirmed from (paid, needs_attention), from the status module. */
const CONFIRMABLE = orderStatusesBefore('confirmed');
/** Statuses in which an order carries an accepted payment and may (still) have its booking recorded. */
const BOOKABLE: readonly OrderStatus[] = [...CONFIRMABLE, 'confirmed'];
/** First delay of a confirmation that could not be delivered at once (the queue backs off from there). */
const CONFIRMATION_RETRY_DELAY_S = 10;

/**
 * This payment already owns the order's seats: book it without claiming again. The seat half is
 * the one predicate of seats.ts (evaluated in the same SELECT); an order carries a `payment_id`
 * only once a payment was accepted or flagged, so `created` never matches here.
 */
const ownedBy = (order: Order, paymentId: string) => order.paymentId === paymentId && order.ownsSeats;

/**
 * The one way a captured payment enters the pipeline (verify, webhook, reconcile). First it is
 * written down on the order (`capture_pending_at`, when its amount is not known to differ), so
 * from this moment a `payment.failed` for an earlier attempt cannot fail the order or release its
 * seat, and a capture reported inside the hold keeps the seat however long the queue takes. Then
 * it is queued; if the send fails the caller fails (the webhook is redelivered, reconcile asks
 * again), and the mark alone never books anything.
 */
export async function reportCapturedPayment(env: Env, d: Db, msg: CapturedMessage, amountMatches = true) {
  if (amountMatches) {
    const now = nowIso();
    await d.run(sql`UPDATE payment_orders SET capture_pending_at = COALESCE(capture_pending_at, ${now}), updated_at = ${now}
      WHERE razorpay_order_id = ${msg.orderId} AND status IN (${inList(UNPAID)})`);
  }
  await env.BOOKINGS.send(msg);
}

/** The order's dinner was cancelled (docs/decisions/016): no payment may take a seat on it any more. */
const eventCancelledSql = sql`EXISTS (SELECT 1 FROM events WHERE events.id = payment_orders.event_id AND events.cancelled_at IS NOT NULL)`;

async function orderByRazorpayId(d: Db, razorpayOrderId: string): Promise<Order | null> {
  const [order] = await d
    .select({
      ...getTableColumns(paymentOrders),
      ownsSeats: ownsSeatsSql('payment_orders', nowIso()),
      eventCancelled: sql<number>`${eventCancelledSql}`,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.razorpayOrderId, razorpayOrderId));
  return order
    ? { ...order, ownsSeats: Boolean(Number(order.ownsSeats)), eventCancelled: Boolean(Number(order.eventCancelled)) }
    : null;
}

/**
 * Moves the order to `paid` with this payment if it still owns its seats (a live hold, or a
 * capture reported inside the hold: see seats.ts), or, for a late payment on an expired/failed
 * order, if a seat is free right now. A flagged order that owned no seat takes one only if free
 * (`keeps_seat`, no status move: confirming follows). One UPDATE each, so two late payments
 * racing for the last seat cannot both win.
 */
export async function claimSeat(d: Db, order: Order, paymentId: string): Promise<boolean> {
  const now = nowIso();
  const free = sql`${seatsTakenSql(order.eventId, now)} + seats <= (SELECT capacity FROM events WHERE events.id = payment_orders.event_id)`;
  const res =
    order.status === 'needs_attention'
      ? await d.run(sql`UPDATE payment_orders SET keeps_seat = 1, updated_at = ${now}
    WHERE id = ${order.id} AND status = 'needs_attention' AND keeps_seat = 0 AND payment_id = ${paymentId} AND ${free}
      AND NOT ${eventCancelledSql}`)
      : await d.run(sql`UPDATE payment_orders SET status = 'paid', payment_id = ${paymentId}, failure_reason = NULL, updated_at = ${now}
    WHERE id = ${order.id} AND status IN (${inList(UNPAID)}) AND payment_id IS NULL
      AND (${ownsSeatsSql('payment_orders', now)} OR ${free}) AND NOT ${eventCancelledSql}`);
  return (res.meta.changes ?? 0) === 1;
}

/** One message of the `bookings` queue (or a retry of one). Throws on anything transient. */
export async function processBookingMessage(
  env: Env,
  msg: Extract<BookingMessage, { kind: 'payment-captured' | 'send-confirmation' }>,
): Promise<void> {
  if (msg.kind === 'send-confirmation') await sendConfirmation(env, msg.bookingId);
  else await processCapturedPayment(env, msg);
}

/**
 * Processes one "payment captured" report. Throws on anything transient (the queue retries it
 * with backoff and, in the end, the dead-letter queue flags the order). `audit`: an operator's
 * retry (services/needs-attention.ts), recorded in the batch that confirms the order.
 */
export async function processCapturedPayment(env: Env, msg: CapturedMessage, audit?: AuditEntry): Promise<Outcome> {
  const d = db(env.DB);
  let order = await orderByRazorpayId(d, msg.orderId);
  if (!order) throw new Error(`unknown order ${msg.orderId}`);

  if (order.status === 'refunded' && order.paymentId === msg.paymentId) return 'ignored';
  const owned = ownedBy(order, msg.paymentId);
  // Only money that matches the order may take a seat. A flagged order is checked again even when
  // it kept its seat: it may have been dead-lettered before its amount was ever known (a verify
  // report while Razorpay was down), and reconcile re-queues it by itself (cron-jobs.ts).
  if (!owned || order.status === 'needs_attention') {
    const captured = await capturedAmount(env, msg);
    if (captured.amountPaise !== order.amount * 100 || captured.currency !== order.currency) {
      await refundMismatch(env, d, order, msg.paymentId, captured);
      return 'refunded';
    }
  }
  // A cancelled dinner takes no payment that is not booked yet, whatever seat it held: refunded in
  // full, once (docs/decisions/016). An order already paid or confirmed is a guest of that dinner
  // and is told with the others (services/guest-messages.ts).
  if (order.eventCancelled && order.status !== 'paid' && order.status !== 'confirmed') {
    await refundInFull(env, d, order, msg.paymentId, 'cancelled');
    return 'refunded';
  }
  if (!owned && !(await claimSeat(d, order, msg.paymentId))) {
    order = (await orderByRazorpayId(d, msg.orderId)) as Order;
    if (!ownedBy(order, msg.paymentId)) {
      if (order.status === 'refunded' && order.paymentId === msg.paymentId) return 'ignored';
      // No seat for this money: either the order is already settled by another payment (a
      // duplicate), or the hold expired and the dinner filled up. Never keep money without a seat.
      // A duplicate first: a second payment for a booking that stands must not read as "could
      // not be booked", even when its dinner was cancelled since (that guest is told separately).
      const reason =
        order.paymentId && order.paymentId !== msg.paymentId
          ? 'duplicate'
          : order.eventCancelled
            ? 'cancelled'
            : 'no_seat';
      await refundInFull(env, d, order, msg.paymentId, reason);
      return 'refunded';
    }
  }

  const booking = await recordBooking(d, order, msg.paymentId, audit);
  // A booking made after its dinner's tables were set joins one (never moving anyone); the cron
  // seats whoever this misses, so a failure here never holds up the booking.
  await seatLateBooking(d, booking.id).catch((err) => console.error('could not seat late booking', booking.id, err));
  // Tried at once; whatever could not be delivered goes out from its own message, retried until
  // the provider is back. Queued before this message is acked, so it cannot be lost in between.
  if (await notifyConfirmed(env, d, booking.id))
    await env.BOOKINGS.send(
      { kind: 'send-confirmation', bookingId: booking.id },
      { delaySeconds: CONFIRMATION_RETRY_DELAY_S },
    );
  return 'confirmed';
}

/** What was captured: from the report when it carries it, else from Razorpay (verify's report has no amount). */
async function capturedAmount(env: Env, msg: CapturedMessage): Promise<{ amountPaise: number; currency: string }> {
  if (msg.amountPaise !== undefined && msg.currency !== undefined)
    return { amountPaise: msg.amountPaise, currency: msg.currency };
  const listed = await fetchOrderPayments(env, msg.orderId);
  if (!listed.ok) throw new Error(`could not ask Razorpay about ${msg.paymentId}: ${listed.error}`);
  const payment = listed.value.find((p) => p.id === msg.paymentId);
  if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded'))
    throw new Error(`payment ${msg.paymentId} is not a captured payment of order ${msg.orderId} (yet)`);
  return { amountPaise: payment.amount, currency: payment.currency };
}

/**
 * A captured amount or currency that differs from the order: written down for an operator first
 * (payment_issues), then refunded in full with the same idempotency key as any refund of this
 * payment, never booked. A refund that fails throws: the queue retries; the issue row stays.
 */
async function refundMismatch(
  env: Env,
  d: Db,
  order: Order,
  paymentId: string,
  captured: { amountPaise: number; currency: string },
) {
  const detail = `Captured ${captured.amountPaise} ${captured.currency}; the order is ${order.amount * 100} ${order.currency}.`;
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

const dialect = new SQLiteAsyncDialect();
/** A drizzle `sql` fragment as a D1 statement, for `D1Database.batch` (drizzle's batch does not run raw SQL on D1). */
const prepared = (client: D1Database, fragment: SQL) => {
  const q = dialect.sqlToQuery(fragment);
  return client.prepare(q.sql).bind(...q.params);
};
/** A drizzle query's SQL as a D1 statement. */
const preparedQuery = (client: D1Database, q: { sql: string; params: unknown[] }) =>
  client.prepare(q.sql).bind(...q.params);

/**
 * One booking per order/payment (UNIQUE on both) and the order confirmed, atomically (one D1
 * batch), with the operator's audit row when `audit` is given (inserted only if the order moved).
 */
async function recordBooking(d: Db, order: Order, paymentId: string, audit?: AuditEntry) {
  const now = nowIso();
  // Only an order that owns its seats is booked (ownsSeatsSql, the one predicate): a flagged one
  // without a seat never is. Statuses come from the status module (decision 009).
  const bookingId = `bkg_${randomToken(12)}`;
  const client = d.$client;
  await client.batch([
    prepared(
      client,
      sql`INSERT OR IGNORE INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type, seats, amount, payment_id, status, booking_date, ticket_code, party_name, party_phone)
      SELECT ${bookingId}, o.user_id, o.id, e.id, e.title, e.location, e.date, o.ticket_type, o.seats, o.amount, ${paymentId}, 'confirmed', ${now}, ${newTicketCode()}, o.party_name, o.party_phone
      FROM payment_orders AS o JOIN events AS e ON e.id = o.event_id
      WHERE o.id = ${order.id} AND o.payment_id = ${paymentId} AND o.status IN (${inList(BOOKABLE)})
        AND ${ownsSeatsSql('o', now)}`,
    ),
    // Confirmed only if that booking row exists now (it may predate this batch on a redelivery).
    prepared(
      client,
      sql`UPDATE payment_orders SET status = 'confirmed', updated_at = ${now}
      WHERE id = ${order.id} AND payment_id = ${paymentId} AND status IN (${inList(CONFIRMABLE)})
        AND ${ownsSeatsSql('payment_orders', now)}
        AND EXISTS (SELECT 1 FROM event_bookings WHERE order_id = ${order.id} AND payment_id = ${paymentId})`,
    ),
    ...(audit ? [preparedQuery(client, auditRow(d, audit).toSQL())] : []),
  ]);
  const [booking] = await d
    .select()
    .from(eventBookings)
    .where(and(eq(eventBookings.orderId, order.id), eq(eventBookings.paymentId, paymentId)));
  if (!booking) throw new Error(`booking for order ${order.id} / payment ${paymentId} was not recorded`);
  // The batch above may have been a no-op for the order row if a redelivery confirmed it already.
  const [after] = await d
    .select({ status: paymentOrders.status })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, order.id));
  if (after?.status !== 'confirmed')
    throw new Error(`order ${order.id} is ${after?.status} after recording its booking`);
  return booking;
}

/**
 * Why a payment that cannot take a seat is refunded; each refund says its own reason to Razorpay
 * (notes), to the order (failure_reason, shown to the guest) and in the guest's email.
 * - `no_seat`: paid after the hold ended and the dinner filled up meanwhile;
 * - `duplicate`: the order was already paid with another payment (a second attempt that also went
 *   through): the guest keeps the booking of the first.
 */
export type RefundReason = 'no_seat' | 'duplicate' | 'cancelled';
const REFUND_NOTES: Record<RefundReason, string> = {
  no_seat: 'no seat left',
  duplicate: 'duplicate payment',
  cancelled: 'dinner cancelled',
};
const REFUND_FAILURE_REASON: Record<RefundReason, string> = {
  no_seat: COPY.refund.noSeat,
  duplicate: COPY.refund.duplicate,
  cancelled: CANCELLED_REFUND_REASON,
};

/**
 * Full refund through Razorpay with an idempotency key per payment, then the order is marked
 * refunded (only from an unpaid state, so a confirmed order paid twice stays confirmed) and the
 * guest told once. A refund that fails throws: the queue retries, then flags the order.
 */
async function refundInFull(env: Env, d: Db, order: Order, paymentId: string, reason: RefundReason) {
  const refund = await refundPayment(env, paymentId, order.amount * 100, refundKey(paymentId), {
    order_id: order.id,
    reason: REFUND_NOTES[reason],
  });
  if (!refund.ok) throw new Error(`refund of ${paymentId} failed: ${refund.error}`);
  const res = await d
    .update(paymentOrders)
    .set({
      status: 'refunded',
      paymentId,
      failureReason: REFUND_FAILURE_REASON[reason],
      updatedAt: nowIso(),
    })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        inArray(paymentOrders.status, orderStatusesBefore('refunded')),
        // Never over another payment's record, nor over an order that still owns its seats (on a
        // cancelled dinner a seat is worth nothing: an in-time capture is refunded all the same).
        sql`(${paymentOrders.paymentId} IS NULL OR ${paymentOrders.paymentId} = ${paymentId})`,
        reason === 'cancelled' ? sql`${eventCancelledSql}` : sql`NOT ${ownsSeatsSql('payment_orders', nowIso())}`,
      ),
    );
  const guest = await guestContact(d, order.userId);
  const [event] = await d.select({ title: events.title }).from(events).where(eq(events.id, order.eventId));
  if (guest.email && ((res.meta.changes ?? 0) === 1 || order.paymentId !== paymentId)) {
    const sent = await sendEmail(
      env,
      {
        to: guest.email,
        ...refundEmail({
          name: guest.fullName,
          eventName: event?.title ?? 'your dinner',
          amount: order.amount,
          paymentId,
          reason,
        }),
      },
      `refund_${paymentId}`,
    );
    if (!sent.ok) console.error('refund email failed', paymentId, sent.error);
  }
}

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
  const res = await d.run(sql`UPDATE payment_orders SET status = 'needs_attention',
      payment_id = COALESCE(payment_id, ${msg.paymentId}),
      keeps_seat = CASE WHEN ${ownsSeatsSql('payment_orders', now)} THEN 1 ELSE 0 END,
      failure_reason = 'Booking creation failed after payment.', updated_at = ${now}
    WHERE razorpay_order_id = ${msg.orderId} AND status IN (${inList(orderStatusesBefore('needs_attention'))})
      AND (payment_id IS NULL OR payment_id = ${msg.paymentId})`);
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
