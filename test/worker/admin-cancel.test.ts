/**
 * Cancelling a dinner and messaging its guests (docs/decisions/016): one batch writes the change,
 * its notice and its audit row; the `bookings` queue delivers one email and one WhatsApp per
 * confirmed guest, claimed per channel so a redelivery, a retried cancel or the cron's re-enqueue
 * sends nothing twice; holds are released, the dinner is gone for guests, and a payment that
 * arrives for it is refunded once. Routes run on an env whose queue records what is sent, and the
 * test hands those messages to the real consumer.
 */
import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, deliveries, eventBookings, events, guestMessages, userProfiles, users } from '../../db/schema';
import {
  CANCELLED_REFUND_REASON,
  CONSOLE_WHATSAPP_TEMPLATES,
  guestMessage,
  WHATSAPP_BODY_MAX,
  WHATSAPP_SHORTENED,
} from '../../worker/domain/booking-messages';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { dinnerWhenWhatsApp } from '../../worker/domain/booking-messages';
import { formatIstDate } from '../../worker/domain/time';
import type { BookingMessage } from '../../worker/env';
import worker from '../../worker/index';
import { handleScheduled } from '../../worker/scheduled';
import { REQUEUE_AFTER_MS } from '../../worker/services/guest-messages';
import { seatsTaken } from '../../worker/services/ledger/seats';
import { TEMPLATE_BODIES } from '../sandbox/whatsapp-templates';
import {
  bookedGuest,
  capturedPayment,
  capturingEnv,
  createEvent,
  createGuest,
  message,
  orderRow,
  outboxFor,
  placeOrder,
  postOrder,
  postWebhook,
  providerOutage,
  razorpayGet,
  refundsOf,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const G = CONSOLE_COPY.guestMessages;
const d = () => db(env.DB);

async function operator() {
  const user = await createSignedInUser();
  await d().update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}

/** A request through the Worker on `e` (default: a queue that records what is sent). */
async function call(
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; env?: typeof env } = {},
): Promise<Response> {
  const req = apiRequest(method, path, opts) as Request<unknown, IncomingRequestCfProperties>;
  return worker.fetch(req, opts.env ?? env, createExecutionContext());
}

/** A guest with a confirmed booking on `eventId`, booked through the real pipeline. */

const cancellationEmails = async (to: string) =>
  (await outboxFor(to)).filter((m) => m.channel === 'email' && m.subject?.startsWith('Cancelled: '));
const cancellationWhatsApps = async (to: string) =>
  (await outboxFor(to)).filter((m) => m.channel === 'whatsapp' && m.body.startsWith('[template dinner_cancelled]'));
const auditOf = (eventId: string, action: string) =>
  d()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `event:${eventId}`), eq(auditLog.action, action as 'event.cancel')));
const messagesOf = (eventId: string) => d().select().from(guestMessages).where(eq(guestMessages.eventId, eventId));

/** Cancels through the API on a recording queue; answers the response, its JSON and what was enqueued. */
async function cancel(cookie: string, eventId: string, reason: unknown, opts: { failing?: boolean } = {}) {
  const q = capturingEnv(opts);
  const res = await call('POST', `/api/admin/events/${eventId}/cancel`, { cookie, body: { reason }, env: q.env });
  return { res, body: (await res.json()) as Record<string, unknown>, sent: q.sent };
}

