/**
 * Issue 20 "A full table every night": the waitlist, offers, "can't make it" and credit, driven the
 * way guests, Razorpay and the cron drive them (real Worker, real D1, the sandbox's Razorpay, the
 * queue handler run by the test). The money rules: two offers never hold the same last seat, an
 * offer that lapses passes on, a seat freed several ways at once makes one offer, credit spent twice
 * at once is spent once, credit only once released seats sell again.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import {
  consents,
  coupons,
  creditEntries,
  eventBookings,
  paymentOrders,
  users,
  waitlistEntries,
} from '../../db/schema';
import { CREDIT_COPY, creditExpiresAt } from '../../worker/domain/credit';
import { MAX_MOVES_PER_BOOKING } from '../../worker/domain/ledger-rules';
import type { Sex } from '../../worker/domain/profile';
import { WAITLIST_COPY } from '../../worker/domain/waitlist';
import { handleScheduled } from '../../worker/scheduled';
import { creditBalance, expireCredit, grantCredit, grantResoldReleases } from '../../worker/services/ledger/credit';
import { sweepAllOffers, sweepDinner } from '../../worker/services/ledger/offers';
import { releaseBooking } from '../../worker/services/ledger/release';
import { chooseRefund } from '../../worker/services/booking-choices';
import { cancelDinner } from '../../worker/services/guest-messages';
import { handleBookingRefund } from '../../worker/services/ledger/cancelled-refunds';
import { seatsTaken } from '../../worker/services/ledger/seats';
import { randomIp } from './helpers/auth';
import {
  capturedPayment,
  capturingEnv,
  createEvent,
  createGuest,
  outboxFor,
  postWebhook,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { createSignedInUser, ORIGIN } from './helpers/session-cookie';

const d = () => db(env.DB);
type ErrorBody = { error: { code: string; message: string } };
type Checkout = {
  order: { id: string; status: string; amount: number; credit_amount: number };
  checkout: { amount_paise: number } | null;
  booking?: { id: string; status: string } | null;
};

function call(method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  return SELF.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  );
}

/** Pays a checkout in the sandbox and runs the queue on Razorpay's webhook, as production does. */
async function pay(order: { id: string }, amountPaise: number) {
  const paid = await sandboxPay(order.id);
  const q = capturingEnv();
  const hook = await postWebhook('payment.captured', capturedPayment(order.id, paid.razorpay_payment_id, amountPaise), {
    env: q.env,
  });
  expect(hook.status).toBe(200);
  await runQueue(
    'bookings',
    q.sent.filter((m) => m.kind === 'payment-captured'),
  );
  return paid.razorpay_payment_id;
}

