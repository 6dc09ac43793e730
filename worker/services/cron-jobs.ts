/**
 * The cron's jobs (worker/scheduled.ts): reconcile unpaid orders with Razorpay, expire abandoned
 * holds, send reminders. Every step is idempotent, so an overlapping or repeated run changes
 * nothing twice.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, paymentOrders } from '../../db/schema';
import { type ReminderKind, reminderEmail, reminderWhatsApp } from '../domain/booking-messages';
import { TICKET_LABELS } from '../domain/pricing';
import { HOUR_MS, istDate } from '../domain/time';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { fetchOrderPayments } from '../providers/razorpay';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { reportCapturedPayment } from './booking-pipeline';
import { guestContact } from './guests';

/** Give the checkout and its webhook this long before asking Razorpay ourselves. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
const RECONCILE_BATCH = 50;

/**
 * A paid order whose webhook never arrived: ask Razorpay for the order's payments and put every
 * captured one on the queue, exactly as the webhook would have (one books, a second is refunded,
 * a mismatched amount is refunded and flagged). An order with a capture reported but never
 * booked (a lost queue send) is asked about however old it is.
 */
export async function reconcileUnpaidOrders(env: Env, d: Db, now: Date) {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const oldest = new Date(now.getTime() - 48 * HOUR_MS).toISOString();
  const pending = await d
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'created'),
        lte(paymentOrders.createdAt, cutoff),
        or(gt(paymentOrders.createdAt, oldest), sql`${paymentOrders.capturePendingAt} IS NOT NULL`),
        sql`${paymentOrders.razorpayOrderId} IS NOT NULL`,
      ),
    )
    .orderBy(paymentOrders.createdAt)
    .limit(RECONCILE_BATCH);
  for (const order of pending) {
    const rzpId = order.razorpayOrderId as string;
    const payments = await fetchOrderPayments(env, rzpId);
    if (!payments.ok) {
      console.error('reconcile: could not list payments', rzpId, payments.error);
      continue;
    }
    const captured = payments.value.filter((p) => p.status === 'captured');
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
    if (captured.length === 0 && order.holdExpiresAt <= now.toISOString()) {
      // Never over a reported capture: that seat is paid for until the queue decides.
      if (order.capturePendingAt)
        console.error('reconcile: a capture was reported but Razorpay lists none', rzpId, order.capturePendingAt);
      await d
        .update(paymentOrders)
        .set({ status: 'expired', updatedAt: now.toISOString() })
        .where(
          and(
            eq(paymentOrders.id, order.id),
            eq(paymentOrders.status, 'created'),
            isNull(paymentOrders.capturePendingAt),
          ),
        );
    }
  }
}

/**
 * Abandoned orders: the seat predicate already ignores expired holds, this writes the status down
 * so the guest and operators see it. Orders newer than the reconcile window are left to it.
 */
export async function expireAbandonedHolds(d: Db, now: Date) {
  const iso = now.toISOString();
  const reconcileFrom = new Date(now.getTime() - 48 * HOUR_MS).toISOString();
  await d
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: iso })
    .where(
      and(
        eq(paymentOrders.status, 'created'),
        lte(paymentOrders.holdExpiresAt, iso),
        // A reported capture is the queue's (and reconcile's) to settle, never expired here.
        isNull(paymentOrders.capturePendingAt),
        sql`(${paymentOrders.razorpayOrderId} IS NULL OR ${paymentOrders.createdAt} <= ${reconcileFrom})`,
      ),
    );
}

/** Which reminder is due for a dinner starting at `startsAt`, or null (SPEC §9: 48 h, 24 h, day of). */
export function dueReminder(startsAt: string, now: Date): ReminderKind | null {
  const left = new Date(startsAt).getTime() - now.getTime();
  if (left <= 0 || left > 48 * HOUR_MS) return null;
  if (istDate(startsAt) === istDate(now)) return 'day_of';
  return left <= 24 * HOUR_MS ? '24h' : '48h';
}

/**
 * Sends the one due reminder per confirmed booking. `reminders_sent` (booking, kind) is claimed
 * with INSERT OR IGNORE first, so two cron runs send it once; a failed send releases the claim.
 */
export async function sendReminders(env: Env, d: Db, now: Date) {
  const rows = await d
    .select({
      booking: eventBookings,
      startsAt: events.startsAt,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(
      and(
        eq(eventBookings.status, 'confirmed'),
        gt(events.startsAt, now.toISOString()),
        lte(events.startsAt, new Date(now.getTime() + 48 * HOUR_MS).toISOString()),
      ),
    );
  for (const row of rows) {
    const kind = dueReminder(row.startsAt, now);
    if (!kind) continue;
    const claimed = await d.run(
      sql`INSERT OR IGNORE INTO reminders_sent (booking_id, kind, sent_at) VALUES (${row.booking.id}, ${kind}, ${now.toISOString()})`,
    );
    if ((claimed.meta.changes ?? 0) !== 1) continue;
    const guest = await guestContact(d, row.booking.userId);
    const facts = {
      name: guest.fullName,
      bookingId: row.booking.id,
      eventName: row.booking.eventName,
      eventLocation: row.booking.eventLocation,
      startsAt: row.startsAt,
      amount: row.booking.amount,
      ticketLabel: TICKET_LABELS[row.booking.ticketType],
      venue: row.venueName ? `${row.venueName}, ${row.venueAddress ?? ''}`.replace(/, $/, '') : null,
    };
    let delivered = false;
    if (guest.email) {
      const sent = await sendEmail(
        env,
        { to: guest.email, ...reminderEmail(kind, facts) },
        `reminder_${kind}_${row.booking.id}`,
      );
      if (sent.ok) delivered = true;
      else console.error('reminder email failed', row.booking.id, kind, sent.error);
    }
    if (guest.phone) {
      const sent = await sendWhatsAppTemplate(env, { to: guest.phone, ...reminderWhatsApp(kind, facts) });
      if (sent.ok) delivered = true;
      else console.error('reminder whatsapp failed', row.booking.id, kind, sent.error);
    }
    if (!delivered)
      await d.run(sql`DELETE FROM reminders_sent WHERE booking_id = ${row.booking.id} AND kind = ${kind}`);
  }
}
