/**
 * "Money is never lost and a paid seat is never given away" (docs/decisions/012): the races,
 * outages and failures of the booking pipeline, each reproduced against the real Worker, D1 and
 * sandbox. Queue sends are captured (capturingEnv) so the real consumer never races a test.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paiseAsMoney } from '../../worker/domain/pricing';
import { db } from '../../db/client';
import { eventBookings, paymentOrders } from '../../db/schema';
import type { BookingMessage } from '../../worker/env';
import { DLQ_MAX_RETRIES } from '../../worker/queue';
import { handleScheduled } from '../../worker/scheduled';
import { seatsTaken } from '../../worker/services/ledger/seats';
import wranglerToml from '../../wrangler.toml?raw';
import {
  capturedPayment,
  capturingEnv,
  createEvent,
  createGuest,
  expireHold,
  failedPayment,
  getOrder,
  message,
  orderRow,
  outboxFor,
  placeOrder,
  postOrder,
  postWebhook,
  providerOutage,
  refundsOf,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';

const d = () => db(env.DB);
const bookingsOfEvent = (eventId: string) => d().select().from(eventBookings).where(eq(eventBookings.eventId, eventId));
const confirmationEmails = async (to: string) =>
  (await outboxFor(to)).filter((m) => m.channel === 'email' && m.subject?.startsWith("You're All Set!"));
const confirmationWhatsApps = async (phone: string) =>
  (await outboxFor(phone)).filter((m) => m.channel === 'whatsapp' && m.body.includes('booking_confirmed'));
const refundEmails = async (to: string) => (await outboxFor(to)).filter((m) => m.subject?.includes('refunded'));
const issuesFor = async (paymentId: string) =>
  (await env.DB.prepare('SELECT * FROM payment_issues WHERE payment_id = ?1').bind(paymentId).all()).results as Array<{
    payment_id: string;
    kind: string;
    refunded_at: string | null;
    detail: string;
  }>;
const payments = (sent: BookingMessage[]) => sent.filter((m) => m.kind === 'payment-captured');
const notifications = (sent: BookingMessage[]) => sent.filter((m) => m.kind === 'send-confirmation');

/** An env whose D1 refuses every statement: the database is down. */
function brokenDbEnv(base: typeof env) {
  const down = () => {
    throw new Error('D1 unavailable (test)');
  };
  const DB = new Proxy(env.DB, {
    get: (t, k) => (k === 'prepare' || k === 'batch' || k === 'exec' ? down : Reflect.get(t, k)),
  });
  return { ...base, DB } as typeof env;
}

