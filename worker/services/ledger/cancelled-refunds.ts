/**
 * Refunds of bookings whose dinner we cancelled (DESIGN.md "My Booking", SPEC §4): the guest's
 * choice on My Booking, or automatically at the dinner's start for a guest who did not choose.
 * A booking moves `confirmed → refund_pending` in one conditional write (the choice or the cron);
 * the Razorpay refund is requested OFF the request, by the `bookings` queue's `booking-refund`
 * message, with the idempotency key every refund of a payment uses (`refund_<payment id>`), so a
 * Razorpay outage retries and a doubled message refunds once. `refund_pending → refunded` on
 * Razorpay's `refund.processed` webhook, or when the cron asks Razorpay about refunds still
 * pending; then the guest is told by email and WhatsApp, once.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { type Db, db } from '../../../db/client';
import { eventBookings, events, remindersSent } from '../../../db/schema';
import { cancellationRefundEmail, cancellationRefundWhatsApp, myBookingUrl } from '@domain/booking-messages';
import { bookingStatusesBefore } from '@domain/statuses';
import type { BookingMessage, Env } from '../../env';
import {
  fetchPaymentRefunds,
  fetchRefund,
  type RazorpayRefund,
  refundKey,
  refundPayment,
} from '../../providers/razorpay';
import { emailTo, sendClaimed, whatsAppTo } from '../booking-notices';
import { claimedSql, DELIVERY_KEYS } from '../deliveries';
import { guestContact, reachableSql } from '../guests';
import { creditNoteForRefundedBooking } from '../invoices';
import { bookingRefundedSet, settleBookedPaymentRefunded } from './refund-payment';

/**
 * Give the queue this long before the cron re-enqueues a refund nobody requested yet, counted from
 * the choice and then from the cron's last re-enqueue (a `refund:requeued` row of `reminders_sent`),
 * so a Razorpay outage, which the queue already retries, is not re-queued every run.
 */
export const REFUND_REQUEUE_AFTER_MS = 30 * 60_000;
/** Give the notice's channels this long before the cron re-enqueues an untold refunded booking. */
export const REFUND_NOTICE_REQUEUE_AFTER_MS = 2 * 60_000;
/**
 * `reminders_sent.kind` prefix marking a refund Razorpay reports `failed` (`refund_failed:<refund
 * id>`): the cron stops asking about it, alerts once, and the console's guest list shows "Refund
 * failed" for a person to pay the guest back another way.
 */
export const REFUND_FAILED_KIND = 'refund_failed';
/**
 * Refunds requested per booking at most: one that fails is requested once more with a new
 * idempotency key (`refund_<payment id>_2`); a second failure is left to a person.
 */
export const REFUND_ATTEMPTS = 2;
/** The booking's refunds Razorpay reported failed so far (a correlated count). */
const failedRefundsSql = sql<number>`(SELECT COUNT(*) FROM reminders_sent rc WHERE rc.booking_id = ${eventBookings.id}
  AND rc.kind LIKE ${`${REFUND_FAILED_KIND}:%`})`;
/** The booking's current refund was reported failed (see {@link REFUND_FAILED_KIND}). */
export const refundFailedSql = sql`EXISTS (SELECT 1 FROM reminders_sent rf WHERE rf.booking_id = ${eventBookings.id}
  AND rf.kind = ${`${REFUND_FAILED_KIND}:`} || ${eventBookings.refundId})`;
/** `reminders_sent.kind` of the cron's last re-enqueue of a refund nobody requested yet. */
export const REFUND_REQUEUED_KIND = 'refund:requeued';
/** How long after a refund the cron still makes sure the guest was told. */
export const REFUND_NOTICE_WINDOW_MS = 24 * 3_600_000;
/** Bookings handled per cron run, per kind (unrequested, pending at Razorpay, untold). */
export const REFUND_CRON_BATCH = 50;
/** Queue messages per `sendBatch` (the platform's limit). */
const SEND_BATCH = 100;

