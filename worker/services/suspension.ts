/**
 * Suspending a guest (issue 21, DESIGN.md "Across nights": `POST /api/admin/users/:id/suspend`):
 * the one writer of `users.suspended_at`. A suspension, in one D1 batch: the account is stamped,
 * each future booking is refunded in full through the ledger (ledger/suspension.ts) and its seats
 * go back on sale, unpaid holds and places in line end, and every step leaves its audit row. Then
 * the refunds are queued (Razorpay, off the request), a payment no booking carries yet (paid, or
 * flagged for a person) is handed to the pipeline, which refunds it in full and frees its seat
 * (ledger/capture.ts), the waitlist is offered the seats, and the guest is told once, in neutral
 * words (email and WhatsApp through `deliverOnce`).
 *
 * Suspending again is safe: nothing already moved moves twice, the refunds owed are queued again
 * (each asks Razorpay with the payment's one idempotency key) and the notice, claimed per
 * suspension, is not sent twice. A suspended account books nothing: `POST /api/orders`, a waitlist
 * join and an offer's accept answer 403 `account_suspended` ({@link assertNotSuspended}), and the
 * ledger's `account_live` refunds a payment for a checkout begun before the suspension.
 */
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, paymentOrders, userProfiles, users } from '../../db/schema';
import { accountSuspendedEmail, accountSuspendedWhatsApp, SUSPENSION_COPY } from '@domain/copy-reports';
import { DELIVERY_KEYS } from '@domain/deliveries';
import { rupees } from '@domain/pricing';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { auditRow } from './audit';
import { deliverOnce } from './deliveries';
import { guestContact } from './guests';
import { bookPaidByCredit, reportCapturedPayment } from './ledger/capture';
import { enqueueRefunds } from './ledger/cancelled-refunds';
import { queueSeatsFreed } from './ledger/offers';
import {
  dinnersWithLiveHolds,
  futureBookingsOf,
  type RefundedBooking,
  refundedBookingsQuery,
  refundsOwed,
  suspensionLedgerStatements,
  type UnbookedPayment,
  unbookedPaymentsOf,
} from './ledger/suspension';

/** What a suspension refunds: a booking (`id` its id), or a payment no booking carries yet (`id` null). */
export type SuspensionRefund = RefundedBooking | UnbookedPayment;

/** 403 `account_suspended`, in neutral words: what an order, a waitlist join and an offer answer a suspended account. */
export const accountSuspended = () => new ApiError(403, 'account_suspended', SUSPENSION_COPY.refused);

/** Throws {@link accountSuspended} when `suspendedAt` (the account's `suspended_at`, read with the request's facts) is set. */
export function assertNotSuspended(suspendedAt: string | null | undefined): void {
  if (suspendedAt) throw accountSuspended();
}

