/**
 * When we cancel a dinner (DESIGN.md "My Booking", SPEC §4): the guest's full refund or move, the
 * refund off the request through the queue with Razorpay's idempotency key, `refund_pending →
 * refunded` by the `refund.processed` webhook or by the cron asking Razorpay, the automatic
 * refund at the start, and "running late" to the host. Requests run on an env whose queue records
 * what is sent; the test hands those messages to the real consumer. Bookings are made through
 * the real pipeline, so every payment exists in the Razorpay sandbox.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import {
  deliveries,
  eventBookings,
  eventHosts,
  events,
  paymentOrders,
  remindersSent,
  userProfiles,
  users,
} from '../../db/schema';
import { DELIVERY_KEYS } from '../../worker/domain/deliveries';
import { CHOICE_COPY } from '../../worker/domain/booking-choice';
import { istDate } from '../../worker/domain/time';
import type { BookingMessage } from '../../worker/env';
import worker from '../../worker/index';
import { hmacSha256Hex } from '../../worker/lib/crypto';
import { handleScheduled } from '../../worker/scheduled';
import { REFUND_REQUEUE_AFTER_MS } from '../../worker/services/ledger/cancelled-refunds';
import { seatsTaken } from '../../worker/services/ledger/seats';
import {
  bookedGuest,
  capturingEnv,
  createEvent,
  createGuest,
  outboxFor,
  refundsOf,
  runQueue,
} from './helpers/booking-fixtures';
import { apiRequest, createSignedInUser, ORIGIN } from './helpers/session-cookie';

const C = CHOICE_COPY;
const d = () => db(env.DB);
const MIN = 60_000;

type Refund = { id: string; amount: number; status: string; payment_id: string };

/** A request through the Worker on an env whose queue records what is sent. */
async function call(method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) {
  const q = capturingEnv();
  const req = apiRequest(method, path, opts) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(req, q.env, createExecutionContext());
  // biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what these tests assert
  return { res, json: (await res.json()) as Record<string, any>, sent: q.sent };
}

/** What the operator's cancel leaves on the row (its own tests: admin-cancel.test.ts). */
const cancelDinner = (eventId: string, reason = 'Our chef is unwell.') =>
  d()
    .update(events)
    .set({ cancelledAt: new Date().toISOString(), cancelReason: reason, available: false })
    .where(eq(events.id, eventId));

const bookingRow = async (id: string) => (await d().select().from(eventBookings).where(eq(eventBookings.id, id)))[0];
const choose = (cookie: string, bookingId: string, body: unknown) =>
  call('POST', `/api/bookings/${bookingId}/cancellation-choice`, { cookie, body });

/** A `refund.processed` webhook, signed over its raw body as Razorpay does. */
async function refundWebhook(refund: Refund, eventId = `evt_${crypto.randomUUID()}`) {
  const raw = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, entity: 'refund', currency: 'INR', status: 'processed' } },
      payment: {
        entity: {
          id: refund.payment_id,
          entity: 'payment',
          amount: refund.amount,
          currency: 'INR',
          status: 'refunded',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const q = capturingEnv();
  const req = new Request(`${ORIGIN}/api/webhooks/razorpay`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Event-Id': eventId,
      'X-Razorpay-Signature': await hmacSha256Hex('sandbox_webhook_secret', raw),
    },
    body: raw,
  });
  const res = await worker.fetch(req as Request<unknown, IncomingRequestCfProperties>, q.env, createExecutionContext());
  return { res, json: await res.json(), sent: q.sent };
}

const refundEmails = async (to: string) =>
  (await outboxFor(to)).filter((m) => m.channel === 'email' && m.subject?.startsWith('Refunded: '));
const refundWhatsApps = async (to: string) =>
  (await outboxFor(to)).filter((m) => m.channel === 'whatsapp' && m.body.startsWith('[template refund_processed]'));

/**
 * Asha, whose dinner we cancelled, chose a refund; the queue asked Razorpay for it, and the
 * sandbox holds it `pending` (as Razorpay does until its refund.processed).
 */
async function refundPendingAtRazorpay() {
  const event = await createEvent();
  const asha = await bookedGuest(event.id, { refunds: 'pending' });
  await cancelDinner(event.id);
  const r = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
  await runQueue('bookings', r.sent);
  const [refund] = (await refundsOf(asha.paymentId)).items;
  return { event, asha, refund };
}