describe('POST /api/admin/events/:id/cancel', () => {
  it('tells a guest already checked in too (checked in before we cancelled)', async () => {
    const op = await operator();
    const event = await createEvent({ inHours: 2 });
    const asha = await bookedGuest(event.id);
    await d()
      .update(eventBookings)
      .set({ status: 'checked_in', checkedInAt: new Date().toISOString() })
      .where(eq(eventBookings.id, asha.booking.id));
    const { res, body, sent } = await cancel(op.cookie, event.id, 'The venue flooded.');
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ message: { kind: 'cancellation', recipients: 1 } });
    expect(sent).toEqual([expect.objectContaining({ kind: 'guest-message', bookingId: asha.booking.id })]);
    await runQueue('bookings', sent);
    expect(await cancellationEmails(asha.email)).toHaveLength(1);
    expect(await cancellationWhatsApps(asha.phone)).toHaveLength(1);
  });

  it('tells every confirmed guest once by email and WhatsApp, releases holds, hides the dinner for good, audits', async () => {
    const op = await operator();
    const event = await createEvent({ capacity: 8 });
    const [asha, ravi] = [await bookedGuest(event.id), await bookedGuest(event.id)];
    // A live hold, unpaid: released by the cancel.
    const holder = await createGuest();
    const hold = await placeOrder(holder.cookie, event.id);
    expect(await seatsTaken(d(), event.id)).toBe(3);

    const reason = 'Our chef is unwell.\nWe are very sorry.';
    const { res, body, sent } = await cancel(op.cookie, event.id, `  ${reason}  `);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      event: { id: event.id, available: false, cancel_reason: reason, cancelled_at: expect.any(String) },
      message: { kind: 'cancellation', body: reason, recipients: 2 },
      queued: true,
    });
    const messageId = (body.message as { id: string }).id;
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        { kind: 'guest-message', messageId, bookingId: asha.booking.id },
        { kind: 'guest-message', messageId, bookingId: ravi.booking.id },
      ]),
    );

    // Delivered by the real consumer; a redelivery of the same messages sends nothing more.
    const first = await runQueue('bookings', sent);
    expect(first.result.explicitAcks).toHaveLength(2);
    await runQueue('bookings', sent);
    for (const guest of [asha, ravi]) {
      const emails = await cancellationEmails(guest.email);
      expect(emails).toHaveLength(1);
      expect(emails[0].subject).toBe(`Cancelled: ${event.title}, ${formatIstDate(event.startsAt)}`);
      expect(emails[0].body).toContain(
        `${event.title} on ${dinnerWhenWhatsApp(event.startsAt, event.endsAt)} is cancelled.`,
      );
      expect(emails[0].body).toContain(`Why: ${reason}`);
      expect(emails[0].body).toContain('You may take a full refund or reschedule to a future dinner');
      expect(emails[0].body).toContain('reply to this email');
      expect(emails[0].body).toContain(guest.booking.id);
      const whatsapps = await cancellationWhatsApps(guest.phone);
      expect(whatsapps).toHaveLength(1);
      // One line per parameter (Graph refuses newlines in one): the reason's newline became " · ";
      // the last one is the guest's My Booking link, where they choose.
      const rendered = guestMessage({
        kind: 'cancellation',
        name: 'Asha Verma',
        bookingId: guest.booking.id,
        eventName: event.title,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        subject: '',
        body: reason,
        origin: env.APP_ORIGIN,
      });
      expect(rendered.whatsapp.params.slice(0, 4)).toEqual([
        'Asha',
        event.title,
        dinnerWhenWhatsApp(event.startsAt, event.endsAt),
        'Our chef is unwell. · We are very sorry.',
      ]);
      expect(rendered.whatsapp.params[4]).toMatch(new RegExp(`^${env.APP_ORIGIN}/`));
      expect(whatsapps[0].body).toBe(`[template dinner_cancelled] ${rendered.whatsapp.params.join(' | ')}`);
    }
    expect(
      await d()
        .select()
        .from(deliveries)
        .where(like(deliveries.key, `message:${messageId}:%`)),
    ).toHaveLength(4);

    // Holds released: the unpaid order expired, only the two booked seats remain taken.
    expect((await orderRow(hold.orderId)).status).toBe('expired');
    expect(await seatsTaken(d(), event.id)).toBe(2);

    // Gone for guests, and it cannot come back or be booked.
    const list = (await (await SELF.fetch(apiRequest('GET', '/api/events'))).json()) as { events: { id: string }[] };
    expect(list.events.map((e) => e.id)).not.toContain(event.id);
    expect((await SELF.fetch(apiRequest('GET', `/api/events/${event.city}`))).status).toBe(404);
    expect((await SELF.fetch(apiRequest('GET', `/api/events/${event.id}`))).status).toBe(404);
    const reshow = await call('PATCH', `/api/admin/events/${event.id}`, {
      cookie: op.cookie,
      body: { available: true },
    });
    expect(reshow.status).toBe(409);
    expect(await reshow.json()).toEqual({ error: { code: 'dinner_cancelled', message: G.cannotEditCancelled } });
    const [row] = await d().select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ available: false, cancelReason: reason });
    const late = await createGuest();
    const order = await postOrder(late.cookie, { event_id: event.id, ticket_type: 'male' });
    expect(order.status).toBe(400);

    // The console shows it cancelled; one audit row.
    const admin = (await (await call('GET', '/api/admin/events', { cookie: op.cookie })).json()) as {
      events: Array<{ id: string; cancelled_at: string | null; cancel_reason: string | null }>;
    };
    expect(admin.events.find((e) => e.id === event.id)).toMatchObject({
      cancelled_at: row.cancelledAt,
      cancel_reason: reason,
    });
    expect(await auditOf(event.id, 'event.cancel')).toMatchObject([
      {
        actorId: op.userId,
        before: JSON.stringify({ available: true, cancelled_at: null, cancel_reason: null }),
      },
    ]);
    expect(await auditOf(event.id, 'event.update')).toEqual([]);
  });

  it('a second cancel is 409 and tells nobody twice; a retried cancel re-enqueues only who was not told', async () => {
    const op = await operator();
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    const ravi = await bookedGuest(event.id);
    const first = await cancel(op.cookie, event.id, 'Venue flooded.');
    expect(first.res.status).toBe(200);
    // Only Asha's message is delivered before the operator clicks again.
    await runQueue(
      'bookings',
      first.sent.filter((m) => m.kind === 'guest-message' && m.bookingId === asha.booking.id),
    );

    const again = await cancel(op.cookie, event.id, 'Venue flooded, again.');
    expect(again.res.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'already_cancelled', message: G.alreadyCancelled } });
    expect(again.sent).toEqual([{ kind: 'guest-message', messageId: expect.any(String), bookingId: ravi.booking.id }]);
    await runQueue('bookings', [...first.sent, ...again.sent]);

    expect(await cancellationEmails(asha.email)).toHaveLength(1);
    expect(await cancellationEmails(ravi.email)).toHaveLength(1);
    expect(await cancellationWhatsApps(ravi.phone)).toHaveLength(1);
    expect(await messagesOf(event.id)).toHaveLength(1);
    expect(await auditOf(event.id, 'event.cancel')).toHaveLength(1);
    const [row] = await d().select().from(events).where(eq(events.id, event.id));
    expect(row.cancelReason).toBe('Venue flooded.');
  });

  it('when enqueueing fails after the batch, the cron enqueues the undelivered guests and each is told once', async () => {
    const op = await operator();
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    const { res, body } = await cancel(op.cookie, event.id, 'Storm warning.', { failing: true });
    expect(res.status).toBe(200);
    expect(body.queued).toBe(false);
    expect(await cancellationEmails(asha.email)).toEqual([]);

    // Too soon: a message may still be on its way through the queue.
    const early = capturingEnv();
    await handleScheduled({} as ScheduledController, early.env, new Date());
    expect(early.sent.filter((m) => m.kind === 'guest-message')).toEqual([]);

    const later = new Date(Date.now() + REQUEUE_AFTER_MS + 60_000);
    const cron = capturingEnv();
    await handleScheduled({} as ScheduledController, cron.env, later);
    const mine = cron.sent.filter((m) => m.kind === 'guest-message' && m.bookingId === asha.booking.id);
    expect(mine).toHaveLength(1);
    await runQueue('bookings', [...mine, ...mine]);
    expect(await cancellationEmails(asha.email)).toHaveLength(1);
    expect(await cancellationWhatsApps(asha.phone)).toHaveLength(1);

    // Delivered: the next run enqueues nothing for it.
    const next = capturingEnv();
    await handleScheduled({} as ScheduledController, next.env, later);
    expect(next.sent.filter((m) => m.kind === 'guest-message' && m.bookingId === asha.booking.id)).toEqual([]);
  });

  it('a provider outage releases the claim: the retry sends it, once', async () => {
    const op = await operator();
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    const { sent } = await cancel(op.cookie, event.id, 'Power cut at the venue.');
    const outage = await providerOutage('email', asha.email, 503);
    try {
      const failed = await runQueue('bookings', sent);
      expect(failed.result.retryMessages).toHaveLength(1);
    } finally {
      await outage.end();
    }
    expect(await cancellationEmails(asha.email)).toEqual([]);
    expect(await cancellationWhatsApps(asha.phone)).toHaveLength(1);
    const retried = await runQueue('bookings', sent, 2);
    expect(retried.result.explicitAcks).toHaveLength(1);
    expect(await cancellationEmails(asha.email)).toHaveLength(1);
    expect(await cancellationWhatsApps(asha.phone)).toHaveLength(1);
    // From the dead-letter queue too, nothing more.
    await runQueue('bookings-dlq', sent);
    expect(await cancellationEmails(asha.email)).toHaveLength(1);
  });

  it('refuses a dinner that started, an unknown one and a bad reason, and writes nothing', async () => {
    const op = await operator();
    const started = await createEvent({ inHours: -1 });
    const res = await cancel(op.cookie, started.id, 'Too late.');
    expect(res.res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'dinner_started', message: G.dinnerStarted } });
    expect((await cancel(op.cookie, 'no-such-dinner', 'Why not.')).res.status).toBe(404);

    const event = await createEvent();
    await bookedGuest(event.id);
    for (const reason of ['', '   ', 'x'.repeat(501), 42, undefined]) {
      const bad = await cancel(op.cookie, event.id, reason);
      expect(bad.res.status, JSON.stringify(reason)).toBe(400);
      expect(bad.body).toMatchObject({ error: { code: 'invalid_input', fields: { reason: G.reasonRequired } } });
      expect(bad.sent).toEqual([]);
    }
    for (const id of [started.id, event.id]) {
      const [row] = await d().select().from(events).where(eq(events.id, id));
      expect(row.cancelledAt).toBeNull();
      expect(await messagesOf(id)).toEqual([]);
      expect(await auditOf(id, 'event.cancel')).toEqual([]);
    }
    expect((await d().select().from(events).where(eq(events.id, event.id)))[0].available).toBe(true);
  });

  it('sends no reminders for a cancelled dinner', async () => {
    const op = await operator();
    const event = await createEvent({ inHours: 30 });
    const asha = await bookedGuest(event.id);
    await cancel(op.cookie, event.id, 'Venue closed.');
    await handleScheduled({} as ScheduledController, capturingEnv().env);
    const claims = await d().select().from(deliveries).where(eq(deliveries.bookingId, asha.booking.id));
    expect(claims.filter((r) => r.key.startsWith('reminder:'))).toEqual([]);
  });
});

