/**
 * Issue 14 "Booking on a phone", the Worker's half: a couple's or female duo's second guest
 * (validated by the domain schema, stored with the seat hold, shown to the host, the console and the
 * guest, never to anyone else), the truth about seats on /events, the home page's city cards and a
 * full dinner's page, and the guest's own bookings that tell the event page "You're going".
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { cities, coupons, eventBookings, paymentOrders, users } from '../../db/schema';
import { COPY } from '../../worker/domain/copy';
import { BOOKING_COPY, seatsLeftLabel } from '../../worker/domain/copy-booking';
import { OrderRequestSchema, PartyNameSchema, PartyPhoneSchema } from '../../worker/domain/order';
import {
  bookedGuest,
  createEvent,
  createGuest,
  expireHold,
  message,
  orderRow,
  placeOrder,
  postOrder,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import { apiRequest, ORIGIN } from './helpers/session-cookie';
import { roundTrips } from './helpers/round-trips';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const get = (path: string, cookie?: string) => SELF.fetch(apiRequest('GET', path, { cookie }));

async function operator() {
  const guest = await createGuest();
  await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, guest.userId));
  return guest;
}

/** A couple's order for `eventId` naming Priya (and her phone), paid and booked through the queue. */
async function bookedCouple(eventId: string, party: Record<string, unknown> = { party_name: 'Priya' }) {
  const guest = await createGuest();
  const res = await postOrder(guest.cookie, { event_id: eventId, ticket_type: 'couple', ...party });
  expect(res.status, await res.clone().text()).toBe(201);
  const { order } = (await res.json()) as { order: { id: string } };
  const paid = await sandboxPay(order.id);
  await runQueue('bookings', [message(order.id, paid.razorpay_payment_id, 'verify')]);
  const [booking] = await db(env.DB)
    .select()
    .from(eventBookings)
    .where(eq(eventBookings.paymentId, paid.razorpay_payment_id));
  expect(booking.status).toBe('confirmed');
  return { guest, booking, orderId: order.id };
}

