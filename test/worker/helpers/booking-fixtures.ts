/** Fixtures for the booking tests: guests with complete profiles, events, orders, payments, webhooks. */
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from 'cloudflare:test';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { db } from '../../../db/client';
import { cities, eventBookings, events, paymentOrders, userProfiles } from '../../../db/schema';
import { ticketAllowed } from '../../../worker/domain/ledger-rules';
import type { TicketType } from '../../../worker/domain/pricing';
import type { Sex } from '../../../worker/domain/profile';
import type { BookingMessage } from '../../../worker/env';
import type { CapturedMessage } from '../../../worker/services/ledger/capture';
import worker from '../../../worker/index';
import { hmacSha256Hex } from '../../../worker/lib/crypto';
import { type EventRow, eventRow } from './event-row';
import { apiRequest, createSignedInUser, ORIGIN } from './session-cookie';

const HOUR = 3_600_000;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The guests {@link createGuest} made, by session cookie, so {@link postOrder} can fit their profile to a ticket. */
const guestsByCookie = new Map<string, string>();

/**
 * A signed-in guest with a complete profile (non-empty full_name), unique email (confirmed) and phone. `sex`
 * left out, the guest's profile takes the sex the first ticket they order needs (see {@link postOrder}).
 */
export async function createGuest(opts: { profile?: boolean; sex?: Sex } = {}) {
  const tag = unique();
  const phone = `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const email = `guest-${tag}@example.com`;
  const user = await createSignedInUser({ phone, email: null });
  if (opts.profile !== false) {
    await db(env.DB)
      .insert(userProfiles)
      .values({
        id: crypto.randomUUID(),
        userId: user.userId,
        fullName: 'Asha Verma',
        email,
        // A fixture guest is a verified guest: booking emails reach them (docs/decisions/026).
        emailVerifiedAt: new Date().toISOString(),
        phoneNumber: phone,
        sex: opts.sex ?? null,
      });
    if (opts.sex === undefined) guestsByCookie.set(user.cookie, user.userId);
  }
  return { ...user, email, phone };
}

/**
 * A fixture guest created without a sex takes, at their first order, the one that ticket needs
 * (a couple's booker is the man), once: later orders meet the ticket rule like anyone's, so a test
 * never sees a guest change sex between orders. The rule itself is tested with guests whose sex is
 * set (ledger-holes.test.ts).
 */
async function fitProfileToTicket(cookie: string, body: unknown) {
  const userId = guestsByCookie.get(cookie);
  const ticket = (body as { ticket_type?: unknown } | null)?.ticket_type;
  if (!userId || typeof ticket !== 'string') return;
  guestsByCookie.delete(cookie);
  const sex = (['male', 'female'] as const).find((s) => ticketAllowed(s, ticket as TicketType));
  if (sex)
    await db(env.DB)
      .update(userProfiles)
      .set({ sex })
      .where(and(eq(userProfiles.userId, userId), isNull(userProfiles.sex)));
}

/**
 * A bookable event starting in `inHours` (default 10 days), capacity 8, ₹499/899/749, in its own
 * city, which is added to the cities table (hidden, so the home page's list stays the seeded one).
 */
export async function createEvent(over: Partial<EventRow> & { inHours?: number } = {}) {
  const { inHours = 240, ...rest } = over;
  const row = eventRow(`evt-${unique()}`, inHours * HOUR, {
    city: `city-${unique()}`,
    title: 'Saturday Night Soirée — Test',
    location: 'Gurugram',
    ...rest,
  });
  await db(env.DB).batch([
    db(env.DB)
      .insert(cities)
      .values({ slug: row.city, name: row.city, blurb: 'A test city.', status: 'hidden' })
      .onConflictDoNothing(),
    db(env.DB).insert(events).values(row),
  ]);
  return row;
}

/** `POST /api/orders`'s answer on the wire. */
export type CheckoutResponse = {
  order: {
    id: string;
    status: string;
    amount: number;
    currency: string;
    ticket_type: string;
    ticket_label: string;
    seats: number;
    hold_expires_at: string;
  };
  event: { id: string; title: string };
  checkout: {
    key_id: string;
    checkout_url: string;
    amount_paise: number;
    prefill: { name: string; email: string; contact: string };
  };
};
/** The few facts of a placed order most tests need. */
export type OrderResponse = {
  orderId: string;
  amount: number;
  amountPaise: number;
  ticketLabel: string;
  seats: number;
  wire: CheckoutResponse;
};

/**
 * POST /api/orders. A couple or female-duo body without a `party_name` key names its second guest
 * ('Priya'), as the booking form requires; pass `party_name` (even undefined) to send it as given.
 */
export const postOrder = async (cookie: string, body: unknown) => {
  await fitProfileToTicket(cookie, body);
  return SELF.fetch(apiRequest('POST', '/api/orders', { cookie, body: withParty(body) }));
};

function withParty(body: unknown) {
  if (typeof body !== 'object' || body === null || 'party_name' in body) return body;
  const type = (body as { ticket_type?: unknown }).ticket_type;
  return type === 'couple' || type === 'female_duo' ? { ...body, party_name: 'Priya' } : body;
}
export const getOrder = (cookie: string, id: string) => SELF.fetch(apiRequest('GET', `/api/orders/${id}`, { cookie }));

/** Creates an order and asserts it succeeded. A couple or female duo names its second guest ('Priya'). */
export async function placeOrder(cookie: string, eventId: string, ticketType = 'male'): Promise<OrderResponse> {
  const res = await postOrder(cookie, { event_id: eventId, ticket_type: ticketType });
  if (res.status !== 201) throw new Error(`POST /api/orders answered ${res.status}: ${await res.text()}`);
  const wire = (await res.json()) as CheckoutResponse;
  return {
    orderId: wire.order.id,
    amount: wire.order.amount,
    amountPaise: wire.checkout.amount_paise,
    ticketLabel: wire.order.ticket_label,
    seats: wire.order.seats,
    wire,
  };
}

/**
 * Pays (or fails) an order in the sandbox the way the checkout modal does. `amount` (paise) pays a
 * different amount than the order's; `refunds: 'pending'` keeps this payment's refunds pending
 * until the sandbox is told to process them. The sandbox has no Worker URL in these tests, so no
 * webhook is sent either way (tests post their own).
 */
export async function sandboxPay(
  orderId: string,
  outcome: 'success' | 'failure' = 'success',
  amount?: number,
  opts: { refunds?: 'pending' } = {},
) {
  const res = await fetch(`${env.SANDBOX_URL}/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, outcome, amount, refunds: opts.refunds }),
  });
  return (await res.json()) as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  } & { error?: { description: string; metadata: { payment_id: string } } };
}