describe('POST /api/bookings/:id/cancellation-choice: refund', () => {
  it('three requests refund once, answer the same, and the guest is told once', async () => {
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    await cancelDinner(event.id);

    const answers = [];
    const sent: BookingMessage[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
      expect(r.res.status).toBe(200);
      answers.push(r.json);
      sent.push(...r.sent);
    }
    expect(answers[0].booking).toMatchObject({
      id: asha.booking.id,
      status: 'refund_pending',
      cancellation_choice: 'refund',
      cancel_reason: 'Our chef is unwell.',
      refunded_at: null,
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Nothing was asked of Razorpay on the request: the refund waits for the queue.
    expect((await refundsOf(asha.paymentId)).count).toBe(0);
    expect(sent.every((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id)).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(1);

    // Every message delivered, twice over: one refund of the full amount.
    await runQueue('bookings', [...sent, ...sent]);
    const refunds = await refundsOf(asha.paymentId);
    expect(refunds.count).toBe(1);
    expect(refunds.items[0].amount).toBe(asha.order.amountPaise);
    const row = await bookingRow(asha.booking.id);
    // The sandbox processes a normal refund at once, as Razorpay's answer may say.
    expect(row).toMatchObject({ status: 'refunded', refundId: refunds.items[0].id, cancellationChoice: 'refund' });
    expect(row.refundRequestedAt).not.toBeNull();
    expect(row.refundedAt).not.toBeNull();

    await runQueue('bookings', sent);
    expect(await refundEmails(asha.email)).toHaveLength(1);
    expect((await refundEmails(asha.email))[0].body).toContain(`₹${asha.order.amount} in full for ${event.title}`);
    // Both link to My Booking (the fifth parameter of the template).
    const myBooking = `${env.APP_ORIGIN.replace(/\/+$/, '')}/booking/${asha.booking.id}`;
    expect((await refundEmails(asha.email))[0].body).toContain(
      `My Booking (your ticket, venue and date): ${myBooking}`,
    );
    expect(await refundWhatsApps(asha.phone)).toHaveLength(1);
    expect((await refundWhatsApps(asha.phone))[0].body).toContain(`| ${asha.booking.id} | ${myBooking}`);

    // A refund answered after it, and a move now, are refused; nothing more is refunded.
    const again = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
    expect(again.res.status).toBe(200);
    expect(again.json.booking.status).toBe('refunded');
    expect(again.sent).toEqual([]);
    const other = await createEvent();
    const move = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: other.id });
    expect(move.res.status).toBe(409);
    expect(move.json).toEqual({ error: { code: 'already_chosen', message: C.chosenRefund } });
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
  });

  it('three concurrent requests and concurrent consumers refund once', async () => {
    const event = await createEvent();
    const ravi = await bookedGuest(event.id);
    await cancelDinner(event.id);
    const results = await Promise.all([1, 2, 3].map(() => choose(ravi.cookie, ravi.booking.id, { choice: 'refund' })));
    expect(results.map((r) => r.res.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => JSON.stringify(r.json))).size).toBe(1);
    const sent = results.flatMap((r) => r.sent);
    await Promise.all([runQueue('bookings', sent), runQueue('bookings', sent), runQueue('bookings', sent)]);
    expect((await refundsOf(ravi.paymentId)).count).toBe(1);
    expect((await bookingRow(ravi.booking.id)).status).toBe('refunded');
  });

  it('stays refund_pending until refund.processed arrives; the webhook is idempotent by event id', async () => {
    const { asha, refund } = await refundPendingAtRazorpay();
    expect(refund.status).toBe('pending');
    let row = await bookingRow(asha.booking.id);
    expect(row).toMatchObject({ status: 'refund_pending', refundId: refund.id, refundedAt: null });
    expect(await refundEmails(asha.email)).toEqual([]);

    // A bad signature changes nothing.
    const raw = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: refund } } });
    const forged = await worker.fetch(
      new Request(`${ORIGIN}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Event-Id': 'evt_forged',
          'X-Razorpay-Signature': 'bad',
        },
        body: raw,
      }) as Request<unknown, IncomingRequestCfProperties>,
      env,
      createExecutionContext(),
    );
    expect(forged.status).toBe(400);
    expect((await bookingRow(asha.booking.id)).status).toBe('refund_pending');

    await fetch(`${env.SANDBOX_URL}/checkout/refunds/${refund.id}/process`, { method: 'POST' });
    const hook = await refundWebhook(refund, 'evt_refund_once');
    expect(hook.res.status).toBe(200);
    expect(hook.sent).toEqual([{ kind: 'booking-refund', bookingId: asha.booking.id }]);
    row = await bookingRow(asha.booking.id);
    expect(row.status).toBe('refunded');
    expect(row.refundedAt).not.toBeNull();
    const redelivered = await refundWebhook(refund, 'evt_refund_once');
    expect(redelivered.json).toEqual({ ok: true, duplicate: true });
    expect(redelivered.sent).toEqual([]);
    expect((await bookingRow(asha.booking.id)).refundedAt).toBe(row.refundedAt);

    await runQueue('bookings', [...hook.sent, ...hook.sent]);
    expect(await refundEmails(asha.email)).toHaveLength(1);
    expect(await refundWhatsApps(asha.phone)).toHaveLength(1);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
  });

  it('or when the cron asks Razorpay about a refund still pending', async () => {
    const { asha, refund } = await refundPendingAtRazorpay();

    // Still pending at Razorpay: the cron leaves it as it is.
    const early = capturingEnv();
    await handleScheduled({} as ScheduledController, early.env, new Date());
    expect((await bookingRow(asha.booking.id)).status).toBe('refund_pending');

    await fetch(`${env.SANDBOX_URL}/checkout/refunds/${refund.id}/process`, { method: 'POST' });
    const cron = capturingEnv();
    await handleScheduled({} as ScheduledController, cron.env, new Date());
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
    const mine = cron.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id);
    expect(mine).toHaveLength(1);
    await runQueue('bookings', mine);
    expect(await refundEmails(asha.email)).toHaveLength(1);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
  });

  it('a refund whose enqueue was lost is requested by the cron after a while; a Razorpay outage retries', async () => {
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    await cancelDinner(event.id);
    const q = capturingEnv({ failing: true });
    const res = await worker.fetch(
      apiRequest('POST', `/api/bookings/${asha.booking.id}/cancellation-choice`, {
        cookie: asha.cookie,
        body: { choice: 'refund' },
      }) as Request<unknown, IncomingRequestCfProperties>,
      q.env,
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    const soon = capturingEnv();
    await handleScheduled({} as ScheduledController, soon.env, new Date());
    expect(soon.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id)).toEqual([]);
    const later = capturingEnv();
    await handleScheduled({} as ScheduledController, later.env, new Date(Date.now() + REFUND_REQUEUE_AFTER_MS + MIN));
    const mine = later.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id);
    expect(mine).toHaveLength(1);

    // Razorpay down: the message is retried, nothing recorded.
    const outage = await fetch(`${env.SANDBOX_URL}/__control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'razorpay', match: asha.paymentId, mode: 'fail', status: 503 }),
    });
    const { id } = (await outage.json()) as { id: string };
    const failed = await runQueue('bookings', mine);
    expect(failed.result.retryMessages).toHaveLength(1);
    expect((await bookingRow(asha.booking.id)).refundId).toBeNull();
    await fetch(`${env.SANDBOX_URL}/__control/${id}`, { method: 'DELETE' });
    await runQueue('bookings', mine);
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
  });
});