/** The booking's dinner was cancelled by us. */
const dinnerCancelledSql = sql`EXISTS (SELECT 1 FROM events AS cancelled WHERE cancelled.id = ${eventBookings.eventId} AND cancelled.cancelled_at IS NOT NULL)`;

/**
 * No choice made for the booking's current dinner: none at all, or only a move (which lands on a
 * dinner going ahead, so with {@link dinnerCancelledSql} it means the NEW dinner was cancelled
 * since, and the guest chooses again). A refund is final.
 */
const choiceReopenableSql = sql`(${eventBookings.cancellationChoice} IS NULL OR ${eventBookings.cancellationChoice} = 'move')`;

/**
 * The guest's full refund of a booking whose dinner we cancelled (the ledger's `choose_refund`):
 * `confirmed`/`checked_in → refund_pending` with the choice, only while the choice is open.
 */
export const chooseRefundStatement = (d: Db, userId: string, bookingId: string, nowIso: string) =>
  d
    .update(eventBookings)
    .set({ status: 'refund_pending', cancellationChoice: 'refund', cancellationChoiceAt: nowIso })
    .where(
      and(
        eq(eventBookings.id, bookingId),
        eq(eventBookings.userId, userId),
        inArray(eventBookings.status, bookingStatusesBefore('refund_pending')),
        choiceReopenableSql,
        dinnerCancelledSql,
      ),
    );

export const refundMessage = (bookingId: string): BookingMessage => ({ kind: 'booking-refund', bookingId });

/**
 * A refund of a dinner we cancelled: the guest's choice or the start's automatic refund, both
 * `refund`. Not a `move` (a moved booking is refunded only by a suspension, which clears the choice,
 * or from Razorpay's dashboard), not none (a suspension's refund, ledger/suspension.ts).
 */
export const isCancelledDinnerRefund = (choice: string | null) => choice === 'refund';

/**
 * Puts `booking-refund` messages on the queue. Never throws: the write that owes the refund is
 * committed, and the cron re-enqueues what was not requested within minutes.
 * @returns whether every message was queued
 */
export async function enqueueRefunds(env: Env, bookingIds: string[]): Promise<boolean> {
  try {
    for (let i = 0; i < bookingIds.length; i += SEND_BATCH)
      await env.BOOKINGS.sendBatch(bookingIds.slice(i, i + SEND_BATCH).map((id) => ({ body: refundMessage(id) })));
    return true;
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', alert: 'refund_enqueue_failed', bookings: bookingIds, error: String(err) }),
    );
    return false;
  }
}

/**
 * A full refund of `paymentId` with the key every refund of a payment uses, so the choice, the
 * cron, a redelivery and the console all get the same refund back. When Razorpay refuses (the
 * payment is already refunded, or a refund with this key but another body exists), the payment's
 * own refunds say whether it is refunded in full already.
 */
async function requestBookingRefund(
  env: Env,
  booking: { id: string; paymentId: string; amount: number; cancellationChoice: string | null },
  attempt = 1,
): Promise<RazorpayRefund> {
  const paise = booking.amount * 100;
  // A refund that failed keeps its key's answer: the next attempt needs a key of its own.
  const key = refundKey(booking.paymentId, attempt);
  const refund = await refundPayment(env, booking.paymentId, paise, key, {
    booking_id: booking.id,
    // A cancelled dinner's refund always carries the choice `refund`; without one, the refund is a
    // suspended account's (issue 21, ledger/suspension.ts clears a move's choice).
    reason: isCancelledDinnerRefund(booking.cancellationChoice) ? 'dinner cancelled' : 'account suspended',
  });
  if (refund.ok) return refund.value;
  const listed = await fetchPaymentRefunds(env, booking.paymentId);
  if (listed.ok) {
    const live = listed.value.filter((r) => r.status !== 'failed');
    const total = live.reduce((sum, r) => sum + r.amount, 0);
    if (live.length > 0 && total >= paise) return live[0];
  }
  throw new Error(`refund of ${booking.paymentId} (booking ${booking.id}) failed: ${refund.error}`);
}

/**
 * `refund_pending → refunded` for the booking paid with `paymentId`, recording Razorpay's refund id
 * if it was not yet. Conditional: the webhook, the cron and the consumer may all report it.
 */
