/**
 * My Booking and the free reschedule (DESIGN.md "Operating the product", SPEC §4 and §9): the
 * guest's own booking only; the move is one atomic batch that frees the old seats and takes the
 * new ones, refused inside 48 hours with the policy's words and refused (409, nothing changed) by
 * a dinner without room; two guests racing for a last seat get one seat between them; the guest
 * is confirmed again (through the queue) and the reminders follow the new date. Time is
 * controlled by creating dinners relative to now (helpers/booking-fixtures.ts `inHours`).
 */
import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { deliveries, eventBookings, events, paymentOrders } from '../../db/schema';
import { DELIVERY_KEYS } from '../../worker/domain/deliveries';
import { MY_BOOKING_COPY } from '../../worker/domain/copy-my-booking';
import { normalizeTicketCode } from '../../worker/domain/ticket';
import { dinnerWhen, dinnerWhenWhatsApp } from '../../worker/domain/booking-messages';
import { dinnerHours, formatIstDate, HOUR_MS } from '../../worker/domain/time';
import worker from '../../worker/index';
import { sendReminders } from '../../worker/services/reminders';
import { seatsTaken } from '../../worker/services/ledger/seats';
import { bookedGuest, capturingEnv, createEvent, createGuest, outboxFor, runQueue } from './helpers/booking-fixtures';
import { apiRequest } from './helpers/session-cookie';

const M = MY_BOOKING_COPY;
const d = () => db(env.DB);
const MINUTE = 60_000;

/** What `GET /api/bookings/:id` and the reschedule answer, as far as these tests read it. */
type View = {
  booking: { id: string; event_id: string; event_name: string; event_date: string; status: string; seats: number };
  event: { id: string; city: string; title: string; date: string; starts_at: string; time: string };
  venue: { revealed: boolean; reveals_at: string; name: string | null; address: string | null };
  table: null;
  ticket: { code: string; label: string };
  reschedule: {
    allowed: boolean;
    until: string;
    refusal: string | null;
    options: Array<{ id: string; title: string; starts_at: string; seats_left: number }>;
    rescheduled_from: string | null;
    rescheduled_at: string | null;
  };
};
type ErrorBody = { error: { code: string; message: string } };

const getView = (cookie: string | undefined, bookingId: string) =>
  SELF.fetch(apiRequest('GET', `/api/bookings/${bookingId}`, { cookie }));