describe('the second guest of a couple or female-duo ticket (POST /api/orders)', () => {
  it('the domain schema: a first name is required for two, refused for one; the phone is optional, E.164', () => {
    const base = { event_id: 'evt' };
    const issueOf = (input: unknown) => {
      const r = v.safeParse(OrderRequestSchema, input);
      return r.success ? null : { path: v.getDotPath(r.issues[0]), message: r.issues[0].message };
    };
    expect(issueOf({ ...base, ticket_type: 'couple' })).toEqual({
      path: 'party_name',
      message: BOOKING_COPY.partyNameRequired,
    });
    expect(issueOf({ ...base, ticket_type: 'female_duo', party_name: '   ' })).toEqual({
      path: 'party_name',
      message: BOOKING_COPY.partyNameRequired,
    });
    expect(issueOf({ ...base, ticket_type: 'male', party_name: 'Priya' })).toEqual({
      path: 'party_name',
      message: BOOKING_COPY.partyOnSingleTicket,
    });
    expect(issueOf({ ...base, ticket_type: 'female', party_phone: '9876543210' })).toEqual({
      path: 'party_name',
      message: BOOKING_COPY.partyOnSingleTicket,
    });
    expect(issueOf({ ...base, ticket_type: 'couple', party_name: 'Priya', party_phone: '12345' })).toEqual({
      path: 'party_phone',
      message: COPY.auth.phone,
    });
    expect(
      v.parse(OrderRequestSchema, { ...base, ticket_type: 'couple', party_name: ' Priya  Sharma ' }),
    ).toMatchObject({ party_name: 'Priya Sharma' });
    expect(v.parse(PartyPhoneSchema, '098765 43210')).toBe('+919876543210');
    expect(v.parse(PartyPhoneSchema, '  ')).toBeNull();
    // Letters of any script; nothing that could start a spreadsheet formula or carry markup.
    expect(v.parse(PartyNameSchema, 'Zoë')).toBe('Zoë');
    expect(v.parse(PartyNameSchema, 'अनन्या')).toBe('अनन्या');
    expect(v.parse(PartyNameSchema, "D'Souza")).toBe("D'Souza");
    for (const bad of ['=HYPERLINK("x")', '+91999', '<b>Priya</b>', 'P', 'Priya2', 'x'.repeat(41)])
      expect(v.safeParse(PartyNameSchema, bad).success, bad).toBe(false);
  });

  it('a couple without a second name is a 400 on party_name, and holds nothing', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const res = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'couple', party_name: undefined });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toMatchObject({
      code: 'invalid_input',
      message: BOOKING_COPY.partyNameRequired,
      fields: { party_name: BOOKING_COPY.partyNameRequired },
    });
    const held = await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.eventId, event.id));
    expect(held).toHaveLength(0);
  });

  it('a single ticket naming a second guest is a clear 400, and holds nothing', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const res = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'male', party_name: 'Priya' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      message: BOOKING_COPY.partyOnSingleTicket,
      fields: { party_name: BOOKING_COPY.partyOnSingleTicket },
    });
    const bad = await postOrder(guest.cookie, {
      event_id: event.id,
      ticket_type: 'couple',
      party_name: 'Priya',
      party_phone: '5876543210',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({ party_phone: COPY.auth.phone });
    const held = await db(env.DB).select().from(paymentOrders).where(eq(paymentOrders.eventId, event.id));
    expect(held).toHaveLength(0);
  });

  it('is stored on the order by the seat hold, copied onto the booking, and read back by its guest', async () => {
    const event = await createEvent();
    const { guest, booking, orderId } = await bookedCouple(event.id, {
      party_name: ' Priya ',
      party_phone: '98765 43210',
    });
    expect(await orderRow(orderId)).toMatchObject({ partyName: 'Priya', partyPhone: '+919876543210', seats: 2 });
    expect(booking).toMatchObject({ partyName: 'Priya', partyPhone: '+919876543210' });

    const own = (await (await get('/api/bookings', guest.cookie)).json()) as {
      bookings: Array<{ id: string; event_id: string; status: string; party_name: string | null }>;
    };
    // What the event page's "You're going" reads: the guest's own confirmed booking of this dinner.
    expect(own.bookings).toEqual([
      expect.objectContaining({ id: booking.id, event_id: event.id, status: 'confirmed', party_name: 'Priya' }),
    ]);
    const mine = (await (await get(`/api/bookings/${booking.id}`, guest.cookie)).json()) as {
      booking: { party_name: string | null };
    };
    expect(mine.booking.party_name).toBe('Priya');
    const order = (await (await get(`/api/orders/${orderId}`, guest.cookie)).json()) as {
      booking: { party_name: string | null };
    };
    expect(order.booking.party_name).toBe('Priya');
  });

  it('a single ticket carries no second guest anywhere', async () => {
    const event = await createEvent();
    const single = await bookedGuest(event.id);
    expect(single.booking).toMatchObject({ partyName: null, partyPhone: null });
    const own = (await (await get('/api/bookings', single.cookie)).json()) as {
      bookings: Array<{ party_name: string | null }>;
    };
    expect(own.bookings[0].party_name).toBeNull();
  });

  it('the host sees "+ name" (never the phone); the console sees name and phone, in the CSV too', async () => {
    const event = await createEvent();
    const { booking } = await bookedCouple(event.id, { party_name: 'Priya', party_phone: '9876543210' });
    const op = await operator();

    const night = (await (await get(`/api/host/events/${event.id}`, op.cookie)).json()) as {
      guests: Array<Record<string, unknown>>;
    };
    const guest = night.guests.find((g) => g.booking_id === booking.id);
    expect(guest).toMatchObject({ party_name: 'Priya', seats: 2 });
    expect(JSON.stringify(night)).not.toContain('9876543210');

    const list = (await (await get(`/api/admin/events/${event.id}/attendees`, op.cookie)).json()) as {
      attendees: Array<Record<string, unknown>>;
    };
    expect(list.attendees.find((a) => a.booking_id === booking.id)).toMatchObject({
      party_name: 'Priya',
      party_phone: '+919876543210',
    });
    // The console's search finds a booking by its second guest too.
    const found = (await (await get(`/api/admin/events/${event.id}/attendees?q=priya`, op.cookie)).json()) as {
      attendees: unknown[];
    };
    expect(found.attendees).toHaveLength(1);

    const csv = await (await get(`/api/admin/events/${event.id}/attendees.csv`, op.cookie)).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Name,Phone,Email,Second guest,Second guest phone,Ticket,Seats,Amount (INR),Status,Table,Checked in,Booking ID,Booked at',
    );
    // E.164 starts with "+": neutralised as text, never a formula.
    expect(row).toContain(",Priya,'+919876543210,Couple (male + female),2,");
  });

  it('a second guest written before the schema (or by hand) still cannot start a formula in the CSV', async () => {
    const event = await createEvent();
    const { booking } = await bookedCouple(event.id);
    await db(env.DB)
      .update(eventBookings)
      .set({ partyName: '=HYPERLINK("x")', partyPhone: '@cmd' })
      .where(eq(eventBookings.id, booking.id));
    const op = await operator();
    const csv = await (await get(`/api/admin/events/${event.id}/attendees.csv`, op.cookie)).text();
    expect(csv).toContain(`,"'=HYPERLINK(""x"")",'@cmd,Couple (male + female),`);
  });

  it('never reaches another guest or the public pages', async () => {
    const event = await createEvent();
    await bookedCouple(event.id, { party_name: 'Zoravar', party_phone: '9876501234' });
    const other = await bookedGuest(event.id);
    const answers = await Promise.all([
      get('/api/bookings', other.cookie).then((r) => r.text()),
      get(`/api/bookings/${other.booking.id}`, other.cookie).then((r) => r.text()),
      get(`/api/events/${event.id}`).then((r) => r.text()),
      get('/api/events').then((r) => r.text()),
      SELF.fetch(new Request(`${ORIGIN}/event/${event.id}`)).then((r) => r.text()),
    ]);
    for (const text of answers) {
      expect(text).not.toContain('Zoravar');
      expect(text).not.toContain('9876501234');
    }
  });

  it('asked again with the same coupon, the guest gets their held order back only for the same party', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const code = `PARTY${event.id.slice(-6).toUpperCase()}`;
    await db(env.DB).insert(coupons).values({ code, eventId: event.id, kind: 'percent', value: 10 });
    const order = (party: Record<string, unknown>) =>
      postOrder(guest.cookie, { event_id: event.id, ticket_type: 'couple', coupon: code, ...party });
    const idOf = async (res: Response) => {
      expect(res.status).toBe(201);
      return ((await res.json()) as { order: { id: string } }).order.id;
    };
    const first = await idOf(await order({ party_name: 'Priya' }));
    expect(await idOf(await order({ party_name: 'Priya' }))).toBe(first);
    // Another second guest is another purchase: it waits for the guest's live hold (one per dinner).
    const meera = { party_name: 'Meera', party_phone: '9876543210' };
    const refused = await order(meera);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'hold_exists' } });
    await expireHold(first);
    const other = await idOf(await order(meera));
    expect(other).not.toBe(first);
    expect(await orderRow(other)).toMatchObject({ partyName: 'Meera', partyPhone: '+919876543210' });
    expect(await orderRow(first)).toMatchObject({ partyName: 'Priya', partyPhone: null });
  });

  it('an order with a second guest still costs three D1 round trips at most', async () => {
    const event = await createEvent();
    const guest = await createGuest({ sex: 'female' });
    const { trips, status } = await roundTrips(
      apiRequest('POST', '/api/orders', {
        cookie: guest.cookie,
        body: { event_id: event.id, ticket_type: 'female_duo', party_name: 'Meera', party_phone: '9876543210' },
      }),
    );
    expect(status).toBe(201);
    expect(trips).toBeLessThanOrEqual(3);
  });
});