/** The account as the console's suspension reads it. */
async function readAccount(d: Db, userId: string) {
  const [row] = await d
    .select({
      id: users.id,
      role: users.role,
      suspendedAt: users.suspendedAt,
      erasedAt: users.erasedAt,
      name: sql<string | null>`COALESCE(NULLIF(TRIM(${userProfiles.fullName}), ''), ${users.fullName})`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row && !row.erasedAt ? row : null;
}

/** A booking's refund as the console and the notice show it: the card part, and any credit beside it. */
const refundText = (b: { amount: number; creditAmount: number }) =>
  b.creditAmount > 0
    ? b.amount > 0
      ? `${rupees(b.amount)} and ${rupees(b.creditAmount)} of credit`
      : `${rupees(b.creditAmount)} of credit`
    : rupees(b.amount);

const bookingWire = (b: SuspensionRefund) => ({
  /** Null for a payment no booking carries yet (paid, or flagged for a person). */
  booking_id: b.id,
  order_id: b.orderId,
  event_id: b.eventId,
  event_title: b.title,
  starts_at: b.startsAt,
  amount: b.amount,
  credit: b.creditAmount,
});

/** The bookings and the unbooked payments, by the dinner's start. */
const byStart = (bookings: RefundedBooking[], payments: UnbookedPayment[]): SuspensionRefund[] =>
  [...bookings, ...payments].sort((a, b) => a.startsAt.localeCompare(b.startsAt));

/**
 * What suspending the guest would do, for the console's confirmation: who they are, whether they
 * are suspended already, and the future bookings that would be refunded (how many, how much),
 * payments not booked yet among them. Null for an unknown or erased account.
 */
export async function suspensionPreview(d: Db, userId: string, now: Date) {
  const account = await readAccount(d, userId);
  if (!account) return null;
  const [booked, unbooked] = await Promise.all([futureBookingsOf(d, userId, now), unbookedPaymentsOf(d, userId, now)]);
  const bookings = byStart(booked, unbooked);
  return {
    user: {
      id: account.id,
      name: account.name ?? '',
      role: account.role,
      suspended_at: account.suspendedAt,
    },
    can_suspend: account.role !== 'operator',
    future_bookings: bookings.map(bookingWire),
    refund_total: bookings.reduce((sum, b) => sum + b.amount, 0),
    credit_total: bookings.reduce((sum, b) => sum + b.creditAmount, 0),
  };
}
export type SuspensionPreview = NonNullable<Awaited<ReturnType<typeof suspensionPreview>>>;

export type SuspendResult =
  | { kind: 'not_found' }
  | { kind: 'self' }
  | { kind: 'operator' }
  | {
      kind: 'done';
      suspendedAt: string;
      /** False when the account was suspended already (a second click, a retry). */
      newly: boolean;
      /**
       * Every booking this suspension refunds (a retry answers the same list), and the payments not
       * booked yet it hands to the pipeline's refund (a retry lists those still owed).
       */
      refunds: SuspensionRefund[];
      /** Whether the refunds owed are on the queue (false: suspending again retries). */
      queued: boolean;
    };

/** Passes at most: a booking confirmed between the read and the batch (a payment booked just then) is refunded by the next. */
const MAX_PASSES = 3;

/**
 * Suspends the guest `userId`: refused for an unknown or erased account, the operator's own, and
 * any operator's. See the module's comment for what it does; each step is idempotent.
 */
export async function suspendUser(
  env: Env,
  d: Db,
  o: { actorId: string; userId: string; reason: string; now?: Date },
): Promise<SuspendResult> {
  const now = o.now ?? new Date();
  const nowIso = now.toISOString();
  const account = await readAccount(d, o.userId);
  if (!account) return { kind: 'not_found' };
  if (account.id === o.actorId) return { kind: 'self' };
  if (account.role === 'operator') return { kind: 'operator' };

  let newly = false;
  let suspendedAt = account.suspendedAt;
  const freed = new Set<string>();
  let unbooked: UnbookedPayment[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const [bookings, holds, payments] = await Promise.all([
      futureBookingsOf(d, o.userId, now),
      dinnersWithLiveHolds(d, o.userId, now),
      unbookedPaymentsOf(d, o.userId, now),
    ]);
    // The batch leaves these to the pipeline. The last read follows a batch that suspended the
    // account, which no booking path passes from then on (`account_live`): a payment not booked
    // by then is in it, and one paid since is refused its seat and refunded by the pipeline.
    unbooked = payments;
    if (pass > 0 && bookings.length === 0 && holds.length === 0) break;
    for (const b of bookings) freed.add(b.eventId);
    for (const e of holds) freed.add(e);
    const results = await d.batch([
      d
        .update(users)
        .set({ suspendedAt: nowIso })
        .where(
          and(eq(users.id, o.userId), isNull(users.suspendedAt), isNull(users.erasedAt), ne(users.role, 'operator')),
        )
        .returning({ id: users.id }),
      auditRow(d, {
        actorId: o.actorId,
        action: 'user.suspend',
        target: `user:${o.userId}`,
        before: { suspended_at: null },
        after: {
          suspended_at: nowIso,
          reason: o.reason,
          future_bookings: bookings.length,
          unbooked_payments: payments.length,
        },
      }),
      ...suspensionLedgerStatements(d, { userId: o.userId, actorId: o.actorId, bookings, now }),
      d.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, o.userId)),
    ]);
    if ((results[0] as { id: string }[]).length === 1) newly = true;
    suspendedAt = (results[results.length - 1] as { suspendedAt: string | null }[])[0]?.suspendedAt ?? null;
    // Lifted in between (another operator): nothing of the ledger ran; say so as it is now.
    if (!suspendedAt) return { kind: 'not_found' };
  }
  if (!suspendedAt) return { kind: 'not_found' };

  const refunds = byStart(await refundedBySuspension(d, o.userId, suspendedAt), unbooked);
  const owed = await refundsOwed(d, o.userId);
  const bookingsQueued = owed.length === 0 || (await enqueueRefunds(env, owed));
  const paymentsQueued = await refundUnbooked(env, d, unbooked);
  const queued = bookingsQueued && paymentsQueued;
  for (const eventId of freed) await queueSeatsFreed(env, eventId);
  await tellSuspended(env, d, o.userId, suspendedAt, refunds);
  return { kind: 'done', suspendedAt, newly, refunds, queued };
}

