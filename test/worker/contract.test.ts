/**
 * The HTTP contract as a whole (DESIGN.md "HTTP API contract", docs/decisions/009): one casing on
 * the wire, and the D1 round trips each kind of request may cost (docs/decisions/008).
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { coupons, users } from '../../db/schema';
import { QUIZ_DEFAULTS } from '../../worker/domain/quiz';
import { newTicketCode } from '../../worker/domain/ticket';
import { randomPhone } from './helpers/auth';
import {
  bookedGuest,
  createEvent,
  createGuest,
  message,
  placeOrder,
  postWebhook,
  runQueue,
  sandboxPay,
  verify,
} from './helpers/booking-fixtures';
import { booked } from './helpers/booked';
import { istEvening } from './helpers/event-row';
import { apiRequest, ORIGIN } from './helpers/session-cookie';
import { roundTrips as countedTrips } from './helpers/round-trips';

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Every object key in `value`, with its path, that is not snake_case. */
function nonSnakeKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => nonSnakeKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SNAKE.test(k) ? [] : [`${path}.${k}`]),
    ...nonSnakeKeys(v, `${path}.${k}`),
  ]);
}

describe('one casing on the wire', () => {
  it('answers every endpoint, success and error alike, with snake_case keys only', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const code = `SNAKE${event.id.slice(-6).toUpperCase()}`;
    await db(env.DB).insert(coupons).values({ code, eventId: event.id, kind: 'percent', value: 10 });
    const order = await placeOrder(guest.cookie, event.id, 'couple');
    const paid = await sandboxPay(order.orderId);
    const email = `snake-${Date.now()}@example.com`;
    const operator = await createGuest();
    await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const asOperator = { cookie: operator.cookie };
    const newDinner = {
      city: event.city,
      title: 'Contract dinner',
      description: 'Keys on the wire.',
      location: 'Somewhere',
      capacity: 10,
      venue_name: null,
      venue_address: null,
    };

    const quiz = { ...QUIZ_DEFAULTS, music_genres: ['Jazz'], movie_genres: ['Horror', 'Drama', 'Comedy'] };
    const profile = {
      full_name: 'Asha Verma',
      email: `p-${email}`,
      phone_number: '09876543210',
      date_of_birth: '1994-03-12',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    };
    const calls: Array<[string, Request]> = [
      ['health', apiRequest('GET', '/api/health')],
      ['auth config', apiRequest('GET', '/api/auth/config')],
      ['session signed out', apiRequest('GET', '/api/auth/session')],
      ['session signed in', apiRequest('GET', '/api/auth/session', { cookie: guest.cookie })],
      ['events', apiRequest('GET', '/api/events')],
      ['cities', apiRequest('GET', '/api/cities')],
      ['event', apiRequest('GET', `/api/events/${event.id}`)],
      ['event missing', apiRequest('GET', '/api/events/no-such-event')],
      ['quiz status', apiRequest('GET', '/api/quiz', { cookie: guest.cookie })],
      ['quiz submit', apiRequest('POST', '/api/quiz', { cookie: guest.cookie, body: quiz })],
      ['quiz invalid', apiRequest('POST', '/api/quiz', { cookie: guest.cookie, body: { ...quiz, movie_genres: [] } })],
      ['profile', apiRequest('GET', '/api/profile', { cookie: guest.cookie })],
      ['profile save', apiRequest('PUT', '/api/profile', { cookie: guest.cookie, body: profile })],
      [
        'profile invalid',
        apiRequest('PUT', '/api/profile', { cookie: guest.cookie, body: { ...profile, full_name: 'x' } }),
      ],
      [
        'coupon',
        apiRequest('POST', '/api/coupons/validate', { cookie: guest.cookie, body: { code, event_id: event.id } }),
      ],
      [
        'coupon invalid',
        apiRequest('POST', '/api/coupons/validate', {
          cookie: guest.cookie,
          body: { code: 'NOPE', event_id: event.id },
        }),
      ],
      [
        'order create',
        apiRequest('POST', '/api/orders', {
          cookie: guest.cookie,
          body: { event_id: event.id, ticket_type: 'male', coupon: code },
        }),
      ],
      ['order view', apiRequest('GET', `/api/orders/${order.orderId}`, { cookie: guest.cookie })],
      ['order held', apiRequest('GET', `/api/orders/held/${event.id}`, { cookie: guest.cookie })],
      ['bookings', apiRequest('GET', '/api/bookings', { cookie: guest.cookie })],
      ['newsletter', apiRequest('POST', '/api/newsletter', { body: { email } })],
      ['waitlist invalid', apiRequest('POST', '/api/waitlist', { body: { city: 'nowhere' } })],
      [
        'signup',
        apiRequest('POST', '/api/auth/signup', {
          body: { full_name: 'Ravi Kumar', phone: randomPhone(), email, password: 'secret1' },
        }),
      ],
      ['signin failed', apiRequest('POST', '/api/auth/signin', { body: { email, password: 'wrong-password' } })],
      ['otp invalid', apiRequest('POST', '/api/auth/otp/send', { body: { phone: '123' } })],
      ['signed out 401', apiRequest('GET', '/api/bookings')],
      ['admin events', apiRequest('GET', '/api/admin/events', asOperator)],
      ['admin messages', apiRequest('GET', `/api/admin/events/${event.id}/messages`, asOperator)],
      [
        'admin message refused',
        apiRequest('POST', `/api/admin/events/${event.id}/message`, { ...asOperator, body: { subject: '' } }),
      ],
      [
        'admin hide',
        apiRequest('PATCH', `/api/admin/events/${event.id}`, { ...asOperator, body: { available: false } }),
      ],
      ['admin invalid', apiRequest('PATCH', `/api/admin/events/${event.id}`, { ...asOperator, body: {} })],
      ['admin dinner', apiRequest('GET', `/api/admin/events/${event.id}`, asOperator)],
      [
        'admin create',
        apiRequest('POST', '/api/admin/events', {
          ...asOperator,
          // 7:00 PM IST: now + 9 days ended past midnight IST for a run after 9:00 PM IST, and the
          // 400 that answered it left the created dinner's keys unchecked.
          body: { ...newDinner, starts_at: istEvening(9).startsAt },
        }),
      ],
      [
        'admin series',
        apiRequest('POST', '/api/admin/series', {
          ...asOperator,
          body: { ...newDinner, weekday: 'friday', local_time: '19:00', weeks: 2 },
        }),
      ],
      [
        'admin capacity 409',
        apiRequest('PATCH', `/api/admin/events/${event.id}`, { ...asOperator, body: { capacity: 1 } }),
      ],
      ['admin audit', apiRequest('GET', `/api/admin/audit?event_id=${event.id}`, asOperator)],
      ['admin cities', apiRequest('GET', '/api/admin/cities', asOperator)],
      [
        'admin city create',
        apiRequest('POST', '/api/admin/cities', {
          ...asOperator,
          body: { slug: `c-${code.toLowerCase()}`, name: 'Contract', blurb: 'Keys', status: 'hidden', position: 9 },
        }),
      ],
      [
        'admin city edit',
        apiRequest('PATCH', `/api/admin/cities/c-${code.toLowerCase()}`, { ...asOperator, body: { position: 10 } }),
      ],
      ['admin city invalid', apiRequest('POST', '/api/admin/cities', { ...asOperator, body: { slug: 'Bad Slug' } })],
      ['admin attendees', apiRequest('GET', `/api/admin/events/${event.id}/attendees?q=asha`, asOperator)],
      ['admin attendees missing', apiRequest('GET', '/api/admin/events/no-such-event/attendees', asOperator)],
      ['admin coupons', apiRequest('GET', '/api/admin/coupons', asOperator)],
      [
        'admin coupon create',
        apiRequest('POST', '/api/admin/coupons', {
          ...asOperator,
          body: { code: `K${code}`, kind: 'fixed', value: 50, ticket_types: ['male'], max_redemptions: 3 },
        }),
      ],
      [
        'admin coupon invalid',
        apiRequest('POST', '/api/admin/coupons', { ...asOperator, body: { code, kind: 'percent', value: 101 } }),
      ],
      [
        'admin coupon edit',
        apiRequest('PATCH', `/api/admin/coupons/${code}`, { ...asOperator, body: { active: true } }),
      ],
      ['admin hosts', apiRequest('GET', `/api/admin/events/${event.id}/hosts`, asOperator)],
      ['admin tables', apiRequest('GET', `/api/admin/events/${event.id}/tables`, asOperator)],
      ['admin tables match', apiRequest('POST', `/api/admin/events/${event.id}/tables`, asOperator)],
      [
        'admin tables invalid',
        apiRequest('PUT', `/api/admin/events/${event.id}/tables`, { ...asOperator, body: { tables: [{ number: 0 }] } }),
      ],
      ['admin tables publish', apiRequest('POST', `/api/admin/events/${event.id}/tables/publish`, asOperator)],
      [
        'admin host refused',
        apiRequest('POST', `/api/admin/events/${event.id}/hosts`, { ...asOperator, body: { user: guest.phone } }),
      ],
      ['host events', apiRequest('GET', '/api/host/events', asOperator)],
      ['host night', apiRequest('GET', `/api/host/events/${event.id}`, asOperator)],
      [
        'host check-in unknown',
        apiRequest('POST', '/api/host/check-in', { ...asOperator, body: { ticket_code: newTicketCode() } }),
      ],
      ['host check-in invalid', apiRequest('POST', '/api/host/check-in', { ...asOperator, body: { ticket_code: 1 } })],
      [
        'host tap unknown',
        apiRequest('POST', `/api/host/events/${event.id}/check-in`, { ...asOperator, body: { booking_id: 'nope' } }),
      ],
      ['host 403', apiRequest('GET', '/api/host/events', { cookie: guest.cookie })],
      ['admin 403', apiRequest('GET', '/api/admin/events', { cookie: guest.cookie })],
      ['unknown path', apiRequest('GET', '/api/nope')],
      // Issue 21: after the dinner.
      ['connections', apiRequest('GET', '/api/connections', { cookie: guest.cookie })],
      ['feedback missing', apiRequest('GET', '/api/bookings/bkg_none/feedback', { cookie: guest.cookie })],
      [
        'feedback invalid',
        apiRequest('PUT', '/api/bookings/bkg_none/feedback', { cookie: guest.cookie, body: { evening: 9 } }),
      ],
      ['tablemates missing', apiRequest('GET', '/api/bookings/bkg_none/tablemates', { cookie: guest.cookie })],
      ['report invalid', apiRequest('POST', '/api/reports', { cookie: guest.cookie, body: { category: 'x' } })],
      ['share missing', apiRequest('GET', '/api/bookings/bkg_none/share', { cookie: guest.cookie })],
      ['shared missing', apiRequest('GET', '/api/shared/nope')],
      ['admin reports', apiRequest('GET', '/api/admin/reports', asOperator)],
      ['admin stats', apiRequest('GET', '/api/admin/stats', asOperator)],
      ['admin stats invalid', apiRequest('GET', '/api/admin/stats?weeks=99', asOperator)],
      ['admin hosts feedback', apiRequest('GET', '/api/admin/hosts/feedback', asOperator)],
      ['admin dinner feedback', apiRequest('GET', `/api/admin/events/${event.id}/feedback`, asOperator)],
      ['admin suspension preview', apiRequest('GET', `/api/admin/users/${guest.userId}/suspension`, asOperator)],
      ['signout', apiRequest('POST', '/api/auth/signout')],
    ];
    const offenders: string[] = [];
    for (const [name, request] of calls) {
      const res = await SELF.fetch(request);
      expect(res.headers.get('Content-Type'), name).toContain('application/json');
      offenders.push(...nonSnakeKeys(await res.json()).map((p) => `${name}: ${p}`));
    }
    const verified = await verify(guest.cookie, paid);
    offenders.push(...nonSnakeKeys(await verified.json()).map((p) => `verify: ${p}`));
    const webhook = await postWebhook('payment.failed', {
      id: 'pay_snake',
      entity: 'payment',
      amount: 100,
      currency: 'INR',
      status: 'failed',
      order_id: 'order_none',
    });
    offenders.push(...nonSnakeKeys(await webhook.json()).map((p) => `webhook: ${p}`));
    expect(offenders).toEqual([]);
  });

  it('answers My Booking and its reschedule (moved or refused) with snake_case keys only', async () => {
    const { guest, bookingId, later } = await bookedWithATarget();
    const offenders: string[] = [];
    for (const [name, request] of [
      ['my booking', apiRequest('GET', `/api/bookings/${bookingId}`, { cookie: guest.cookie })],
      ['my booking missing', apiRequest('GET', '/api/bookings/bkg_none', { cookie: guest.cookie })],
      [
        'reschedule refused',
        apiRequest('POST', `/api/bookings/${bookingId}/reschedule`, { cookie: guest.cookie, body: { event_id: 'x' } }),
      ],
      [
        'reschedule',
        apiRequest('POST', `/api/bookings/${bookingId}/reschedule`, {
          cookie: guest.cookie,
          body: { event_id: later },
        }),
      ],
    ] as const) {
      const res = await SELF.fetch(request);
      expect(res.headers.get('Content-Type'), name).toContain('application/json');
      const body = await res.json();
      if (name === 'my booking' || name === 'reschedule') {
        expect(res.status, name).toBe(200);
        // One object per concern, so later concerns (the cancellation choice, running late) add keys, not shapes.
        expect(Object.keys(body as object).sort(), name).toEqual(
          ['attendance', 'booking', 'event', 'release', 'reschedule', 'state', 'table', 'ticket', 'venue'].sort(),
        );
      }
      offenders.push(...nonSnakeKeys(body).map((p) => `${name}: ${p}`));
    }
    expect(offenders).toEqual([]);
  });

  it('answers a booking’s choices, the cancellation choice and running late with snake_case keys only', async () => {
    const { guest, bookingId, target } = await cancelledBooking();
    const offenders: string[] = [];
    for (const [name, request] of [
      ['choices', apiRequest('GET', `/api/bookings/${bookingId}/choices`, { cookie: guest.cookie })],
      ['choices missing', apiRequest('GET', '/api/bookings/bkg_none/choices', { cookie: guest.cookie })],
      [
        'running late refused',
        apiRequest('POST', `/api/bookings/${bookingId}/running-late`, { cookie: guest.cookie, body: { minutes: 10 } }),
      ],
      [
        'choice invalid',
        apiRequest('POST', `/api/bookings/${bookingId}/cancellation-choice`, { cookie: guest.cookie, body: {} }),
      ],
      [
        'choice move',
        apiRequest('POST', `/api/bookings/${bookingId}/cancellation-choice`, {
          cookie: guest.cookie,
          body: { choice: 'move', event_id: target },
        }),
      ],
      [
        'choice refused',
        apiRequest('POST', `/api/bookings/${bookingId}/cancellation-choice`, {
          cookie: guest.cookie,
          body: { choice: 'refund' },
        }),
      ],
    ] as const) {
      const res = await SELF.fetch(request);
      expect(res.headers.get('Content-Type'), name).toContain('application/json');
      offenders.push(...nonSnakeKeys(await res.json()).map((p) => `${name}: ${p}`));
    }
    expect(offenders).toEqual([]);
  });

  it('would catch a camelCase key anywhere in an answer', () => {
    expect(nonSnakeKeys({ event: { seats_left: 1, tickets: [{ ticketType: 'male' }] } })).toEqual([
      '$.event.tickets[0].ticketType',
    ]);
  });
});