const basic = `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}`;
/** GET on the sandbox's Razorpay API with the test keys. */
export async function razorpayGet<T>(path: string): Promise<T> {
  return (await fetch(`${env.SANDBOX_URL}${path}`, { headers: { Authorization: basic } })).json() as Promise<T>;
}

export const verify = (cookie: string, body: unknown) =>
  SELF.fetch(apiRequest('POST', '/api/payments/verify', { cookie, body }));

/**
 * A Razorpay-shaped webhook, signed over the exact raw body like Razorpay does. With `env`, the
 * Worker's fetch handler runs on that env (e.g. one whose queue records or refuses sends) instead
 * of the test Worker with its real queue.
 */
export async function postWebhook(
  event: string,
  payment: Record<string, unknown>,
  opts: { eventId?: string; secret?: string; signature?: string | null; env?: typeof env } = {},
) {
  const raw = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: payment } },
    created_at: Math.floor(Date.now() / 1000),
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Razorpay-Event-Id': opts.eventId ?? `evt_${unique()}`,
  };
  const sig =
    opts.signature === undefined ? await hmacSha256Hex(opts.secret ?? 'sandbox_webhook_secret', raw) : opts.signature;
  if (sig !== null) headers['X-Razorpay-Signature'] = sig;
  // Deliberately no Origin header: a webhook comes from Razorpay, not the browser.
  const req = new Request(`${ORIGIN}/api/webhooks/razorpay`, { method: 'POST', headers, body: raw });
  return opts.env
    ? worker.fetch(req as Request<unknown, IncomingRequestCfProperties>, opts.env, createExecutionContext())
    : SELF.fetch(req);
}

export const failedPayment = (orderId: string, paymentId: string, amountPaise: number) => ({
  id: paymentId,
  entity: 'payment',
  amount: amountPaise,
  currency: 'INR',
  status: 'failed',
  order_id: orderId,
  error_description: 'Payment processing failed because of incorrect OTP',
});