describe('the cron during a Razorpay outage', () => {
  it('re-queues a refund not yet requested at most every 30 minutes, not every run', async () => {
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    await cancelDinner(event.id);
    const q = capturingEnv({ failing: true });
    await worker.fetch(
      apiRequest('POST', `/api/bookings/${asha.booking.id}/cancellation-choice`, {
        cookie: asha.cookie,
        body: { choice: 'refund' },
      }) as Request<unknown, IncomingRequestCfProperties>,
      q.env,
      createExecutionContext(),
    );
    const requeuedAt = async (minutes: number) => {
      const run = capturingEnv();
      await handleScheduled({} as ScheduledController, run.env, new Date(Date.now() + minutes * MIN));
      return run.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id).length;
    };
    expect(await requeuedAt(5)).toBe(0);
    // The refund is still not requested (Razorpay down): once after 30 minutes, then not every run.
    expect(await requeuedAt(31)).toBe(1);
    expect(await requeuedAt(36)).toBe(0);
    expect(await requeuedAt(56)).toBe(0);
    expect(await requeuedAt(62)).toBe(1);
    expect((await bookingRow(asha.booking.id)).refundId).toBeNull();
  });
});

describe('a refund Razorpay reports failed', () => {
  it('is requested once more with a new key; a second failure is marked, alerted once, left out of the cron and shown on the guest list', async () => {
    const { event, asha, refund: first } = await refundPendingAtRazorpay();
    expect(first.status).toBe('pending');

    /** Three cron runs; what they queued for Asha and the alerts they logged about her. */
    async function cronRuns() {
      const alerts: string[] = [];
      const sent: BookingMessage[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => {
        alerts.push(args.map(String).join(' '));
      };
      try {
        for (let i = 0; i < 3; i++) {
          const run = capturingEnv();
          await handleScheduled({} as ScheduledController, run.env, new Date());
          sent.push(...run.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id));
        }
      } finally {
        console.error = original;
      }
      return { sent, alerts: alerts.filter((a) => a.includes('booking_refund_failed') && a.includes(asha.booking.id)) };
    }

    // The bank gives up: Razorpay answers `failed` for this refund from now on.
    const failed = await fetch(`${env.SANDBOX_URL}/checkout/refunds/${first.id}/fail`, { method: 'POST' });
    expect(((await failed.json()) as Refund).status).toBe('failed');
    const once = await cronRuns();
    expect(once.alerts).toHaveLength(1);
    expect(once.sent).toHaveLength(1);
    expect(await bookingRow(asha.booking.id)).toMatchObject({ status: 'refund_pending', refundId: null });

    // Requested again: a new refund (the old key would answer the failed one).
    await runQueue('bookings', [...once.sent, ...once.sent]);
    const refunds = (await refundsOf(asha.paymentId)).items;
    expect(refunds).toHaveLength(2);
    const second = refunds.find((x) => x.id !== first.id) as Refund;
    expect(second.status).toBe('pending');
    expect((await bookingRow(asha.booking.id)).refundId).toBe(second.id);

    // It fails too: left to a person.
    await fetch(`${env.SANDBOX_URL}/checkout/refunds/${second.id}/fail`, { method: 'POST' });
    const twice = await cronRuns();
    expect(twice.alerts).toHaveLength(1);
    expect(twice.sent).toEqual([]);
    expect(await bookingRow(asha.booking.id)).toMatchObject({ status: 'refund_pending', refundId: second.id });
    const markers = await d().select().from(remindersSent).where(eq(remindersSent.bookingId, asha.booking.id));
    expect(markers.map((m) => m.kind)).toEqual(
      expect.arrayContaining([`refund_failed:${first.id}`, `refund_failed:${second.id}`]),
    );
    expect((await refundsOf(asha.paymentId)).count).toBe(2);

    const operator = await createSignedInUser();
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const list = await call('GET', `/api/admin/events/${event.id}/attendees`, { cookie: operator.cookie });
    expect(list.res.status).toBe(200);
    expect(list.json.attendees).toEqual([
      expect.objectContaining({ booking_id: asha.booking.id, status: 'refund_pending', refund_failed: true }),
    ]);
  });

  it('a retried refund that goes through refunds the guest', async () => {
    const event = await createEvent();
    const asha = await bookedGuest(event.id, { refunds: 'pending' });
    await cancelDinner(event.id);
    await runQueue('bookings', (await choose(asha.cookie, asha.booking.id, { choice: 'refund' })).sent);
    const [first] = (await refundsOf(asha.paymentId)).items;
    await fetch(`${env.SANDBOX_URL}/checkout/refunds/${first.id}/fail`, { method: 'POST' });
    const run = capturingEnv();
    await handleScheduled({} as ScheduledController, run.env, new Date());
    await runQueue(
      'bookings',
      run.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id),
    );
    const second = (await refundsOf(asha.paymentId)).items.find((x) => x.id !== first.id) as Refund;
    await fetch(`${env.SANDBOX_URL}/checkout/refunds/${second.id}/process`, { method: 'POST' });
    await handleScheduled({} as ScheduledController, capturingEnv().env, new Date());
    expect(await bookingRow(asha.booking.id)).toMatchObject({ status: 'refunded', refundId: second.id });
  });
});