/** Reschedules through the Worker on a queue that records what is sent (the test runs it). */
async function reschedule(cookie: string, bookingId: string, eventId: unknown) {
  const q = capturingEnv();
  const req = apiRequest('POST', `/api/bookings/${bookingId}/reschedule`, {
    cookie,
    body: { event_id: eventId },
  }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(req, q.env, createExecutionContext());
  return { res, body: (await res.json()) as View & ErrorBody, sent: q.sent };
}

const bookingRow = async (id: string) => (await d().select().from(eventBookings).where(eq(eventBookings.id, id)))[0];
const orderOf = async (id: string) => (await d().select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];

describe('GET /api/bookings/:id', () => {
  it("answers the guest's own booking: the dinner, the venue's reveal time, the ticket and where it may move", async () => {
    const booked = await createEvent({ inHours: 240 });
    const later = await createEvent({ inHours: 240 + 7 * 24, city: booked.city, title: 'Next week' });
    const elsewhere = await createEvent({ inHours: 300 });
    const full = await createEvent({ inHours: 320, city: booked.city, capacity: 1 });
    await bookedGuest(full.id);
    const cancelled = await createEvent({ inHours: 330, city: booked.city });
    await d()
      .update(events)
      .set({ cancelledAt: new Date().toISOString(), available: false })
      .where(eq(events.id, cancelled.id));
    const guest = await bookedGuest(booked.id, { ticket: 'couple' });

    const res = await getView(guest.cookie, guest.booking.id);
    expect(res.status).toBe(200);
    const view = (await res.json()) as View;
    expect(view.booking).toMatchObject({ id: guest.booking.id, event_id: booked.id, status: 'confirmed', seats: 2 });
    expect(view.event).toMatchObject({
      id: booked.id,
      city: booked.city,
      date: booked.date,
      starts_at: booked.startsAt,
      ends_at: booked.endsAt,
      time: dinnerHours(booked.startsAt, booked.endsAt),
    });
    // Ten days out: the venue is a secret until 48 hours before.
    expect(view.venue).toEqual({
      revealed: false,
      reveals_at: new Date(Date.parse(booked.startsAt) - 48 * HOUR_MS).toISOString(),
      name: null,
      address: null,
    });
    expect(view.table).toBeNull();
    expect(view.ticket.label).toBe('Couple (male + female)');
    expect(view.ticket.code).toBe(guest.booking.ticketCode);
    expect(view.reschedule).toMatchObject({
      allowed: true,
      refusal: null,
      until: new Date(Date.parse(booked.startsAt) - 48 * HOUR_MS).toISOString(),
      rescheduled_from: null,
    });
    // Same city, bookable, room for both seats: not the booked one, another city's, a full or a cancelled one.
    expect(view.reschedule.options).toEqual([
      {
        id: later.id,
        title: 'Next week',
        city: booked.city,
        location: later.location,
        date: later.date,
        starts_at: later.startsAt,
        ends_at: later.endsAt,
        seats_left: 8,
      },
    ]);
    expect(view.reschedule.options.map((o) => o.id)).not.toContain(elsewhere.id);
  });

  it("answers another guest's booking exactly like an unknown one (404), and a signed-out visitor 401", async () => {
    const event = await createEvent();
    const asha = await bookedGuest(event.id);
    const ravi = await createGuest();
    const theirs = await getView(ravi.cookie, asha.booking.id);
    const unknown = await getView(ravi.cookie, 'bkg_no_such_booking');
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    expect((await getView(undefined, asha.booking.id)).status).toBe(401);
  });

  it('shows the venue from 48 hours before, and says the booking can no longer move', async () => {
    const event = await createEvent({ inHours: 47 });
    const guest = await bookedGuest(event.id);
    const view = (await (await getView(guest.cookie, guest.booking.id)).json()) as View;
    expect(view.venue).toMatchObject({ revealed: true, name: 'The Secret Table', address: '1 Hidden Lane' });
    expect(view.reschedule).toMatchObject({ allowed: false, refusal: M.rescheduleClosed });
  });

  it('carries a ticket code no one can work out from the booking id', async () => {
    const event = await createEvent();
    const [a, b] = [await bookedGuest(event.id), await bookedGuest(event.id)];
    const codes = [];
    for (const g of [a, b]) {
      const view = (await (await getView(g.cookie, g.booking.id)).json()) as View;
      const code = view.ticket.code;
      // 80 random bits in Crockford base32 (domain/ticket.ts), never the id nor a piece of it.
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(normalizeTicketCode(code)).toBe(code);
      const raw = code.replace(/-/g, '');
      const id = g.booking.id.replace(/^bkg_/, '').toUpperCase();
      for (let i = 0; i + 4 <= id.length; i++) expect(raw).not.toContain(id.slice(i, i + 4));
      codes.push(code);
    }
    expect(new Set(codes).size).toBe(2);
  });
});

describe('POST /api/bookings/:id/reschedule', () => {
  it('moves a booking 48 hours and 1 minute before its dinner: seats freed and taken, details and reminders follow', async () => {
    const from = await createEvent({ inHours: 48 + 1 / 60 });
    const to = await createEvent({ inHours: 24 * 9, city: from.city, title: 'Saturday Supper — Next week' });
    const guest = await bookedGuest(from.id);
    // As if the confirmation and a reminder for the old date had gone out already: they must go out
    // again for the new one, under keys of their own (docs/decisions/025), nothing cleared.
    await d()
      .insert(deliveries)
      .values({
        key: `reminder:24h:${guest.booking.id}`,
        channel: 'email',
        bookingId: guest.booking.id,
        state: 'sent',
      });
    expect([await seatsTaken(d(), from.id), await seatsTaken(d(), to.id)]).toEqual([1, 0]);

    const { res, body, sent } = await reschedule(guest.cookie, guest.booking.id, to.id);
    expect(res.status).toBe(200);
    expect(body.event).toMatchObject({ id: to.id, starts_at: to.startsAt, title: 'Saturday Supper — Next week' });
    expect(body.booking).toMatchObject({ event_id: to.id, event_name: to.title, event_date: to.date });
    expect(body.reschedule).toMatchObject({ rescheduled_from: from.id, rescheduled_at: expect.any(String) });
    // The same ticket: the QR the guest saved still works.
    expect(body.ticket.code).toBe(guest.booking.ticketCode);
    expect([await seatsTaken(d(), from.id), await seatsTaken(d(), to.id)]).toEqual([0, 1]);
    expect((await orderOf(guest.booking.orderId)).eventId).toBe(to.id);
    expect(await bookingRow(guest.booking.id)).toMatchObject({
      eventId: to.id,
      eventName: to.title,
      eventLocation: to.location,
      eventDate: to.date,
      rescheduledFrom: from.id,
    });
    const claims = await d().select().from(deliveries).where(eq(deliveries.bookingId, guest.booking.id));
    // The old dinner's stand; none of the new dinner's is claimed yet (the queue sends the confirmation).
    expect([...new Set(claims.map((r) => r.key))].sort()).toEqual(
      [`confirmation:${guest.booking.id}`, `reminder:24h:${guest.booking.id}`].sort(),
    );
    expect(claims.filter((r) => r.key.includes(':moved:'))).toEqual([]);
    const movedAt = (await bookingRow(guest.booking.id)).rescheduledAt;
    expect(DELIVERY_KEYS.confirmation(guest.booking.id, movedAt)).toBe(
      `confirmation:${guest.booking.id}:moved:${movedAt}`,
    );
    // The confirmation, and the seats it left offered to that dinner's waitlist (issue 20).
    expect(sent).toEqual([
      { kind: 'send-confirmation', bookingId: guest.booking.id },
      { kind: 'seats-freed', eventId: from.id, resoldAt: to.id },
    ]);
  });

  it('refuses 47 hours 59 minutes before, with the policy, and changes nothing', async () => {
    const from = await createEvent({ inHours: 48 - 1 / 60 });
    const to = await createEvent({ inHours: 24 * 9, city: from.city });
    const guest = await bookedGuest(from.id);
    const before = await bookingRow(guest.booking.id);

    const { res, body, sent } = await reschedule(guest.cookie, guest.booking.id, to.id);
    expect(res.status).toBe(409);
    expect(body.error).toEqual({ code: 'reschedule_closed', message: M.rescheduleClosed });
    expect(M.rescheduleClosed).toContain('Free reschedule up to 48 hours before');
    expect(await bookingRow(guest.booking.id)).toEqual(before);
    expect([await seatsTaken(d(), from.id), await seatsTaken(d(), to.id)]).toEqual([1, 0]);
    expect(sent).toEqual([]);
  });

  it('answers 409 for a dinner without room for every seat, and nothing changes on either dinner', async () => {
    const from = await createEvent();
    const to = await createEvent({ inHours: 300, city: from.city, capacity: 2 });
    await bookedGuest(to.id);
    const couple = await bookedGuest(from.id, { ticket: 'couple' });
    const before = await bookingRow(couple.booking.id);

    const { res, body } = await reschedule(couple.cookie, couple.booking.id, to.id);
    expect(res.status).toBe(409);
    expect(body.error).toEqual({ code: 'target_full', message: M.targetFull });
    expect([await seatsTaken(d(), from.id), await seatsTaken(d(), to.id)]).toEqual([2, 1]);
    expect(await bookingRow(couple.booking.id)).toEqual(before);
    expect((await orderOf(couple.booking.orderId)).eventId).toBe(from.id);
  });

  it('gives the last seat to exactly one of two guests moving at the same moment', async () => {
    const from = await createEvent();
    const to = await createEvent({ inHours: 300, city: from.city, capacity: 2 });
    await bookedGuest(to.id);
    const [asha, ravi] = [await bookedGuest(from.id), await bookedGuest(from.id)];

    const results = await Promise.all([
      reschedule(asha.cookie, asha.booking.id, to.id),
      reschedule(ravi.cookie, ravi.booking.id, to.id),
    ]);
    expect(results.map((r) => r.res.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.res.status === 409)?.body.error.code).toBe('target_full');
    expect([await seatsTaken(d(), from.id), await seatsTaken(d(), to.id)]).toEqual([1, 2]);
    const moved = await d().select().from(eventBookings).where(eq(eventBookings.eventId, to.id));
    expect(moved).toHaveLength(2);
  });

  it.each([
    ['the same dinner', 'same', 400, 'same_dinner'],
    ['an unknown dinner', 'unknown', 400, 'target_unavailable'],
    ['a cancelled dinner', 'cancelled', 400, 'target_unavailable'],
    ['a dinner that has started', 'past', 400, 'target_unavailable'],
    ["another city's dinner", 'elsewhere', 400, 'target_unavailable'],
  ] as const)('refuses %s (%s) with %i and changes nothing', async (_label, kind, status, code) => {
    const from = await createEvent();
    const cancelled = await createEvent({ inHours: 300, city: from.city });
    await d()
      .update(events)
      .set({ cancelledAt: new Date().toISOString(), available: false })
      .where(eq(events.id, cancelled.id));
    const past = await createEvent({ inHours: -1, city: from.city });
    const elsewhere = await createEvent({ inHours: 300 });
    const guest = await bookedGuest(from.id);
    const target = {
      same: from.id,
      unknown: 'evt-no-such-dinner',
      cancelled: cancelled.id,
      past: past.id,
      elsewhere: elsewhere.id,
    }[kind];
    const before = await bookingRow(guest.booking.id);
    const { res, body } = await reschedule(guest.cookie, guest.booking.id, target);
    expect(res.status).toBe(status);
    expect(body.error.code).toBe(code);
    expect(await bookingRow(guest.booking.id)).toEqual(before);
  });

  it("refuses another guest's booking as not found, a signed-out visitor, and a body without a dinner", async () => {
    const from = await createEvent();
    const to = await createEvent({ inHours: 300, city: from.city });
    const asha = await bookedGuest(from.id);
    const ravi = await createGuest();
    expect((await reschedule(ravi.cookie, asha.booking.id, to.id)).res.status).toBe(404);
    const signedOut = await SELF.fetch(
      apiRequest('POST', `/api/bookings/${asha.booking.id}/reschedule`, { body: { event_id: to.id } }),
    );
    expect(signedOut.status).toBe(401);
    const empty = await reschedule(asha.cookie, asha.booking.id, '');
    expect(empty.res.status).toBe(400);
    expect(empty.body.error.message).toBe(M.chooseDinner);
    expect((await bookingRow(asha.booking.id)).eventId).toBe(from.id);
  });

  it('confirms the move again by email (with the new .ics) and WhatsApp, each linking to My Booking', async () => {
    const from = await createEvent();
    const to = await createEvent({ inHours: 24 * 17, city: from.city, title: 'Sunday Supper Club' });
    const guest = await bookedGuest(from.id);
    const link = `http://localhost:8787/booking/${guest.booking.id}`;
    // The first confirmation links to My Booking too.
    const first = (await outboxFor(guest.email)).find((m) => m.subject?.startsWith("You're All Set!"));
    expect(first?.body).toContain(link);

    const { res, sent } = await reschedule(guest.cookie, guest.booking.id, to.id);
    expect(res.status).toBe(200);
    const { result } = await runQueue('bookings', sent);
    // The confirmation and the waitlist's sweep of the dinner it left, each acked.
    expect(result.explicitAcks).toHaveLength(2);

    const date = formatIstDate(to.startsAt);
    const emails = (await outboxFor(guest.email)).filter(
      (m) => m.subject === `Your dinner moved to Sunday Supper Club, ${date}`,
    );
    expect(emails).toHaveLength(1);
    const [email] = emails as Array<{ body: string; attachments?: Array<{ filename: string; content: string }> }>;
    expect(email.body).toContain(`When: ${dinnerWhen(to.startsAt, to.endsAt)}`);
    expect(email.body).toContain(link);
    const ics = email.attachments?.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
    const start = to.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${start}`);
    expect(ics).toContain(`UID:${guest.booking.id}@tablemates`);
    // A move is not a new purchase: its own template, never a second `booking_confirmed`.
    expect(
      (await outboxFor(guest.phone)).filter((m) => m.body.startsWith('[template booking_confirmed]')),
    ).toHaveLength(1);
    const whatsapps = (await outboxFor(guest.phone)).filter((m) => m.body.startsWith('[template booking_moved]'));
    expect(whatsapps).toHaveLength(1);
    expect(whatsapps.at(-1)?.body).toContain(dinnerWhenWhatsApp(to.startsAt, to.endsAt));
    expect(whatsapps.at(-1)?.body).toContain(link);

    // A redelivery sends nothing twice.
    await runQueue('bookings', sent);
    expect((await outboxFor(guest.email)).filter((m) => m.subject?.startsWith('Your dinner moved to'))).toHaveLength(1);
  });

  it('reminders follow the moved booking: the cron sends them for the new dinner, with its venue and the link', async () => {
    const from = await createEvent({ inHours: 24 * 5 });
    const to = await createEvent({ inHours: 47, city: from.city, title: 'Thursday Table', venueName: 'Olive Room' });
    const guest = await bookedGuest(from.id);
    // A reminder already delivered for the old dinner: the new dinner's has a key of its own.
    await d()
      .insert(deliveries)
      .values({
        key: `reminder:48h:${guest.booking.id}`,
        channel: 'email',
        bookingId: guest.booking.id,
        state: 'sent',
      });
    const { res } = await reschedule(guest.cookie, guest.booking.id, to.id);
    expect(res.status).toBe(200);

    await sendReminders(env, d(), new Date(Date.now() + MINUTE));
    const reminders = (await outboxFor(guest.email)).filter((m) => m.subject === 'Thursday Table is in two days');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].body).toContain('Venue: Olive Room, 1 Hidden Lane');
    expect(reminders[0].body).toContain(`http://localhost:8787/booking/${guest.booking.id}`);
    const whatsapp = (await outboxFor(guest.phone)).filter((m) => m.body.startsWith('[template event_reminder_48h]'));
    expect(whatsapp.at(-1)?.body).toContain('Thursday Table');
    expect(whatsapp.at(-1)?.body).toContain(`/booking/${guest.booking.id}`);
    const movedAt = (await bookingRow(guest.booking.id)).rescheduledAt;
    expect(
      (await d().select().from(deliveries).where(eq(deliveries.bookingId, guest.booking.id)))
        .filter((r) => r.key.startsWith('reminder:'))
        .map((r) => [r.key, r.channel, r.state])
        .sort(),
    ).toEqual([
      [`reminder:48h:${guest.booking.id}`, 'email', 'sent'],
      [`reminder:48h:${guest.booking.id}:moved:${movedAt}`, 'email', 'sent'],
      [`reminder:48h:${guest.booking.id}:moved:${movedAt}`, 'whatsapp', 'sent'],
    ]);
  });
});
