/**
 * Turning a captured payment into exactly one booking (the `bookings` queue consumer's work).
 * Every step is a conditional statement or a unique constraint, so a payment reported by verify,
 * by two webhooks and by reconciliation, and redelivered by the queue, still makes one booking,
 * one email and one WhatsApp message.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, db } from '../../db/client';
import { eventBookings, events, paymentOrders } from '../../db/schema';
import { confirmationEmail, confirmationWhatsApp, refundEmail } from '../domain/booking-messages';
import { TICKET_LABELS } from '../domain/pricing';
import { type OrderStatus, orderStatusesBefore, SEAT_HOLDING_ORDER_STATUSES } from '../domain/statuses';
import type { BookingMessage, Env } from '../env';
import { randomToken } from '../lib/crypto';
import { sendEmail } from '../providers/email';
import { refundPayment } from '../providers/razorpay';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { guestContact } from './guests';
import { seatsTakenSql } from './seats';

type Order = typeof paymentOrders.$inferSelect;
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
/** Statuses in which an order's payment was accepted: exactly those that keep its seats. */
const PAID_FOR: readonly OrderStatus[] = SEAT_HOLDING_ORDER_STATUSES;

async function orderByRazorpayId(d: Db, razorpayOrderId: string): Promise<Order | null> {
  const [order] = await d.select().from(paymentOrders).where(eq(paymentOrders.razorpayOrderId, razorpayOrderId));
  return order ?? null;
}

/**
 * Moves the order to `paid` with this payment if it still owns a seat: its hold is live, or (a
 * late payment on an expired/failed order) a seat is free right now. One UPDATE, so two late
 * payments racing for the last seat cannot both win.
 */
async function claimSeat(d: Db, order: Order, paymentId: string): Promise<boolean> {
  const now = nowIso();
  const res =
    await d.run(sql`UPDATE payment_orders SET status = 'paid', payment_id = ${paymentId}, failure_reason = NULL, updated_at = ${now}
    WHERE id = ${order.id} AND status IN (${inList(UNPAID)})
      AND ((status = 'created' AND hold_expires_at > ${now})
           OR ${seatsTakenSql(order.eventId, now)} + seats <= (SELECT capacity FROM events WHERE events.id = payment_orders.event_id))`);
  return (res.meta.changes ?? 0) === 1;
}

/**
 * Processes one "payment captured" report. Throws on anything transient (the queue retries it
 * with backoff and, in the end, the dead-letter queue flags the order).
 */
export async function processCapturedPayment(env: Env, msg: BookingMessage): Promise<Outcome> {
  const d = db(env.DB);
  let order = await orderByRazorpayId(d, msg.orderId);
  if (!order) throw new Error(`unknown order ${msg.orderId}`);

  if (order.paymentId !== msg.paymentId || !PAID_FOR.includes(order.status)) {
    if (order.status === 'refunded' && order.paymentId === msg.paymentId) return 'ignored';
    if (!(await claimSeat(d, order, msg.paymentId))) {
      order = (await orderByRazorpayId(d, msg.orderId)) as Order;
      const ours = order.paymentId === msg.paymentId && PAID_FOR.includes(order.status);
      if (!ours) {
        if (order.status === 'refunded' && order.paymentId === msg.paymentId) return 'ignored';
        // No seat for this money: either the hold expired and the dinner filled up, or the order
        // was already paid by another payment. Never keep money without a seat.
        await refundInFull(env, d, order, msg.paymentId);
        return 'refunded';
      }
    }
  }

  const booking = await recordBooking(d, order, msg.paymentId);
  await notifyConfirmed(env, d, booking.id);
  return 'confirmed';
}

