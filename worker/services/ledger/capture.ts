/**
 * Turning a captured payment into exactly one booking (the `bookings` queue consumer's work).
 * Every step is a conditional statement or a unique constraint, so a payment reported by verify,
 * by two webhooks and by reconciliation, and redelivered by the queue, still makes one booking,
 * one email and one WhatsApp message. Money is never kept without a seat, and a seat is never
 * taken without money that matches the order (docs/decisions/005, 012).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, db } from '../../../db/client';
import { eventBookings, paymentOrders } from '../../../db/schema';
import { isPaidFor, orderStatusesBefore } from '@domain/statuses';
import { newTicketCode } from '@domain/ticket';
import type { BookingMessage, Env } from '../../env';
import { randomToken } from '../../lib/crypto';
import { fetchOrderPayments } from '../../providers/razorpay';
import { type AuditEntry, auditRow } from '../audit';
import { notifyConfirmed, sendConfirmation } from '../booking-confirmation';
import { seatLateBooking } from '../tables';
import { creditNotesForReleaseCredit } from '../invoices';
import { grantResoldReleases } from './credit';
import { queueSeatsFreed } from './offers';
import { fromStatuses, type GuardScope, requiredGuards } from './guards';
import { type CapturedMessage, type Order, orderById, orderByRazorpayId } from './order-facts';
import { type RefundReason, refundInFull, refundMismatch, settleRefundedAtRazorpay } from './refund-payment';
import { prepared, preparedQuery } from './statements';

export type { CapturedMessage } from './order-facts';
/** What processing a captured payment came to. */
export type Outcome = 'confirmed' | 'refunded' | 'ignored';

const nowIso = () => new Date().toISOString();
/** Statuses an order is in before any payment was accepted for it. */
const UNPAID = orderStatusesBefore('paid');
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
    await d
      .update(paymentOrders)
      .set({ capturePendingAt: sql`COALESCE(${paymentOrders.capturePendingAt}, ${now})`, updatedAt: now })
      .where(and(eq(paymentOrders.razorpayOrderId, msg.orderId), inArray(paymentOrders.status, UNPAID)));
  }
  await env.BOOKINGS.send(msg);
}

/**
 * A `payment.failed` webhook. A failed attempt does not end a Razorpay order: the guest may retry in
 * the same checkout, and a captured payment for the order may already be on the queue. So nothing
 * changes once a payment was accepted or a capture reported; while the hold is live only the reason
 * is recorded (the seat stays held); after it, the order moves along the status module's one edge
 * into 'failed' (orderStatusesBefore), and 'failed' holds no seat.
 */
export async function recordFailedAttempt(d: Db, orderId: string, reason: string, now = new Date()) {
  const nowIso = now.toISOString();
  await d
    .update(paymentOrders)
    .set({
      status: sql`CASE WHEN ${paymentOrders.holdExpiresAt} > ${nowIso} THEN ${paymentOrders.status} ELSE 'failed' END`,
      failureReason: reason,
      updatedAt: nowIso,
    })
    .where(
      and(
        eq(paymentOrders.id, orderId),
        inArray(paymentOrders.status, orderStatusesBefore('failed')),
        isNull(paymentOrders.paymentId),
        isNull(paymentOrders.capturePendingAt),
      ),
    );
}

/**
 * Takes the order's seats for this payment, in one conditional UPDATE built from the ledger's
 * transitions (domain/ledger.ts): `pay_in_time` while the order still owns them (a live hold, or a
 * capture reported inside it: see seats.ts); `pay_late` for a payment after the hold, only on the
 * terms a new order would get (the dinner on sale with room, the coupon still usable and under its
 * cap, the price still covered); a flagged order that owned no seat takes one on the same terms
 * (`retry_late`: `keeps_seat`, no status move, confirming follows). Two late payments racing for the
 * last seat or the last redemption cannot both win: D1 runs the UPDATEs one after the other.
 */
