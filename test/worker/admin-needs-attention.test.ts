/**
 * The console's "Needs attention" (docs/decisions/012, 013): flagged paid orders and payment
 * issues, listed; a retry books through the pipeline once; a refund goes through Razorpay once
 * (idempotency key `refund_<payment id>`), however many clicks, and frees the seat; every write
 * has its audit row. States are made the way the pipeline makes them (queue, dead-letter queue).
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, eventBookings, paymentIssues, users } from '../../db/schema';
import { app } from '../../worker/app';
import { seatsTaken } from '../../worker/services/ledger/seats';
import {
  createEvent,
  createGuest,
  expireHold,
  message,
  orderRow,
  outboxFor,
  placeOrder,
  refundsOf,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';

const d = () => db(env.DB);
const call = (method: string, path: string, cookie?: string) => SELF.fetch(apiRequest(method, path, { cookie }));
const bookingsOfEvent = (eventId: string) => d().select().from(eventBookings).where(eq(eventBookings.eventId, eventId));
const auditOf = (target: string) => d().select().from(auditLog).where(eq(auditLog.target, target));
const confirmationEmails = async (to: string) =>
  (await outboxFor(to)).filter((m) => m.channel === 'email' && m.subject?.startsWith("You're All Set!"));

async function operator() {
  const user = await createSignedInUser();
  await d().update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}

/** A paid order dead-lettered while it held its seat: `needs_attention`, keeps_seat. */
async function flaggedWithSeat(capacity = 1) {
  const event = await createEvent({ capacity });
  const guest = await createGuest();
  const order = await placeOrder(guest.cookie, event.id);
  const paid = await sandboxPay(order.orderId);
  await runQueue('bookings-dlq', [message(order.orderId, paid.razorpay_payment_id)]);
  const row = await orderRow(order.orderId);
  expect(row).toMatchObject({ status: 'needs_attention', keepsSeat: true });
  return { event, guest, order, row, paymentId: paid.razorpay_payment_id };
}

/** A late payment dead-lettered after its dinner filled up: `needs_attention`, no seat. */
async function flaggedOnFullDinner() {
  const event = await createEvent({ capacity: 1 });
  const late = await createGuest();
  const a = await placeOrder(late.cookie, event.id);
  const paidA = await sandboxPay(a.orderId);
  await expireHold(a.orderId);
  const b = await createGuest();
  const orderB = await placeOrder(b.cookie, event.id);
  const paidB = await sandboxPay(orderB.orderId);
  await runQueue('bookings', [message(orderB.orderId, paidB.razorpay_payment_id)]);
  await runQueue('bookings-dlq', [message(a.orderId, paidA.razorpay_payment_id)]);
  const row = await orderRow(a.orderId);
  expect(row).toMatchObject({ status: 'needs_attention', keepsSeat: false });
  return { event, row, paymentId: paidA.razorpay_payment_id, confirmed: await orderRow(orderB.orderId) };
}

/** A second payment of an order already confirmed with the first, dead-lettered: a payment_issues row. */
async function paymentIssue() {
  const event = await createEvent({ capacity: 2 });
  const guest = await createGuest();
  const order = await placeOrder(guest.cookie, event.id);
  const first = await sandboxPay(order.orderId);
  await runQueue('bookings', [message(order.orderId, first.razorpay_payment_id)]);
  const second = await sandboxPay(order.orderId);
  await runQueue('bookings-dlq', [message(order.orderId, second.razorpay_payment_id)]);
  const [issue] = await d().select().from(paymentIssues).where(eq(paymentIssues.paymentId, second.razorpay_payment_id));
  expect(issue).toMatchObject({ kind: 'dead_lettered', refundedAt: null, resolvedAt: null });
  return { order, first: first.razorpay_payment_id, second: second.razorpay_payment_id };
}