/** A guest with a confirmed booking (through the pipeline) and another dinner in its city to move to. */
async function bookedWithATarget() {
  const guest = await createGuest();
  const event = await createEvent();
  const later = await createEvent({ inHours: 400, city: event.city });
  const order = await placeOrder(guest.cookie, event.id);
  const paid = await sandboxPay(order.orderId);
  await runQueue('bookings', [message(order.orderId, paid.razorpay_payment_id)]);
  const res = await SELF.fetch(apiRequest('GET', '/api/bookings', { cookie: guest.cookie }));
  const { bookings } = (await res.json()) as { bookings: Array<{ id: string }> };
  return { guest, bookingId: bookings[0].id, later: later.id };
}

/** A guest whose confirmed booking's dinner we cancelled (rows as the pipeline and the cancel leave them), and a dinner to move to. */
async function cancelledBooking() {
  const guest = await createGuest();
  const event = await createEvent();
  const target = await createEvent();
  const id = `bkg_choice_${event.id}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at, payment_id)
       VALUES (?1, ?1, ?2, ?3, 'male', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z', ?4)`,
    ).bind(`ord_${id}`, guest.userId, event.id, `pay_${id}`),
    env.DB.prepare(
      `INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type, seats, amount, payment_id, status, ticket_code)
       VALUES (?1, ?2, ?3, ?4, 'Contract dinner', 'Gurugram', '2030-01-01', 'male', 1, 499, ?5, 'confirmed', ?1)`,
    ).bind(id, guest.userId, `ord_${id}`, event.id, `pay_${id}`),
    env.DB.prepare('UPDATE events SET cancelled_at = ?2, cancel_reason = ?3, available = 0 WHERE id = ?1').bind(
      event.id,
      new Date().toISOString(),
      'Rain.',
    ),
  ]);
  return { guest: { cookie: guest.cookie }, bookingId: id, target: target.id };
}