export async function claimSeat(d: Db, order: Order, paymentId: string): Promise<boolean> {
  const now = nowIso();
  const scope: GuardScope = {
    order: 'payment_orders',
    eventId: sql`payment_orders.event_id`,
    nowIso: now,
    price: { floor: order.priceFloor, terms: order.priceTerms },
  };
  const res =
    order.status === 'needs_attention'
      ? await d
          .update(paymentOrders)
          .set({ keepsSeat: true, updatedAt: now })
          .where(
            and(
              eq(paymentOrders.id, order.id),
              sql`${paymentOrders.status} IN (${fromStatuses('retry_late')})`,
              eq(paymentOrders.keepsSeat, false),
              eq(paymentOrders.paymentId, paymentId),
              requiredGuards('retry_late', scope),
            ),
          )
      : await d
          .update(paymentOrders)
          .set({ status: 'paid', paymentId, failureReason: null, updatedAt: now })
          .where(
            and(
              eq(paymentOrders.id, order.id),
              isNull(paymentOrders.paymentId),
              sql`((${paymentOrders.status} IN (${fromStatuses('pay_in_time')}) AND ${requiredGuards('pay_in_time', scope)})
                OR (${paymentOrders.status} IN (${fromStatuses('pay_late')}) AND ${requiredGuards('pay_late', scope)}))`,
            ),
          );
  return (res.meta.changes ?? 0) === 1;
}

/**
 * Why a payment that found no seat is refunded, from the order as it is now: a second payment of
 * a booked order first (its booking stands, whatever happened to the dinner since), then each
 * `pay_late` condition that fails, in the order a guest would want to hear it.
 */
function unbookableReason(order: Order, paymentId: string): RefundReason {
  // A second payment of a booked order (its booking stands); of an order refunded or flagged with
  // another payment, the reasons below say why neither can be booked.
  if (order.paymentId && order.paymentId !== paymentId && isPaidFor(order.status)) return 'duplicate';
  if (order.eventCancelled) return 'cancelled';
  if (!order.dinnerOpen) return 'closed';
  if (!order.couponCountable) return 'coupon';
  if (order.amount + order.creditAmount < order.priceFloor) return 'price';
  if (order.creditAmount > 0) return 'credit';
  return 'no_seat';
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
  // An operator's refund has claimed this payment's order: it is the operator's to finish
  // (ledger/operator.ts), never the pipeline's to book or to refund with another reason.
  if (order.refundClaimedAt && order.paymentId === msg.paymentId) return 'ignored';
  const owned = ownedBy(order, msg.paymentId);
  // Only money that matches the order, and that Razorpay still holds, may take a seat: every
  // payment not booked yet is asked of Razorpay itself, whatever its report said. It may have been
  // refunded from the dashboard since (a refunded payment never books), or dead-lettered before its
  // amount was ever known (reconcile re-queues it by itself).
  // A paid order whose booking was not recorded is asked too: a suspension's refund may have sent
  // this very payment back since (review of issue 21), and a refunded payment never books.
  if (!owned || order.status === 'needs_attention' || order.status === 'paid') {
    const captured = await capturedPayment(env, msg);
    // A mismatch first: it is refunded (once, by its key) and written down however often it comes.
    if (captured.amountPaise !== order.amount * 100 || captured.currency !== order.currency) {
      await refundMismatch(env, d, order, msg.paymentId, captured);
      return 'refunded';
    }
    if (captured.amountRefundedPaise > 0) {
      await settleRefundedAtRazorpay(env, d, order, msg.paymentId, captured);
      return 'refunded';
    }
  }
  // A cancelled dinner takes no payment that is not booked yet, whatever seat it held: refunded in
  // full, once (docs/decisions/016). An order already paid or confirmed is a guest of that dinner
  // and is told with the others (services/guest-messages.ts).
  if (order.eventCancelled && !isPaidFor(order.status)) {
    await refundInFull(env, d, order, msg.paymentId, 'cancelled');
    return 'refunded';
  }
  // A guest suspended, or gone, before this payment was booked gets it back and no seat, whatever
  // the order holds (a hold, a paid order whose booking was not recorded, a flagged one): every
  // booking path requires `account_live`, so trying would only fail again. Refunded in full, once,
  // saying why; the seat it held goes back to the waitlist.
  if (order.status !== 'confirmed') {
    const closed = order.accountClosed;
    if (closed) {
      if ((await refundInFull(env, d, order, msg.paymentId, closed)) && order.ownsSeats)
        await queueSeatsFreed(env, order.eventId);
      return 'refunded';
    }
  }
  // A flagged order kept its seat while it waited for a retry, maybe past the dinner's start: it is
  // booked only while the dinner is still on sale (`confirm_flagged`), else refunded.
  if (owned && order.status === 'needs_attention' && !order.dinnerOpen) {
    await refundInFull(env, d, order, msg.paymentId, 'closed');
    return 'refunded';
  }
  if (!owned && !(await claimSeat(d, order, msg.paymentId))) {
    order = (await orderByRazorpayId(d, msg.orderId)) as Order;
    if (!ownedBy(order, msg.paymentId)) {
      if (order.status === 'refunded' && order.paymentId === msg.paymentId) return 'ignored';
      // No seat for this money on the terms the ledger keeps: never keep money without a seat.
      await refundInFull(env, d, order, msg.paymentId, unbookableReason(order, msg.paymentId));
      return 'refunded';
    }
  }

  await bookAndTell(env, d, order, msg.paymentId, audit);
  return 'confirmed';
}