describe('a payment for a cancelled dinner', () => {
  it('a capture reported before the cancel and booked after it is refunded in full, once', async () => {
    const op = await operator();
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const paid = await sandboxPay(order.orderId);
    // Verify reports it (the capture mark is written, the seat kept) but the queue has not run yet.
    const q = capturingEnv();
    const verified = await worker.fetch(
      apiRequest('POST', '/api/payments/verify', { cookie: guest.cookie, body: paid }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      q.env,
      createExecutionContext(),
    );
    expect(verified.status).toBe(200);
    expect((await orderRow(order.orderId)).capturePendingAt).not.toBeNull();

    const cancelled = await cancel(op.cookie, event.id, 'Chef unwell.');
    expect(cancelled.res.status).toBe(200);
    // Not dropped: the order with a capture being booked keeps its state through the cancel.
    expect((await orderRow(order.orderId)).status).toBe('created');

    const captured = q.sent.filter(
      (m): m is Extract<BookingMessage, { kind: 'payment-captured' }> => m.kind === 'payment-captured',
    );
    await runQueue('bookings', captured);
    await runQueue('bookings', captured);
    await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id, 'reconcile')]);

    const refunds = await refundsOf(paid.razorpay_payment_id);
    expect(refunds.count).toBe(1);
    expect(refunds.items[0].amount).toBe(order.amountPaise);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'refunded',
      paymentId: paid.razorpay_payment_id,
      failureReason: CANCELLED_REFUND_REASON,
    });
    expect(await d().select().from(eventBookings).where(eq(eventBookings.eventId, event.id))).toEqual([]);
    const mails = (await outboxFor(guest.email)).filter((m) => m.subject?.includes('has been refunded'));
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('was cancelled');
    expect((await outboxFor(guest.email)).filter((m) => m.subject?.startsWith("You're All Set!"))).toEqual([]);
  });

  it('a payment made after the cancel on the still-open checkout is refunded once, never booked', async () => {
    const op = await operator();
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    await cancel(op.cookie, event.id, 'Low attendance.');
    expect((await orderRow(order.orderId)).status).toBe('expired');

    const paid = await sandboxPay(order.orderId);
    const q = capturingEnv();
    const hook = await postWebhook(
      'payment.captured',
      capturedPayment(order.orderId, paid.razorpay_payment_id, order.amountPaise),
      { env: q.env },
    );
    expect(hook.status).toBe(200);
    await runQueue('bookings', q.sent);
    await runQueue('bookings', q.sent);
    expect((await refundsOf(paid.razorpay_payment_id)).count).toBe(1);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded', failureReason: CANCELLED_REFUND_REASON });
    expect(await d().select().from(eventBookings).where(eq(eventBookings.eventId, event.id))).toEqual([]);
  });
});

