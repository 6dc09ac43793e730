/**
 * A booking's real state (issue 24): one domain function (`bookingState`) gives the words, the
 * colour and whether the booking holds a seat, and My Booking, /profile's list and the console's
 * guest list all answer with it; a checkout closed half-way is answered again by Book Now, found
 * by the booking box (`GET /api/orders/held/:eventId`) and let go (`DELETE /api/orders/:id`).
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { eventBookings, events, paymentOrders, users } from '../../db/schema';
import { movedWhatsApp } from '../../worker/domain/booking-messages';
import { bookingState } from '../../worker/domain/booking-state';
import { HOLD_COPY } from '../../worker/domain/copy-hold';
import { seatsTaken } from '../../worker/services/ledger/seats';
import {
  bookedGuest,
  createEvent,
  createGuest,
  message,
  placeOrder,
  postOrder,
  runQueue,
  sandboxPay,
} from './helpers/booking-fixtures';
import { apiRequest } from './helpers/session-cookie';

const d = () => db(env.DB);
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what these tests assert
const call = async (method: string, path: string, cookie: string): Promise<{ status: number; json: any }> => {
  const res = await SELF.fetch(apiRequest(method, path, { cookie }));
  return { status: res.status, json: await res.json() };
};
const cancelDinner = (eventId: string) =>
  d()
    .update(events)
    .set({ cancelledAt: new Date().toISOString(), cancelReason: 'Our chef is unwell.', available: false })
    .where(eq(events.id, eventId));

describe('bookingState: one state, in words and colour', () => {
  const cancelled = '2026-11-20T10:00:00.000Z';
  it.each([
    [{ status: 'confirmed', cancelled_at: null }, 'Confirmed', 'success', true],
    [{ status: 'checked_in', cancelled_at: null }, 'Checked in', 'success', true],
    [
      { status: 'confirmed', cancelled_at: cancelled },
      'Dinner cancelled · choose a refund or a move',
      'warning',
      false,
    ],
    [
      { status: 'checked_in', cancelled_at: cancelled },
      'Dinner cancelled · choose a refund or a move',
      'warning',
      false,
    ],
    [
      { status: 'confirmed', cancelled_at: cancelled, cancellation_choice: 'refund' },
      'Cancelled · refund on its way',
      'warning',
      false,
    ],
    [{ status: 'refund_pending', cancelled_at: cancelled }, 'Cancelled · refund on its way', 'warning', false],
    [{ status: 'refund_pending', cancelled_at: null }, 'Refund on its way', 'warning', false],
    [{ status: 'refunded', cancelled_at: cancelled }, 'Refunded ₹1,499', 'info', false],
    [{ status: 'moved', cancelled_at: null, moved_to: 'Sunday Supper' }, 'Moved to Sunday Supper', 'info', false],
    [{ status: 'moved', cancelled_at: null }, 'Moved to another dinner', 'info', false],
    [{ status: 'no_show', cancelled_at: null }, 'No-show', 'error', false],
    [{ status: 'released', cancelled_at: null }, "Can't make it", 'neutral', false],
  ] as const)('%o → %s', (input, label, tone, seated) => {
    expect(bookingState({ amount: 1499, ...input })).toEqual({ label, tone, seated });
  });
});

describe("a cancelled dinner's booking, on every screen", () => {
  it('My Booking, /profile and the guest list say cancelled, then refunded with the amount; no ticket code while not seated', async () => {
    const event = await createEvent();
    const guest = await bookedGuest(event.id);
    const bookingId = guest.booking.id;
    const operator = await createGuest();
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));

    const before = await call('GET', `/api/bookings/${bookingId}`, guest.cookie);
    expect(before.json.state).toEqual({ label: 'Confirmed', tone: 'success', seated: true });
    expect(before.json.ticket.code).toBe(guest.booking.ticketCode);

    await cancelDinner(event.id);
    const words = 'Dinner cancelled · choose a refund or a move';
    const view = await call('GET', `/api/bookings/${bookingId}`, guest.cookie);
    expect(view.json.state).toEqual({ label: words, tone: 'warning', seated: false });
    expect(view.json.ticket.code).toBeNull();
    expect(JSON.stringify(view.json)).not.toContain(guest.booking.ticketCode as string);
    const list = await call('GET', '/api/bookings', guest.cookie);
    expect(list.json.bookings.find((b: { id: string }) => b.id === bookingId).state.label).toBe(words);
    const guests = await call('GET', `/api/admin/events/${event.id}/attendees`, operator.cookie);
    expect(guests.status).toBe(200);
    expect(guests.json.attendees.find((a: { booking_id: string }) => a.booking_id === bookingId).state.label).toBe(
      words,
    );

    await d()
      .update(eventBookings)
      .set({ status: 'refund_pending', cancellationChoice: 'refund' })
      .where(eq(eventBookings.id, bookingId));
    expect((await call('GET', `/api/bookings/${bookingId}`, guest.cookie)).json.state.label).toBe(
      'Cancelled · refund on its way',
    );

    await d().update(eventBookings).set({ status: 'refunded' }).where(eq(eventBookings.id, bookingId));
    const refunded = `Refunded ₹${guest.booking.amount.toLocaleString('en-IN')}`;
    const after = await call('GET', `/api/bookings/${bookingId}`, guest.cookie);
    expect(after.json.state).toEqual({ label: refunded, tone: 'info', seated: false });
    expect(after.json.ticket.code).toBeNull();
    expect(
      (await call('GET', '/api/bookings', guest.cookie)).json.bookings.find((b: { id: string }) => b.id === bookingId)
        .state.label,
    ).toBe(refunded);
    const later = await call('GET', `/api/admin/events/${event.id}/attendees`, operator.cookie);
    expect(later.json.attendees.find((a: { booking_id: string }) => a.booking_id === bookingId).state.label).toBe(
      refunded,
    );
  });
});

describe('a checkout closed half-way', () => {
  it("a second Book Now on the last seat answers the same hold (never 'Sold out', never a second seat)", async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const first = await placeOrder(guest.cookie, event.id);
    const again = await postOrder(guest.cookie, { event_id: event.id, ticket_type: 'male' });
    expect(again.status).toBe(201);
    const wire = (await again.json()) as { order: { id: string; hold_expires_at: string } };
    expect(wire.order.id).toBe(first.orderId);
    expect(wire.order.hold_expires_at).toBe(first.wire.order.hold_expires_at);
    expect(await seatsTaken(d(), event.id)).toBe(1);
  });

  it('the booking box finds the guest’s own hold, and letting it go frees the seat at once', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await createGuest();
    const other = await createGuest();
    expect((await call('GET', `/api/orders/held/${event.id}`, guest.cookie)).json).toEqual({ hold: null });
    const order = await placeOrder(guest.cookie, event.id);

    const held = await call('GET', `/api/orders/held/${event.id}`, guest.cookie);
    expect(held.status).toBe(200);
    expect(held.json.hold.order).toMatchObject({
      id: order.orderId,
      hold_expires_at: order.wire.order.hold_expires_at,
    });
    expect(held.json.hold.checkout).toEqual(order.wire.checkout);
    expect(held.json.hold.paying).toBe(false);
    // Another guest sees no hold of theirs, and cannot let this one go.
    expect((await call('GET', `/api/orders/held/${event.id}`, other.cookie)).json).toEqual({ hold: null });
    expect((await call('DELETE', `/api/orders/${order.orderId}`, other.cookie)).status).toBe(404);
    expect((await postOrder(other.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(409);

    const gone = await call('DELETE', `/api/orders/${order.orderId}`, guest.cookie);
    expect(gone).toEqual({ status: 200, json: { released: true } });
    expect(await seatsTaken(d(), event.id)).toBe(0);
    expect((await call('GET', `/api/orders/held/${event.id}`, guest.cookie)).json).toEqual({ hold: null });
    const [row] = await d().select().from(paymentOrders).where(eq(paymentOrders.razorpayOrderId, order.orderId));
    expect(row.status).toBe('created');
    expect(row.holdExpiresAt <= new Date().toISOString()).toBe(true);
    // Letting go again answers the same: nothing is held.
    expect((await call('DELETE', `/api/orders/${order.orderId}`, guest.cookie)).status).toBe(200);
    // The seat is on sale again: another guest takes it.
    expect((await postOrder(other.cookie, { event_id: event.id, ticket_type: 'male' })).status).toBe(201);
  });

  it('a paid order, or one whose captured payment was reported, is not let go: 409', async () => {
    const event = await createEvent();
    const paid = await bookedGuest(event.id);
    const res = await call('DELETE', `/api/orders/${paid.order.orderId}`, paid.cookie);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('order_paid');

    const guest = await createGuest();
    const order = await placeOrder(guest.cookie, event.id);
    await d()
      .update(paymentOrders)
      .set({ capturePendingAt: new Date().toISOString() })
      .where(eq(paymentOrders.razorpayOrderId, order.orderId));
    const paying = await call('DELETE', `/api/orders/${order.orderId}`, guest.cookie);
    expect(paying.status).toBe(409);
    expect(paying.json.error).toEqual({ code: 'payment_under_way', message: HOLD_COPY.holdPaying });
    expect((await call('GET', `/api/orders/held/${event.id}`, guest.cookie)).json.hold.paying).toBe(true);
    // Its payment still books.
    const payment = await sandboxPay(order.orderId);
    await runQueue('bookings', [message(order.orderId, payment.razorpay_payment_id)]);
    const [booking] = await d()
      .select()
      .from(eventBookings)
      .where(eq(eventBookings.paymentId, payment.razorpay_payment_id));
    expect(booking.status).toBe('confirmed');
  });

  it("says until when the seat is held, in IST: 'Finish paying: your seat is held until 7:42 PM'", () => {
    expect(HOLD_COPY.finishPaying('2026-11-25T14:12:00.000Z')).toBe('Finish paying: your seat is held until 7:42 PM');
    expect(HOLD_COPY.finishPaying('2026-11-25T14:12:00.000Z', 2)).toBe(
      'Finish paying: your seats are held until 7:42 PM',
    );
  });
});

describe('a reschedule is not a second booking', () => {
  it("its WhatsApp is `booking_moved`, with the new dinner (the queue's sends are in my-booking.test.ts)", () => {
    const facts = {
      name: 'Asha Verma',
      bookingId: 'bkg_1',
      eventName: 'Sunday Supper',
      eventLocation: 'Gurugram',
      startsAt: '2030-01-05T13:30:00.000Z',
      amount: 499,
      ticketLabel: 'Male',
      myBookingUrl: 'https://tablemates.in/booking/bkg_1',
    };
    const moved = movedWhatsApp(facts as Parameters<typeof movedWhatsApp>[0]);
    expect(moved.name).toBe('booking_moved');
    expect(moved.params.slice(0, 2)).toEqual(['Asha', 'Sunday Supper']);
    expect(moved.params.at(-1)).toBe(facts.myBookingUrl);
  });
});