/** One booking per order/payment (UNIQUE on both) and the order confirmed, atomically (one D1 batch). */
async function recordBooking(d: Db, order: Order, paymentId: string) {
  const now = nowIso();
  // Raw statements: drizzle's batch does not take raw SQL, and this INSERT … SELECT has no builder form.
  const client = d.$client;
  const confirmable = orderStatusesBefore('confirmed');
  await client.batch([
    client
      .prepare(
        `INSERT OR IGNORE INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type, seats, amount, payment_id, status, booking_date)
         SELECT ?1, o.user_id, o.id, e.id, e.title, e.location, e.date, o.ticket_type, o.seats, o.amount, ?2, 'confirmed', ?3
         FROM payment_orders AS o JOIN events AS e ON e.id = o.event_id
         WHERE o.id = ?4 AND o.payment_id = ?2`,
      )
      .bind(`bkg_${randomToken(12)}`, paymentId, now, order.id),
    // Confirmed only if that booking row exists now (it may predate this batch on a redelivery).
    client
      .prepare(
        `UPDATE payment_orders SET status = 'confirmed', updated_at = ?3
         WHERE id = ?1 AND payment_id = ?2 AND status IN (${confirmable.map((s) => `'${s}'`).join(', ')})
           AND EXISTS (SELECT 1 FROM event_bookings WHERE order_id = ?1 AND payment_id = ?2)`,
      )
      .bind(order.id, paymentId, now),
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
 * Confirmation email and WhatsApp, each claimed with a conditional UPDATE on its sent-at column
 * so it goes out once per booking. A provider failure is only logged and the claim released, so a
 * later report of the same payment may try again; it never undoes the booking.
 */
export async function notifyConfirmed(env: Env, d: Db, bookingId: string) {
  const [row] = await d
    .select({ booking: eventBookings, startsAt: events.startsAt, ticketType: paymentOrders.ticketType })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, eventBookings.orderId))
    .where(eq(eventBookings.id, bookingId));
  if (!row) return;
  const guest = await guestContact(d, row.booking.userId);
  const facts = {
    name: guest.fullName,
    bookingId,
    eventName: row.booking.eventName,
    eventLocation: row.booking.eventLocation,
    startsAt: row.startsAt,
    amount: row.booking.amount,
    ticketLabel: TICKET_LABELS[row.ticketType],
  };

  if (guest.email && (await claim(d, bookingId, 'email'))) {
    const sent = await sendEmail(env, { to: guest.email, ...confirmationEmail(facts) }, bookingId);
    if (!sent.ok) {
      console.error('confirmation email failed', bookingId, sent.error);
      await release(d, bookingId, 'email');
    }
  }
  if (guest.phone && (await claim(d, bookingId, 'whatsapp'))) {
    const sent = await sendWhatsAppTemplate(env, { to: guest.phone, ...confirmationWhatsApp(facts) });
    if (!sent.ok) {
      console.error('confirmation whatsapp failed', bookingId, sent.error);
      await release(d, bookingId, 'whatsapp');
    }
  }
}

const sentColumn = (channel: 'email' | 'whatsapp') =>
  channel === 'email' ? eventBookings.confirmationEmailSentAt : eventBookings.confirmationWhatsappSentAt;

async function claim(d: Db, bookingId: string, channel: 'email' | 'whatsapp'): Promise<boolean> {
  const col = sentColumn(channel);
  const res = await d
    .update(eventBookings)
    .set(channel === 'email' ? { confirmationEmailSentAt: nowIso() } : { confirmationWhatsappSentAt: nowIso() })
    .where(and(eq(eventBookings.id, bookingId), isNull(col)));
  return (res.meta.changes ?? 0) === 1;
}

async function release(d: Db, bookingId: string, channel: 'email' | 'whatsapp') {
  await d
    .update(eventBookings)
    .set(channel === 'email' ? { confirmationEmailSentAt: null } : { confirmationWhatsappSentAt: null })
    .where(eq(eventBookings.id, bookingId));
}

/**
 * Full refund through Razorpay with an idempotency key per payment, then the order is marked
 * refunded (only from an unpaid state, so a confirmed order paid twice stays confirmed) and the
 * guest told once. A refund that fails throws: the queue retries, then flags the order.
 */
async function refundInFull(env: Env, d: Db, order: Order, paymentId: string) {
  const refund = await refundPayment(env, paymentId, order.amount * 100, `refund_${paymentId}`, {
    order_id: order.id,
    reason: 'no seat left',
  });
  if (!refund.ok) throw new Error(`refund of ${paymentId} failed: ${refund.error}`);
  const res = await d
    .update(paymentOrders)
    .set({
      status: 'refunded',
      paymentId,
      failureReason: 'Paid after the hold expired and the event was full: refunded in full.',
      updatedAt: nowIso(),
    })
    .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, UNPAID)));
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
        }),
      },
      `refund_${paymentId}`,
    );
    if (!sent.ok) console.error('refund email failed', paymentId, sent.error);
  }
}

/** Dead-letter: the payment is real but the booking could not be made; an operator must look. */
export async function flagNeedsAttention(env: Env, msg: BookingMessage) {
  const d = db(env.DB);
  const res = await d
    .update(paymentOrders)
    .set({
      status: 'needs_attention',
      paymentId: sql`COALESCE(${paymentOrders.paymentId}, ${msg.paymentId})`,
      failureReason: 'Booking creation failed after payment.',
      updatedAt: nowIso(),
    })
    .where(
      and(
        eq(paymentOrders.razorpayOrderId, msg.orderId),
        inArray(paymentOrders.status, orderStatusesBefore('needs_attention')),
      ),
    );
  console.error(
    'booking dead-lettered; order flagged needs_attention',
    msg.orderId,
    msg.paymentId,
    `changed=${res.meta.changes}`,
  );
}
