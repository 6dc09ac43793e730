/**
 * Suspending a guest (issue 21, worker/services/suspension.ts, worker/services/ledger/suspension.ts):
 * every future booking refunded in full exactly once (retries, a second click, two operators at
 * once), past ones untouched, the seats back on sale and offered to the waitlist, new bookings,
 * waitlist places and offers refused with 403 `account_suspended`, a payment for a checkout begun
 * before the suspension refunded, never booked; every step audited and the guest told once, in
 * neutral words. Real Worker, real D1, the sandbox's Razorpay, the queue handler run by the test.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, deliveries, eventBookings, events, paymentOrders, users, waitlistEntries } from '../../db/schema';
import {
  ACCOUNT_SUSPENDED_WHATSAPP,
  ACCOUNT_SUSPENDED_WHATSAPP_BODY,
  accountSuspendedWhatsApp,
  SUSPENSION_COPY,
} from '../../worker/domain/copy-reports';
import { DELIVERY_KEYS } from '../../worker/domain/deliveries';
import { checkLedger } from '../../worker/domain/ledger-invariants';
import { LEDGER_COPY } from '../../worker/domain/ledger-rules';
import type { Role } from '../../worker/domain/roles';
import type { BookingMessage } from '../../worker/env';
import worker from '../../worker/index';
import { refundPayment } from '../../worker/providers/razorpay';
import { type Order, orderByRazorpayId } from '../../worker/services/ledger/order-facts';
import { refundInFull } from '../../worker/services/ledger/refund-payment';
import { handleScheduled } from '../../worker/scheduled';
import { REFUND_REQUEUE_AFTER_MS } from '../../worker/services/ledger/cancelled-refunds';
import { creditBalance, grantCredit } from '../../worker/services/ledger/credit';
import { seatsTaken } from '../../worker/services/ledger/seats';
import { booked } from './helpers/booked';
import {
  capturedPayment,
  capturingEnv,
  createEvent,
  createGuest,
  message,
  orderRow,
  outboxFor,
  postWebhook,
  razorpayGet,
  refundsOf,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { URL_BUTTON_TEMPLATES } from '../sandbox/whatsapp-templates';
import { readLedgerSnapshot } from './helpers/ledger-snapshot';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
type ErrorBody = { error: { code: string; message: string } };
type Checkout = {
  order: { id: string; amount: number; credit_amount: number };
  checkout: { amount_paise: number } | null;
};
type Suspended = {
  user: { id: string; suspended_at: string };
  newly_suspended: boolean;
  refunds: Array<{ booking_id: string; amount: number; credit: number; refund: string }>;
  refunds_queued: boolean;
};

/** A request through the Worker on `e` (by default one whose queue records what is sent, so the test runs it). */
async function call(method: string, path: string, opts: { cookie?: string; body?: unknown; e?: typeof env } = {}) {
  return worker.fetch(
    apiRequest(method, path, opts) as Request<unknown, IncomingRequestCfProperties>,
    opts.e ?? env,
    createExecutionContext(),
  );
}