/** A stand-in for the static assets: the SPA shell, so the landing pages render. */
const shellAssets = {
  fetch: async () =>
    new Response('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
      headers: { 'Content-Type': 'text/html' },
    }),
} as unknown as Fetcher;

/** Runs `request` through the Worker (static assets from the shell) and counts its D1 round trips. */
const roundTrips = (request: Request) => countedTrips(request, { ASSETS: shellAssets });

const measured: Array<{ request: string; trips: number; budget: number }> = [];

describe('D1 round trips per request', () => {
  afterAll(() => {
    // The table for the record (docs/decisions/008): what each request costs today.
    console.info(
      [
        'D1 round trips per request:',
        ...measured.map((m) => `  ${m.request.padEnd(40)} ${m.trips}  (budget ${m.budget})`),
      ].join('\n'),
    );
  });

  const expectWithin = async (label: string, request: Request, budget: number, status = 200) => {
    const { trips, status: got } = await roundTrips(request);
    measured.push({ request: label, trips, budget });
    expect(got, label).toBe(status);
    expect(trips, label).toBeLessThanOrEqual(budget);
    return trips;
  };

  it('a public GET costs one', async () => {
    const event = await createEvent();
    await expectWithin('GET /api/events', apiRequest('GET', '/api/events'), 1);
    await expectWithin('GET /api/events/:id', apiRequest('GET', `/api/events/${event.id}`), 1);
    await expectWithin('GET /api/events/:city', apiRequest('GET', `/api/events/${event.city}`), 1);
    await expectWithin('GET /events (page)', new Request(`${ORIGIN}/events`), 1);
    await expectWithin('GET /event/:id (page)', new Request(`${ORIGIN}/event/${event.id}`), 1);
    await expectWithin('GET /api/cities', apiRequest('GET', '/api/cities'), 1);
    await expectWithin('GET / (page, with the cities)', new Request(`${ORIGIN}/`), 1);
    await expectWithin('GET /api/auth/session (signed out)', apiRequest('GET', '/api/auth/session'), 1);
    expect(await expectWithin('GET /api/health', apiRequest('GET', '/api/health'), 0)).toBe(0);
  });

  it('a public GET by a signed-in guest still costs one: public routes read no session', async () => {
    const guest = await createGuest();
    await expectWithin('GET /api/events (signed in)', apiRequest('GET', '/api/events', { cookie: guest.cookie }), 1);
  });

  it('a signed-in GET costs two at most', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const code = `TRIPS${event.id.slice(-6).toUpperCase()}`;
    await db(env.DB).insert(coupons).values({ code, kind: 'percent', value: 10 });
    const order = await placeOrder(guest.cookie, event.id);
    await expectWithin('GET /api/auth/session', apiRequest('GET', '/api/auth/session', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/profile', apiRequest('GET', '/api/profile', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/bookings', apiRequest('GET', '/api/bookings', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/quiz', apiRequest('GET', '/api/quiz', { cookie: guest.cookie }), 2);
    // Issue 21: the guest's connections and a booking's share link.
    await expectWithin('GET /api/connections', apiRequest('GET', '/api/connections', { cookie: guest.cookie }), 2);
    await expectWithin(
      'GET /api/bookings/:id/share (missing)',
      apiRequest('GET', '/api/bookings/bkg_none/share', { cookie: guest.cookie }),
      2,
      404,
    );
    // The role rides on the session's one query: the console's gate costs nothing more.
    await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, guest.userId));
    await expectWithin('GET /api/admin/events', apiRequest('GET', '/api/admin/events', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/admin/audit', apiRequest('GET', '/api/admin/audit', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/admin/cities', apiRequest('GET', '/api/admin/cities', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/admin/reports', apiRequest('GET', '/api/admin/reports', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/admin/stats', apiRequest('GET', '/api/admin/stats', { cookie: guest.cookie }), 2);
    await expectWithin(
      'PATCH /api/admin/cities/:slug',
      apiRequest('PATCH', '/api/admin/cities/noida', { cookie: guest.cookie, body: { position: 2 } }),
      2,
    );
    await expectWithin(
      'GET /api/admin/events/:id/attendees',
      apiRequest('GET', `/api/admin/events/${event.id}/attendees`, { cookie: guest.cookie }),
      2,
    );
    await expectWithin(
      'GET /api/admin/events/:id/attendees.csv',
      apiRequest('GET', `/api/admin/events/${event.id}/attendees.csv`, { cookie: guest.cookie }),
      2,
    );
    await expectWithin(
      'GET /api/admin/events/:id/messages',
      apiRequest('GET', `/api/admin/events/${event.id}/messages`, { cookie: guest.cookie }),
      2,
    );
    await expectWithin(
      'PATCH /api/admin/events/:id',
      apiRequest('PATCH', `/api/admin/events/${event.id}`, { cookie: guest.cookie, body: { available: false } }),
      2,
    );
    await expectWithin('GET /api/admin/coupons', apiRequest('GET', '/api/admin/coupons', { cookie: guest.cookie }), 2);
    await expectWithin(
      'PATCH /api/admin/coupons/:code',
      apiRequest('PATCH', `/api/admin/coupons/${code}`, { cookie: guest.cookie, body: { active: false } }),
      2,
    );
    await expectWithin(
      'GET /api/orders/:id',
      apiRequest('GET', `/api/orders/${order.orderId}`, { cookie: guest.cookie }),
      2,
    );
    // A checkout closed half-way (issue 24): the booking box finds the hold in one read.
    await expectWithin(
      'GET /api/orders/held/:eventId',
      apiRequest('GET', `/api/orders/held/${event.id}`, { cookie: guest.cookie }),
      2,
    );
  });

  it("letting a held seat go costs two: the session, then the hold's end and its read in one batch", async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const order = await placeOrder(guest.cookie, event.id);
    await expectWithin(
      'DELETE /api/orders/:id',
      apiRequest('DELETE', `/api/orders/${order.orderId}`, { cookie: guest.cookie }),
      2,
    );
  });

  it('cancelling a dinner costs two: the session, then one batch (change, notice, audit, holds, answer)', async () => {
    const operator = await createGuest();
    await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const event = await createEvent();
    await expectWithin(
      'POST /api/admin/events/:id/cancel',
      apiRequest('POST', `/api/admin/events/${event.id}/cancel`, {
        cookie: operator.cookie,
        body: { reason: 'Rain.' },
      }),
      2,
    );
  });

  it('the night: a host GET costs two, a check-in two (one batch), assigning a host three', async () => {
    const operator = await createGuest();
    const host = await createGuest();
    await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    await db(env.DB).update(users).set({ role: 'host' }).where(eq(users.id, host.userId));
    const event = await createEvent({ inHours: 1 });
    const guest = await booked(event);
    const other = await booked(event);
    await expectWithin(
      'POST /api/admin/events/:id/hosts',
      apiRequest('POST', `/api/admin/events/${event.id}/hosts`, {
        cookie: operator.cookie,
        body: { user: host.phone },
      }),
      3,
      201,
    );
    await expectWithin(
      'GET /api/admin/events/:id/hosts',
      apiRequest('GET', `/api/admin/events/${event.id}/hosts`, { cookie: operator.cookie }),
      2,
    );
    // Tables: a read is one batch; a write reads the dinner, writes with its audit row, and answers
    // the tables as they stand (three batches after the session).
    await expectWithin(
      'GET /api/admin/events/:id/tables',
      apiRequest('GET', `/api/admin/events/${event.id}/tables`, { cookie: operator.cookie }),
      2,
    );
    await expectWithin(
      'POST /api/admin/events/:id/tables',
      apiRequest('POST', `/api/admin/events/${event.id}/tables`, { cookie: operator.cookie }),
      4,
    );
    await expectWithin(
      'POST /api/admin/events/:id/tables/publish',
      apiRequest('POST', `/api/admin/events/${event.id}/tables/publish`, { cookie: operator.cookie }),
      4,
    );
    await expectWithin('GET /api/host/events', apiRequest('GET', '/api/host/events', { cookie: host.cookie }), 2);
    await expectWithin(
      'GET /api/host/events/:id',
      apiRequest('GET', `/api/host/events/${event.id}`, { cookie: host.cookie }),
      2,
    );
    await expectWithin(
      'POST /api/host/check-in',
      apiRequest('POST', '/api/host/check-in', {
        cookie: host.cookie,
        body: { ticket_code: guest.ticketCode, event_id: event.id },
      }),
      2,
    );
    await expectWithin(
      'POST /api/host/events/:id/check-in',
      apiRequest('POST', `/api/host/events/${event.id}/check-in`, {
        cookie: host.cookie,
        body: { booking_id: other.bookingId },
      }),
      2,
    );
    await expectWithin(
      'DELETE /api/admin/events/:id/hosts/:userId',
      apiRequest('DELETE', `/api/admin/events/${event.id}/hosts/${host.userId}`, { cookie: operator.cookie }),
      2,
    );
  });

  // A move reads its price first (the domain's priceAt, judged in code, then compared again inside
  // the write: decision 024), so a reschedule or a move after a cancellation costs one read more.
  it('My Booking costs two (the session, then one batch); a reschedule, moved or refused, three', async () => {
    const { guest, bookingId, later } = await bookedWithATarget();
    await expectWithin(
      'GET /api/bookings/:id',
      apiRequest('GET', `/api/bookings/${bookingId}`, { cookie: guest.cookie }),
      2,
    );
    await expectWithin(
      'GET /api/bookings/:id (not found)',
      apiRequest('GET', '/api/bookings/bkg_none', { cookie: guest.cookie }),
      2,
      404,
    );
    await expectWithin(
      'POST /api/bookings/:id/reschedule (refused)',
      apiRequest('POST', `/api/bookings/${bookingId}/reschedule`, { cookie: guest.cookie, body: { event_id: 'x' } }),
      3,
      400,
    );
    await expectWithin(
      'POST /api/bookings/:id/reschedule',
      apiRequest('POST', `/api/bookings/${bookingId}/reschedule`, { cookie: guest.cookie, body: { event_id: later } }),
      3,
    );
  });

  it('a booking’s choices, a refused choice and running late cost two: the session, then one batch; a move three', async () => {
    const { guest, bookingId, target } = await cancelledBooking();
    const path = `/api/bookings/${bookingId}`;
    await expectWithin('GET /api/bookings/:id/choices', apiRequest('GET', `${path}/choices`, guest), 2);
    await expectWithin(
      'POST …/cancellation-choice (move)',
      apiRequest('POST', `${path}/cancellation-choice`, { ...guest, body: { choice: 'move', event_id: target } }),
      3,
    );
    await expectWithin(
      'POST …/cancellation-choice (refused)',
      apiRequest('POST', `${path}/cancellation-choice`, { ...guest, body: { choice: 'refund' } }),
      2,
      409,
    );
    await expectWithin(
      'POST …/running-late (refused)',
      apiRequest('POST', `${path}/running-late`, { ...guest, body: { minutes: 10 } }),
      2,
      409,
    );
  });

  it('the waitlist, an offer and credit cost two (the session, then one read); a release three', async () => {
    const guest = await createGuest({ sex: 'male' });
    const event = await createEvent({ inHours: 30 });
    await expectWithin('GET /api/waitlist', apiRequest('GET', '/api/waitlist', { cookie: guest.cookie }), 2);
    await expectWithin('GET /api/credits', apiRequest('GET', '/api/credits', { cookie: guest.cookie }), 2);
    await expectWithin(
      'GET /api/events/:id/waitlist',
      apiRequest('GET', `/api/events/${event.id}/waitlist`, { cookie: guest.cookie }),
      2,
    );
    await expectWithin(
      'GET /api/offers/:token (not found)',
      apiRequest('GET', '/api/offers/none', { cookie: guest.cookie }),
      2,
      404,
    );
    const booked = await bookedGuest(event.id);
    await expectWithin(
      'POST /api/bookings/:id/release',
      apiRequest('POST', `/api/bookings/${booked.booking.id}/release`, { cookie: booked.cookie }),
      3,
    );
  });

  it('an order costs three at most', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    await expectWithin(
      'POST /api/orders',
      apiRequest('POST', '/api/orders', { cookie: guest.cookie, body: { event_id: event.id, ticket_type: 'male' } }),
      3,
      201,
    );
  });

  it('an order with a coupon (capped) costs three at most, and so does the coupon check (signed in)', async () => {
    const guest = await createGuest();
    const event = await createEvent();
    const code = `ORDER${event.id.slice(-6).toUpperCase()}`;
    await db(env.DB).insert(coupons).values({ code, kind: 'percent', value: 10, maxRedemptions: 5 });
    // Signed in only (issue 19): the session, the guest's and the address's allowance in one batch, the check.
    await expectWithin(
      'POST /api/coupons/validate',
      apiRequest('POST', '/api/coupons/validate', { cookie: guest.cookie, body: { code, event_id: event.id } }),
      3,
    );
    await expectWithin(
      'POST /api/orders (with a coupon)',
      apiRequest('POST', '/api/orders', {
        cookie: guest.cookie,
        body: { event_id: event.id, ticket_type: 'male', coupon: code },
      }),
      3,
      201,
    );
  });

  it('counts what it claims to count (a refused order still reads)', async () => {
    const guest = await createGuest();
    const { trips } = await roundTrips(
      apiRequest('POST', '/api/orders', {
        cookie: guest.cookie,
        body: { event_id: 'no-such-event', ticket_type: 'male' },
      }),
    );
    expect(trips).toBe(2);
  });
});