describe('POST /api/bookings/:id/cancellation-choice: move', () => {
  it('moves the seats to a dinner with room in one batch, sends a new confirmation, and refuses a refund after', async () => {
    const event = await createEvent({ capacity: 8 });
    const target = await createEvent({ capacity: 4, inHours: 24 * 14, title: 'Moved Supper Club' });
    const asha = await bookedGuest(event.id, { ticket: 'couple' });
    await d()
      .insert(deliveries)
      .values({ key: `reminder:48h:${asha.booking.id}`, channel: 'email', bookingId: asha.booking.id, state: 'sent' });
    await cancelDinner(event.id);

    const options = await call('GET', `/api/bookings/${asha.booking.id}/choices`, { cookie: asha.cookie });
    expect(options.res.status).toBe(200);
    expect(options.json.booking).toMatchObject({ status: 'confirmed', cancelled_at: expect.any(String) });
    expect(options.json.move_targets.map((t: { id: string }) => t.id)).toContain(target.id);
    expect(options.json.move_targets.map((t: { id: string }) => t.id)).not.toContain(event.id);

    const moved = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: target.id });
    expect(moved.res.status).toBe(200);
    expect(moved.json.booking).toMatchObject({
      status: 'confirmed',
      event_id: target.id,
      event_name: target.title,
      cancellation_choice: 'move',
      rescheduled_from: event.id,
      cancelled_at: null,
    });
    expect(await seatsTaken(d(), target.id)).toBe(2);
    expect(await seatsTaken(d(), event.id)).toBe(0);
    const [order] = await d().select().from(paymentOrders).where(eq(paymentOrders.id, asha.booking.orderId));
    expect(order.eventId).toBe(target.id);
    // The old date's reminders stay delivered; the new date's have keys of their own (the move's).
    const { rescheduledAt, moveCount } = await bookingRow(asha.booking.id);
    expect(rescheduledAt).not.toBeNull();
    // Our cancellation's move is ours: it does not use one of the guest's free reschedules.
    expect(moveCount).toBe(0);
    const newKey = DELIVERY_KEYS.reminder('48h', asha.booking.id, rescheduledAt);
    expect(await d().select().from(deliveries).where(eq(deliveries.key, newKey))).toEqual([]);
    expect(moved.sent).toEqual([{ kind: 'send-confirmation', bookingId: asha.booking.id }]);
    await runQueue('bookings', [...moved.sent, ...moved.sent]);
    // The new confirmation, once, for the new dinner, by email and WhatsApp.
    const emails = (await outboxFor(asha.email)).filter(
      (m) => m.channel === 'email' && m.subject?.includes(target.title),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0].body).toContain(`Your dinner moved to ${target.title}`);
    const whatsapps = (await outboxFor(asha.phone)).filter(
      (m) => m.channel === 'whatsapp' && /^\[template booking_(confirmed|moved)\]/.test(m.body),
    );
    // The move has its own template: it does not read like a second purchase.
    expect(whatsapps.map((m) => m.body)).toEqual([
      expect.stringContaining(`| ${event.title} |`),
      expect.stringContaining(`| ${target.title} |`),
    ]);
    expect(whatsapps.map((m) => m.body.slice(0, m.body.indexOf(']') + 1))).toEqual([
      '[template booking_confirmed]',
      '[template booking_moved]',
    ]);

    // The same move again answers the same and sends nothing; a refund now is refused.
    const again = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: target.id });
    expect(again.res.status).toBe(200);
    expect(again.sent).toEqual([]);
    const refund = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
    expect(refund.res.status).toBe(409);
    expect(refund.json).toEqual({ error: { code: 'already_chosen', message: C.chosenMove } });
    expect((await refundsOf(asha.paymentId)).count).toBe(0);
    expect(await seatsTaken(d(), target.id)).toBe(2);
  });

  it('a full dinner is 409 and nothing changes; the cancelled dinner itself, or a cancelled one, is refused', async () => {
    const event = await createEvent();
    const full = await createEvent({ capacity: 1 });
    const asha = await bookedGuest(event.id, { ticket: 'couple' });
    await cancelDinner(event.id);
    const before = await bookingRow(asha.booking.id);

    const options = await call('GET', `/api/bookings/${asha.booking.id}/choices`, { cookie: asha.cookie });
    expect(options.json.move_targets.map((t: { id: string }) => t.id)).not.toContain(full.id);
    const res = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: full.id });
    expect(res.res.status).toBe(409);
    expect(res.json).toEqual({ error: { code: 'dinner_full', message: C.targetFull } });
    expect(await bookingRow(asha.booking.id)).toEqual(before);
    expect(await seatsTaken(d(), full.id)).toBe(0);
    expect(res.sent).toEqual([]);

    const self = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: event.id });
    expect(self.json.error.code).toBe('dinner_unavailable');
    const gone = await createEvent();
    await cancelDinner(gone.id);
    const toCancelled = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: gone.id });
    expect(toCancelled.json.error.code).toBe('dinner_unavailable');
    const missing = await choose(asha.cookie, asha.booking.id, { choice: 'move' });
    expect(missing.res.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: 'invalid_input', fields: { event_id: C.eventRequired } });
    expect(await bookingRow(asha.booking.id)).toEqual(before);
  });

  it('two moves racing for the last seat: one wins; the loser keeps its choice open', async () => {
    const a = await createEvent();
    const target = await createEvent({ capacity: 1 });
    const [asha, ravi] = [await bookedGuest(a.id), await bookedGuest(a.id)];
    await cancelDinner(a.id);
    const results = await Promise.all(
      [asha, ravi].map((g) => choose(g.cookie, g.booking.id, { choice: 'move', event_id: target.id })),
    );
    expect(results.map((r) => r.res.status).sort()).toEqual([200, 409]);
    expect(await seatsTaken(d(), target.id)).toBe(1);
    const loser = results[0].res.status === 409 ? asha : ravi;
    expect((await bookingRow(loser.booking.id)).cancellationChoice).toBeNull();
  });
});