describe('a late payment.failed (defect 1)', () => {
  it('never fails the order or releases the last seat once a capture for it is known', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    // An earlier attempt failed (wrong OTP); the guest retried in the same checkout and paid.
    const attempt = await sandboxPay(order.orderId, 'failure');
    const failedId = attempt.error?.metadata.payment_id as string;
    const paid = await sandboxPay(order.orderId);
    const q = capturingEnv();
    const captured = capturedPayment(order.orderId, paid.razorpay_payment_id, order.amountPaise);
    expect((await postWebhook('payment.captured', captured, { env: q.env })).status).toBe(200);
    // …and the earlier attempt's payment.failed arrives while the capture is still on the queue.
    const failed = failedPayment(order.orderId, failedId, order.amountPaise);
    expect((await postWebhook('payment.failed', failed, { env: q.env })).status).toBe(200);

    expect((await orderRow(order.orderId)).status).toBe('created');
    expect(await seatsTaken(d(), event.id)).toBe(1);
    const other = await createGuest();
    expect((await postOrder(other.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(409);

    await runQueue('bookings', payments(q.sent));
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'confirmed', failureReason: null });
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(0);
    expect(await refundEmails(guest.email)).toEqual([]);
    expect(await (await getOrder(guest.cookie, order.orderId)).json()).toMatchObject({
      order: { status: 'confirmed' },
    });
    expect(await bookingsOfEvent(event.id)).toHaveLength(1);
  });

  it('the capture is remembered even when it is processed after the hold ran out', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const q = capturingEnv();
    const captured = capturedPayment(order.orderId, paid.razorpay_payment_id, order.amountPaise);
    await postWebhook('payment.captured', captured, { env: q.env });
    // The queue is slow (retries, a backlog): the capture was reported a minute before the hold
    // ended, and the consumer runs a minute after.
    await d()
      .update(paymentOrders)
      .set({
        capturePendingAt: new Date(Date.now() - 120_000).toISOString(),
        holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
      })
      .where(eq(paymentOrders.razorpayOrderId, order.orderId));
    await postWebhook('payment.failed', failedPayment(order.orderId, 'pay_lateFail001', order.amountPaise), {
      env: q.env,
    });
    const other = await createGuest();
    expect((await postOrder(other.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(409);
    await runQueue('bookings', payments(q.sent));
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(0);
  });
});

describe('the dead-letter path (defect 2)', () => {
  it('a dead-lettered late payment takes no seat it does not have: no oversell, and a retry refunds it', async () => {
    const event = await createEvent({ capacity: 1 });
    const late = await createGuest();
    const a = await placeOrder(late.cookie, event.id);
    const paidA = await sandboxPay(a.orderId);
    await expireHold(a.orderId);
    const b = await createGuest();
    const orderB = await placeOrder(b.cookie, event.id);
    const paidB = await sandboxPay(orderB.orderId);
    await runQueue('bookings', [message(orderB.orderId, paidB.razorpay_payment_id)]);
    expect((await orderRow(orderB.orderId)).status).toBe('confirmed');

    const dlq = await runQueue('bookings-dlq', [message(a.orderId, paidA.razorpay_payment_id)]);
    expect(dlq.result.explicitAcks).toEqual([dlq.batch.messages[0].id]);
    expect((await orderRow(a.orderId)).status).toBe('needs_attention');
    expect(await seatsTaken(d(), event.id)).toBe(1);

    // The report comes again (a webhook retry, an operator's retry): no seat → refunded, not booked.
    await runQueue('bookings', [message(a.orderId, paidA.razorpay_payment_id)], 1);
    expect(await bookingsOfEvent(event.id)).toHaveLength(1);
    expect((await orderRow(a.orderId)).status).toBe('refunded');
    expect((await refundsOf(paidA.razorpay_payment_id)).count).toBe(1);
  });

  it('a dead-lettered order that owned its seat keeps it until a person acts', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    await runQueue('bookings-dlq', [message(order.orderId, paid.razorpay_payment_id)]);
    await expireHold(order.orderId);
    expect((await orderRow(order.orderId)).status).toBe('needs_attention');
    expect(await seatsTaken(d(), event.id)).toBe(1);
    const other = await createGuest();
    expect((await postOrder(other.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(409);
    // A retry books it into the seat it kept.
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
  });

  it('a dead-lettered second payment on a confirmed order is recorded for a person, not dropped', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const first = await sandboxPay(order.orderId);
    const second = await sandboxPay(order.orderId);
    await runQueue('bookings', [message(order.orderId, first.razorpay_payment_id)]);
    // The refund of the second payment kept failing, so its message reached the dead-letter queue.
    await runQueue('bookings-dlq', [message(order.orderId, second.razorpay_payment_id)]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'confirmed', paymentId: first.razorpay_payment_id });
    expect(await issuesFor(second.razorpay_payment_id)).toMatchObject([{ kind: 'dead_lettered' }]);
  });

  it('never acknowledges before the flag is written, and never lets the dead-letter queue delete a message', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const msg = message(order.orderId, paid.razorpay_payment_id);
    const q = capturingEnv();
    const down = brokenDbEnv(q.env);

    const first = await runQueue('bookings-dlq', [msg], 1, down);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages).toEqual([{ msgId: first.batch.messages[0].id }]);
    expect(first.delays[first.batch.messages[0].id]).toBeGreaterThan(0);

    // Its last delivery: handed back to the bookings queue (which dead-letters here again) rather
    // than deleted by the platform after max_retries.
    const last = await runQueue('bookings-dlq', [msg], DLQ_MAX_RETRIES, down);
    expect(last.result.explicitAcks).toEqual([last.batch.messages[0].id]);
    expect(q.sent).toEqual([msg]);
    expect((await orderRow(order.orderId)).status).toBe('created');

    // wrangler.toml gives the dead-letter consumer the retries the code counts on.
    const dlqBlock = wranglerToml.split('[[queues.consumers]]').find((b) => /^queue = "bookings-dlq"/m.test(b)) ?? '';
    expect(Number(/max_retries = (\d+)/.exec(dlqBlock)?.[1])).toBe(DLQ_MAX_RETRIES);
  });
});