/**
 * Hands each payment no booking carries yet to the pipeline, which refunds a suspended account's in
 * full and frees its seat: a Razorpay payment on the queue, as reconcile reports one (the cron
 * re-queues a flagged order that kept its seat, and suspending again re-queues every one); one
 * paid wholly with credit at once, its credit back. Never throws.
 * @returns whether every one was handed over
 */
async function refundUnbooked(env: Env, d: Db, payments: readonly UnbookedPayment[]): Promise<boolean> {
  let ok = true;
  for (const p of payments) {
    try {
      if (p.razorpayOrderId)
        await reportCapturedPayment(env, d, {
          kind: 'payment-captured',
          orderId: p.razorpayOrderId,
          paymentId: p.paymentId,
          source: 'reconcile',
        });
      else await bookPaidByCredit(env, d, p.orderId);
    } catch (err) {
      ok = false;
      console.error(
        JSON.stringify({ level: 'error', alert: 'suspension_refund_not_queued', order: p.orderId, error: String(err) }),
      );
    }
  }
  return ok;
}

/** The bookings the suspension in force since `suspendedAt` refunded: their orders gave the seats back since. */
async function refundedBySuspension(d: Db, userId: string, suspendedAt: string): Promise<RefundedBooking[]> {
  return refundedBookingsQuery(d)
    .where(
      and(
        eq(eventBookings.userId, userId),
        inArray(eventBookings.status, ['refund_pending', 'refunded']),
        isNull(eventBookings.cancellationChoice),
        gte(paymentOrders.releasedAt, suspendedAt),
      ),
    )
    .orderBy(events.startsAt);
}

/**
 * "Your account is paused", once per suspension and channel: by email to the confirmed address, by
 * WhatsApp (template `account_suspended`) to the verified sign-in phone. Never why, never who.
 * A transient failure stays owed: suspending again sends it.
 */
async function tellSuspended(env: Env, d: Db, userId: string, suspendedAt: string, refunds: SuspensionRefund[]) {
  const guest = await guestContact(d, userId);
  const key = DELIVERY_KEYS.accountSuspended(userId, suspendedAt);
  if (guest.verifiedEmail) {
    const to = guest.verifiedEmail;
    const mail = accountSuspendedEmail({
      name: guest.fullName,
      refunds: refunds.map((b) => ({ title: b.title, amount: refundText(b) })),
      creditBack: refunds.some((b) => b.creditAmount > 0),
    });
    await deliverOnce(d, { key, channel: 'email', userId }, (k) => sendEmail(env, { to, ...mail }, k));
  }
  if (guest.whatsapp) {
    const to = guest.whatsapp;
    await deliverOnce(d, { key, channel: 'whatsapp', userId }, () =>
      sendWhatsAppTemplate(env, { to, ...accountSuspendedWhatsApp({ name: guest.fullName }) }),
    );
  }
}

export type UnsuspendResult = { kind: 'not_found' } | { kind: 'not_suspended' } | { kind: 'done' };

/**
 * Lifts a suspension: the guest may book again (what was refunded stays refunded), with its audit
 * row in the same batch. 'not_suspended' when there is none to lift.
 */
export async function unsuspendUser(d: Db, o: { actorId: string; userId: string }): Promise<UnsuspendResult> {
  const account = await readAccount(d, o.userId);
  if (!account) return { kind: 'not_found' };
  if (!account.suspendedAt) return { kind: 'not_suspended' };
  const [lifted] = await d.batch([
    d
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, o.userId), eq(users.suspendedAt, account.suspendedAt)))
      .returning({ id: users.id }),
    auditRow(d, {
      actorId: o.actorId,
      action: 'user.unsuspend',
      target: `user:${o.userId}`,
      before: { suspended_at: account.suspendedAt },
      after: { suspended_at: null },
    }),
  ]);
  return lifted.length === 1 ? { kind: 'done' } : { kind: 'not_suspended' };
}

/** A booking the suspension refunds, as `POST /api/admin/users/:id/suspend` answers it: with its refund in words (card and credit parts). */
export const suspensionRefundWire = (b: SuspensionRefund) => ({ ...bookingWire(b), refund: refundText(b) });
