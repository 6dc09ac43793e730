import { createScheduledController, env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { deliveries, eventBookings, paymentOrders, webhookEvents } from '../../db/schema';
import type { BookingMessage } from '../../worker/env';
import type { CapturedMessage } from '../../worker/services/ledger/capture';
import worker from '../../worker/index';
import { CAPTURE_LEASE_MS, RECONCILE_BATCH, reconcileUnpaidOrders } from '../../worker/services/cron-jobs';
import { seatsTaken } from '../../worker/services/ledger/seats';
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
  postWebhook,
  razorpayGet,
  runQueue,
  sandboxPay,
  verify,
} from './helpers/booking-fixtures';

const VERIFY_FAILED = 'Payment verification failed. Please contact support.';

const bookingsFor = (orderId: string) =>
  db(env.DB).select().from(eventBookings).where(eq(eventBookings.orderId, orderId));

describe('POST /api/payments/verify', () => {
  it('accepts the checkout signature for our stored order', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    const res = await verify(guest.cookie, paid);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ verified: true, order_id: order.orderId });
  });

  it("refuses a bad signature, a signature for another order, and another user's order, changing nothing", async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const other = await createGuest();
    const a = await placeOrder(guest.cookie, event.id);
    // Another dinner: one guest has one live hold per dinner.
    const b = await placeOrder(guest.cookie, (await createEvent()).id);
    const paidA = await sandboxPay(a.orderId);
    const paidB = await sandboxPay(b.orderId);
    const attempts = [
      { cookie: guest.cookie, body: { ...paidA, razorpay_signature: '0'.repeat(64) } },
      { cookie: guest.cookie, body: { ...paidA, razorpay_signature: paidB.razorpay_signature } },
      {
        cookie: guest.cookie,
        body: {
          razorpay_order_id: a.orderId,
          razorpay_payment_id: paidB.razorpay_payment_id,
          razorpay_signature: paidB.razorpay_signature,
        },
      },
      { cookie: other.cookie, body: paidA },
      { cookie: guest.cookie, body: { razorpay_order_id: a.orderId, razorpay_payment_id: paidA.razorpay_payment_id } },
    ];
    for (const { cookie, body } of attempts) {
      const res = await verify(cookie, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: VERIFY_FAILED } });
    }
    expect((await orderRow(a.orderId)).status).toBe('created');
  });
});

describe('POST /api/webhooks/razorpay', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id);
    const payment = capturedPayment(order.orderId, 'pay_forged0001', order.amountPaise);
    const wrongSecret = await postWebhook('payment.captured', payment, {
      eventId: 'evt_bad_sig_1',
      secret: 'not_the_secret',
    });
    const missing = await postWebhook('payment.captured', payment, { eventId: 'evt_bad_sig_2', signature: null });
    expect(wrongSecret.status).toBe(400);
    expect(missing.status).toBe(400);
    const stored = await db(env.DB).select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_bad_sig_1'));
    expect(stored).toEqual([]);
    expect((await orderRow(order.orderId)).status).toBe('created');
  });

  it('payment.failed on a live hold records the reason and keeps the seat (the guest may retry); after the hold it fails the order and frees it', async () => {
    const guest = await createGuest();
    const event = await createEvent({ capacity: 2 });
    const order = await placeOrder(guest.cookie, event.id, 'couple');
    expect(await seatsTaken(db(env.DB), event.id)).toBe(2);
    const failed = failedPayment(order.orderId, 'pay_failed0001', order.amountPaise);
    expect((await postWebhook('payment.failed', failed)).status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'created',
      failureReason: 'Payment processing failed because of incorrect OTP',
    });
    expect(await seatsTaken(db(env.DB), event.id)).toBe(2);

    await expireHold(order.orderId, 16);
    expect((await postWebhook('payment.failed', { ...failed, id: 'pay_failed0002' })).status).toBe(200);
    expect((await orderRow(order.orderId)).status).toBe('failed');
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);
    expect(await (await getOrder(guest.cookie, order.orderId)).json()).toMatchObject({ order: { status: 'failed' } });
  });

  it('a captured amount that differs from the order is queued with what was captured, and holds nothing', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id);
    const q = capturingEnv();
    const res = await postWebhook('payment.captured', capturedPayment(order.orderId, 'pay_cheap00001', 100), {
      env: q.env,
    });
    expect(res.status).toBe(200);
    expect(q.sent).toEqual([{ ...message(order.orderId, 'pay_cheap00001'), amountPaise: 100, currency: 'INR' }]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'created', capturePendingAt: null });
  });
});