describe('confirmations survive a provider outage (defect 3)', () => {
  it('provider answers 500: booking confirmed, no message; provider back: exactly one email and one WhatsApp', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const emailDown = await providerOutage('email', guest.email);
    const whatsappDown = await providerOutage('whatsapp', guest.phone.replace(/^\+/, ''));
    const q = capturingEnv();
    try {
      const run = await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)], 1, q.env);
      expect(run.result.retryMessages).toEqual([]);
      expect((await orderRow(order.orderId)).status).toBe('confirmed');
      expect(await confirmationEmails(guest.email)).toEqual([]);
      const notify = notifications(q.sent);
      expect(notify).toHaveLength(1);

      // Still down: the confirmation message is retried with its delay, never acknowledged.
      const again = await runQueue('bookings', notify, 1, q.env);
      expect(again.result.explicitAcks).toEqual([]);
      expect(again.delays[again.batch.messages[0].id]).toBe(10);
      // Even from the dead-letter queue.
      const dlq = await runQueue('bookings-dlq', notify, 1, q.env);
      expect(dlq.result.explicitAcks).toEqual([]);
      expect(await confirmationEmails(guest.email)).toEqual([]);
    } finally {
      await emailDown.end();
      await whatsappDown.end();
    }
    const back = await runQueue('bookings', notifications(q.sent), 2, q.env);
    expect(back.result.explicitAcks).toHaveLength(1);
    // Redeliveries of either message send nothing more.
    await runQueue('bookings', notifications(q.sent), 3, q.env);
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)], 1, q.env);
    await runQueue('bookings', notifications(q.sent), 1, q.env);
    expect(await confirmationEmails(guest.email)).toHaveLength(1);
    expect(await confirmationWhatsApps(guest.phone)).toHaveLength(1);
  });
});

describe('a captured amount or currency that differs from the order (defect 5)', () => {
  it('is flagged for an operator and refunded in full, once, and never booked', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId, 'success', 100);
    const q = capturingEnv();
    const payment = capturedPayment(order.orderId, paid.razorpay_payment_id, 100);
    expect((await postWebhook('payment.captured', payment, { env: q.env })).status).toBe(200);
    expect((await postWebhook('order.paid', payment, { env: q.env })).status).toBe(200);
    // The checkout handler reports it too, without an amount: the consumer asks Razorpay.
    const all = [...payments(q.sent), message(order.orderId, paid.razorpay_payment_id, 'verify')];
    await runQueue('bookings', all);
    await runQueue('bookings', all, 2);

    const refunds = await refundsOf(paid.razorpay_payment_id);
    expect(refunds.count).toBe(1);
    expect(refunds.items[0].amount).toBe(100);
    expect(await issuesFor(paid.razorpay_payment_id)).toMatchObject([{ kind: 'amount_mismatch' }]);
    expect((await issuesFor(paid.razorpay_payment_id))[0].refunded_at).not.toBeNull();
    // The console reads money as money, never Razorpay's paise as rupees (issue 19).
    expect((await issuesFor(paid.razorpay_payment_id))[0].detail).toBe(
      `Captured ₹1; the order is ${paiseAsMoney(order.amountPaise, 'INR')}.`,
    );
    expect(await bookingsOfEvent(event.id)).toEqual([]);
    expect((await orderRow(order.orderId)).status).toBe('created');
    // The guest can still pay the right amount in the same checkout.
    const right = await sandboxPay(order.orderId);
    await runQueue('bookings', [message(order.orderId, right.razorpay_payment_id)]);
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
  });
});

