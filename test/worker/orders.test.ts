import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEDGER_COPY } from '../../worker/domain/ledger-rules';
import { db } from '../../db/client';
import { coupons, paymentOrders } from '../../db/schema';
import { handleScheduled } from '../../worker/scheduled';
import { placeOrder as placeOrderDirect } from '../../worker/services/orders';
import { seatsTaken } from '../../worker/services/ledger/seats';
import {
  type CheckoutResponse,
  createEvent,
  createGuest,
  expireHold,
  getOrder,
  orderRow,
  placeOrder,
  postOrder,
  razorpayGet,
} from './helpers/booking-fixtures';
import { apiRequest } from './helpers/session-cookie';

const SOLD_OUT = 'Sold out';
const UNAVAILABLE = "This event doesn't exist or is no longer available.";

describe('POST /api/orders — price and validation', () => {
  it('prices each ticket type on the server: male = single, female = 62.5% rounded, couple, female duo', async () => {
    const event = await createEvent({ ticketPriceSingle: 499, ticketPriceCouple: 899, ticketPriceGroup: 749 });
    const expected = { male: [499, 1], female: [312, 1], couple: [899, 2], female_duo: [749, 2] } as const;
    for (const [type, [price, seats]] of Object.entries(expected)) {
      const guest = await createGuest();
      const order = await placeOrder(guest.cookie, event.id, type);
      expect(order.amount).toBe(price);
      expect(order.amountPaise).toBe(price * 100);
      expect(order.seats).toBe(seats);
      const rzp = await razorpayGet<{
        amount: number;
        currency: string;
        receipt: string;
        notes: Record<string, string>;
      }>(`/v1/orders/${order.orderId}`);
      expect(rzp).toMatchObject({
        amount: price * 100,
        currency: 'INR',
        notes: { ticket_type: type, event_id: event.id, event_name: event.title },
      });
      expect(rzp.notes.ticket_label).toBe(order.ticketLabel);
      expect(rzp.receipt).toMatch(/^ord_/);
    }
  });

  it('rounds the female price half up (₹500 → ₹313, ₹999 → ₹624)', async () => {
    const guest = await createGuest();
    const a = await createEvent({ ticketPriceSingle: 500 });
    const b = await createEvent({ ticketPriceSingle: 999 });
    expect((await placeOrder(guest.cookie, a.id, 'female')).amount).toBe(313);
    expect((await placeOrder(guest.cookie, b.id, 'female')).amount).toBe(624);
  });

  it('ignores a tampered amount, price or user id sent by the client', async () => {
    const guest = await createGuest();
    const other = await createGuest();
    const event = await createEvent();
    const res = await postOrder(guest.cookie, {
      event_id: event.id,
      ticket_type: 'male',
      amount: 1,
      price: 1,
      user_id: other.userId,
    });
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as CheckoutResponse;
    expect(order.amount).toBe(499);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ amount: 499, userId: guest.userId });
    expect((await razorpayGet<{ amount: number }>(`/v1/orders/${order.id}`)).amount).toBe(49900);
  });

  it('refuses an unknown ticket type with 400 and holds nothing', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const res = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'vip' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);
  });

  it('refuses an unknown event (404), an unavailable event and a past event (400)', async () => {
    const guest = await createGuest();
    const unavailable = await createEvent({ available: false });
    const past = await createEvent({ inHours: -2 });
    const missing = await postOrder(guest.cookie, { event_id: 'no-such-event', ticket_type: 'male' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: UNAVAILABLE } });
    for (const e of [unavailable, past]) {
      const res = await postOrder(guest.cookie, { event_id: e.id, ticket_type: 'male' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'event_unavailable', message: UNAVAILABLE } });
      expect(await seatsTaken(db(env.DB), e.id)).toBe(0);
    }
  });

  it('needs a signed-in guest (401) with a complete profile (403 profile_incomplete)', async () => {
    const event = await createEvent();
    const anon = await SELF.fetch(
      apiRequest('POST', '/api/orders', { body: { event_id: event.id, ticket_type: 'male' } }),
    );
    expect(anon.status).toBe(401);
    const noProfile = await createGuest({ profile: false });
    const res = await postOrder(noProfile.cookie, { event_id: event.id, ticket_type: 'male' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'profile_incomplete' } });
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);
  });

  it('refuses a coupon nobody created, and applies an operator-created one', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const bad = await SELF.fetch(
      apiRequest('POST', '/api/coupons/validate', {
        cookie: guest.cookie,
        body: { code: 'FREEFOOD', event_id: event.id },
      }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'invalid_coupon', message: 'Invalid Coupon: This coupon code is not valid.' },
    });
    const badOrder = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'male', coupon: 'FREEFOOD' });
    expect(badOrder.status).toBe(400);
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);

    await db(env.DB)
      .insert(coupons)
      .values({ code: `TEN${event.id.slice(-6).toUpperCase()}`, eventId: event.id, kind: 'percent', value: 10 });
    const code = `ten${event.id.slice(-6)}`;
    const good = await SELF.fetch(
      apiRequest('POST', '/api/coupons/validate', { cookie: guest.cookie, body: { code, event_id: event.id } }),
    );
    expect(good.status).toBe(200);
    const { order } = (await (
      await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'male', coupon: code })
    ).json()) as CheckoutResponse;
    expect(order.amount).toBe(449);
  });

  it('answers 502 and releases the hold when Razorpay is down', async () => {
    const guest = await createGuest();
    const event = await createEvent({ capacity: 1 });
    const down = { ...env, RAZORPAY_BASE_URL: 'http://127.0.0.1:9' };
    await expect(
      placeOrderDirect(down, db(env.DB), { userId: guest.userId, eventId: event.id, ticketType: 'male' }),
    ).rejects.toMatchObject({ status: 502, message: 'Payment system unavailable' });
    expect(await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.eventId, event.id))).toEqual([]);
    expect(await seatsTaken(db(env.DB), event.id)).toBe(0);
  });
});

