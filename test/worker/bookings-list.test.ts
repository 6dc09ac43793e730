import type { BookingStatus } from '../../worker/domain/statuses';
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { eventBookings, events, paymentOrders } from '../../db/schema';
import { eventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

type Booking = {
  id: string;
  event_name: string;
  event_location: string;
  event_date: string;
  amount: number;
  status: string;
  booking_date: string;
};

async function insertEvent() {
  const id = `test-event-${crypto.randomUUID()}`;
  await db(env.DB)
    .insert(events)
    .values(eventRow(id, 30 * 86_400_000, { city: 'gurugram', title: 'Saturday Supper', location: 'Gurugram' }));
  return id;
}

async function insertBooking(
  userId: string,
  eventId: string,
  bookingDate: string,
  status: BookingStatus = 'confirmed',
  amount = 499,
) {
  const orderId = crypto.randomUUID();
  await db(env.DB)
    .insert(paymentOrders)
    .values({
      id: orderId,
      receipt: `rcpt_${orderId}`,
      userId,
      eventId,
      ticketType: 'male',
      seats: 1,
      amount,
      status: 'confirmed',
      holdExpiresAt: bookingDate,
    });
  const id = crypto.randomUUID();
  await db(env.DB)
    .insert(eventBookings)
    .values({
      id,
      userId,
      orderId,
      eventId,
      eventName: `Dinner ${bookingDate}`,
      eventLocation: 'Gurugram',
      eventDate: '2030-01-05',
      ticketType: 'male',
      seats: 1,
      amount,
      paymentId: `pay_${orderId}`,
      status,
      bookingDate,
    });
  return id;
}

describe('GET /api/bookings', () => {
  it("lists only the guest's own bookings, newest booking date first", async () => {
    const me = await createSignedInUser();
    const other = await createSignedInUser();
    const eventId = await insertEvent();
    await insertBooking(me.userId, eventId, '2029-12-01T10:00:00.000Z');
    await insertBooking(me.userId, eventId, '2029-12-03T10:00:00.000Z', 'refund_pending', 749);
    await insertBooking(me.userId, eventId, '2029-12-02T10:00:00.000Z');
    await insertBooking(other.userId, eventId, '2029-12-04T10:00:00.000Z');
    const res = await SELF.fetch(apiRequest('GET', '/api/bookings', { cookie: me.cookie }));
    expect(res.status).toBe(200);
    const { bookings } = (await res.json()) as { bookings: Booking[] };
    expect(bookings.map((b) => b.booking_date)).toEqual([
      '2029-12-03T10:00:00.000Z',
      '2029-12-02T10:00:00.000Z',
      '2029-12-01T10:00:00.000Z',
    ]);
    expect(bookings[0]).toMatchObject({
      event_name: 'Dinner 2029-12-03T10:00:00.000Z',
      event_location: 'Gurugram',
      event_date: '2030-01-05',
      amount: 749,
      status: 'refund_pending',
    });
  });

  it("carries the ticket's seats and the dinner's start, for /profile's ticket and time", async () => {
    const me = await createSignedInUser();
    const eventId = await insertEvent();
    await insertBooking(me.userId, eventId, '2029-12-01T10:00:00.000Z');
    const res = await SELF.fetch(apiRequest('GET', '/api/bookings', { cookie: me.cookie }));
    const { bookings } = (await res.json()) as { bookings: Array<Booking & { starts_at: string | null }> };
    const startsAt = await env.DB.prepare('SELECT starts_at FROM events WHERE id = ?').bind(eventId).first('starts_at');
    expect(bookings[0]).toMatchObject({ ticket_type: 'male', seats: 1, starts_at: startsAt });
  });

  it('answers an empty list for a guest without bookings', async () => {
    const { cookie } = await createSignedInUser();
    const res = await SELF.fetch(apiRequest('GET', '/api/bookings', { cookie }));
    expect(await res.json()).toEqual({ bookings: [] });
  });

  it('answers 401 when signed out', async () => {
    expect((await SELF.fetch(apiRequest('GET', '/api/bookings'))).status).toBe(401);
  });
});
