/**
 * The ledger's part of suspending a guest (issue 21, services/suspension.ts): the only writes a
 * suspension makes to orders, bookings and the waitlist, as statements for the suspension's one D1
 * batch, each written only while the account is suspended (read in the statement itself).
 * - Each confirmed booking at a dinner not yet started is refunded in full (`suspend_refund`): its
 *   order gives the seats back (`released_at`, the predicate seats.ts counts by, as a release does)
 *   and the booking becomes `refund_pending` with no cancellation choice (a booking moved after we
 *   cancelled its first dinner loses its `move`: a refund with no choice is a suspension's, and a
 *   cancelled dinner's always has `refund`), one audit row per booking. The refund itself is asked
 *   of Razorpay off the request by the `booking-refund` queue message, with the key every refund of
 *   a payment uses (ledger/cancelled-refunds.ts), so a retry or a second suspension refunds once.
 *   The credit part of a booking comes back as credit by itself (seats.ts `orderKeptSql`).
 * - Holds and waitlist offers not paid end now (a capture under way keeps its hold: the pipeline
 *   refunds it, as `account_live` refuses to book it); the guest's places in line end (`left`).
 * - A payment no booking carries yet — paid, its booking not recorded, or flagged for a person,
 *   keeping its seat or not ({@link unbookedPaymentsOf}) — is left to the pipeline, which refunds
 *   a suspended account's payment in full and frees its seat (capture.ts): every booking path
 *   requires `account_live`, `confirm` included, so none can book it in between.
 * Past bookings, checked-in guests and what was released or refunded before are never touched.
 */
import { and, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { eventBookings, events, paymentOrders, waitlistEntries } from '../../../db/schema';
import { ACTIVE_WAITLIST_STATUSES } from '@domain/waitlist';
import { auditRow } from '../audit';
import { fromStatuses, requiredGuards } from './guards';
import { ownsSeatsSql } from './seats';

/** A booking a suspension refunds, with what the operator's confirmation and the guest's notice say of it. */
export type RefundedBooking = {
  id: string;
  orderId: string;
  eventId: string;
  title: string;
  startsAt: string;
  /** Whole rupees paid through Razorpay (refunded to the card). */
  amount: number;
  /** Whole rupees of credit the order spent (back as credit). */
  creditAmount: number;
  paymentId: string;
};

/**
 * A captured payment of the guest's that no booking carries yet, at a dinner not yet started: what
 * a suspension refunds in full through the pipeline (capture.ts), listed beside the bookings.
 */
export type UnbookedPayment = Omit<RefundedBooking, 'id'> & {
  /** No booking. */
  id: null;
  /** Null for an order paid wholly with credit. */
  razorpayOrderId: string | null;
};

/**
 * A booking with its order and dinner, as {@link RefundedBooking}: what a suspension refunds, and
 * what it refunded (services/suspension.ts), read the same way. The caller adds the WHERE.
 */
export const refundedBookingsQuery = (d: Db) =>
  d
    .select({
      id: eventBookings.id,
      orderId: eventBookings.orderId,
      eventId: eventBookings.eventId,
      title: events.title,
      startsAt: events.startsAt,
      amount: eventBookings.amount,
      creditAmount: paymentOrders.creditAmount,
      paymentId: eventBookings.paymentId,
    })
    .from(eventBookings)
    .innerJoin(paymentOrders, eq(paymentOrders.id, eventBookings.orderId))
    .innerJoin(events, eq(events.id, eventBookings.eventId));

/** The account `userId` is suspended right now (read inside each statement). */
const suspendedSql = (userId: string): SQL =>
  sql`EXISTS (SELECT 1 FROM users AS su WHERE su.id = ${userId} AND su.suspended_at IS NOT NULL AND su.erased_at IS NULL)`;

/**
 * The guest's bookings a suspension refunds: confirmed, at a dinner not yet started, whose order
 * still owns its seats — exactly what {@link suspensionLedgerStatements} will move.
 */
export async function futureBookingsOf(d: Db, userId: string, now: Date): Promise<RefundedBooking[]> {
  const nowIso = now.toISOString();
  return refundedBookingsQuery(d)
    .where(
      and(
        eq(eventBookings.userId, userId),
        sql`${eventBookings.status} IN (${fromStatuses('suspend_refund')})`,
        gt(events.startsAt, nowIso),
        ownsSeatsSql('payment_orders', nowIso),
      ),
    )
    .orderBy(events.startsAt);
}

/**
 * The guest's payments that a booking path could still confirm (`confirm`, `confirm_flagged`) and
 * none has: paid with no booking yet, or flagged for a person, not claimed by an operator's refund,
 * at a dinner not yet started. A suspension hands each to the pipeline, which refunds it.
 */
export async function unbookedPaymentsOf(d: Db, userId: string, now: Date): Promise<UnbookedPayment[]> {
  const rows = await d
    .select({
      orderId: paymentOrders.id,
      eventId: paymentOrders.eventId,
      title: events.title,
      startsAt: events.startsAt,
      amount: paymentOrders.amount,
      creditAmount: paymentOrders.creditAmount,
      paymentId: sql<string>`${paymentOrders.paymentId}`,
      razorpayOrderId: paymentOrders.razorpayOrderId,
    })
    .from(paymentOrders)
    .innerJoin(events, eq(events.id, paymentOrders.eventId))
    .where(
      and(
        eq(paymentOrders.userId, userId),
        sql`${paymentOrders.status} IN (${fromStatuses('confirm')}, ${fromStatuses('confirm_flagged')})`,
        isNotNull(paymentOrders.paymentId),
        isNull(paymentOrders.refundClaimedAt),
        gt(events.startsAt, now.toISOString()),
        sql`NOT EXISTS (SELECT 1 FROM event_bookings AS ub WHERE ub.order_id = ${paymentOrders.id})`,
      ),
    )
    .orderBy(events.startsAt);
  return rows.map((r) => ({ id: null, ...r }));
}

/** The dinners whose unpaid holds or offers of the guest a suspension ends, for the waitlist's sweep after. */
export async function dinnersWithLiveHolds(d: Db, userId: string, now: Date): Promise<string[]> {
  const nowIso = now.toISOString();
  const rows = await d
    .selectDistinct({ eventId: paymentOrders.eventId })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.status, 'created'),
        isNull(paymentOrders.capturePendingAt),
        gt(paymentOrders.holdExpiresAt, nowIso),
      ),
    );
  return rows.map((r) => r.eventId);
}