describe('one payment, one booking', () => {
  it('verify + duplicate webhooks + redelivered queue messages make exactly one booking, one email and one WhatsApp', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id, 'female');
    const paid = await sandboxPay(order.orderId);
    expect((await verify(guest.cookie, paid)).status).toBe(200);
    const payment = capturedPayment(order.orderId, paid.razorpay_payment_id, order.amountPaise);
    const first = await postWebhook('payment.captured', payment, { eventId: `evt_dup_${order.orderId}` });
    const again = await postWebhook('payment.captured', payment, { eventId: `evt_dup_${order.orderId}` });
    const orderPaid = await postWebhook('order.paid', payment);
    expect([first.status, again.status, orderPaid.status]).toEqual([200, 200, 200]);
    expect(await again.json()).toMatchObject({ duplicate: true });

    const m = (source: CapturedMessage['source']) => message(order.orderId, paid.razorpay_payment_id, source);
    // The same report from every source, twice over, in two concurrent batches.
    const [one, two] = await Promise.all([
      runQueue('bookings', [m('verify'), m('webhook'), m('webhook')]),
      runQueue('bookings', [m('reconcile'), m('verify')], 2),
    ]);
    expect(one.result.retryMessages).toEqual([]);
    expect(two.result.retryMessages).toEqual([]);
    await runQueue('bookings', [m('webhook')], 3);

    const bookings = await bookingsFor((await orderRow(order.orderId)).id);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      status: 'confirmed',
      amount: 312,
      paymentId: paid.razorpay_payment_id,
      eventName: event.title,
      eventLocation: event.location,
      eventDate: event.date,
      seats: 1,
    });
    // Each message sent once, whoever delivered it: the real queue consumer, working through the
    // same messages beside runQueue, may still be mid-send (`sending`) when runQueue returns.
    await vi.waitFor(async () =>
      expect(
        (
          await db(env.DB)
            .select()
            .from(deliveries)
            .where(eq(deliveries.key, `confirmation:${bookings[0].id}`))
        )
          .map((r) => [r.channel, r.state])
          .sort(),
      ).toEqual([
        ['email', 'sent'],
        ['whatsapp', 'sent'],
      ]),
    );
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'confirmed', paymentId: paid.razorpay_payment_id });

    const view = (await (await getOrder(guest.cookie, order.orderId)).json()) as {
      order: { status: string };
      booking: { id: string; status: string };
    };
    expect(view.order.status).toBe('confirmed');
    expect(view.booking).toMatchObject({ id: bookings[0].id, status: 'confirmed' });

    // The real queue consumer may still be working through verify's and the webhooks' messages.
    await new Promise((r) => setTimeout(r, 300));
    const emails = (await outboxFor(guest.email)).filter(
      (x) => x.channel === 'email' && x.subject?.startsWith("You're All Set!"),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0].body).toContain(bookings[0].id);
    const whatsapps = (await outboxFor(guest.phone)).filter(
      (x) => x.channel === 'whatsapp' && x.body.includes('booking_confirmed'),
    );
    expect(whatsapps).toHaveLength(1);
    expect(await seatsTaken(db(env.DB), event.id)).toBe(1);
  });

  it('a consumer failure is retried with backoff, then dead-lettered and the order flagged for attention', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const other = await createGuest();
    const broken = await placeOrder(guest.cookie, event.id);
    const earlier = await placeOrder(other.cookie, event.id);
    // A payment id that already has a booking elsewhere: the insert cannot record a booking here.
    const paid = await sandboxPay(earlier.orderId);
    await runQueue('bookings', [message(earlier.orderId, paid.razorpay_payment_id)]);
    const msg = message(broken.orderId, paid.razorpay_payment_id);

    const firstTry = await runQueue('bookings', [msg], 1);
    expect(firstTry.result.explicitAcks).toEqual([]);
    expect(firstTry.result.retryMessages).toEqual([{ msgId: firstTry.batch.messages[0].id }]);
    expect(firstTry.delays[firstTry.batch.messages[0].id]).toBe(10);
    const thirdTry = await runQueue('bookings', [msg], 3);
    expect(thirdTry.result.retryMessages).toEqual([{ msgId: thirdTry.batch.messages[0].id }]);
    expect(thirdTry.delays[thirdTry.batch.messages[0].id]).toBe(40);

    const dlq = await runQueue('bookings-dlq', [msg]);
    expect(dlq.result.explicitAcks).toEqual([dlq.batch.messages[0].id]);
    expect((await orderRow(broken.orderId)).status).toBe('needs_attention');
    expect(await (await getOrder(guest.cookie, broken.orderId)).json()).toMatchObject({
      order: { status: 'needs_attention' },
      booking: null,
    });
  });

  it('a payment after its hold expired is confirmed when a seat is still free', async () => {
    const event = await createEvent({ capacity: 2 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    await expireHold(order.orderId);
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
  });

  it('a payment after its hold expired on a now-full event is refunded in full through Razorpay, once, and the guest told', async () => {
    const event = await createEvent({ capacity: 2 });
    const late = await createGuest();
    const order = await placeOrder(late.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    await expireHold(order.orderId);
    const [b, c] = [await createGuest(), await createGuest()];
    await placeOrder(b.cookie, event.id);
    await placeOrder(c.cookie, event.id);

    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id, 'verify')], 2);

    expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded', paymentId: paid.razorpay_payment_id });
    expect(await bookingsFor((await orderRow(order.orderId)).id)).toEqual([]);
    const refunds = await razorpayGet<{ count: number; items: Array<{ amount: number; status: string }> }>(
      `/v1/payments/${paid.razorpay_payment_id}/refunds`,
    );
    expect(refunds.count).toBe(1);
    expect(refunds.items[0]).toMatchObject({ amount: 49900, status: 'processed' });
    const mails = (await outboxFor(late.email)).filter((m) => m.subject?.includes('refunded'));
    expect(mails).toHaveLength(1);
    expect(await seatsTaken(db(env.DB), event.id)).toBe(2);
  });

  it('a second payment on an already-confirmed order is refunded, the booking stays', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const first = await sandboxPay(order.orderId);
    const second = await sandboxPay(order.orderId);
    await runQueue('bookings', [message(order.orderId, first.razorpay_payment_id)]);
    await runQueue('bookings', [message(order.orderId, second.razorpay_payment_id)]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'confirmed', paymentId: first.razorpay_payment_id });
    const refunds = await razorpayGet<{ count: number; items: Array<{ notes: Record<string, string> }> }>(
      `/v1/payments/${second.razorpay_payment_id}/refunds`,
    );
    expect(refunds.count).toBe(1);
    expect((await razorpayGet<{ count: number }>(`/v1/payments/${first.razorpay_payment_id}/refunds`)).count).toBe(0);
    // Refunded for what it is, a second payment, not "the hold expired and the event was full".
    expect(refunds.items[0].notes.reason).toBe('duplicate payment');
    const [mail] = (await outboxFor(guest.email)).filter((m) => m.subject?.includes('refunded'));
    expect(mail.body).toContain('already paid for');
    expect(mail.body).not.toContain('expired');
  });
});