describe('failures midway', () => {
  it('the webhook handler throwing midway answers non-2xx, and the retry completes with no duplicates', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const payment = capturedPayment(order.orderId, paid.razorpay_payment_id, order.amountPaise);
    const eventId = `evt_midway_${order.orderId}`;

    const broken = capturingEnv({ failing: true });
    const first = await postWebhook('payment.captured', payment, { eventId, env: broken.env });
    expect(first.status).toBeGreaterThanOrEqual(500);

    const q = capturingEnv();
    const retry = await postWebhook('payment.captured', payment, { eventId, env: q.env });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ ok: true });
    const again = await postWebhook('payment.captured', payment, { eventId, env: q.env });
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(payments(q.sent)).toHaveLength(1);

    await runQueue('bookings', q.sent);
    await runQueue('bookings', q.sent, 2);
    expect(await bookingsOfEvent(event.id)).toHaveLength(1);
    expect(await confirmationEmails(guest.email)).toHaveLength(1);
  });

  it('a batch where message 8 of 10 throws: the others are acked once, the 8th retried with its delay, then dead-lettered and flagged', async () => {
    const event = await createEvent({ capacity: 20 });
    const guests = await Promise.all(Array.from({ length: 10 }, () => createGuest()));
    const orders = [];
    for (const g of guests) orders.push(await placeOrder(g.cookie, event.id));
    const paid: Awaited<ReturnType<typeof sandboxPay>>[] = [];
    for (const o of orders) paid.push(await sandboxPay(o.orderId));
    const bodies = orders.map((o, i) => message(o.orderId, paid[i].razorpay_payment_id));
    // The 8th was reported by verify (no amount), and Razorpay is down for that order: the
    // consumer cannot check what was captured, so processing it throws every time.
    bodies[7] = message(orders[7].orderId, paid[7].razorpay_payment_id, 'verify');
    const razorpayDown = await providerOutage('razorpay', orders[7].orderId);
    try {
      const run = await runQueue('bookings', bodies);
      const ids = run.batch.messages.map((m) => m.id);
      expect(run.result.retryMessages).toEqual([{ msgId: ids[7] }]);
      expect(run.delays[ids[7]]).toBe(10);
      expect([...run.result.explicitAcks].sort()).toEqual(ids.filter((_, i) => i !== 7).sort());
      expect(run.result.retryBatch.retry).toBe(false);

      const second = await runQueue('bookings', [bodies[7]], 2);
      expect(second.delays[second.batch.messages[0].id]).toBe(20);
      const dlq = await runQueue('bookings-dlq', [bodies[7]]);
      expect(dlq.result.explicitAcks).toEqual([dlq.batch.messages[0].id]);
      expect(await orderRow(orders[7].orderId)).toMatchObject({ status: 'needs_attention', keepsSeat: true });
    } finally {
      await razorpayDown.end();
    }

    expect(await bookingsOfEvent(event.id)).toHaveLength(9);
    for (const [i, g] of guests.entries()) expect(await confirmationEmails(g.email)).toHaveLength(i === 7 ? 0 : 1);
  }, 30_000);

  it("recordBooking's batch failing midway writes nothing: no booking without its confirmed order, and the retry books once", async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const row = await orderRow(order.orderId);
    // The batch's second statement (the order's confirmation) fails, after its first (the booking
    // row) ran: a trigger refuses it, for this order only.
    const trigger = `fail_confirm_${row.id.replace(/\W/g, '_')}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF status ON payment_orders
       WHEN NEW.id = '${row.id}' AND NEW.status = 'confirmed' BEGIN SELECT RAISE(ABORT, 'confirm refused (test)'); END`,
    ).run();
    try {
      const run = await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
      expect(run.result.retryMessages).toEqual([{ msgId: run.batch.messages[0].id }]);
      // The claim (a statement before the batch) stands; the batch's booking row was rolled back.
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', paymentId: paid.razorpay_payment_id });
      expect(await bookingsOfEvent(event.id)).toEqual([]);
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)], 2);
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
    expect(await bookingsOfEvent(event.id)).toHaveLength(1);
  });
});