/** A signed-in account holding `role`. */
async function signedInAs(role: Role) {
  const user = await createSignedInUser();
  await d().update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

/** Pays a checkout in the sandbox and runs the queue on Razorpay's webhook, as production does. */
async function pay(razorpayOrderId: string, amountPaise: number) {
  const paid = await sandboxPay(razorpayOrderId);
  const q = capturingEnv();
  const hook = await postWebhook(
    'payment.captured',
    capturedPayment(razorpayOrderId, paid.razorpay_payment_id, amountPaise),
    { env: q.env },
  );
  expect(hook.status).toBe(200);
  await runQueue(
    'bookings',
    q.sent.filter((m) => m.kind === 'payment-captured'),
  );
  return paid.razorpay_payment_id;
}

async function placeOrder(cookie: string, eventId: string, opts: { useCredit?: boolean } = {}) {
  const res = await call('POST', '/api/orders', {
    cookie,
    body: { event_id: eventId, ticket_type: 'male', ...(opts.useCredit ? { use_credit: true } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Checkout & ErrorBody };
}

/** Books `guest` on `event` through the real pipeline; the booking row. */
async function book(guest: { cookie: string }, event: EventRow, opts: { useCredit?: boolean } = {}) {
  const placed = await placeOrder(guest.cookie, event.id as string, opts);
  expect(placed.status).toBe(201);
  const paymentId = await pay(placed.body.order.id, placed.body.checkout?.amount_paise ?? 0);
  const [row] = await d().select().from(eventBookings).where(eq(eventBookings.paymentId, paymentId));
  expect(row.status).toBe('confirmed');
  return { booking: row, paymentId, razorpayOrderId: placed.body.order.id };
}

/** Suspends `userId` as `operator` on an env whose queue records; the answer and what was queued. */
async function suspend(operator: { cookie: string }, userId: string, reason = 'Reported for harassment twice.') {
  const q = capturingEnv();
  const res = await call('POST', `/api/admin/users/${userId}/suspend`, {
    cookie: operator.cookie,
    body: { reason },
    e: q.env,
  });
  return { res, sent: q.sent };
}

/** Runs what a suspension queued (the refunds, the waitlist's sweeps), as the queue consumer would. */
async function drain(sent: BookingMessage[]) {
  if (sent.length === 0) return;
  const { result } = await runQueue('bookings', sent);
  expect(result.retryMessages).toEqual([]);
}

/** A booking of `userId` at `event` (a dinner that already took place), checked in, as the pipeline and the host leave it. */
async function pastBookingOf(userId: string, event: EventRow) {
  const tag = `${event.id}-${userId.slice(0, 8)}`;
  await d().batch([
    d()
      .insert(paymentOrders)
      .values({
        id: `o-${tag}`,
        receipt: `r-${tag}`,
        userId,
        eventId: event.id as string,
        ticketType: 'male',
        seats: 1,
        amount: 499,
        status: 'confirmed',
        holdExpiresAt: new Date(Date.now() - 40 * 3_600_000).toISOString(),
      }),
    d()
      .insert(eventBookings)
      .values({
        id: `b-${tag}`,
        userId,
        orderId: `o-${tag}`,
        eventId: event.id as string,
        eventName: event.title as string,
        eventLocation: event.location as string,
        eventDate: event.date as string,
        ticketType: 'male',
        seats: 1,
        amount: 499,
        paymentId: `pay-${tag}`,
        status: 'checked_in',
        checkedInAt: new Date(Date.now() - 30 * 3_600_000).toISOString(),
      }),
  ]);
  return `b-${tag}`;
}

const statusOf = async (bookingId: string) =>
  (await d().select({ status: eventBookings.status }).from(eventBookings).where(eq(eventBookings.id, bookingId)))[0]
    ?.status;

const bookingsOf = (userId: string) => d().select().from(eventBookings).where(eq(eventBookings.userId, userId));

/** This payment's refunds at the sandbox's Razorpay: the amount and the reason each told Razorpay (its notes). */
const refundNotes = async (paymentId: string) =>
  (
    await razorpayGet<{ items: Array<{ amount: number; notes: Record<string, string> }> }>(
      `/v1/payments/${paymentId}/refunds`,
    )
  ).items.map((r) => [r.amount, r.notes.reason]);

/** A paid order dead-lettered while it held its seat (`needs_attention`, keeps_seat), as the dead-letter consumer leaves it. */
async function flaggedWithSeat(guest: { cookie: string }, event: EventRow) {
  const placed = await placeOrder(guest.cookie, event.id as string);
  expect(placed.status).toBe(201);
  const paid = await sandboxPay(placed.body.order.id);
  await runQueue('bookings-dlq', [message(placed.body.order.id, paid.razorpay_payment_id)]);
  const row = await orderRow(placed.body.order.id);
  expect(row).toMatchObject({ status: 'needs_attention', keepsSeat: true });
  return { row, paymentId: paid.razorpay_payment_id, razorpayOrderId: placed.body.order.id };
}

/**
 * Runs `during` while D1 refuses to confirm any order of `userId` (a trigger), as when the Worker
 * dies between the seat's claim and the booking's record: the order is left `paid`, unbooked.
 */
async function withConfirmRefused(userId: string, during: () => Promise<unknown>) {
  const trigger = `refuse_confirm_${userId.replace(/\W/g, '_')}`;
  await env.DB.prepare(
    `CREATE TRIGGER ${trigger} BEFORE UPDATE OF status ON payment_orders
     WHEN NEW.user_id = '${userId}' AND NEW.status = 'confirmed' BEGIN SELECT RAISE(ABORT, 'confirm refused (test)'); END`,
  ).run();
  try {
    await during();
  } finally {
    await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
  }
}

const paused = async (email: string) =>
  (await outboxFor(email)).filter((m) => m.subject === 'Your Tablemates account is paused');

describe('suspending a guest', () => {
  it('refunds every future booking in full once, frees the seats, tells the guest once, audits each step; past bookings stay', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const soon = await createEvent({ inHours: 30 });
    const later = await createEvent({ inHours: 24 * 20 });
    const first = await book(guest, soon);
    const second = await book(guest, later);
    // A dinner that already happened: checked in, never refunded.
    const past = await createEvent({ inHours: -30 });
    const pastBooking = await pastBookingOf(guest.userId, past);
    expect(await seatsTaken(d(), soon.id as string)).toBe(1);

    const { res, sent } = await suspend(operator, guest.userId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Suspended;
    expect(body.newly_suspended).toBe(true);
    expect(body.refunds_queued).toBe(true);
    expect(body.refunds.map((r) => [r.booking_id, r.amount, r.refund]).sort()).toEqual(
      [
        [first.booking.id, 499, '₹499'],
        [second.booking.id, 499, '₹499'],
      ].sort(),
    );
    // The seats are back on sale at once; the refunds and the waitlist's sweeps are queued.
    expect(await seatsTaken(d(), soon.id as string)).toBe(0);
    expect(await seatsTaken(d(), later.id as string)).toBe(0);
    expect(
      sent
        .filter((m) => m.kind === 'booking-refund')
        .map((m) => (m as { bookingId: string }).bookingId)
        .sort(),
    ).toEqual([first.booking.id, second.booking.id].sort());
    expect(
      sent
        .filter((m) => m.kind === 'seats-freed')
        .map((m) => (m as { eventId: string }).eventId)
        .sort(),
    ).toEqual([soon.id, later.id].sort());
    expect(await statusOf(first.booking.id)).toBe('refund_pending');

    // The queue asks Razorpay; a redelivered message refunds nothing twice.
    await drain(sent);
    await drain(sent.filter((m) => m.kind === 'booking-refund'));
    for (const b of [first, second]) {
      expect(await statusOf(b.booking.id)).toBe('refunded');
      const refunds = await refundsOf(b.paymentId);
      expect(refunds.items.map((r) => [r.amount, r.status])).toEqual([[49_900, 'processed']]);
    }
    expect(await statusOf(pastBooking)).toBe('checked_in');

    // The account, and every step, in the audit log.
    const [account] = await d()
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, guest.userId));
    expect(account.suspendedAt).toBe(body.user.suspended_at);
    const audit = await d()
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.target, [
          `user:${guest.userId}`,
          `booking:${first.booking.id}`,
          `booking:${second.booking.id}`,
        ]),
      );
    expect(audit.map((a) => [a.action, a.target, a.actorId]).sort()).toEqual(
      [
        ['booking.suspension_refund', `booking:${first.booking.id}`, operator.userId],
        ['booking.suspension_refund', `booking:${second.booking.id}`, operator.userId],
        ['user.suspend', `user:${guest.userId}`, operator.userId],
      ].sort(),
    );
    const suspendRow = audit.find((a) => a.action === 'user.suspend');
    expect(JSON.parse(suspendRow?.after ?? '{}')).toMatchObject({
      reason: 'Reported for harassment twice.',
      future_bookings: 2,
    });

    // Told once, in neutral words; never the cancelled dinner's refund notice.
    const mails = await outboxFor(guest.email);
    const paused = mails.filter((m) => m.subject === 'Your Tablemates account is paused');
    expect(paused).toHaveLength(1);
    expect(paused[0].body).toContain('refunding them in full');
    expect(paused[0].body).not.toMatch(/report|harass/i);
    expect(mails.filter((m) => m.subject?.startsWith('Refunded:'))).toEqual([]);
    const whatsapp = (await outboxFor(guest.phone)).filter((m) => m.channel === 'whatsapp');
    expect(whatsapp.filter((m) => m.body.startsWith('[template account_suspended]'))).toHaveLength(1);
    expect(whatsapp.filter((m) => m.body.startsWith('[template refund_processed]'))).toEqual([]);

    // The ledger's invariants hold at rest.
    const snapshot = await readLedgerSnapshot({
      eventIds: [soon.id as string, later.id as string],
      razorpayOrderIds: [first.razorpayOrderId, second.razorpayOrderId],
      couponCodes: [],
      capturedAt: new Map(),
      hiddenAt: new Map(),
      userIds: [guest.userId],
      quiescent: true,
    });
    expect(checkLedger(snapshot)).toEqual([]);
  });

  it('suspending twice, and two operators at once, refund once, audit once and tell once', async () => {
    const [alice, bob] = [await signedInAs('operator'), await signedInAs('operator')];
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 40 });
    const { booking, paymentId } = await book(guest, event);

    const [a, b] = await Promise.all([suspend(alice, guest.userId), suspend(bob, guest.userId)]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    const again = await suspend(alice, guest.userId, 'Clicked twice.');
    expect(again.res.status).toBe(200);
    const third = (await again.res.json()) as Suspended;
    expect(third.newly_suspended).toBe(false);
    expect(third.refunds.map((r) => r.booking_id)).toEqual([booking.id]);
    const answers = [(await a.res.json()) as Suspended, (await b.res.json()) as Suspended];
    expect(answers.filter((x) => x.newly_suspended)).toHaveLength(1);

    // Every queued message run, each more than once: one refund.
    const all = [...a.sent, ...b.sent, ...again.sent];
    await drain(all);
    await drain(all);
    expect((await refundsOf(paymentId)).count).toBe(1);
    expect(await statusOf(booking.id)).toBe('refunded');
    const audit = await d()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(inArray(auditLog.target, [`user:${guest.userId}`, `booking:${booking.id}`]));
    expect(audit.map((x) => x.action).sort()).toEqual(['booking.suspension_refund', 'user.suspend']);
    const told = await d()
      .select({ channel: deliveries.channel, state: deliveries.state })
      .from(deliveries)
      .where(eq(deliveries.key, DELIVERY_KEYS.accountSuspended(guest.userId, third.user.suspended_at)));
    expect(told.map((t) => `${t.channel}:${t.state}`).sort()).toEqual(['email:sent', 'whatsapp:sent']);
    expect(
      (await outboxFor(guest.email)).filter((m) => m.subject === 'Your Tablemates account is paused'),
    ).toHaveLength(1);
  });

  it('a refund whose enqueue failed is asked for by the cron after a while, once (money never lost)', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 40 });
    const { booking, paymentId } = await book(guest, event);
    const q = capturingEnv({ failing: true });
    const res = await call('POST', `/api/admin/users/${guest.userId}/suspend`, {
      cookie: operator.cookie,
      body: { reason: 'Reported twice.' },
      e: q.env,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Suspended).refunds_queued).toBe(false);
    expect(await statusOf(booking.id)).toBe('refund_pending');

    const runAt = async (minutes: number) => {
      const run = capturingEnv();
      await handleScheduled({} as ScheduledController, run.env, new Date(Date.now() + minutes * 60_000));
      return run.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === booking.id);
    };
    expect(await runAt(5)).toEqual([]);
    const requeued = await runAt(REFUND_REQUEUE_AFTER_MS / 60_000 + 1);
    expect(requeued).toHaveLength(1);
    await drain(requeued);
    expect(await statusOf(booking.id)).toBe('refunded');
    expect((await refundsOf(paymentId)).count).toBe(1);
  });

  it('gives the credit part back as credit and refunds the card part in full', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    await grantCredit(d(), { userId: guest.userId, amount: 200, note: 'apology', operatorId: operator.userId });
    const event = await createEvent({ inHours: 50 });
    const { booking, paymentId } = await book(guest, event, { useCredit: true });
    expect(booking.amount).toBe(299);
    expect(await creditBalance(d(), guest.userId)).toBe(0);

    const { res, sent } = await suspend(operator, guest.userId);
    const body = (await res.json()) as Suspended;
    expect(body.refunds).toMatchObject([
      { booking_id: booking.id, amount: 299, credit: 200, refund: '₹299 and ₹200 of credit' },
    ]);
    await drain(sent);
    expect((await refundsOf(paymentId)).items.map((r) => r.amount)).toEqual([29_900]);
    expect(await creditBalance(d(), guest.userId)).toBe(200);
  });

  it('offers the freed seat to the next guest in line', async () => {
    const operator = await signedInAs('operator');
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const guest = await createGuest({ sex: 'male' });
    await book(guest, event);
    const waiter = await createGuest({ sex: 'male' });
    const joined = await call('POST', `/api/events/${event.id}/waitlist`, {
      cookie: waiter.cookie,
      body: { ticket_type: 'male' },
    });
    expect(joined.status).toBe(201);

    const { sent } = await suspend(operator, guest.userId);
    await drain(sent.filter((m) => m.kind === 'seats-freed'));
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiter.userId));
    expect(entry.status).toBe('offered');
    expect(await seatsTaken(d(), event.id as string)).toBe(1);
  });

  it('ends the guest’s places in line and unpaid holds, and refuses new orders, waitlist places and offers with 403', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const full = await createEvent({ capacity: 1, inHours: 30 });
    await book(await createGuest({ sex: 'male' }), full);
    expect(
      (await call('POST', `/api/events/${full.id}/waitlist`, { cookie: guest.cookie, body: { ticket_type: 'male' } }))
        .status,
    ).toBe(201);
    const open = await createEvent({ inHours: 30 });
    const held = await placeOrder(guest.cookie, open.id as string);
    expect(held.status).toBe(201);
    expect(await seatsTaken(d(), open.id as string)).toBe(1);

    const { res } = await suspend(operator, guest.userId);
    expect(res.status).toBe(200);
    expect(await seatsTaken(d(), open.id as string)).toBe(0);
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.userId, guest.userId));
    expect(entry.status).toBe('left');

    const other = await createEvent({ inHours: 30 });
    const refused = await placeOrder(guest.cookie, other.id as string);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'account_suspended', message: SUSPENSION_COPY.refused });
    expect(await seatsTaken(d(), other.id as string)).toBe(0);
    const line = await call('POST', `/api/events/${full.id}/waitlist`, {
      cookie: guest.cookie,
      body: { ticket_type: 'male' },
    });
    expect(line.status).toBe(403);
    expect(((await line.json()) as ErrorBody).error.code).toBe('account_suspended');
  });

  it('refuses an offer taken after the suspension with 403, the seats passing on', async () => {
    const operator = await signedInAs('operator');
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const holder = await createGuest({ sex: 'male' });
    const { booking } = await book(holder, event);
    const guest = await createGuest({ sex: 'male' });
    expect(
      (await call('POST', `/api/events/${event.id}/waitlist`, { cookie: guest.cookie, body: { ticket_type: 'male' } }))
        .status,
    ).toBe(201);
    // The holder is suspended: the seat is offered to the guest, who is then suspended too.
    await drain((await suspend(operator, holder.userId)).sent.filter((m) => m.kind === 'seats-freed'));
    const [offered] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.userId, guest.userId));
    expect(offered.status).toBe('offered');
    await suspend(operator, guest.userId);
    const accepted = await call('POST', `/api/offers/${offered.token}/accept`, { cookie: guest.cookie, body: {} });
    expect(accepted.status).toBe(403);
    expect(((await accepted.json()) as ErrorBody).error.code).toBe('account_suspended');
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
    expect(await statusOf(booking.id)).toBe('refund_pending');
  });

  it('refunds a payment for a checkout begun before the suspension in full, never booking it', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const placed = await placeOrder(guest.cookie, event.id as string);
    expect(placed.status).toBe(201);
    await suspend(operator, guest.userId);

    const paid = await sandboxPay(placed.body.order.id);
    await runQueue('bookings', [message(placed.body.order.id, paid.razorpay_payment_id)]);
    const [order] = await d()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.razorpayOrderId, placed.body.order.id));
    // Refunded saying why, truthfully: not 'no seat left'.
    expect(order).toMatchObject({ status: 'refunded', failureReason: LEDGER_COPY.refundSuspended });
    expect(await refundNotes(paid.razorpay_payment_id)).toEqual([[49_900, 'account suspended']]);
    expect(await d().select().from(eventBookings).where(eq(eventBookings.userId, guest.userId))).toEqual([]);
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
  });

  it('an operator cannot suspend themselves nor another operator; an unknown account is 404; a reason is required', async () => {
    const operator = await signedInAs('operator');
    const other = await signedInAs('operator');
    const self = await suspend(operator, operator.userId);
    expect(self.res.status).toBe(403);
    expect(((await self.res.json()) as ErrorBody).error.code).toBe('cannot_suspend_self');
    const peer = await suspend(operator, other.userId);
    expect(peer.res.status).toBe(403);
    expect(((await peer.res.json()) as ErrorBody).error.code).toBe('cannot_suspend_operator');
    expect((await suspend(operator, 'no-such-user')).res.status).toBe(404);
    const guest = await createGuest({ sex: 'male' });
    const noReason = await call('POST', `/api/admin/users/${guest.userId}/suspend`, {
      cookie: operator.cookie,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const rows = await d()
      .select({ id: users.id, suspendedAt: users.suspendedAt })
      .from(users)
      .where(inArray(users.id, [operator.userId, other.userId, guest.userId]));
    expect(rows.every((r) => r.suspendedAt === null)).toBe(true);
  });

  it('previews what a suspension does, and lifting it lets the guest book again (audited); what was refunded stays', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const { booking } = await book(guest, event);
    // A host is a guest too and may be suspended.
    const host = await signedInAs('host');

    const preview = await call('GET', `/api/admin/users/${guest.userId}/suspension`, { cookie: operator.cookie });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      user: { id: guest.userId, name: 'Asha Verma', role: 'guest', suspended_at: null },
      can_suspend: true,
      future_bookings: [{ booking_id: booking.id, event_id: event.id, amount: 499, credit: 0 }],
      refund_total: 499,
      credit_total: 0,
    });
    const { sent } = await suspend(operator, guest.userId);
    await drain(sent);
    const after = (await (
      await call('GET', `/api/admin/users/${guest.userId}/suspension`, { cookie: operator.cookie })
    ).json()) as {
      user: { suspended_at: string | null };
      future_bookings: unknown[];
    };
    expect(after.user.suspended_at).not.toBeNull();
    expect(after.future_bookings).toEqual([]);

    const lifted = await call('DELETE', `/api/admin/users/${guest.userId}/suspend`, { cookie: operator.cookie });
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toEqual({ user: { id: guest.userId, suspended_at: null } });
    expect((await call('DELETE', `/api/admin/users/${guest.userId}/suspend`, { cookie: operator.cookie })).status).toBe(
      409,
    );
    const audit = await d()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${guest.userId}`), eq(auditLog.action, 'user.unsuspend')));
    expect(audit).toHaveLength(1);
    expect(await statusOf(booking.id)).toBe('refunded');
    expect((await placeOrder(guest.cookie, event.id as string)).status).toBe(201);

    expect((await suspend(operator, host.userId)).res.status).toBe(200);
  });

  it('a suspension of a guest with no booking refunds nothing and still tells them once', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const { res, sent } = await suspend(operator, guest.userId);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Suspended).refunds).toEqual([]);
    expect(sent).toEqual([]);
    const mails = (await outboxFor(guest.email)).filter((m) => m.subject === 'Your Tablemates account is paused');
    expect(mails).toHaveLength(1);
    expect(mails[0].body).not.toContain('refunding');
  });

  it('leaves a booked guest of a dinner under way alone', async () => {
    const operator = await signedInAs('operator');
    const started = await createEvent({ inHours: -1 });
    const seated = await booked(started, { status: 'confirmed' });
    const { res } = await suspend(operator, seated.userId);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Suspended).refunds).toEqual([]);
    expect(await statusOf(seated.bookingId)).toBe('confirmed');
  });

  it('refunds a booking the guest moved after we cancelled its dinner as the suspension’s own: queued at once, noted and told as a suspension, listed', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const cancelled = await createEvent({ inHours: 30 });
    const target = await createEvent({ inHours: 24 * 6, title: 'Thursday Supper — Test' });
    const { booking, paymentId } = await book(guest, cancelled);
    await d()
      .update(events)
      .set({ cancelledAt: new Date().toISOString(), cancelReason: 'Our chef is unwell.', available: false })
      .where(eq(events.id, cancelled.id as string));
    const moved = await call('POST', `/api/bookings/${booking.id}/cancellation-choice`, {
      cookie: guest.cookie,
      body: { choice: 'move', event_id: target.id },
    });
    expect(moved.status).toBe(200);
    expect(await seatsTaken(d(), target.id as string)).toBe(1);

    const { res, sent } = await suspend(operator, guest.userId);
    const body = (await res.json()) as Suspended;
    expect(body.refunds).toMatchObject([{ booking_id: booking.id, event_id: target.id, amount: 499, refund: '₹499' }]);
    expect(body.refunds_queued).toBe(true);
    // Asked of Razorpay at once, not left to the cron's re-queue half an hour later.
    expect(sent.filter((m) => m.kind === 'booking-refund')).toEqual([
      { kind: 'booking-refund', bookingId: booking.id },
    ]);
    expect(await seatsTaken(d(), target.id as string)).toBe(0);
    await drain(sent);
    expect(await statusOf(booking.id)).toBe('refunded');
    expect(await refundNotes(paymentId)).toEqual([[49_900, 'account suspended']]);
    // My Booking shows the refund, not the move.
    const choices = await call('GET', `/api/bookings/${booking.id}/choices`, { cookie: guest.cookie });
    expect(((await choices.json()) as { booking: { cancellation_choice: string | null } }).booking).toMatchObject({
      cancellation_choice: null,
      status: 'refunded',
    });

    // Told once, as a suspension naming the dinner; never as a cancelled dinner's refund.
    const notice = await paused(guest.email);
    expect(notice).toHaveLength(1);
    expect(notice[0].body).toContain('Thursday Supper — Test (₹499)');
    expect((await outboxFor(guest.email)).filter((m) => m.subject?.startsWith('Refunded:'))).toEqual([]);
    const whatsapp = (await outboxFor(guest.phone)).filter((m) => m.channel === 'whatsapp');
    expect(whatsapp.filter((m) => m.body.startsWith('[template refund_processed]'))).toEqual([]);
  });

  it('refunds in full a flagged payment that kept its seat, frees the seat, previews, lists and tells it; nothing books it after', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const flagged = await flaggedWithSeat(guest, event);
    expect(await seatsTaken(d(), event.id as string)).toBe(1);

    const preview = await call('GET', `/api/admin/users/${guest.userId}/suspension`, { cookie: operator.cookie });
    expect(await preview.json()).toMatchObject({
      future_bookings: [{ booking_id: null, order_id: flagged.row.id, event_id: event.id, amount: 499, credit: 0 }],
      refund_total: 499,
    });
    const { res, sent } = await suspend(operator, guest.userId);
    const body = (await res.json()) as Suspended;
    expect(body.refunds).toMatchObject([{ booking_id: null, event_id: event.id, amount: 499, refund: '₹499' }]);
    expect(body.refunds_queued).toBe(true);
    await drain(sent);
    expect(await orderRow(flagged.razorpayOrderId)).toMatchObject({
      status: 'refunded',
      keepsSeat: false,
      failureReason: LEDGER_COPY.refundSuspended,
    });
    expect(await refundNotes(flagged.paymentId)).toEqual([[49_900, 'account suspended']]);
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
    // The notice names it; the payment's own refund email says why, truthfully.
    expect((await paused(guest.email))[0].body).toContain('(₹499)');
    const told = (await outboxFor(guest.email)).filter(
      (m) => m.subject === `Your payment for ${event.title} has been refunded`,
    );
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('your Tablemates account is paused');

    // The cron asks Razorpay again later: nothing books, nothing is refunded twice.
    const run = capturingEnv();
    await handleScheduled({} as ScheduledController, run.env, new Date(Date.now() + 5 * 60_000));
    await drain(run.sent.filter((m) => m.kind === 'payment-captured'));
    expect(await bookingsOf(guest.userId)).toEqual([]);
    expect((await refundsOf(flagged.paymentId)).count).toBe(1);
    const snapshot = await readLedgerSnapshot({
      eventIds: [event.id as string],
      razorpayOrderIds: [flagged.razorpayOrderId],
      couponCodes: [],
      capturedAt: new Map(),
      hiddenAt: new Map(),
      userIds: [guest.userId],
      quiescent: true,
    });
    expect(checkLedger(snapshot)).toEqual([]);
  });

  it('the cron refunds a suspended guest’s flagged payment whose refund could not be queued, once, and nothing dead-letters', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const flagged = await flaggedWithSeat(guest, event);
    const q = capturingEnv({ failing: true });
    const res = await call('POST', `/api/admin/users/${guest.userId}/suspend`, {
      cookie: operator.cookie,
      body: { reason: 'Reported twice.' },
      e: q.env,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Suspended).refunds_queued).toBe(false);
    expect(await orderRow(flagged.razorpayOrderId)).toMatchObject({ status: 'needs_attention', keepsSeat: true });

    const run = capturingEnv();
    await handleScheduled({} as ScheduledController, run.env, new Date());
    const requeued = run.sent.filter((m) => m.kind === 'payment-captured' && m.orderId === flagged.razorpayOrderId);
    expect(requeued).toHaveLength(1);
    await drain(requeued);
    await drain(requeued);
    expect(await orderRow(flagged.razorpayOrderId)).toMatchObject({ status: 'refunded', keepsSeat: false });
    expect(await refundNotes(flagged.paymentId)).toEqual([[49_900, 'account suspended']]);
    expect(await bookingsOf(guest.userId)).toEqual([]);
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
  });

  it('the operator’s Retry of a suspended guest’s flagged payment answers 409 and books nothing; the refund follows', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const flagged = await flaggedWithSeat(guest, event);
    const { sent } = await suspend(operator, guest.userId);

    const retry = await call('POST', `/api/admin/orders/${flagged.row.id}/retry`, { cookie: operator.cookie });
    expect(retry.status).toBe(409);
    expect(await retry.json()).toEqual({
      error: { code: 'account_closed', message: LEDGER_COPY.retryAccountClosed },
    });
    expect(await orderRow(flagged.razorpayOrderId)).toMatchObject({ status: 'needs_attention' });
    expect(await bookingsOf(guest.userId)).toEqual([]);
    expect((await refundsOf(flagged.paymentId)).count).toBe(0);

    await drain(sent);
    expect(await orderRow(flagged.razorpayOrderId)).toMatchObject({ status: 'refunded', keepsSeat: false });
    expect((await refundsOf(flagged.paymentId)).count).toBe(1);
  });

  it('a payment whose seat was claimed but whose booking was not yet recorded when its guest was suspended is refunded once by the retry, never booked', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const placed = await placeOrder(guest.cookie, event.id as string);
    const paid = await sandboxPay(placed.body.order.id);
    const msg = message(placed.body.order.id, paid.razorpay_payment_id);
    await withConfirmRefused(guest.userId, async () => {
      const run = await runQueue('bookings', [msg]);
      expect(run.result.retryMessages).toHaveLength(1);
    });
    expect(await orderRow(placed.body.order.id)).toMatchObject({
      status: 'paid',
      paymentId: paid.razorpay_payment_id,
    });

    // Suspended before the queue's retry comes round (what the suspension queued runs after it).
    const { sent } = await suspend(operator, guest.userId);
    const retry = await runQueue('bookings', [msg], 2);
    expect(retry.result.retryMessages).toEqual([]);
    expect(await bookingsOf(guest.userId)).toEqual([]);
    expect(await orderRow(placed.body.order.id)).toMatchObject({
      status: 'refunded',
      failureReason: LEDGER_COPY.refundSuspended,
    });
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
    await drain(sent);
    await runQueue('bookings', [msg], 3);
    expect(await refundNotes(paid.razorpay_payment_id)).toEqual([[49_900, 'account suspended']]);
    expect(await bookingsOf(guest.userId)).toEqual([]);
  });

  it('a paid order whose payment was refunded before its booking was recorded is settled as refunded by the retry, never booked (even once the account is live again)', async () => {
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const placed = await placeOrder(guest.cookie, event.id as string);
    const paid = await sandboxPay(placed.body.order.id);
    const msg = message(placed.body.order.id, paid.razorpay_payment_id);
    await withConfirmRefused(guest.userId, async () => {
      const run = await runQueue('bookings', [msg]);
      expect(run.result.retryMessages).toHaveLength(1);
    });
    expect((await orderRow(placed.body.order.id)).status).toBe('paid');
    // The money went back (a suspension's refund whose record was lost, or the dashboard's) while
    // the retry waited; the account is live.
    const back = await refundPayment(env, paid.razorpay_payment_id, 49_900, `test_${paid.razorpay_payment_id}`, {});
    expect(back.ok).toBe(true);
    const retry = await runQueue('bookings', [msg], 2);
    expect(retry.result.retryMessages).toEqual([]);
    expect(await bookingsOf(guest.userId)).toEqual([]);
    expect((await orderRow(placed.body.order.id)).status).toBe('refunded');
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(1);
  });

  it('a refund for a suspended account is recorded on its order even if the suspension is lifted in between', async () => {
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    const placed = await placeOrder(guest.cookie, event.id as string);
    const paid = await sandboxPay(placed.body.order.id);
    // The pipeline read the order while the account was suspended; the suspension is lifted before
    // its refund is written down. The money is back at Razorpay: the order must say so.
    await d().update(users).set({ suspendedAt: new Date().toISOString() }).where(eq(users.id, guest.userId));
    const seen = await orderByRazorpayId(d(), placed.body.order.id);
    expect(seen?.accountClosed).toBe('suspended');
    await d().update(users).set({ suspendedAt: null }).where(eq(users.id, guest.userId));
    expect(await refundInFull(env, d(), seen as Order, paid.razorpay_payment_id, 'suspended')).toBe(true);
    expect(await orderRow(placed.body.order.id)).toMatchObject({
      status: 'refunded',
      paymentId: paid.razorpay_payment_id,
      failureReason: LEDGER_COPY.refundSuspended,
    });
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(1);
  });

  it('a credit-paid order whose booking was not yet recorded when its guest was suspended gives the credit back, never booked', async () => {
    const operator = await signedInAs('operator');
    const guest = await createGuest({ sex: 'male' });
    await grantCredit(d(), { userId: guest.userId, amount: 499, note: 'apology', operatorId: operator.userId });
    const event = await createEvent({ inHours: 30 });
    await withConfirmRefused(guest.userId, async () => {
      expect((await placeOrder(guest.cookie, event.id as string, { useCredit: true })).status).toBe(500);
    });
    const [left] = await d().select().from(paymentOrders).where(eq(paymentOrders.userId, guest.userId));
    expect(left).toMatchObject({ status: 'paid', amount: 0, creditAmount: 499 });
    expect(await creditBalance(d(), guest.userId)).toBe(0);

    const { res, sent } = await suspend(operator, guest.userId);
    expect(((await res.json()) as Suspended).refunds).toMatchObject([
      { booking_id: null, event_id: event.id, amount: 0, credit: 499, refund: '₹499 of credit' },
    ]);
    await drain(sent);
    // The cron's safety net for credit orders comes round later: it books nothing either.
    await handleScheduled({} as ScheduledController, capturingEnv().env, new Date(Date.now() + 5 * 60_000));
    expect(await bookingsOf(guest.userId)).toEqual([]);
    const [after] = await d().select().from(paymentOrders).where(eq(paymentOrders.id, left.id));
    expect(after).toMatchObject({ status: 'refunded', failureReason: LEDGER_COPY.refundSuspended });
    expect(await creditBalance(d(), guest.userId)).toBe(499);
    expect(await seatsTaken(d(), event.id as string)).toBe(0);
    expect((await paused(guest.email))[0].body).toContain(
      'Any Tablemates credit you paid with is back in your balance.',
    );
  });

  it('the WhatsApp template has fixed words around its variable, ends in fixed text, asks for no reply, and the sandbox checks the same words', () => {
    expect(URL_BUTTON_TEMPLATES[ACCOUNT_SUSPENDED_WHATSAPP]).toEqual({
      body: ACCOUNT_SUSPENDED_WHATSAPP_BODY,
      buttons: [],
    });
    expect(ACCOUNT_SUSPENDED_WHATSAPP_BODY).not.toMatch(/^\s*\{\{\d+\}\}/);
    expect(ACCOUNT_SUSPENDED_WHATSAPP_BODY.endsWith('— Team Tablemates')).toBe(true);
    expect(ACCOUNT_SUSPENDED_WHATSAPP_BODY).not.toMatch(/reply/i);
    const { params } = accountSuspendedWhatsApp({ name: `A${'n'.repeat(200)} Very Long Name` });
    expect(params).toHaveLength(1);
    expect(ACCOUNT_SUSPENDED_WHATSAPP_BODY.replace('{{1}}', params[0]).length).toBeLessThanOrEqual(1024);
  });
});