async function markRefunded(d: Db, paymentId: string, refundId: string, now: Date) {
  // Only a refund we owed: a booking still seated is ended only by a full refund at Razorpay
  // (refund-payment.ts settleBookedPaymentRefunded), never by any refund of its payment.
  return d
    .update(eventBookings)
    .set(bookingRefundedSet(refundId, now))
    .where(and(eq(eventBookings.paymentId, paymentId), eq(eventBookings.status, 'refund_pending')))
    .returning({ id: eventBookings.id });
}

/**
 * One `booking-refund` message. A booking still owed its refund gets it requested (and recorded:
 * `refund_id`, `refund_requested_at`); one already refunded gets its notice (claimed per channel).
 * Throws on anything transient: the queue retries, then its dead-letter queue keeps trying.
 */
export async function handleBookingRefund(env: Env, bookingId: string): Promise<void> {
  const d = db(env.DB);
  const [row] = await d
    .select({ booking: eventBookings, failed: failedRefundsSql })
    .from(eventBookings)
    .where(eq(eventBookings.id, bookingId));
  if (!row) return;
  const { booking } = row;
  let status = booking.status;
  // What the refund's credit note is issued under (issue 22): Razorpay's refund id, or the credit payment's own.
  let refundRef = booking.refundId;
  // Paid wholly with credit: nothing to refund at Razorpay; the credit is back by itself (ledger/credit.ts).
  if (status === 'refund_pending' && booking.amount === 0 && booking.paymentId.startsWith('credit_')) {
    if ((await markRefunded(d, booking.paymentId, booking.paymentId, new Date())).length > 0) status = 'refunded';
    refundRef ??= booking.paymentId;
  } else if (status === 'refund_pending' && !booking.refundId) {
    const refund = await requestBookingRefund(env, booking, Number(row.failed) + 1);
    const now = new Date();
    await d
      .update(eventBookings)
      .set({
        refundId: refund.id,
        refundRequestedAt: sql`COALESCE(${eventBookings.refundRequestedAt}, ${now.toISOString()})`,
      })
      .where(and(eq(eventBookings.id, bookingId), isNull(eventBookings.refundId)));
    if (refund.status === 'processed' && (await markRefunded(d, booking.paymentId, refund.id, now)).length > 0)
      status = 'refunded';
    refundRef ??= refund.id;
  }
  if (status === 'refunded' && refundRef) await creditNoteForRefundedBooking(env, d, bookingId, refundRef);
  // A cancelled dinner's refund is told here; a suspended account's (no choice: ledger/suspension.ts)
  // was told once by the suspension's own notice (services/suspension.ts), never as a cancelled dinner.
  if (status === 'refunded' && isCancelledDinnerRefund(booking.cancellationChoice))
    await tellRefunded(env, d, bookingId);
}