async function order(cookie: string, eventId: string, opts: { useCredit?: boolean } = {}) {
  const res = await call('POST', '/api/orders', {
    cookie,
    body: { event_id: eventId, ticket_type: 'male', ...(opts.useCredit ? { use_credit: true } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Checkout & ErrorBody };
}

/** A guest of `sex` booked on `event` through the real pipeline; returns the guest and the booking id. */
async function bookedOn(event: EventRow, sex: Sex = 'male', coupon?: string) {
  const guest = await createGuest({ sex });
  const res = await call('POST', '/api/orders', {
    cookie: guest.cookie,
    body: { event_id: event.id, ticket_type: sex === 'female' ? 'female' : 'male', ...(coupon ? { coupon } : {}) },
  });
  expect(res.status).toBe(201);
  const wire = (await res.json()) as Checkout;
  await pay(wire.order, wire.checkout?.amount_paise ?? 0);
  const [booking] = await d()
    .select()
    .from(eventBookings)
    .innerJoin(paymentOrders, eq(paymentOrders.id, eventBookings.orderId))
    .where(eq(paymentOrders.razorpayOrderId, wire.order.id));
  expect(booking.event_bookings.status).toBe('confirmed');
  return { ...guest, bookingId: booking.event_bookings.id, amount: wire.order.amount };
}

const join = (cookie: string, eventId: string, ticket = 'male') =>
  call('POST', `/api/events/${eventId}/waitlist`, { cookie, body: { ticket_type: ticket } });

const entriesAt = (eventId: string) => d().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId));

/** A signed-in operator: their id and session cookie. */
async function signedInOperator() {
  const op = await createSignedInUser();
  await d().update(users).set({ role: 'operator' }).where(eq(users.id, op.userId));
  return op;
}
const operatorId = async () => (await signedInOperator()).userId;

describe('the waitlist', () => {
  it('refuses a dinner with seats, then lines guests up in order on a sold-out one', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const first = await createGuest({ sex: 'male' });
    const early = await join(first.cookie, event.id);
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error).toMatchObject({
      code: 'not_sold_out',
      message: WAITLIST_COPY.notSoldOut,
    });

    const holder = await bookedOn(event);
    const again = await join(holder.cookie, event.id);
    expect(((await again.json()) as ErrorBody).error.code).toBe('already_booked');

    const a = await createGuest({ sex: 'male' });
    const b = await createGuest({ sex: 'female' });
    expect((await join(a.cookie, event.id)).status).toBe(201);
    const second = await join(b.cookie, event.id, 'female');
    expect(second.status).toBe(201);
    expect(((await second.json()) as { entry: { position: number } }).entry.position).toBe(2);
    const twice = await join(a.cookie, event.id);
    expect(((await twice.json()) as ErrorBody).error.code).toBe('already_waiting');
    // A ticket the profile does not allow is refused, as at checkout.
    const c = await createGuest({ sex: 'male' });
    expect(((await (await join(c.cookie, event.id, 'female')).json()) as ErrorBody).error.code).toBe('ticket_mismatch');

    // Leaving moves the next one up.
    expect((await call('DELETE', `/api/events/${event.id}/waitlist`, { cookie: a.cookie })).status).toBe(200);
    const mine = (await (await call('GET', '/api/waitlist', { cookie: b.cookie })).json()) as {
      entries: Array<{ position: number; status: string }>;
    };
    expect(mine.entries[0]).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('a booking released with a coupon keeps its redemption: the guest paid the discounted price and is credited that, so a coupon capped at 1 is not used again (ledger property, seed 431961499)', async () => {
    // One seat: after the release the seat is on sale only because the booking gave it up.
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const code = `REL${crypto.randomUUID().slice(0, 8)}`.toUpperCase();
    await d().insert(coupons).values({ code, kind: 'fixed', value: 50, maxRedemptions: 1 });
    const leaver = await bookedOn(event, 'male', code);
    expect(leaver.amount).toBe(event.ticketPriceSingle - 50);
    expect((await call('POST', `/api/bookings/${leaver.bookingId}/release`, { cookie: leaver.cookie })).status).toBe(
      200,
    );
    const [released] = await d()
      .select({ releasedAt: paymentOrders.releasedAt, status: paymentOrders.status })
      .from(paymentOrders)
      .innerJoin(eventBookings, eq(eventBookings.orderId, paymentOrders.id))
      .where(eq(eventBookings.id, leaver.bookingId));
    expect(released.releasedAt).not.toBeNull();
    expect(released.status).toBe('confirmed');

    const other = await createGuest({ sex: 'male' });
    const refused = await call('POST', '/api/orders', {
      cookie: other.cookie,
      body: { event_id: event.id, ticket_type: 'male', coupon: code },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('invalid_coupon');
    // The seat itself is on sale again, at the full price.
    const resold = await order(other.cookie, event.id);
    expect(resold.status).toBe(201);
    expect(resold.body.order.amount).toBe(event.ticketPriceSingle);
  });

  it("a guest who can't make it frees the seat for the next in line, who pays and is seated; the first gets credit and spends it", async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const leaver = await bookedOn(event);
    const waiter = await createGuest({ sex: 'male' });
    expect((await join(waiter.cookie, event.id)).status).toBe(201);

    const released = await call('POST', `/api/bookings/${leaver.bookingId}/release`, { cookie: leaver.cookie });
    expect(released.status).toBe(200);
    const view = (await released.json()) as {
      booking: { status: string };
      release: { state: string; credit: { status: string; amount: number } };
    };
    expect(view.booking.status).toBe('released');
    expect(view.release).toMatchObject({ state: 'released', credit: { status: 'pending', amount: leaver.amount } });
    // The sweep ran with the release: the waiting guest holds the seat as an offer, and was told.
    await sweepDinner(env, d(), event.id);
    const [entry] = await entriesAt(event.id);
    expect(entry.status).toBe('offered');
    expect(await seatsTaken(d(), event.id)).toBe(1);
    const link = `/offers/${entry.token}`;
    // The release's own sweep sends after the response (waitUntil): wait for it, briefly.
    await expect
      .poll(
        async () =>
          (await outboxFor(waiter.phone)).filter(
            (m) => m.body.startsWith('[template waitlist_offer]') && m.body.includes(link),
          ).length,
      )
      .toBe(1);
    await expect
      .poll(
        async () =>
          (await outboxFor(waiter.email)).filter(
            (m) => m.subject?.startsWith('A seat opened up') && m.body.includes(link),
          ).length,
      )
      .toBe(1);

    // No credit yet: the seat is only offered, not sold.
    expect(await creditBalance(d(), leaver.userId)).toBe(0);

    const accepted = await call('POST', `/api/offers/${entry.token}/accept`, { cookie: waiter.cookie, body: {} });
    expect(accepted.status).toBe(201);
    const checkout = (await accepted.json()) as Checkout;
    await pay(checkout.order, checkout.checkout?.amount_paise ?? 0);
    const booking = await d().select().from(eventBookings).where(eq(eventBookings.userId, waiter.userId));
    expect(booking.map((b) => b.status)).toEqual(['confirmed']);
    // Sold again: the guest who released gets credit for what they paid, once.
    await grantResoldReleases(d(), event.id);
    expect(await creditBalance(d(), leaver.userId)).toBe(leaver.amount);
    const history = (await (await call('GET', '/api/credits', { cookie: leaver.cookie })).json()) as {
      balance: number;
      entries: Array<{ kind: string; amount: number; booking_id: string }>;
    };
    expect(history).toMatchObject({
      balance: leaver.amount,
      entries: [{ kind: 'release', amount: leaver.amount, booking_id: leaver.bookingId }],
    });

    // Spent on another dinner that costs the same: booked without Razorpay.
    const other = await createEvent({ inHours: 200 });
    const spent = await order(leaver.cookie, other.id, { useCredit: true });
    expect(spent.status).toBe(201);
    expect(spent.body.checkout).toBeNull();
    expect(spent.body.order).toMatchObject({ status: 'confirmed', amount: 0, credit_amount: leaver.amount });
    expect(spent.body.booking?.status).toBe('confirmed');
    expect(await creditBalance(d(), leaver.userId)).toBe(0);
  });

  it('a guest on an older consent notice can neither join nor accept an offer: 403 consent_required, nothing changed (issue 22)', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const leaver = await bookedOn(event);
    const waiter = await createGuest({ sex: 'male' });
    expect((await join(waiter.cookie, event.id)).status).toBe(201);
    expect((await call('POST', `/api/bookings/${leaver.bookingId}/release`, { cookie: leaver.cookie })).status).toBe(
      200,
    );
    await sweepDinner(env, d(), event.id);
    const [entry] = await entriesAt(event.id);
    expect(entry.status).toBe('offered');

    // The notice changed since they agreed: their newest service row is agreement to an older version.
    await d()
      .insert(consents)
      .values({
        id: crypto.randomUUID(),
        userId: waiter.userId,
        purpose: 'service',
        noticeVersion: '2020-01-01',
        granted: 1,
        source: 'notice',
        createdAt: new Date(Date.now() + 1000).toISOString(),
      });
    const accepted = await call('POST', `/api/offers/${entry.token}/accept`, {
      cookie: waiter.cookie,
      body: { party_name: 'Ravi', party_phone: '+919812345678' },
    });
    expect(accepted.status).toBe(403);
    expect(((await accepted.json()) as ErrorBody).error.code).toBe('consent_required');
    const [after] = await entriesAt(event.id);
    expect(after).toEqual(entry);
    const [held] = await d()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, entry.orderId ?? ''));
    expect(held.razorpayOrderId).toBeNull();

    const late = await createGuest({ sex: 'male' });
    await d().delete(consents).where(eq(consents.userId, late.userId));
    const refused = await join(late.cookie, event.id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('consent_required');
    expect((await entriesAt(event.id)).filter((e) => e.userId === late.userId)).toEqual([]);
  });

  it('no credit while nobody takes the released seats; inside the free window, reschedule instead', async () => {
    const soon = await createEvent({ capacity: 2, inHours: 30 });
    const leaver = await bookedOn(soon);
    expect((await call('POST', `/api/bookings/${leaver.bookingId}/release`, { cookie: leaver.cookie })).status).toBe(
      200,
    );
    await bookedOn(soon); // takes a seat that was free anyway
    expect(await grantResoldReleases(d(), soon.id)).toBe(0);
    expect(await creditBalance(d(), leaver.userId)).toBe(0);

    const later = await createEvent({ capacity: 2, inHours: 100 });
    const early = await bookedOn(later);
    const refused = await call('POST', `/api/bookings/${early.bookingId}/release`, { cookie: early.cookie });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({
      code: 'release_reschedule_instead',
      message: CREDIT_COPY.releaseInsideWindow,
    });
    // A booking that has used every free move can be released even inside the window: else no way out.
    await d()
      .update(eventBookings)
      .set({ moveCount: MAX_MOVES_PER_BOOKING })
      .where(eq(eventBookings.id, early.bookingId));
    expect((await call('POST', `/api/bookings/${early.bookingId}/release`, { cookie: early.cookie })).status).toBe(200);
    // Another guest's booking is not found.
    const stranger = await createGuest();
    expect((await call('POST', `/api/bookings/${early.bookingId}/release`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
  });

  it('two offers can never hold the same last seat, and a seat freed several ways at once makes one offer', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const leaver = await bookedOn(event);
    const waiting = [
      await createGuest({ sex: 'male' }),
      await createGuest({ sex: 'male' }),
      await createGuest({ sex: 'male' }),
    ];
    for (const g of waiting) expect((await join(g.cookie, event.id)).status).toBe(201);
    expect(await releaseBooking(d(), leaver.userId, leaver.bookingId, new Date())).toBe(true);
    // The release's sweep, the cron's, and a guest leaving, all at once.
    await Promise.all([
      sweepDinner(env, d(), event.id),
      sweepAllOffers(env, d()),
      sweepDinner(env, d(), event.id),
      call('DELETE', `/api/events/${event.id}/waitlist`, { cookie: waiting[2].cookie }),
    ]);
    const entries = await entriesAt(event.id);
    expect(entries.filter((e) => e.status === 'offered')).toHaveLength(1);
    expect(await seatsTaken(d(), event.id)).toBe(1);
  });

  it('prefers the guest who balances the table, passing nobody more than twice', async () => {
    const event = await createEvent({ capacity: 4, inHours: 30 });
    const men = [await bookedOn(event), await bookedOn(event), await bookedOn(event)];
    await bookedOn(event, 'female');
    const man = await createGuest({ sex: 'male' });
    const woman = await createGuest({ sex: 'female' });
    await join(man.cookie, event.id);
    await join(woman.cookie, event.id, 'female');
    await releaseBooking(d(), men[0].userId, men[0].bookingId, new Date());
    await sweepDinner(env, d(), event.id);
    const entries = await entriesAt(event.id);
    // Two men and a woman seated: the woman behind the man is offered first (no lone woman, the
    // sexes even), and he is passed over once.
    expect(entries.find((e) => e.userId === woman.userId)?.status).toBe('offered');
    expect(entries.find((e) => e.userId === man.userId)).toMatchObject({ status: 'waiting', passedOver: 1 });
  });

  it('stops offering 3 hours before the start and tells whoever still waits, with the next dinner that has room', async () => {
    const event = await createEvent({ capacity: 1, inHours: 2 });
    const next = await createEvent({ city: event.city, inHours: 50, title: 'Sunday Supper — Test' });
    await bookedOn(event);
    const waiter = await createGuest({ sex: 'male' });
    // Joining is closed too.
    const late = await join(waiter.cookie, event.id);
    expect(((await late.json()) as ErrorBody).error.code).toBe('waitlist_closed');
    await d()
      .insert(waitlistEntries)
      .values({
        id: `wl_test_${Date.now()}`,
        userId: waiter.userId,
        eventId: event.id,
        ticketType: 'male',
        seats: 1,
      });
    await sweepAllOffers(env, d());
    const [entry] = await entriesAt(event.id);
    expect(entry.status).toBe('closed');
    const told = (await outboxFor(waiter.email)).filter((m) => m.subject === `${event.title} is full`);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(next.title);
    expect(told[0].body).toContain(`/event/${next.id}`);
  });

  it('an offer nobody takes in time passes to the next guest', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const leaver = await bookedOn(event);
    const first = await createGuest({ sex: 'male' });
    const second = await createGuest({ sex: 'male' });
    await join(first.cookie, event.id);
    await join(second.cookie, event.id);
    await releaseBooking(d(), leaver.userId, leaver.bookingId, new Date());
    await sweepDinner(env, d(), event.id);
    const [offered] = (await entriesAt(event.id)).filter((e) => e.status === 'offered');
    expect(offered.userId).toBe(first.userId);
    // 30 minutes inside 24 hours of the dinner, 2 hours otherwise: this one is 30 hours out.
    expect(new Date(offered.offerExpiresAt as string).getTime() - new Date(offered.offeredAt as string).getTime()).toBe(
      2 * 3_600_000,
    );
    await d()
      .update(paymentOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(paymentOrders.id, offered.orderId as string));
    await handleScheduled({} as ScheduledController, env);
    const after = await entriesAt(event.id);
    expect(after.find((e) => e.userId === first.userId)?.status).toBe('lapsed');
    expect(after.find((e) => e.userId === second.userId)?.status).toBe('offered');
    // The lapsed offer is gone for good.
    const gone = await call('POST', `/api/offers/${offered.token}/accept`, { cookie: first.cookie, body: {} });
    expect(gone.status).toBe(409);
    // Another guest's offer is not found.
    const theirs = after.find((e) => e.userId === second.userId);
    expect((await call('GET', `/api/offers/${theirs?.token}`, { cookie: first.cookie })).status).toBe(404);
  });
});

describe('the console, after a release', () => {
  it('counts a released seat as neither sold nor held once it is sold again, so a live hold beside it still shows', async () => {
    const event = await createEvent({ capacity: 3, inHours: 30 });
    const leaver = await bookedOn(event);
    expect((await call('POST', `/api/bookings/${leaver.bookingId}/release`, { cookie: leaver.cookie })).status).toBe(
      200,
    );
    await bookedOn(event);
    const holder = await createGuest({ sex: 'male' });
    expect((await order(holder.cookie, event.id)).status).toBe(201);

    const op = await signedInOperator();
    const res = await call('GET', '/api/admin/events?status=upcoming', { cookie: op.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      events: Array<{ id: string; seats_sold: number; seats_held: number; seats_left: number }>;
    };
    // The buyer's seat is sold, the holder's held, one left; the leaver's is the buyer's now.
    expect(body.events.find((e) => e.id === event.id)).toMatchObject({ seats_sold: 1, seats_held: 1, seats_left: 1 });
  });
});

describe('credit', () => {
  it('spent twice at once is spent once, and never goes below zero', async () => {
    const guest = await createGuest({ sex: 'male' });
    const op = await operatorId();
    await grantCredit(d(), { userId: guest.userId, amount: 499, note: 'sorry', operatorId: op });
    const [a, b] = [await createEvent({ inHours: 200 }), await createEvent({ inHours: 210 })];
    const [one, two] = await Promise.all([
      order(guest.cookie, a.id, { useCredit: true }),
      order(guest.cookie, b.id, { useCredit: true }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([201, 409]);
    const refused = one.status === 409 ? one : two;
    expect(refused.body.error.code).toBe('not_enough_credit');
    expect(await creditBalance(d(), guest.userId)).toBe(0);
    const spends = await d().select().from(creditEntries).where(eq(creditEntries.userId, guest.userId));
    expect(spends.filter((e) => e.kind === 'spent')).toHaveLength(1);
  });

  it('pays first and Razorpay the rest; a lapsed hold gives it back, and its late payment is refunded, never booked', async () => {
    const guest = await createGuest({ sex: 'male' });
    await grantCredit(d(), { userId: guest.userId, amount: 200, note: 'apology', operatorId: await operatorId() });
    const event = await createEvent({ inHours: 200 });
    const part = await order(guest.cookie, event.id, { useCredit: true });
    expect(part.status).toBe(201);
    expect(part.body.order).toMatchObject({ amount: 299, credit_amount: 200 });
    expect(part.body.checkout?.amount_paise).toBe(29_900);
    expect(await creditBalance(d(), guest.userId)).toBe(0);

    // The hold lapses unpaid: the credit is back by itself.
    await d()
      .update(paymentOrders)
      .set({
        holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
        createdAt: new Date(Date.now() - 20 * 60_000).toISOString(),
      })
      .where(eq(paymentOrders.razorpayOrderId, part.body.order.id));
    expect(await creditBalance(d(), guest.userId)).toBe(200);
    // Paid late anyway: refunded in full, no booking (its credit may be spent elsewhere by now).
    await pay(part.body.order, 29_900);
    const [row] = await d().select().from(paymentOrders).where(eq(paymentOrders.razorpayOrderId, part.body.order.id));
    expect(row.status).toBe('refunded');
    expect(await d().select().from(eventBookings).where(eq(eventBookings.userId, guest.userId))).toHaveLength(0);
    expect(await creditBalance(d(), guest.userId)).toBe(200);

    // Paid in time: booked at 299 + 200 credit.
    const again = await order(guest.cookie, event.id, { useCredit: true });
    await pay(again.body.order, 29_900);
    const [booking] = await d().select().from(eventBookings).where(eq(eventBookings.userId, guest.userId));
    expect(booking).toMatchObject({ status: 'confirmed', amount: 299 });
    expect(await creditBalance(d(), guest.userId)).toBe(0);
  });

  it('a dinner we cancel gives credit back as credit: nothing asked of Razorpay for a booking credit paid', async () => {
    const guest = await createGuest({ sex: 'male' });
    const op = await operatorId();
    await grantCredit(d(), { userId: guest.userId, amount: 499, note: 'gift', operatorId: op });
    const event = await createEvent({ inHours: 200 });
    const paid = await order(guest.cookie, event.id, { useCredit: true });
    const bookingId = paid.body.booking?.id as string;
    expect(await creditBalance(d(), guest.userId)).toBe(0);
    await cancelDinner(d(), op, event.id, 'The venue flooded.', new Date());
    expect((await chooseRefund(d(), guest.userId, bookingId, new Date())).kind).toBe('refund');
    await handleBookingRefund(env, bookingId);
    const [booking] = await d().select().from(eventBookings).where(eq(eventBookings.id, bookingId));
    expect(booking.status).toBe('refunded');
    expect(await creditBalance(d(), guest.userId)).toBe(499);
    const mail = (await outboxFor(guest.email)).filter((m) => m.subject === `Refunded: ${event.title}`);
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain('The ₹499 of credit you paid with is back in your Tablemates balance.');
  });

  it('expires 12 months after it was granted, only what is left of it', async () => {
    const guest = await createGuest({ sex: 'male' });
    const op = await operatorId();
    const longAgo = new Date(Date.now() - 366 * 86_400_000);
    await grantCredit(d(), { userId: guest.userId, amount: 300, note: 'old', operatorId: op, now: longAgo });
    await grantCredit(d(), { userId: guest.userId, amount: 100, note: 'new', operatorId: op });
    expect(creditExpiresAt(longAgo) < new Date().toISOString()).toBe(true);
    expect(await creditBalance(d(), guest.userId)).toBe(400);
    await expireCredit(d());
    await expireCredit(d());
    expect(await creditBalance(d(), guest.userId)).toBe(100);
  });

  it("GET /api/credits answers the signed-in guest's own, and nobody signed out", async () => {
    const guest = await createGuest({ sex: 'male' });
    const res = await call('GET', '/api/credits', { cookie: guest.cookie });
    expect(await res.json()).toEqual({ balance: 0, entries: [] });
    expect((await call('GET', '/api/credits')).status).toBe(401);
  });
});

describe('the review of issue 20: holes closed', () => {
  it('a sweep ends when the first in line holds seats of their own, and offers the next', async () => {
    const event = await createEvent({ capacity: 2, inHours: 30 });
    const a = await bookedOn(event);
    const b = await bookedOn(event);
    const first = await createGuest({ sex: 'male' });
    const second = await createGuest({ sex: 'male' });
    await join(first.cookie, event.id);
    await join(second.cookie, event.id);
    await releaseBooking(d(), a.userId, a.bookingId, new Date());
    await releaseBooking(d(), b.userId, b.bookingId, new Date());
    // The first in line books one seat themselves before any sweep.
    expect((await order(first.cookie, event.id)).status).toBe(201);
    expect(await sweepDinner(env, d(), event.id)).toBe(1);
    const entries = await entriesAt(event.id);
    expect(entries.find((e) => e.userId === second.userId)?.status).toBe('offered');
    expect(entries.find((e) => e.userId === first.userId)?.status).toBe('waiting');
    expect(await seatsTaken(d(), event.id)).toBe(2);
  });

  it('credit a live hold spends at its expiry waits for the hold, then expires in full if it lapses', async () => {
    const guest = await createGuest({ sex: 'male' });
    const op = await operatorId();
    const longAgo = new Date(Date.now() - 366 * 86_400_000);
    await grantCredit(d(), { userId: guest.userId, amount: 200, note: 'old', operatorId: op, now: longAgo });
    const event = await createEvent({ inHours: 200 });
    const held = await order(guest.cookie, event.id, { useCredit: true });
    expect(held.body.order.credit_amount).toBe(200);
    await expireCredit(d());
    expect(
      await d()
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.grantId, (await grantsOf(guest.userId))[0])),
    ).toEqual([]);
    await d()
      .update(paymentOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(paymentOrders.razorpayOrderId, held.body.order.id));
    expect(await creditBalance(d(), guest.userId)).toBe(200);
    await expireCredit(d());
    expect(await creditBalance(d(), guest.userId)).toBe(0);
  });

  it('a dinner we cancel credits whoever released their seats there', async () => {
    const event = await createEvent({ capacity: 2, inHours: 30 });
    const leaver = await bookedOn(event);
    await releaseBooking(d(), leaver.userId, leaver.bookingId, new Date());
    expect(await creditBalance(d(), leaver.userId)).toBe(0);
    await cancelDinner(d(), await operatorId(), event.id, 'The chef is ill.', new Date());
    expect(await creditBalance(d(), leaver.userId)).toBe(leaver.amount);
  });

  it('two taps on an offer with credit answer one checkout, spending once', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const leaver = await bookedOn(event);
    const waiter = await createGuest({ sex: 'male' });
    await grantCredit(d(), { userId: waiter.userId, amount: 100, note: 'x', operatorId: await operatorId() });
    await join(waiter.cookie, event.id);
    await releaseBooking(d(), leaver.userId, leaver.bookingId, new Date());
    await sweepDinner(env, d(), event.id);
    const [entry] = await entriesAt(event.id);
    const tap = () =>
      call('POST', `/api/offers/${entry.token}/accept`, { cookie: waiter.cookie, body: { use_credit: true } });
    const [one, two] = await Promise.all([tap(), tap()]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const [a, b] = [(await one.json()) as Checkout, (await two.json()) as Checkout];
    expect(a.order.id).toBe(b.order.id);
    expect(a.order.credit_amount).toBe(100);
    const spends = (await d().select().from(creditEntries).where(eq(creditEntries.userId, waiter.userId))).filter(
      (e) => e.kind === 'spent',
    );
    expect(spends).toHaveLength(1);
    expect(await creditBalance(d(), waiter.userId)).toBe(0);
  });
});

async function grantsOf(userId: string) {
  return (await d().select().from(creditEntries).where(eq(creditEntries.userId, userId)))
    .filter((e) => e.kind === 'operator' || e.kind === 'release')
    .map((e) => e.id);
}