/**
 * The test env with a `BOOKINGS` queue that records what is sent instead of delivering it (so the
 * real consumer never races the test), or refuses every send with `failing`.
 */
export function capturingEnv(opts: { failing?: boolean } = {}) {
  const sent: BookingMessage[] = [];
  const queue = {
    send: async (m: BookingMessage) => {
      if (opts.failing) throw new Error('queue unavailable (test)');
      sent.push(m);
    },
    sendBatch: async (ms: Iterable<{ body: BookingMessage }>) => {
      if (opts.failing) throw new Error('queue unavailable (test)');
      for (const m of ms) sent.push(m.body);
    },
  } as unknown as Queue<BookingMessage>;
  return { env: { ...env, BOOKINGS: queue } as typeof env, sent };
}

/** Makes the sandbox answer `status` to this provider's requests that mention `match` (test/sandbox/faults.ts). */
export async function providerOutage(provider: 'email' | 'whatsapp' | 'razorpay', match: string, status = 500) {
  const res = await fetch(`${env.SANDBOX_URL}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ provider, match, mode: 'fail', status }),
  });
  if (res.status !== 201) throw new Error(`sandbox refused the outage: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { end: () => fetch(`${env.SANDBOX_URL}/__control/${id}`, { method: 'DELETE' }) };
}

export const capturedPayment = (orderId: string, paymentId: string, amountPaise: number) => ({
  id: paymentId,
  entity: 'payment',
  amount: amountPaise,
  currency: 'INR',
  status: 'captured',
  order_id: orderId,
});

export const message = (
  orderId: string,
  paymentId: string,
  source: CapturedMessage['source'] = 'webhook',
): CapturedMessage => ({ kind: 'payment-captured', orderId, paymentId, source });

/** Runs the Worker's real queue handler on a batch, returning acks and retries. */
export async function runQueue(
  queue: 'bookings' | 'bookings-dlq',
  bodies: BookingMessage[],
  attempts = 1,
  e: typeof env = env,
) {
  const batch = createMessageBatch<BookingMessage>(
    queue,
    bodies.map((body, i) => ({ id: `msg-${i}-${unique()}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  // The test harness records which messages were retried but not the delay asked for: wrap retry().
  const delays: Record<string, number | undefined> = {};
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    Object.defineProperty(m, 'retry', {
      value: (opts?: QueueRetryOptions) => {
        delays[m.id] = opts?.delaySeconds;
        retry(opts);
      },
    });
  }
  await worker.queue(batch, e);
  return { batch, delays, result: await getQueueResult(batch, ctx) };
}

export async function orderRow(razorpayOrderId: string) {
  const [row] = await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.razorpayOrderId, razorpayOrderId));
  return row;
}

/** Moves an order's hold into the past, as if 15 minutes had gone by. */
export async function expireHold(razorpayOrderId: string, createdMinutesAgo = 20) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await db(env.DB)
    .update(paymentOrders)
    .set({ holdExpiresAt: past, createdAt: new Date(Date.now() - createdMinutesAgo * 60_000).toISOString() })
    .where(eq(paymentOrders.razorpayOrderId, razorpayOrderId));
}

export async function outboxFor(to: string) {
  const all = (await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as Array<{
    channel: string;
    to: string;
    subject?: string;
    body: string;
  }>;
  return all.filter((m) => m.to === to);
}

/** This payment's refunds as Razorpay (the sandbox) lists them. */
export const refundsOf = (paymentId: string) =>
  razorpayGet<{ count: number; items: Array<{ id: string; amount: number; status: string; payment_id: string }> }>(
    `/v1/payments/${paymentId}/refunds`,
  );

/** A guest with a confirmed booking on `eventId`, booked through the real pipeline. */
export async function bookedGuest(eventId: string, opts: { ticket?: string; refunds?: 'pending' } = {}) {
  const guest = await createGuest();
  const order = await placeOrder(guest.cookie, eventId, opts.ticket);
  const paymentId = (await sandboxPay(order.orderId, 'success', undefined, { refunds: opts.refunds }))
    .razorpay_payment_id;
  await runQueue('bookings', [message(order.orderId, paymentId)]);
  const [booking] = await db(env.DB).select().from(eventBookings).where(eq(eventBookings.paymentId, paymentId));
  expect(booking.status).toBe('confirmed');
  return { ...guest, booking, paymentId, order };
}