describe('POST /api/admin/events/:id/message', () => {
  it('writes to every confirmed guest by email and WhatsApp, as the preview renders it, with its audit row', async () => {
    const op = await operator();
    const event = await createEvent();
    const [asha, ravi] = [await bookedGuest(event.id), await bookedGuest(event.id)];

    const count = (await (
      await call('GET', `/api/admin/events/${event.id}/messages`, { cookie: op.cookie })
    ).json()) as { recipients: number; messages: unknown[]; event: { cancelled_at: string | null } };
    expect(count).toMatchObject({ recipients: 2, messages: [], event: { cancelled_at: null } });

    const input = { subject: 'Parking tonight', body: 'Use gate 2.\nThe lift is on the left.' };
    const q = capturingEnv();
    const messageId = crypto.randomUUID();
    const res = await call('POST', `/api/admin/events/${event.id}/message`, {
      cookie: op.cookie,
      body: { message_id: messageId, ...input },
      env: q.env,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: { id: string; recipients: number }; queued: boolean };
    expect(body).toMatchObject({
      message: { id: `gm_${messageId}`, kind: 'announcement', ...input, recipients: 2 },
      queued: true,
    });
    await runQueue('bookings', q.sent);
    await runQueue('bookings', q.sent);

    for (const guest of [asha, ravi]) {
      const preview = guestMessage({
        kind: 'announcement',
        name: 'Asha Verma',
        bookingId: guest.booking.id,
        eventName: event.title,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        ...input,
        origin: env.APP_ORIGIN,
      });
      const emails = (await outboxFor(guest.email)).filter((m) => m.subject === input.subject);
      expect(emails).toHaveLength(1);
      expect(emails[0].body).toContain('Use gate 2.');
      expect(emails[0].body).toContain(guest.booking.id);
      const whatsapps = (await outboxFor(guest.phone)).filter((m) => m.body.includes('guest_announcement'));
      expect(whatsapps).toHaveLength(1);
      expect(whatsapps[0].body).toBe(`[template guest_announcement] ${preview.whatsapp.params.join(' | ')}`);
      expect(preview.whatsapp.text).toContain(
        'Subject: *Parking tonight*\nMessage: Use gate 2. · The lift is on the left.',
      );
      expect(preview.whatsapp.shortened).toBe(false);
    }
    expect(await auditOf(event.id, 'event.message')).toMatchObject([
      { actorId: op.userId, after: JSON.stringify({ message_id: body.message.id, subject: input.subject }) },
    ]);
    const listed = (await (
      await call('GET', `/api/admin/events/${event.id}/messages`, { cookie: op.cookie })
    ).json()) as { messages: Array<Record<string, unknown>> };
    expect(listed.messages).toEqual([
      expect.objectContaining({ id: body.message.id, delivered_email: 2, delivered_whatsapp: 2 }),
    ]);
  });

  it('refuses a dinner with no confirmed guest, a cancelled one and an invalid body, writing nothing', async () => {
    const op = await operator();
    const empty = await createEvent();
    const q = capturingEnv();
    const none = await call('POST', `/api/admin/events/${empty.id}/message`, {
      cookie: op.cookie,
      body: { message_id: crypto.randomUUID(), subject: 'Hello', body: 'Anyone?' },
      env: q.env,
    });
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: { code: 'no_guests', message: G.noGuests } });

    const event = await createEvent();
    await bookedGuest(event.id);
    const id = () => ({ message_id: crypto.randomUUID() });
    for (const body of [
      { ...id(), subject: '', body: 'x' },
      { ...id(), subject: 'x', body: '  ' },
      { ...id(), subject: 'x'.repeat(121), body: 'x' },
      { ...id(), subject: 'x', body: 'x'.repeat(901) },
      { ...id(), subject: 'x' },
      { ...id(), subject: 'x', body: 'x', extra: 1 },
    ]) {
      const bad = await call('POST', `/api/admin/events/${event.id}/message`, { cookie: op.cookie, body, env: q.env });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // The idempotency key: required, a UUID.
    for (const message_id of [undefined, '', 'not-a-uuid', 42, `${crypto.randomUUID()}x`]) {
      const bad = await call('POST', `/api/admin/events/${event.id}/message`, {
        cookie: op.cookie,
        body: { message_id, subject: 'Hello', body: 'Hi' },
        env: q.env,
      });
      expect(bad.status, JSON.stringify(message_id)).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: { code: 'invalid_input', fields: { message_id: G.messageIdInvalid } },
      });
    }
    await cancel(op.cookie, event.id, 'Closed.');
    const cancelled = await call('POST', `/api/admin/events/${event.id}/message`, {
      cookie: op.cookie,
      body: { ...id(), subject: 'Hello', body: 'Still on?' },
      env: q.env,
    });
    expect(cancelled.status).toBe(409);
    expect(q.sent).toEqual([]);
    expect(await messagesOf(empty.id)).toEqual([]);
    expect((await messagesOf(event.id)).map((m) => m.kind)).toEqual(['cancellation']);
    expect(await auditOf(empty.id, 'event.message')).toEqual([]);
    expect(await auditOf(event.id, 'event.message')).toEqual([]);
    expect(
      (
        await call('POST', '/api/admin/events/nope/message', {
          cookie: op.cookie,
          body: { ...id(), subject: 'a', body: 'b' },
        })
      ).status,
    ).toBe(404);
  });
});