describe('through the real bookings queue', () => {
  it('a signed payment.captured webhook alone is enough: the queue consumer confirms the booking', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id, 'couple');
    const paid = await sandboxPay(order.orderId);
    const res = await postWebhook(
      'payment.captured',
      capturedPayment(order.orderId, paid.razorpay_payment_id, order.amountPaise),
    );
    expect(res.status).toBe(200);
    // wrangler.toml's consumer (batch timeout 5 s) picks the message up; nothing is called directly.
    await expect
      .poll(
        async () =>
          ((await (await getOrder(guest.cookie, order.orderId)).json()) as { order: { status: string } }).order.status,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('confirmed');
    expect(await bookingsFor((await orderRow(order.orderId)).id)).toHaveLength(1);
  }, 30_000);
});

describe('scheduled reconciliation', () => {
  it('confirms a paid order whose webhook never arrived, by asking Razorpay for its payments', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id);
    // Another guest's: one guest has one live hold per dinner.
    const abandoned = await placeOrder((await createGuest()).cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    // Old enough to reconcile (> 2 minutes); the abandoned one's hold has also run out.
    await expireHold(order.orderId, 3);
    await expireHold(abandoned.orderId, 20);

    const sent: BookingMessage[] = [];
    const capture = {
      ...env,
      BOOKINGS: {
        send: async (m: BookingMessage) => void sent.push(m),
        sendBatch: async () => {},
      } as unknown as Queue<BookingMessage>,
    };
    // The cron's work runs in waitUntil: awaited here rather than guessed at with a fixed sleep
    // (which lost the race on a busy machine).
    const pending: Promise<unknown>[] = [];
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *' }), capture, {
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
      passThroughOnException: () => {},
    } as unknown as ExecutionContext);
    await Promise.all(pending);
    // Only this test's orders: reconcile also re-queues other tests' flagged and late orders.
    expect(ours(sent, [order.orderId, abandoned.orderId])).toEqual([
      {
        kind: 'payment-captured',
        orderId: order.orderId,
        paymentId: paid.razorpay_payment_id,
        source: 'reconcile',
        amountPaise: order.amountPaise,
        currency: 'INR',
      },
    ]);
    expect((await orderRow(abandoned.orderId)).status).toBe('expired');

    await runQueue('bookings', ours(sent, [order.orderId]));
    expect((await orderRow(order.orderId)).status).toBe('confirmed');
    expect(await bookingsFor((await orderRow(order.orderId)).id)).toHaveLength(1);
  });

  it('a payment made in the open checkout after the order failed or expired, its webhook lost, is booked by reconcile', async () => {
    const event = await createEvent({ capacity: 4 });
    const guest = await createGuest();
    const expired = await placeOrder(guest.cookie, event.id);
    const failed = await placeOrder(guest.cookie, event.id);
    await expireHold(expired.orderId, 30);
    await expireHold(failed.orderId, 30);
    await db(env.DB)
      .update(paymentOrders)
      .set({ status: 'expired' })
      .where(eq(paymentOrders.razorpayOrderId, expired.orderId));
    await db(env.DB)
      .update(paymentOrders)
      .set({ status: 'failed' })
      .where(eq(paymentOrders.razorpayOrderId, failed.orderId));
    // The guest pays both stale checkouts; neither webhook arrives and verify never runs.
    const paidExpired = await sandboxPay(expired.orderId);
    const paidFailed = await sandboxPay(failed.orderId);

    const q = capturingEnv();
    await reconcileUntil(q, (sent) => sent.filter((m) => m.kind === 'payment-captured').length >= 2, [
      expired.orderId,
      failed.orderId,
    ]);
    const mine = ours(q.sent, [expired.orderId, failed.orderId]);
    expect(mine.map((m) => (m as CapturedMessage).paymentId).sort()).toEqual(
      [paidExpired.razorpay_payment_id, paidFailed.razorpay_payment_id].sort(),
    );
    // The late path: a seat is free, so both are confirmed (never money without a seat).
    await runQueue('bookings', mine);
    expect((await orderRow(expired.orderId)).status).toBe('confirmed');
    expect((await orderRow(failed.orderId)).status).toBe('confirmed');
  });

  it('a capture mark Razorpay never confirms lapses after its lease: the seat is freed and the order expired', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    // A capture was reported inside the hold (e.g. verify of a payment that then stayed
    // uncaptured) and Razorpay lists no captured or authorized payment for the order.
    const markedAt = new Date(Date.now() - CAPTURE_LEASE_MS - 120_000).toISOString();
    await db(env.DB)
      .update(paymentOrders)
      .set({
        capturePendingAt: markedAt,
        holdExpiresAt: new Date(Date.now() - CAPTURE_LEASE_MS - 60_000).toISOString(),
        createdAt: new Date(Date.now() - CAPTURE_LEASE_MS - 600_000).toISOString(),
      })
      .where(eq(paymentOrders.razorpayOrderId, order.orderId));
    expect(await seatsTaken(db(env.DB), event.id)).toBe(1);

    const q = capturingEnv();
    await reconcileUntil(q, async () => (await orderRow(order.orderId)).status !== 'created', [order.orderId]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'expired', capturePendingAt: null });
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);
  });

  it('a capture mark inside its lease keeps the seat', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    await db(env.DB)
      .update(paymentOrders)
      .set({
        capturePendingAt: new Date(Date.now() - 120_000).toISOString(),
        holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
        createdAt: new Date(Date.now() - 20 * 60_000).toISOString(),
      })
      .where(eq(paymentOrders.razorpayOrderId, order.orderId));
    await reconcileUnpaidOrders(capturingEnv().env, db(env.DB), new Date());
    expect((await orderRow(order.orderId)).status).toBe('created');
    expect(await seatsTaken(db(env.DB), event.id)).toBe(1);
  });

  it('orders that stay unresolved run after run cannot starve the rest', async () => {
    const event = await createEvent({ capacity: 200 });
    const guest = await createGuest();
    // More stuck orders than one run asks about, all older than the paid one: a capture was
    // reported for each, and Razorpay answers an error for every one of them.
    const stuckAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const stuck = Array.from({ length: RECONCILE_BATCH + 5 }, (_, i) => ({
      id: `ord_stuck_${event.id}_${i}`,
      razorpayOrderId: `order_stuck_${event.id}_${i}`,
      receipt: `rcpt_stuck_${event.id}_${i}`,
      userId: guest.userId,
      eventId: event.id,
      ticketType: 'male' as const,
      seats: 1,
      amount: 499,
      holdExpiresAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      capturePendingAt: new Date(Date.now() - 35 * 60_000).toISOString(),
      createdAt: stuckAt,
      updatedAt: stuckAt,
    }));
    const d = db(env.DB);
    await d.batch(stuck.map((row) => d.insert(paymentOrders).values(row)) as [never, ...never[]]);
    const paid = await placeOrder(guest.cookie, event.id);
    const payment = await sandboxPay(paid.orderId);
    await expireHold(paid.orderId, 3);

    const q = capturingEnv();
    // Each run asks the least recently asked orders first, so within a few runs the paid one is.
    await reconcileUntil(q, (sent) => ours(sent, [paid.orderId]).length > 0, [paid.orderId], 4);
    expect(ours(q.sent, [paid.orderId])).toMatchObject([{ paymentId: payment.razorpay_payment_id }]);
  });
});

/** The queue messages of these orders only (other tests' orders live in the same database). */
const ours = (sent: BookingMessage[], orderIds: string[]) =>
  sent.filter((m) => m.kind === 'payment-captured' && orderIds.includes(m.orderId));

/** Runs the cron's reconciliation on `q.env` until `done` (at most `runs` times); fails if it never is. */
async function reconcileUntil(
  q: ReturnType<typeof capturingEnv>,
  done: (sent: BookingMessage[]) => boolean | Promise<boolean>,
  orderIds: string[],
  runs = 3,
) {
  for (let i = 0; i < runs; i++) {
    await reconcileUnpaidOrders(q.env, db(env.DB), new Date());
    if (await done(ours(q.sent, orderIds))) return;
  }
  throw new Error(`reconcile did not get to ${orderIds.join(', ')} in ${runs} runs`);
}