describe('the gate over the new routes', () => {
  it('lists them among the gated /api/admin routes and refuses a guest', async () => {
    const paths = app.routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders',
        'POST /api/admin/orders/:id/retry',
        'POST /api/admin/orders/:id/refund',
        'POST /api/admin/payment-issues/:payment_id/refund',
      ]),
    );
    const guest = await createGuest();
    for (const [method, path] of [
      ['GET', '/api/admin/orders?status=needs_attention'],
      ['POST', '/api/admin/orders/x/retry'],
      ['POST', '/api/admin/orders/x/refund'],
      ['POST', '/api/admin/payment-issues/x/refund'],
    ]) {
      expect((await call(method, path)).status, `${method} ${path} signed out`).toBe(401);
      expect((await call(method, path, guest.cookie)).status, `${method} ${path} guest`).toBe(403);
    }
  });
});

describe('GET /api/admin/orders?status=needs_attention', () => {
  it('lists flagged orders with guest, dinner, ticket, money and seat, and unresolved payment issues', async () => {
    const op = await operator();
    const flagged = await flaggedWithSeat();
    const issue = await paymentIssue();
    const res = await call('GET', '/api/admin/orders?status=needs_attention', op.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { orders: Array<Record<string, unknown>>; payment_issues: unknown[] };
    const mine = body.orders.find((o) => o.id === flagged.row.id);
    expect(mine).toEqual({
      id: flagged.row.id,
      razorpay_order_id: flagged.order.orderId,
      payment_id: flagged.paymentId,
      guest_name: 'Asha Verma',
      guest_phone: flagged.guest.phone,
      guest_email: flagged.guest.email,
      event_id: flagged.event.id,
      event_title: flagged.event.title,
      event_date: flagged.event.date,
      starts_at: flagged.event.startsAt,
      ticket_type: 'male',
      ticket_label: flagged.order.ticketLabel,
      seats: 1,
      amount: flagged.order.amount,
      currency: 'INR',
      failure_reason: 'Booking creation failed after payment.',
      flagged_at: flagged.row.updatedAt,
      keeps_seat: true,
    });
    expect(body.payment_issues).toContainEqual({
      payment_id: issue.second,
      razorpay_order_id: issue.order.orderId,
      kind: 'dead_lettered',
      detail: expect.stringContaining('Booking creation failed'),
      refunded_at: null,
      created_at: expect.any(String),
    });
    expect((await call('GET', '/api/admin/orders?status=confirmed', op.cookie)).status).toBe(400);
  });
});

describe('POST /api/admin/orders/:id/retry', () => {
  it('books a flagged order once through the pipeline: one booking, one email, one audit row', async () => {
    const op = await operator();
    const flagged = await flaggedWithSeat();
    const first = await call('POST', `/api/admin/orders/${flagged.row.id}/retry`, op.cookie);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { order: { status: string }; booking: { id: string; status: string } };
    expect(body.order.status).toBe('confirmed');
    expect(body.booking.status).toBe('confirmed');
    const again = await call('POST', `/api/admin/orders/${flagged.row.id}/retry`, op.cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as typeof body).booking.id).toBe(body.booking.id);

    expect(await bookingsOfEvent(flagged.event.id)).toHaveLength(1);
    expect(await confirmationEmails(flagged.guest.email)).toHaveLength(1);
    expect((await refundsOf(flagged.paymentId)).count).toBe(0);
    expect(await auditOf(`order:${flagged.row.id}`)).toMatchObject([{ action: 'order.retry', actorId: op.userId }]);
  });

  it('answers 409 on a full dinner when the order kept no seat, and changes nothing', async () => {
    const op = await operator();
    const flagged = await flaggedOnFullDinner();
    const res = await call('POST', `/api/admin/orders/${flagged.row.id}/retry`, op.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'no_seat', message: CONSOLE_COPY.admin.retryNoSeat } });
    expect(await orderRow(flagged.row.razorpayOrderId as string)).toEqual(flagged.row);
    expect(await bookingsOfEvent(flagged.event.id)).toHaveLength(1);
    expect((await refundsOf(flagged.paymentId)).count).toBe(0);
    expect(await auditOf(`order:${flagged.row.id}`)).toEqual([]);
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it('two concurrent clicks refund once at Razorpay, move the order to refunded, free the seat, audit once', async () => {
    const op = await operator();
    const flagged = await flaggedWithSeat(1);
    expect(await seatsTaken(d(), flagged.event.id)).toBe(1);
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/orders/${flagged.row.id}/refund`, op.cookie),
      call('POST', `/api/admin/orders/${flagged.row.id}/refund`, op.cookie),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(((await a.json()) as { order: { status: string } }).order.status).toBe('refunded');
    expect(((await b.json()) as { order: { status: string } }).order.status).toBe('refunded');

    const refunds = await refundsOf(flagged.paymentId);
    expect(refunds.count).toBe(1);
    expect(refunds.items[0].amount).toBe(flagged.order.amountPaise);
    expect(await orderRow(flagged.order.orderId)).toMatchObject({
      status: 'refunded',
      keepsSeat: false,
      failureReason: CONSOLE_COPY.admin.refundedByOperator,
    });
    expect(await seatsTaken(d(), flagged.event.id)).toBe(0);
    expect(await bookingsOfEvent(flagged.event.id)).toEqual([]);
    const audit = await auditOf(`order:${flagged.row.id}`);
    expect(audit).toMatchObject([{ action: 'order.refund', actorId: op.userId }]);
    expect(JSON.parse(audit[0].after as string)).toMatchObject({ status: 'refunded', payment_id: flagged.paymentId });

    // A third click later: still one refund, still success.
    expect((await call('POST', `/api/admin/orders/${flagged.row.id}/refund`, op.cookie)).status).toBe(200);
    expect((await refundsOf(flagged.paymentId)).count).toBe(1);
  });

  it('refuses an order that does not need attention (409), and refunds nothing', async () => {
    const op = await operator();
    const flagged = await flaggedOnFullDinner();
    const confirmed = flagged.confirmed;
    expect(confirmed.status).toBe('confirmed');
    const res = await call('POST', `/api/admin/orders/${confirmed.id}/refund`, op.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'not_flagged', message: CONSOLE_COPY.admin.orderNotFlagged } });
    expect((await refundsOf(confirmed.paymentId as string)).count).toBe(0);
    expect(await orderRow(confirmed.razorpayOrderId as string)).toEqual(confirmed);
    expect(await auditOf(`order:${confirmed.id}`)).toEqual([]);
    expect((await call('POST', '/api/admin/orders/ord_nope/refund', op.cookie)).status).toBe(404);
  });
});

describe('POST /api/admin/payment-issues/:payment_id/refund', () => {
  it('refunds the payment once however many clicks, resolves the issue and audits once', async () => {
    const op = await operator();
    const issue = await paymentIssue();
    const path = `/api/admin/payment-issues/${issue.second}/refund`;
    const [a, b] = await Promise.all([call('POST', path, op.cookie), call('POST', path, op.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await call('POST', path, op.cookie)).status).toBe(200);

    expect((await refundsOf(issue.second)).count).toBe(1);
    expect((await refundsOf(issue.first)).count).toBe(0);
    const [row] = await d().select().from(paymentIssues).where(eq(paymentIssues.paymentId, issue.second));
    expect(row.refundedAt).not.toBeNull();
    expect(row.resolvedAt).not.toBeNull();
    expect(await auditOf(`payment:${issue.second}`)).toMatchObject([{ action: 'payment_issue.refund' }]);
    expect((await orderRow(issue.order.orderId)).status).toBe('confirmed');

    const list = (await (await call('GET', '/api/admin/orders?status=needs_attention', op.cookie)).json()) as {
      payment_issues: Array<{ payment_id: string }>;
    };
    expect(list.payment_issues.map((i) => i.payment_id)).not.toContain(issue.second);
    expect((await call('POST', '/api/admin/payment-issues/pay_nope/refund', op.cookie)).status).toBe(404);
  });
});