/** Posts an announcement on a recording queue; answers the response, its JSON and what was enqueued. */
async function announce(cookie: string, eventId: string, input: { message_id: string; subject: string; body: string }) {
  const q = capturingEnv();
  const res = await call('POST', `/api/admin/events/${eventId}/message`, { cookie, body: input, env: q.env });
  return { res, body: (await res.json()) as Record<string, unknown>, sent: q.sent };
}

describe('review fixes', () => {
  it('a second payment on a confirmed order of a cancelled dinner is refunded as a duplicate, the booking standing', async () => {
    const op = await operator();
    const event = await createEvent();
    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    const first = await sandboxPay(order.orderId);
    const second = await sandboxPay(order.orderId);
    await runQueue('bookings', [message(order.orderId, first.razorpay_payment_id)]);
    expect((await cancel(op.cookie, event.id, 'Chef unwell.')).res.status).toBe(200);

    await runQueue('bookings', [message(order.orderId, second.razorpay_payment_id)]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'confirmed', paymentId: first.razorpay_payment_id });
    const refunds = await razorpayGet<{ count: number; items: Array<{ notes: Record<string, string> }> }>(
      `/v1/payments/${second.razorpay_payment_id}/refunds`,
    );
    expect(refunds.count).toBe(1);
    expect(refunds.items[0].notes.reason).toBe('duplicate payment');
    expect((await refundsOf(first.razorpay_payment_id)).count).toBe(0);
    const mails = (await outboxFor(guest.email)).filter((m) => m.subject?.includes('has been refunded'));
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('a second payment for a booking');
    expect(mails[0].body).not.toContain('could not be booked');
  });

  it('the WhatsApp templates have fixed words around every variable, end in fixed text, and ask for no reply', () => {
    // The sandbox checks filled-in lengths with the same words.
    expect(TEMPLATE_BODIES).toEqual(CONSOLE_WHATSAPP_TEMPLATES);
    for (const [name, words] of Object.entries(CONSOLE_WHATSAPP_TEMPLATES)) {
      expect(words, name).not.toMatch(/^\s*\{\{\d+\}\}/);
      expect(words, name).not.toMatch(/\{\{\d+\}\}[\s*_~.]*$/);
      expect(words.endsWith('— Team Tablemates'), name).toBe(true);
      for (const line of words.split('\n')) expect(line, name).not.toMatch(/^[\s*_~]*\{\{\d+\}\}[\s*_~.:]*$/);
      expect(words, name).not.toMatch(/reply to this message/i);
    }
    expect(CONSOLE_WHATSAPP_TEMPLATES.dinner_cancelled).toContain(
      'You may take a full refund or reschedule to a future dinner',
    );
    expect(CONSOLE_WHATSAPP_TEMPLATES.dinner_cancelled).toContain('open My Booking at {{5}}');
  });

  it('a long announcement and a long reason reach WhatsApp shortened to fit 1,024 characters; the email has all of it', async () => {
    const op = await operator();
    const event = await createEvent({ title: `A Very Long Dinner Title ${'x'.repeat(95)}` });
    expect(event.title).toHaveLength(120);
    const asha = await bookedGuest(event.id);
    const longName = `${'A'.repeat(40)} Verma`;
    await d().update(userProfiles).set({ fullName: longName }).where(eq(userProfiles.userId, asha.userId));

    // The sandbox refuses what Meta refuses: the same template over 1,024 characters filled in.
    const tooLong = await fetch(`${env.SANDBOX_URL}/whatsapp/v21.0/1/messages`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: asha.phone,
        type: 'template',
        template: {
          name: 'guest_announcement',
          components: [{ type: 'body', parameters: ['a', 'b', 'c', 'd', 'e'.repeat(1000)].map((text) => ({ text })) }],
        },
      }),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: 132005 } });

    const input = { message_id: crypto.randomUUID(), subject: 'S'.repeat(120), body: `${'word '.repeat(179)}last.` };
    expect(input.body.length).toBeLessThanOrEqual(900);
    const posted = await announce(op.cookie, event.id, input);
    expect(posted.res.status).toBe(201);
    await runQueue('bookings', posted.sent);
    const rendered = guestMessage({
      kind: 'announcement',
      name: longName,
      bookingId: asha.booking.id,
      eventName: event.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      subject: input.subject,
      body: input.body,
      origin: env.APP_ORIGIN,
    });
    expect(rendered.whatsapp.shortened).toBe(true);
    expect(rendered.whatsapp.text.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
    expect(rendered.whatsapp.text.length).toBeGreaterThan(WHATSAPP_BODY_MAX - 10);
    expect(rendered.whatsapp.params[4].endsWith(WHATSAPP_SHORTENED)).toBe(true);
    const whatsapps = (await outboxFor(asha.phone)).filter((m) => m.body.startsWith('[template guest_announcement]'));
    expect(whatsapps).toEqual([
      expect.objectContaining({ body: `[template guest_announcement] ${rendered.whatsapp.params.join(' | ')}` }),
    ]);
    const [mail] = (await outboxFor(asha.email)).filter((m) => m.subject === input.subject);
    expect(mail.body).toContain(input.body);

    // The longest reason, for a guest whose first name is as long as a name can be.
    const reason = 'The venue flooded and '.repeat(23).slice(0, 500);
    const longerName = `${'B'.repeat(90)} Verma`;
    await d().update(userProfiles).set({ fullName: longerName }).where(eq(userProfiles.userId, asha.userId));
    const cancelled = await cancel(op.cookie, event.id, reason);
    expect(cancelled.res.status).toBe(200);
    await runQueue('bookings', cancelled.sent);
    const [notice] = await cancellationWhatsApps(asha.phone);
    expect(notice.body).toContain(WHATSAPP_SHORTENED);
    const [noticeParams] = [notice.body.replace('[template dinner_cancelled] ', '').split(' | ')];
    const filled = CONSOLE_WHATSAPP_TEMPLATES.dinner_cancelled.replace(
      /\{\{(\d+)\}\}/g,
      (_, n: string) => noticeParams[Number(n) - 1],
    );
    // Without shortening the reason it would not have fitted.
    const unshortened = CONSOLE_WHATSAPP_TEMPLATES.dinner_cancelled.replace(/\{\{(\d+)\}\}/g, (_, n: string) =>
      n === '4' ? reason : noticeParams[Number(n) - 1],
    );
    expect(unshortened.length).toBeGreaterThan(WHATSAPP_BODY_MAX);
    expect(filled.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
    expect((await cancellationEmails(asha.email))[0].body).toContain(`Why: ${reason}`);
  });

  it('the same message POSTed twice is one message, one audit row, one email and one WhatsApp per guest', async () => {
    const op = await operator();
    const event = await createEvent();
    const [asha, ravi] = [await bookedGuest(event.id), await bookedGuest(event.id)];
    const input = { message_id: crypto.randomUUID(), subject: 'Dress code', body: 'Smart casual.' };
    const first = await announce(op.cookie, event.id, input);
    const again = await announce(op.cookie, event.id, input);
    expect(first.res.status).toBe(201);
    expect(again.res.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await messagesOf(event.id)).toHaveLength(1);
    expect(await auditOf(event.id, 'event.message')).toHaveLength(1);
    await runQueue('bookings', [...first.sent, ...again.sent]);
    for (const guest of [asha, ravi]) {
      expect((await outboxFor(guest.email)).filter((m) => m.subject === input.subject)).toHaveLength(1);
      expect((await outboxFor(guest.phone)).filter((m) => m.body.includes('Smart casual.'))).toHaveLength(1);
    }
    // Once delivered, a third repeat enqueues nobody.
    const third = await announce(op.cookie, event.id, input);
    expect(third.res.status).toBe(200);
    expect(third.sent).toEqual([]);

    // The same id with other words, or for another dinner, is refused and writes nothing.
    const other = await createEvent();
    await bookedGuest(other.id);
    for (const [eventId, body] of [
      [event.id, { ...input, body: 'Black tie.' }],
      [other.id, input],
    ] as const) {
      const reused = await announce(op.cookie, eventId, body);
      expect(reused.res.status).toBe(409);
      expect(reused.body).toEqual({ error: { code: 'message_id_reused', message: G.messageIdReused } });
      expect(reused.sent).toEqual([]);
    }
    expect(await messagesOf(other.id)).toEqual([]);
    expect(await messagesOf(event.id)).toHaveLength(1);
  });

  it('an announcement still on its way when the dinner is cancelled is never delivered, nor re-enqueued', async () => {
    const op = await operator();
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    const input = { message_id: crypto.randomUUID(), subject: 'Parking', body: 'Use gate 2.' };
    const posted = await announce(op.cookie, event.id, input);
    expect(posted.res.status).toBe(201);
    const cancelled = await cancel(op.cookie, event.id, 'Storm warning.');
    expect(cancelled.res.status).toBe(200);

    // The announcement's retry arrives after the cancellation: nothing sent, nothing claimed.
    await runQueue('bookings', [...cancelled.sent, ...posted.sent]);
    expect((await outboxFor(asha.email)).filter((m) => m.subject === input.subject)).toEqual([]);
    expect((await outboxFor(asha.phone)).filter((m) => m.body.includes('Use gate 2.'))).toEqual([]);
    expect(
      await d()
        .select()
        .from(deliveries)
        .where(like(deliveries.key, `message:gm_${input.message_id}:%`)),
    ).toEqual([]);
    expect(await cancellationEmails(asha.email)).toHaveLength(1);

    // The cron does not put it back on the queue.
    const cron = capturingEnv();
    await handleScheduled({} as ScheduledController, cron.env, new Date(Date.now() + REQUEUE_AFTER_MS + 60_000));
    expect(cron.sent.filter((m) => m.kind === 'guest-message' && m.messageId === `gm_${input.message_id}`)).toEqual([]);
  });
});

describe('the gate', () => {
  it('covers the new routes: 401 signed out, 403 for a guest', async () => {
    const guest = await createGuest();
    for (const [method, path] of [
      ['POST', '/api/admin/events/x/cancel'],
      ['POST', '/api/admin/events/x/message'],
      ['GET', '/api/admin/events/x/messages'],
    ]) {
      const body = method === 'POST' ? {} : undefined;
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, { cookie: guest.cookie, body })).status, `${method} ${path}`).toBe(403);
    }
  });
});