/**
 * An order credit pays in full (no Razorpay): its hold becomes a payment (`pay_in_time`, payment id
 * `credit_<order id>`) and then the same booking and confirmation as any other. Null if the hold no
 * longer owns its seats (it lapsed): its credit then counts as given back. Null too once the guest
 * is suspended or gone: an order paid but not booked yet is refunded (its credit back), never booked.
 */
export async function bookPaidByCredit(env: Env, d: Db, orderId: string): Promise<string | null> {
  const order = await orderById(d, orderId);
  if (order?.amount !== 0 || order.creditAmount <= 0 || order.razorpayOrderId) return null;
  const paymentId = `credit_${order.id}`;
  if (order.status === 'paid' && order.paymentId === paymentId) {
    const closed = order.accountClosed;
    if (closed) {
      if (await refundInFull(env, d, order, paymentId, closed)) await queueSeatsFreed(env, order.eventId);
      return null;
    }
  }
  if (order.paymentId !== paymentId && !(await claimSeat(d, order, paymentId))) return null;
  const booked = (await orderById(d, orderId)) as Order;
  try {
    return (await bookAndTell(env, d, booked, paymentId)).id;
  } catch (err) {
    // Booked, but telling the guest could not be queued: the booking stands (a retry would book
    // again with more credit); deliveries owed are the confirmation's own to retry.
    const [made] = await d
      .select({ id: eventBookings.id })
      .from(eventBookings)
      .where(eq(eventBookings.orderId, orderId));
    if (!made) throw err;
    console.error('booked with credit, but the confirmation could not be queued', orderId, err);
    return made.id;
  }
}

/**
 * The cron's safety net for credit: an order credit paid in full whose booking did not follow (the
 * Worker died between the payment and the booking) is booked now, as the request would have.
 * Nothing else would: it has no Razorpay order for reconcile to ask about.
 */
export async function bookCreditOrdersLeftPaid(env: Env, d: Db, now: Date) {
  const before = new Date(now.getTime() - 60_000).toISOString();
  const left = await d
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'paid'),
        sql`substr(${paymentOrders.paymentId}, 1, 7) = 'credit_'`,
        sql`${paymentOrders.updatedAt} < ${before}`,
        sql`NOT EXISTS (SELECT 1 FROM event_bookings AS lb WHERE lb.order_id = ${paymentOrders.id})`,
      ),
    )
    .limit(20);
  for (const { id } of left) await bookPaidByCredit(env, d, id);
}