describe('refusals', () => {
  it('a dinner going ahead is 409, another guest’s booking 404, a second different choice 409', async () => {
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    const going = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
    expect(going.res.status).toBe(409);
    expect(going.json).toEqual({ error: { code: 'not_cancelled', message: C.notCancelled } });
    expect((await bookingRow(asha.booking.id)).status).toBe('confirmed');
    const choicesNow = await call('GET', `/api/bookings/${asha.booking.id}/choices`, { cookie: asha.cookie });
    expect(choicesNow.json.move_targets).toEqual([]);

    await cancelDinner(event.id);
    const stranger = await createGuest();
    for (const [method, path, body] of [
      ['POST', 'cancellation-choice', { choice: 'refund' }],
      ['GET', 'choices', undefined],
      ['POST', 'running-late', { minutes: 10 }],
    ] as const) {
      const r = await call(method, `/api/bookings/${asha.booking.id}/${path}`, { cookie: stranger.cookie, body });
      expect(r.res.status).toBe(404);
      expect(r.json).toEqual({ error: { code: 'not_found', message: C.notFound } });
    }
    expect((await bookingRow(asha.booking.id)).status).toBe('confirmed');
    const signedOut = await call('POST', `/api/bookings/${asha.booking.id}/cancellation-choice`, {
      body: { choice: 'refund' },
    });
    expect(signedOut.res.status).toBe(401);
    const invalid = await choose(asha.cookie, asha.booking.id, { choice: 'cash' });
    expect(invalid.res.status).toBe(400);

    const other = await createEvent();
    expect((await choose(asha.cookie, asha.booking.id, { choice: 'refund' })).res.status).toBe(200);
    const move = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: other.id });
    expect(move.res.status).toBe(409);
    expect(await seatsTaken(d(), other.id)).toBe(0);
  });
});