describe('the truth about seats', () => {
  it('the label reads "3 seats left", "1 seat left" or "Sold out"', () => {
    expect(seatsLeftLabel(3)).toBe('3 seats left');
    expect(seatsLeftLabel(1)).toBe('1 seat left');
    expect(seatsLeftLabel(0)).toBe('Sold out');
  });

  it('GET /api/events carries each dinner’s seats left, holds and bookings counted, in one round trip', async () => {
    const event = await createEvent({ capacity: 5 });
    const full = await createEvent({ capacity: 2, city: event.city });
    await bookedCouple(event.id);
    const holder = await createGuest();
    await placeOrder(holder.cookie, event.id);
    await bookedCouple(full.id);

    const { events } = (await (await get('/api/events')).json()) as {
      events: Array<{ id: string; seats_left: number }>;
    };
    expect(events.find((e) => e.id === event.id)?.seats_left).toBe(2);
    expect(events.find((e) => e.id === full.id)?.seats_left).toBe(0);
    expect((await roundTrips(apiRequest('GET', '/api/events'))).trips).toBe(1);

    // The /events page's first frame draws the same truth into its cards.
    const page = await (await SELF.fetch(new Request(`${ORIGIN}/events`))).text();
    expect(page).toContain(full.id);
    expect(page).toContain('2 seats left');
    expect(page).toContain('Sold out');
  });

  it('the Worker draws a full dinner’s page with its next dinner linked; a link it cannot draw as the router would leaves the page without its frame', async () => {
    const full = await createEvent({ capacity: 2, inHours: 100 });
    const next = await createEvent({ capacity: 8, inHours: 200, city: full.city });
    await bookedCouple(full.id);
    const page = await (await SELF.fetch(new Request(`${ORIGIN}/event/${full.id}`))).text();
    expect(page).toContain('<div id="root" data-frame="hydrate">');
    expect(page).toContain(`href="/event/${next.id}"`);

    // An id the router writes as `a|b` where a plain anchor would write `a%7Cb`: not drawn.
    const fullToo = await createEvent({ capacity: 2, inHours: 100, title: 'Supper Undrawn' });
    const odd = `evt|${fullToo.id}`;
    await createEvent({ id: odd, capacity: 8, inHours: 200, city: fullToo.city });
    await bookedCouple(fullToo.id);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await SELF.fetch(new Request(`${ORIGIN}/event/${fullToo.id}`));
      expect(res.status).toBe(200);
      const unframed = await res.text();
      // The empty shell, for the SPA to draw, with the page's own head and the answer it needs.
      expect(unframed).toContain('<div id="root"></div>');
      expect(unframed).not.toContain('data-frame');
      expect(unframed).toContain('property="og:title" content="Supper Undrawn');
      expect(unframed).toContain(`"next_with_room":{"id":"${odd}"`);
      // Logged, with the cause.
      const logged = errors.mock.calls.flat().join(' ');
      expect(logged).toContain(`page frame: drawing the event page failed`);
      expect(logged).toContain(`$eventId \\"${odd}\\" is not plain`);
    } finally {
      errors.mockRestore();
    }
  });

  it('a full dinner’s page points to the next dinner in the city with room; one with room points nowhere', async () => {
    const full = await createEvent({ capacity: 2, inHours: 100 });
    const alsoFull = await createEvent({ capacity: 2, inHours: 150, city: full.city });
    const roomy = await createEvent({ capacity: 8, inHours: 200, city: full.city, title: 'Sunday Supper Club' });
    await createEvent({ capacity: 8, inHours: 300, city: full.city });
    await createEvent({ capacity: 8, inHours: 120 }); // another city, sooner: never offered
    await bookedCouple(full.id);
    await bookedCouple(alsoFull.id);

    const detail = async (key: string) =>
      (
        (await (await get(`/api/events/${key}`)).json()) as {
          event: {
            id: string;
            seats_left: number;
            next_with_room: { id: string; title: string; date: string; starts_at: string; seats_left: number } | null;
          };
        }
      ).event;

    const page = await detail(full.id);
    expect(page.seats_left).toBe(0);
    expect(page.next_with_room).toEqual({
      id: roomy.id,
      title: 'Sunday Supper Club',
      date: roomy.date,
      starts_at: roomy.startsAt,
      ends_at: roomy.endsAt,
      seats_left: 8,
    });
    expect((await detail(roomy.id)).next_with_room).toBeNull();
    // The city's own link opens the next dinner a guest can book, not the full one.
    expect((await detail(full.city)).id).toBe(roomy.id);
    expect((await roundTrips(apiRequest('GET', `/api/events/${full.id}`))).trips).toBe(1);
  });

  it('a full dinner with no other dinner in its city says so with null', async () => {
    const full = await createEvent({ capacity: 2 });
    await bookedCouple(full.id);
    const { event } = (await (await get(`/api/events/${full.id}`)).json()) as {
      event: { seats_left: number; next_with_room: unknown; tickets: Array<{ available: boolean }> };
    };
    expect(event.seats_left).toBe(0);
    expect(event.next_with_room).toBeNull();
    expect(event.tickets.every((t) => !t.available)).toBe(true);
  });

  it('the home page’s city card shows its next dinner with room and its seats left', async () => {
    const full = await createEvent({ capacity: 2, inHours: 100 });
    const roomy = await createEvent({ capacity: 6, inHours: 200, city: full.city });
    await db(env.DB).update(cities).set({ status: 'available' }).where(eq(cities.slug, full.city));
    try {
      await bookedCouple(full.id);
      await bookedGuest(roomy.id);
      const { cities: list } = (await (await get('/api/cities')).json()) as {
        cities: Array<{ slug: string; next_event: { id: string; seats_left: number } | null }>;
      };
      expect(list.find((c) => c.slug === full.city)?.next_event).toMatchObject({ id: roomy.id, seats_left: 5 });

      await bookedGuest(roomy.id);
      await bookedCouple(roomy.id);
      await bookedCouple(roomy.id);
      const after = (await (await get('/api/cities')).json()) as {
        cities: Array<{ slug: string; next_event: { id: string; seats_left: number } | null }>;
      };
      // Every dinner full: the card shows the soonest, sold out (the page then says so).
      expect(after.cities.find((c) => c.slug === full.city)?.next_event).toMatchObject({ id: full.id, seats_left: 0 });
      const home = await (await SELF.fetch(new Request(`${ORIGIN}/`))).text();
      expect(home).toContain('data-city-cards');
      expect(home).toContain('Sold out');
    } finally {
      await db(env.DB).update(cities).set({ status: 'hidden' }).where(eq(cities.slug, full.city));
    }
  });
});