/** The booking of an order whose payment owns its seats, its late seating, credit for seats it took again, and the confirmation. */
async function bookAndTell(env: Env, d: Db, order: Order, paymentId: string, audit?: AuditEntry) {
  const booking = await recordBooking(d, order, paymentId, audit);
  // Seats taken at this dinner may be seats a guest who can't make it released: their credit now.
  await grantResoldReleases(d, booking.eventId).catch((err) => console.error('could not grant resold credit', err));
  // The credit granted is money given back: its credit note now (decision 030; never throws).
  await creditNotesForReleaseCredit(env, d, booking.eventId);
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
  return booking;
}

/** A captured payment as Razorpay reports it: amount, currency, and how much of it was refunded since. */
type CapturedPayment = { amountPaise: number; currency: string; amountRefundedPaise: number };

/**
 * What was captured, as Razorpay reports it now. Only a payment Razorpay reports `captured` books;
 * one refunded since, in full or in part (from the dashboard), answers what is left of it.
 */
async function capturedPayment(env: Env, msg: CapturedMessage): Promise<CapturedPayment> {
  const listed = await fetchOrderPayments(env, msg.orderId);
  if (!listed.ok) throw new Error(`could not ask Razorpay about ${msg.paymentId}: ${listed.error}`);
  const payment = listed.value.find((p) => p.id === msg.paymentId);
  if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded'))
    throw new Error(`payment ${msg.paymentId} is not a captured payment of order ${msg.orderId} (yet)`);
  const refunded = payment.status === 'refunded' ? payment.amount : (payment.amount_refunded ?? 0);
  return { amountPaise: payment.amount, currency: payment.currency, amountRefundedPaise: refunded };
}

/** The order aliased `alias` may be confirmed now: `confirm` for a paid one, `confirm_flagged` for a flagged one. */
const confirmableSql = (alias: string, nowIso: string) => {
  const scope = { order: alias, eventId: sql`${sql.raw(alias)}.event_id`, nowIso };
  const o = sql.raw(alias);
  return sql`((${o}.status IN (${fromStatuses('confirm')}) AND ${requiredGuards('confirm', scope)})
    OR (${o}.status IN (${fromStatuses('confirm_flagged')}) AND ${requiredGuards('confirm_flagged', scope)}))`;
};

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
    // INSERT … SELECT: the booking copies the order and its dinner in the statement that checks the
    // order may be booked (drizzle's insert-select would have to name every column).
    prepared(
      client,
      sql`INSERT OR IGNORE INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type, seats, amount, payment_id, status, booking_date, ticket_code, party_name, party_phone)
      SELECT ${bookingId}, o.user_id, o.id, e.id, e.title, e.location, e.date, o.ticket_type, o.seats, o.amount, ${paymentId}, 'confirmed', ${now}, ${newTicketCode()}, o.party_name, o.party_phone
      FROM payment_orders AS o JOIN events AS e ON e.id = o.event_id
      WHERE o.id = ${order.id} AND o.payment_id = ${paymentId}
        AND (o.status = 'confirmed' OR ${confirmableSql('o', now)})`,
    ),
    // Confirmed only if that booking row exists now (it may predate this batch on a redelivery).
    preparedQuery(
      client,
      d
        .update(paymentOrders)
        .set({ status: 'confirmed', updatedAt: now })
        .where(
          and(
            eq(paymentOrders.id, order.id),
            eq(paymentOrders.paymentId, paymentId),
            confirmableSql('payment_orders', now),
            sql`EXISTS (SELECT 1 FROM event_bookings WHERE order_id = ${order.id} AND payment_id = ${paymentId})`,
          ),
        )
        .toSQL(),
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