describe('the automatic refund at the start', () => {
  it('refunds every unchosen booking of a cancelled dinner that has started, once however often the cron runs', async () => {
    const event = await createEvent();
    const [asha, ravi, meera] = [await bookedGuest(event.id), await bookedGuest(event.id), await bookedGuest(event.id)];
    const target = await createEvent();
    await cancelDinner(event.id);
    await choose(ravi.cookie, ravi.booking.id, { choice: 'move', event_id: target.id });
    const chose = await choose(meera.cookie, meera.booking.id, { choice: 'refund' });
    await runQueue('bookings', chose.sent);

    // Not started yet: nobody is refunded automatically.
    const before = capturingEnv();
    await handleScheduled({} as ScheduledController, before.env, new Date());
    expect((await bookingRow(asha.booking.id)).status).toBe('confirmed');

    // The start passes (the row is moved into the past, as the clock would).
    await d()
      .update(events)
      .set({ startsAt: new Date(Date.now() - MIN).toISOString() })
      .where(eq(events.id, event.id));
    const runs = [capturingEnv(), capturingEnv()];
    for (const run of runs) await handleScheduled({} as ScheduledController, run.env, new Date());
    const sent = runs.flatMap((r) => r.sent).filter((m) => m.kind === 'booking-refund');
    expect(sent.filter((m) => m.bookingId === asha.booking.id)).toHaveLength(1);
    expect(sent.filter((m) => m.bookingId === ravi.booking.id || m.bookingId === meera.booking.id)).toEqual([]);
    expect(await bookingRow(asha.booking.id)).toMatchObject({ status: 'refund_pending', cancellationChoice: 'refund' });

    await runQueue('bookings', [...sent, ...sent]);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
    expect((await refundsOf(ravi.paymentId)).count).toBe(0);
    expect((await refundsOf(meera.paymentId)).count).toBe(1);
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
    expect((await bookingRow(ravi.booking.id)).status).toBe('confirmed');
    expect(await refundEmails(asha.email)).toHaveLength(1);

    // A move after the start is refused: the refund is under way.
    const late = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: target.id });
    expect(late.res.status).toBe(409);
  });
});

describe('a moved booking whose new dinner we cancel too', () => {
  /** Cancel A, move to B, cancel B: the guest's choice is open again. */
  async function movedThenCancelled() {
    const a = await createEvent();
    const b = await createEvent({ inHours: 24 * 14, title: 'Second Supper' });
    const asha = await bookedGuest(a.id);
    await cancelDinner(a.id);
    const moved = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: b.id });
    expect(moved.res.status).toBe(200);
    await cancelDinner(b.id, 'The venue flooded.');
    return { a, b, asha };
  }

  it('may take a full refund (one Razorpay refund), and is shown the choice, not "moved"', async () => {
    const { b, asha } = await movedThenCancelled();
    const options = await call('GET', `/api/bookings/${asha.booking.id}/choices`, { cookie: asha.cookie });
    expect(options.json.booking).toMatchObject({ event_id: b.id, cancellation_choice: 'move' });
    expect(options.json.booking.cancelled_at).not.toBeNull();
    expect(options.json.move_targets.length).toBeGreaterThan(0);

    const r = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
    expect(r.res.status).toBe(200);
    expect(r.json.booking).toMatchObject({ status: 'refund_pending', cancellation_choice: 'refund' });
    await runQueue('bookings', [...r.sent, ...r.sent]);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
    // And now a move is refused: never both refunded and moved.
    const other = await createEvent();
    const move = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: other.id });
    expect(move.res.status).toBe(409);
    expect(move.json.error.code).toBe('already_chosen');
  });

  it('may move again; a move while the new dinner goes ahead is still refused', async () => {
    const { b, asha } = await movedThenCancelled();
    const c = await createEvent();
    const again = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: c.id });
    expect(again.res.status).toBe(200);
    expect(again.json.booking).toMatchObject({ event_id: c.id, rescheduled_from: b.id, cancelled_at: null });
    const d2 = await createEvent();
    const third = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: d2.id });
    expect(third.res.status).toBe(409);
    expect(third.json.error.code).toBe('already_chosen');
    expect((await bookingRow(asha.booking.id)).eventId).toBe(c.id);
  });

  it('is refunded automatically at the new dinner’s start', async () => {
    const { b, asha } = await movedThenCancelled();
    await d()
      .update(events)
      .set({ startsAt: new Date(Date.now() - MIN).toISOString() })
      .where(eq(events.id, b.id));
    const run = capturingEnv();
    await handleScheduled({} as ScheduledController, run.env, new Date());
    const sent = run.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id);
    expect(sent).toHaveLength(1);
    expect(await bookingRow(asha.booking.id)).toMatchObject({ status: 'refund_pending', cancellationChoice: 'refund' });
    await runQueue('bookings', sent);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
  });
});