describe('flagged orders are not left stuck (review item 3)', () => {
  it('a verify-only payment dead-lettered during a Razorpay outage confirms by itself once it passes', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const msg = message(order.orderId, paid.razorpay_payment_id, 'verify');
    const razorpayDown = await providerOutage('razorpay', order.orderId);
    try {
      for (const attempt of [1, 2, 3]) await runQueue('bookings', [msg], attempt);
      await runQueue('bookings-dlq', [msg]);
    } finally {
      await razorpayDown.end();
    }
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'needs_attention', keepsSeat: true });

    // The next cron run re-queues it; the consumer checks the amount with Razorpay and books it.
    const q = capturingEnv();
    await handleScheduled({} as ScheduledController, q.env);
    const mine = payments(q.sent).filter((m) => m.orderId === order.orderId);
    expect(mine).toEqual([{ ...msg, source: 'reconcile' }]);
    await runQueue('bookings', mine, 1, q.env);
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
    expect(await bookingsOfEvent(event.id)).toHaveLength(1);
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(0);
  });

  it('a flagged payment whose amount turns out wrong is refunded, flagged for a person, and frees the seat', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId, 'success', 100);
    const msg = message(order.orderId, paid.razorpay_payment_id, 'verify');
    // Dead-lettered before its amount was ever known.
    await runQueue('bookings-dlq', [msg]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'needs_attention', keepsSeat: true });
    await runQueue('bookings', [{ ...msg, source: 'reconcile' }]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded', keepsSeat: false });
    expect(await bookingsOfEvent(event.id)).toEqual([]);
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(1);
    expect(await issuesFor(paid.razorpay_payment_id)).toMatchObject([{ kind: 'amount_mismatch' }]);
    expect(await seatsTaken(d(), event.id)).toBe(0);
  });
});

describe('a broken config on a queue run (review item 7)', () => {
  it('retries every message with a delay, never acks, never throws', async () => {
    const broken = { ...env, RAZORPAY_KEY_SECRET: undefined } as unknown as typeof env;
    const msgs = [message('order_cfg_a', 'pay_cfg_a'), message('order_cfg_b', 'pay_cfg_b')];
    const run = await runQueue('bookings', msgs, 1, broken);
    const ids = run.batch.messages.map((m) => m.id);
    expect(run.result.explicitAcks).toEqual([]);
    expect(run.result.retryMessages.map((r) => r.msgId).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(run.delays[id]).toBeGreaterThan(0);
    const dlq = await runQueue('bookings-dlq', msgs, 1, broken);
    expect(dlq.result.explicitAcks).toEqual([]);
    expect(dlq.result.retryMessages).toHaveLength(2);
  });
});

describe('a permanently undeliverable confirmation (review item 8)', () => {
  it('a provider 4xx (invalid address) is recorded and not retried; the other channel still goes out', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const invalid = await providerOutage('email', guest.email, 422);
    const q = capturingEnv();
    try {
      const run = await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)], 1, q.env);
      expect(run.result.explicitAcks).toHaveLength(1);
      expect((await orderRow(order.orderId)).status).toBe('confirmed');
      // Nothing owed: no send-confirmation message cycling between the queues forever.
      expect(notifications(q.sent)).toEqual([]);
      expect(await confirmationEmails(guest.email)).toEqual([]);
      expect(await confirmationWhatsApps(guest.phone)).toHaveLength(1);
    } finally {
      await invalid.end();
    }
  });

  it('a rate limit (429) is still retried', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const limited = await providerOutage('email', guest.email, 429);
    const q = capturingEnv();
    try {
      await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)], 1, q.env);
      expect(notifications(q.sent)).toHaveLength(1);
    } finally {
      await limited.end();
    }
    await runQueue('bookings', notifications(q.sent), 2, q.env);
    expect(await confirmationEmails(guest.email)).toHaveLength(1);
  });
});