describe('seats are never oversold', () => {
  it('50 concurrent single-seat orders for 8 seats: exactly 8 held, the other 42 answered 409 Sold out', async () => {
    const event = await createEvent({ capacity: 8 });
    const guests = await Promise.all(Array.from({ length: 50 }, () => createGuest()));
    const responses = await Promise.all(
      guests.map((g) => postOrder(g.cookie, { event_id: event.id, ticket_type: 'male' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(42);
    for (const r of responses.filter((x) => x.status === 409))
      expect(await r.json()).toMatchObject({ error: { code: 'sold_out', message: SOLD_OUT } });
    expect(await seatsTaken(db(env.DB), event.id)).toBe(8);
  });

  it('mixed one- and two-seat orders racing never exceed capacity', async () => {
    const event = await createEvent({ capacity: 7 });
    const guests = await Promise.all(Array.from({ length: 30 }, () => createGuest()));
    const types = ['male', 'couple', 'female', 'female_duo'];
    const responses = await Promise.all(
      guests.map((g, i) => postOrder(g.cookie, { event_id: event.id, ticket_type: types[i % 4] })),
    );
    const taken = await seatsTaken(db(env.DB), event.id);
    expect(taken).toBeLessThanOrEqual(7);
    expect(taken).toBeGreaterThanOrEqual(6);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  });

  it('an expired hold frees its seats, and the cron marks it expired', async () => {
    const event = await createEvent({ capacity: 1 });
    const a = await createGuest();
    const b = await createGuest();
    const first = await placeOrder(a.cookie, event.id);
    const refused = await postOrder(b.cookie, { event_id: event.id, ticket_type: 'male' });
    expect(refused.status).toBe(409);
    const detail = (await (await SELF.fetch(`http://localhost:8787/api/events/${event.id}`)).json()) as {
      event: { seats_left: number };
    };
    expect(detail.event.seats_left).toBe(0);

    await expireHold(first.orderId, 3);
    expect((await postOrder(b.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(201);
    await handleScheduled({} as ScheduledController, env);
    expect((await orderRow(first.orderId)).status).toBe('expired');
  });
});

describe('one guest cannot hold a table hostage', () => {
  it('one live hold per dinner: Book Now again answers it, another ticket waits for it (409), an expired one does not count', async () => {
    const event = await createEvent();
    const guest = await createGuest({ sex: 'male' });
    const first = await placeOrder(guest.cookie, event.id);
    const again = await placeOrder(guest.cookie, event.id);
    expect(again.orderId).toBe(first.orderId);
    const other = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'couple' });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: { code: 'hold_exists', message: LEDGER_COPY.holdExists } });
    expect(await seatsTaken(db(env.DB), event.id)).toBe(1);
    await expireHold(first.orderId);
    expect((await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'couple' })).status).toBe(201);
    expect(await seatsTaken(db(env.DB), event.id)).toBe(2);
  });
});

describe('GET /api/orders/:orderId', () => {
  it("shows the guest their own order and answers 404 for another user's", async () => {
    const event = await createEvent();
    const owner = await createGuest();
    const stranger = await createGuest();
    const order = await placeOrder(owner.cookie, event.id, 'couple');
    const own = await getOrder(owner.cookie, order.orderId);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      order: { id: order.orderId, status: 'created', amount: 899, seats: 2 },
      event: { id: event.id },
      booking: null,
    });
    const theirs = await getOrder(stranger.cookie, order.orderId);
    expect(theirs.status).toBe(404);
    const anon = await SELF.fetch(`http://localhost:8787/api/orders/${order.orderId}`);
    expect(anon.status).toBe(401);
  });
});