describe('a guest checked in before we cancelled', () => {
  const checkedIn = (bookingId: string) =>
    d()
      .update(eventBookings)
      .set({ status: 'checked_in', checkedInAt: new Date().toISOString() })
      .where(eq(eventBookings.id, bookingId));

  it('may take a full refund, and is shown the choice', async () => {
    const event = await createEvent({ inHours: 2 });
    const asha = await bookedGuest(event.id);
    await checkedIn(asha.booking.id);
    await cancelDinner(event.id);
    const options = await call('GET', `/api/bookings/${asha.booking.id}/choices`, { cookie: asha.cookie });
    expect(options.json.move_targets.length).toBeGreaterThan(0);
    const r = await choose(asha.cookie, asha.booking.id, { choice: 'refund' });
    expect(r.res.status).toBe(200);
    expect(r.json.booking).toMatchObject({ status: 'refund_pending', cancellation_choice: 'refund' });
    await runQueue('bookings', r.sent);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
  });

  it('may move, and is expected again (confirmed, not checked in) at the new dinner', async () => {
    const event = await createEvent({ inHours: 2 });
    const target = await createEvent();
    const asha = await bookedGuest(event.id);
    await checkedIn(asha.booking.id);
    await cancelDinner(event.id);
    const r = await choose(asha.cookie, asha.booking.id, { choice: 'move', event_id: target.id });
    expect(r.res.status).toBe(200);
    expect(await bookingRow(asha.booking.id)).toMatchObject({
      status: 'confirmed',
      eventId: target.id,
      checkedInAt: null,
      checkedInBy: null,
      cancellationChoice: 'move',
    });
    expect(await seatsTaken(d(), target.id)).toBe(1);
  });

  it('is refunded automatically at the start', async () => {
    const event = await createEvent({ inHours: 2 });
    const asha = await bookedGuest(event.id);
    await checkedIn(asha.booking.id);
    await cancelDinner(event.id);
    await d()
      .update(events)
      .set({ startsAt: new Date(Date.now() - MIN).toISOString() })
      .where(eq(events.id, event.id));
    const run = capturingEnv();
    await handleScheduled({} as ScheduledController, run.env, new Date());
    const sent = run.sent.filter((m) => m.kind === 'booking-refund' && m.bookingId === asha.booking.id);
    expect(sent).toHaveLength(1);
    await runQueue('bookings', sent);
    expect((await refundsOf(asha.paymentId)).count).toBe(1);
    expect((await bookingRow(asha.booking.id)).status).toBe('refunded');
  });
});