/** The guest's "refunded" email and WhatsApp, each once. Throws while one is owed. */
async function tellRefunded(env: Env, d: Db, bookingId: string) {
  const [row] = await d
    .select({
      booking: eventBookings,
      eventName: events.title,
      credit: sql<number>`(SELECT co.credit_amount FROM payment_orders AS co WHERE co.id = ${eventBookings.orderId})`,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(eq(eventBookings.id, bookingId));
  if (row?.booking.status !== 'refunded') return;
  const guest = await guestContact(d, row.booking.userId);
  const facts = {
    name: guest.fullName,
    eventName: row.eventName,
    amount: row.booking.amount,
    credit: Number(row.credit ?? 0),
    bookingId,
    myBookingUrl: myBookingUrl(env.APP_ORIGIN, bookingId),
  };
  let owed = false;
  if (guest.verifiedEmail) {
    const to = guest.verifiedEmail;
    owed = (await sendClaimed(d, bookingId, 'refund', () => emailTo(env, to, cancellationRefundEmail(facts)))) || owed;
  }
  // WhatsApp only to the verified sign-in phone (decision 025), and only for money on its way to a card.
  if (guest.whatsapp && row.booking.amount > 0) {
    const to = guest.whatsapp;
    owed =
      (await sendClaimed(d, bookingId, 'refund', () => whatsAppTo(env, to, cancellationRefundWhatsApp(facts)))) || owed;
  }
  if (owed) throw new Error(`refund notice of ${bookingId} not delivered yet`);
}

/**
 * Razorpay's `refund.processed` (https://razorpay.com/docs/webhooks/refunds/): the booking paid
 * with this payment becomes `refunded` (matched by payment, so it works even when the webhook
 * outruns the consumer's recording of the refund id) and its notice is queued. A refund of any
 * other payment (the pipeline's or the console's) matches no `refund_pending` booking and changes
 * nothing. A failed enqueue throws, so Razorpay redelivers and the notice is queued then.
 */
export async function refundProcessed(
  env: Env,
  d: Db,
  refund: { id: string; payment_id: string; status: string } | undefined,
  now = new Date(),
): Promise<void> {
  if (refund?.status !== 'processed') return;
  const settled = await markRefunded(d, refund.payment_id, refund.id, now);
  // Not a refund we owed: a booked payment refunded from Razorpay's dashboard (refund-payment.ts).
  if (settled.length === 0) await settleBookedPaymentRefunded(env, d, refund.payment_id, now);
  const [booking] = await d
    .select({ id: eventBookings.id, status: eventBookings.status, choice: eventBookings.cancellationChoice })
    .from(eventBookings)
    .where(eq(eventBookings.paymentId, refund.payment_id));
  // Told only of the refund of a dinner we cancelled; a dashboard refund (of a moved booking too) is
  // the operator's to explain.
  if (booking?.status === 'refunded' && isCancelledDinnerRefund(booking.choice))
    await env.BOOKINGS.send(refundMessage(booking.id));
}

/**
 * The cron's part (worker/scheduled.ts), every step idempotent:
 * 1. confirmed bookings of cancelled dinners that have STARTED with no choice become
 *    `refund_pending` (choice `refund`) in one UPDATE, and their refunds are queued;
 * 2. `refund_pending` bookings whose refund was never requested (the enqueue failed, or the queue
 *    lost it) are queued again after {@link REFUND_REQUEUE_AFTER_MS} — a cancelled dinner's and a
 *    suspension's (ledger/suspension.ts) alike;
 * 3. refunds still pending at Razorpay are asked about (`GET /v1/refunds/:id`); a processed one
 *    marks its booking refunded and queues its notice;
 * 4. bookings refunded in the last day whose guest was told on no channel are queued again.
 */
export async function settleCancelledBookings(env: Env, d: Db, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const started = await d
    .update(eventBookings)
    .set({ status: 'refund_pending', cancellationChoice: 'refund', cancellationChoiceAt: nowIso })
    .where(
      and(
        inArray(eventBookings.status, bookingStatusesBefore('refund_pending')),
        choiceReopenableSql,
        sql`EXISTS (SELECT 1 FROM events AS cancelled WHERE cancelled.id = ${eventBookings.eventId}
          AND cancelled.cancelled_at IS NOT NULL AND cancelled.starts_at <= ${nowIso})`,
      ),
    )
    .returning({ id: eventBookings.id });
  if (started.length > 0)
    await enqueueRefunds(
      env,
      started.map((b) => b.id),
    );

  const requeueBefore = new Date(now.getTime() - REFUND_REQUEUE_AFTER_MS).toISOString();
  const unrequested = await d
    .select({ id: eventBookings.id })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.status, 'refund_pending'),
        isNull(eventBookings.refundId),
        // Since the choice, or (a suspension's refund, issue 21: no choice) since the order gave its seats back.
        sql`COALESCE(${eventBookings.cancellationChoiceAt},
          (SELECT ro.released_at FROM payment_orders AS ro WHERE ro.id = ${eventBookings.orderId})) <= ${requeueBefore}`,
        sql`NOT EXISTS (SELECT 1 FROM reminders_sent r WHERE r.booking_id = ${eventBookings.id}
          AND r.kind = ${REFUND_REQUEUED_KIND} AND r.sent_at > ${requeueBefore})`,
      ),
    )
    .orderBy(asc(eventBookings.cancellationChoiceAt))
    .limit(REFUND_CRON_BATCH);
  if (
    unrequested.length > 0 &&
    (await enqueueRefunds(
      env,
      unrequested.map((b) => b.id),
    ))
  )
    // In slices: D1 binds at most 100 parameters per statement.
    for (let i = 0; i < unrequested.length; i += 25)
      await d
        .insert(remindersSent)
        .values(
          unrequested.slice(i, i + 25).map((b) => ({ bookingId: b.id, kind: REFUND_REQUEUED_KIND, sentAt: nowIso })),
        )
        .onConflictDoUpdate({ target: [remindersSent.bookingId, remindersSent.kind], set: { sentAt: nowIso } });

  const noticeRequeueBefore = new Date(now.getTime() - REFUND_NOTICE_REQUEUE_AFTER_MS).toISOString();

  const pending = await d
    .select({
      id: eventBookings.id,
      paymentId: eventBookings.paymentId,
      refundId: eventBookings.refundId,
      failed: failedRefundsSql,
    })
    .from(eventBookings)
    .where(
      and(eq(eventBookings.status, 'refund_pending'), isNotNull(eventBookings.refundId), sql`NOT ${refundFailedSql}`),
    )
    .orderBy(asc(eventBookings.refundRequestedAt))
    .limit(REFUND_CRON_BATCH);
  const processed: string[] = [];
  const retried: string[] = [];
  for (const b of pending) {
    const refund = await fetchRefund(env, b.refundId as string);
    if (!refund.ok) {
      console.error('refund reconcile: could not ask Razorpay', b.refundId, refund.error);
      continue;
    }
    if (refund.value.status === 'processed') {
      if ((await markRefunded(d, b.paymentId, refund.value.id, now)).length > 0) processed.push(b.id);
    } else if (refund.value.status === 'failed') {
      // Razorpay gave up on it: the money has not gone back. The marker takes it out of this query
      // (so it does not starve newer refunds) and alerts once; it is requested once more, and after
      // a second failure a person must refund another way (the guest list shows "Refund failed").
      const marked = await d
        .insert(remindersSent)
        .values({ bookingId: b.id, kind: `${REFUND_FAILED_KIND}:${b.refundId}`, sentAt: nowIso })
        .onConflictDoNothing()
        .returning({ kind: remindersSent.kind });
      if (marked.length === 0) continue;
      const retry = Number(b.failed) + 1 < REFUND_ATTEMPTS;
      console.error(
        JSON.stringify({ level: 'error', alert: 'booking_refund_failed', booking: b.id, refund: b.refundId, retry }),
      );
      // Once more, with a new key (handleBookingRefund counts the failures): the booking forgets
      // the failed refund, so it is requested again like one never requested.
      if (retry) {
        const cleared = await d
          .update(eventBookings)
          .set({ refundId: null, refundRequestedAt: null })
          .where(
            and(
              eq(eventBookings.id, b.id),
              eq(eventBookings.status, 'refund_pending'),
              eq(eventBookings.refundId, b.refundId as string),
            ),
          )
          .returning({ id: eventBookings.id });
        if (cleared.length > 0) retried.push(b.id);
      }
    }
  }
  const owed = [...processed, ...retried];
  if (owed.length > 0) await enqueueRefunds(env, owed);

  const untold = await d
    .select({ id: eventBookings.id })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.status, 'refunded'),
        gt(eventBookings.refundedAt, new Date(now.getTime() - REFUND_NOTICE_WINDOW_MS).toISOString()),
        lte(eventBookings.refundedAt, noticeRequeueBefore),
        eq(eventBookings.cancellationChoice, 'refund'),
        sql`NOT ${claimedSql(sql`${DELIVERY_KEYS.notice('refund', '')} || ${eventBookings.id}`)}`,
        reachableSql(sql`${eventBookings.userId}`),
      ),
    )
    .limit(REFUND_CRON_BATCH);
  if (untold.length > 0)
    await enqueueRefunds(
      env,
      untold.map((b) => b.id),
    );
}