/**
 * The suspension's ledger statements, for the batch that suspends the account (after its UPDATE):
 * each booking's release and `refund_pending` with its audit row, then the holds and the line.
 * Every statement is conditional, so running them again (a second suspension, a retry) changes
 * nothing that already moved.
 */
export function suspensionLedgerStatements(
  d: Db,
  o: { userId: string; actorId: string; bookings: readonly RefundedBooking[]; now: Date },
): BatchItem<'sqlite'>[] {
  const nowIso = o.now.toISOString();
  const scope = { order: 'payment_orders', eventId: sql`payment_orders.event_id`, nowIso };
  const suspended = suspendedSql(o.userId);
  const perBooking = o.bookings.flatMap((b) => [
    d
      .update(paymentOrders)
      .set({ releasedAt: nowIso, updatedAt: nowIso })
      .where(
        and(
          eq(paymentOrders.id, b.orderId),
          eq(paymentOrders.userId, o.userId),
          isNull(paymentOrders.releasedAt),
          requiredGuards('suspend_refund', scope),
          sql`(SELECT se.starts_at FROM events AS se WHERE se.id = payment_orders.event_id) > ${nowIso}`,
          sql`EXISTS (SELECT 1 FROM event_bookings AS sb WHERE sb.id = ${b.id} AND sb.order_id = payment_orders.id
            AND sb.status IN (${fromStatuses('suspend_refund')}))`,
          suspended,
        ),
      ),
    // The refund is the suspension's from now on: a move the guest chose after we cancelled an
    // earlier dinner is cleared with it, so nothing reads it as a cancelled dinner's refund.
    d
      .update(eventBookings)
      .set({ status: 'refund_pending', cancellationChoice: null, cancellationChoiceAt: null })
      .where(
        and(
          eq(eventBookings.id, b.id),
          sql`${eventBookings.status} IN (${fromStatuses('suspend_refund')})`,
          sql`EXISTS (SELECT 1 FROM payment_orders AS ro WHERE ro.id = ${eventBookings.orderId} AND ro.released_at = ${nowIso})`,
        ),
      ),
    // Recorded only if the booking moved just now (audit.ts: `changes()` of the statement before).
    auditRow(d, {
      actorId: o.actorId,
      action: 'booking.suspension_refund',
      target: `booking:${b.id}`,
      before: { status: 'confirmed' },
      after: { status: 'refund_pending', amount: b.amount, credit: b.creditAmount, payment_id: b.paymentId },
    }),
  ]);
  return [
    ...perBooking,
    // Unpaid holds and offers end now, as leaving the waitlist ends an offer (ledger/waitlist.ts).
    d
      .update(paymentOrders)
      .set({ holdExpiresAt: nowIso, updatedAt: nowIso })
      .where(
        and(
          eq(paymentOrders.userId, o.userId),
          eq(paymentOrders.status, 'created'),
          isNull(paymentOrders.capturePendingAt),
          gt(paymentOrders.holdExpiresAt, nowIso),
          suspended,
        ),
      ),
    d
      .update(waitlistEntries)
      .set({ status: 'left', endedAt: nowIso })
      .where(
        and(
          eq(waitlistEntries.userId, o.userId),
          inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
          suspended,
        ),
      ),
  ];
}

/**
 * The guest's refunds a suspension owes and has not asked Razorpay for yet: `refund_pending` with
 * no refund id, and no cancellation choice (a cancelled dinner's refund, choice `refund`, is its own
 * flow's; the suspension cleared any `move`). What the suspension queues, and queues again when an
 * operator suspends once more.
 */
export async function refundsOwed(d: Db, userId: string): Promise<string[]> {
  const rows = await d
    .select({ id: eventBookings.id })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.userId, userId),
        eq(eventBookings.status, 'refund_pending'),
        isNull(eventBookings.refundId),
        isNull(eventBookings.cancellationChoice),
      ),
    );
  return rows.map((r) => r.id);
}