describe('POST /api/bookings/:id/running-late', () => {
  /** Moves a dinner to `startsAt` (its IST date with it), as the clock would bring it closer. */
  const startAt = (eventId: string, startsAt: Date) =>
    d()
      .update(events)
      .set({ startsAt: startsAt.toISOString(), date: istDate(startsAt) })
      .where(eq(events.id, eventId));

  /**
   * A dinner on today's IST date that started a few minutes ago (or starts in one, just after IST
   * midnight), with a guest booked through the pipeline while it was still ahead.
   */
  async function tonightWithGuest(opts: { ticket?: string } = {}) {
    const event = await createEvent({ inHours: 2 });
    const guest = await bookedGuest(event.id, opts);
    const now = new Date();
    const earlier = new Date(now.getTime() - 5 * MIN);
    await startAt(event.id, istDate(earlier) === istDate(now) ? earlier : new Date(now.getTime() + MIN));
    return { event, guest };
  }

  async function hostOf(eventId: string, withPhone = true) {
    const email = `host-${crypto.randomUUID()}@example.com`;
    const host = await createSignedInUser({ phone: withPhone ? undefined : null, email });
    await d().update(users).set({ role: 'host' }).where(eq(users.id, host.userId));
    // A confirmed email: the only kind a host's email goes to (docs/decisions/026).
    await d().insert(userProfiles).values({
      id: crypto.randomUUID(),
      userId: host.userId,
      fullName: 'Kabir Host',
      email,
      emailVerifiedAt: new Date().toISOString(),
    });
    await d().insert(eventHosts).values({ eventId, userId: host.userId, assignedBy: host.userId });
    return host;
  }

  it('records it and tells the host by WhatsApp, once; a second press within minutes is 429', async () => {
    const { event, guest: asha } = await tonightWithGuest({ ticket: 'couple' });
    const host = await hostOf(event.id);

    const r = await call('POST', `/api/bookings/${asha.booking.id}/running-late`, {
      cookie: asha.cookie,
      body: { minutes: 20 },
    });
    expect(r.res.status).toBe(200);
    expect(r.json.booking).toMatchObject({ running_late_minutes: 20, running_late_at: expect.any(String) });
    expect(r.sent).toEqual([{ kind: 'running-late', bookingId: asha.booking.id, at: r.json.booking.running_late_at }]);
    await runQueue('bookings', [...r.sent, ...r.sent]);
    const told = (await outboxFor(host.phone as string)).filter((m) => m.channel === 'whatsapp');
    expect(told).toHaveLength(1);
    expect(told[0].body).toBe(`[template running_late] Kabir | Asha Verma | 20 | ${event.title} | 2`);

    const again = await call('POST', `/api/bookings/${asha.booking.id}/running-late`, {
      cookie: asha.cookie,
      body: { minutes: 30 },
    });
    expect(again.res.status).toBe(429);
    expect(again.json).toEqual({ error: { code: 'too_soon', message: C.lateTooSoon } });
    expect((await bookingRow(asha.booking.id)).runningLateMinutes).toBe(20);
  });

  it('a host without a phone gets an email; no host: recorded all the same', async () => {
    const { event, guest: asha } = await tonightWithGuest();
    const host = await hostOf(event.id, false);
    const r = await call('POST', `/api/bookings/${asha.booking.id}/running-late`, {
      cookie: asha.cookie,
      body: { minutes: 45 },
    });
    await runQueue('bookings', r.sent);
    const [hostRow] = await d().select().from(users).where(eq(users.id, host.userId));
    const mails = (await outboxFor(hostRow.email as string)).filter((m) => m.channel === 'email');
    expect(mails.map((m) => m.subject)).toEqual(['Asha Verma is running about 45 minutes late']);

    const { guest: ravi } = await tonightWithGuest();
    const noHost = await call('POST', `/api/bookings/${ravi.booking.id}/running-late`, {
      cookie: ravi.cookie,
      body: { minutes: 10 },
    });
    expect(noHost.res.status).toBe(200);
    const done = await runQueue('bookings', noHost.sent);
    expect(done.result.explicitAcks).toHaveLength(1);
    expect((await bookingRow(ravi.booking.id)).runningLateMinutes).toBe(10);
  });

  it('is refused on another day, an hour after the start, for a cancelled dinner, and for odd minutes', async () => {
    const future = await createEvent({ inHours: 24 * 5 });
    const asha = await bookedGuest(future.id);
    const other = await call('POST', `/api/bookings/${asha.booking.id}/running-late`, {
      cookie: asha.cookie,
      body: { minutes: 10 },
    });
    expect(other.res.status).toBe(409);
    expect(other.json).toEqual({ error: { code: 'not_today', message: C.lateNotToday } });
    expect(other.sent).toEqual([]);
    expect((await bookingRow(asha.booking.id)).runningLateAt).toBeNull();

    const odd = await call('POST', `/api/bookings/${asha.booking.id}/running-late`, {
      cookie: asha.cookie,
      body: { minutes: 15 },
    });
    expect(odd.res.status).toBe(400);
    expect(odd.json.error.message).toBe(C.lateMinutesInvalid);

    const { event: tonightDinner, guest: ravi } = await tonightWithGuest();
    await startAt(tonightDinner.id, new Date(Date.now() - 61 * MIN));
    const over = await call('POST', `/api/bookings/${ravi.booking.id}/running-late`, {
      cookie: ravi.cookie,
      body: { minutes: 10 },
    });
    expect(over.res.status).toBe(409);
    expect(over.json.error.code).toBe('too_late');

    const { event: cancelled, guest: meera } = await tonightWithGuest();
    await cancelDinner(cancelled.id);
    const off = await call('POST', `/api/bookings/${meera.booking.id}/running-late`, {
      cookie: meera.cookie,
      body: { minutes: 10 },
    });
    expect(off.res.status).toBe(409);
    expect(off.json.error.code).toBe('not_open');
  });
});
