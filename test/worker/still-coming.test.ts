/**
 * "Still coming?" (issue 20, docs/decisions/027): the 24-hour reminder asks it with two links to My
 * Booking (the email's buttons, the WhatsApp template's URL buttons); a yes is recorded once by
 * `POST /api/bookings/:id/attendance` and shown to the host on the night.
 */
import { env, SELF } from 'cloudflare:test';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { deliveries, eventBookings, events, users } from '../../db/schema';
import { ATTENDANCE_COPY, attendanceOf } from '../../worker/domain/attendance';
import { STILL_COMING_COPY, STILL_COMING_WHATSAPP, stillComingUrl } from '../../worker/domain/booking-messages';
import type { BookingStatus } from '../../worker/domain/statuses';
import { sendWhatsAppTemplate } from '../../worker/providers/whatsapp';
import { sendReminders } from '../../worker/services/reminders';
import { URL_BUTTON_TEMPLATES } from '../sandbox/whatsapp-templates';
import { bookedGuest, createEvent, createGuest } from './helpers/booking-fixtures';
import { istEvening } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const HOUR = 3_600_000;

type OutboxEntry = {
  channel: string;
  to: string;
  subject?: string;
  body: string;
  html?: string;
  buttons?: Array<{ text: string; url: string }>;
};
const outbox = async (to: string) =>
  ((await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as OutboxEntry[]).filter((m) => m.to === to);

const say = (cookie: string | undefined, bookingId: string, body: unknown = { coming: true }) =>
  SELF.fetch(apiRequest('POST', `/api/bookings/${bookingId}/attendance`, { cookie, body }));

const setStatus = (bookingId: string, status: BookingStatus) =>
  d().update(eventBookings).set({ status }).where(eq(eventBookings.id, bookingId));

/** The reminders as the cron sends them `hoursBefore` the dinner starts. */
const remindAt = (startsAt: string, hoursBefore: number) =>
  sendReminders(env, d(), new Date(new Date(startsAt).getTime() - hoursBefore * HOUR));

const reminderClaims = async (bookingId: string) =>
  (
    await d()
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.bookingId, bookingId), like(deliveries.key, 'reminder:%')))
  )
    .map((r) => [r.key, r.channel, r.state])
    .sort();

describe('the 24-hour reminder asks "Still coming?"', () => {
  it('carries both links: the email as buttons and text, the WhatsApp template as its two URL buttons, once', async () => {
    // 7:00 PM IST, so a minute inside its last 24 hours is the day before in IST whenever the suite
    // runs (a start at now + 30 h fell on the day of that minute for a run between 5:58 and 6:00 PM IST).
    const event = await createEvent({ ...istEvening(2) });
    const guest = await bookedGuest(event.id);
    const id = guest.booking.id;
    // A minute inside the last 24 hours: the 24-hour reminder is due (the day before, in IST).
    await remindAt(event.startsAt, 24 - 1 / 60);
    await remindAt(event.startsAt, 24 - 2 / 60);

    expect(await reminderClaims(id)).toEqual([
      [`reminder:24h:${id}`, 'email', 'sent'],
      [`reminder:24h:${id}`, 'whatsapp', 'sent'],
    ]);

    const yes = stillComingUrl(env.APP_ORIGIN, id, 'yes');
    const no = stillComingUrl(env.APP_ORIGIN, id, 'no');
    expect(yes).toBe(`http://localhost:8787/booking/${id}?still_coming=yes`);
    const mails = (await outbox(guest.email)).filter((m) => m.subject?.startsWith(`${event.title} is tomorrow`));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`${event.title} is tomorrow: still coming?`);
    expect(mail.body).toContain(STILL_COMING_COPY.ask);
    expect(mail.body).toContain(`Yes, see you there: ${yes}`);
    expect(mail.body).toContain(`Can't make it: ${no}`);
    expect(mail.html).toContain(`href="${yes}"`);
    expect(mail.html).toContain(`href="${no}"`);
    expect(mail.html).toContain('Yes, see you there');
    expect(mail.html).toContain('Can&#39;t make it');

    const whatsapps = (await outbox(guest.phone)).filter((m) => m.body.startsWith('[template event_reminder_'));
    expect(whatsapps).toHaveLength(1);
    const [whatsapp] = whatsapps;
    // The body keeps the reminders' five parameters, the My Booking link last.
    expect(whatsapp.body.startsWith(`[template event_reminder_still_coming] Asha | ${event.title} | `)).toBe(true);
    expect(whatsapp.body.endsWith(` | http://localhost:8787/booking/${id}`)).toBe(true);
    // As Meta fills the approved URL buttons (the sandbox stands in with https://tablemates.in when it knows no Worker).
    expect(whatsapp.buttons).toEqual([
      { text: 'Yes, see you there', url: `https://tablemates.in/booking/${id}?still_coming=yes` },
      { text: "Can't make it", url: `https://tablemates.in/booking/${id}?still_coming=no` },
    ]);
  });

  it('the 48-hour reminder asks nothing and carries no buttons', async () => {
    const event = await createEvent({ inHours: 47 });
    const guest = await bookedGuest(event.id);
    await remindAt(event.startsAt, 47);
    const [mail] = (await outbox(guest.email)).filter((m) => m.subject?.startsWith(`${event.title} is `));
    expect(mail.subject).toBe(`${event.title} is in two days`);
    expect(mail.body).not.toContain('still_coming');
    const [whatsapp] = (await outbox(guest.phone)).filter((m) => m.body.startsWith('[template event_reminder_'));
    expect(whatsapp.body.startsWith('[template event_reminder_48h]')).toBe(true);
    expect(whatsapp.buttons).toBeUndefined();
  });

  it('a guest who said "can\'t make it" (released) or whose dinner we cancelled gets no reminder', async () => {
    // At 7:00 PM IST, 23.5 hours before is the day before in IST (see the test above).
    const event = await createEvent({ ...istEvening(2) });
    const released = await bookedGuest(event.id);
    await setStatus(released.booking.id, 'released');
    const still = await bookedGuest(event.id);
    const cancelledEvent = await createEvent({ ...istEvening(2) });
    const cancelled = await bookedGuest(cancelledEvent.id);
    await d().update(events).set({ cancelledAt: new Date().toISOString() }).where(eq(events.id, cancelledEvent.id));

    await remindAt(event.startsAt, 23.5);
    await remindAt(cancelledEvent.startsAt, 23.5);
    // Beside them, a confirmed guest of the same dinner is asked.
    expect((await reminderClaims(still.booking.id)).map(([key]) => key)).toEqual([
      `reminder:24h:${still.booking.id}`,
      `reminder:24h:${still.booking.id}`,
    ]);
    expect(await reminderClaims(released.booking.id)).toEqual([]);
    expect(await reminderClaims(cancelled.booking.id)).toEqual([]);
  });

  it('the sandbox holds the template as the domain submits it, and refuses it without its button parameters', async () => {
    expect(URL_BUTTON_TEMPLATES[STILL_COMING_WHATSAPP.name]).toEqual({
      body: STILL_COMING_WHATSAPP.body,
      buttons: STILL_COMING_WHATSAPP.buttons.map(({ text, url }) => ({ text, url })),
    });
    const to = `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const params = ['Asha', 'Supper', 'Saturday, 28 November 2026, 7:00 PM', 'The Secret Table', 'https://x/booking/b'];
    const without = await sendWhatsAppTemplate(env, { to, name: STILL_COMING_WHATSAPP.name, params });
    expect(without).toMatchObject({ ok: false, status: 400 });
    const one = await sendWhatsAppTemplate(env, { to, name: STILL_COMING_WHATSAPP.name, params, buttons: ['b?x=1'] });
    expect(one).toMatchObject({ ok: false, status: 400 });
    const extra = await sendWhatsAppTemplate(env, { to, name: 'event_reminder_48h', params, buttons: ['b?x=1'] });
    expect(extra).toMatchObject({ ok: false, status: 400 });
    expect(await outbox(to)).toEqual([]);
  });
});

describe('when "Still coming?" counts as asked', () => {
  const startsAt = '2026-11-28T13:30:00.000Z'; // Saturday 28 Nov, 7:00 PM IST
  it.each([
    ['2026-11-27T13:29:00.000Z', false],
    ['2026-11-27T13:30:00.000Z', true],
    ['2026-11-28T13:29:00.000Z', true],
    ['2026-11-28T13:30:00.000Z', false],
  ])('at %s asked is %s', (now, asked) => {
    expect(attendanceOf(null, startsAt, new Date(now))).toEqual({ asked, confirmed_at: null });
  });
});

describe('POST /api/bookings/:id/attendance', () => {
  it('records a yes once: a second yes answers the first time', async () => {
    const event = await createEvent({ inHours: 30 });
    const guest = await bookedGuest(event.id);
    const id = guest.booking.id;

    const first = await say(guest.cookie, id);
    expect(first.status).toBe(200);
    const { attendance } = (await first.json()) as { attendance: { asked: boolean; confirmed_at: string } };
    // 30 hours before the start the 24-hour reminder has not asked yet.
    expect(attendance).toEqual({ asked: false, confirmed_at: expect.any(String) });
    const [row] = await d().select().from(eventBookings).where(eq(eventBookings.id, id));
    expect(row.attendanceConfirmedAt).toBe(attendance.confirmed_at);
    expect(row.status).toBe('confirmed');

    await new Promise((r) => setTimeout(r, 5));
    const second = await say(guest.cookie, id);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ attendance });
  });

  it('inside the last 24 hours the question counts as asked', async () => {
    const event = await createEvent({ inHours: 20 });
    const guest = await bookedGuest(event.id);
    const res = await say(guest.cookie, guest.booking.id);
    expect(await res.json()).toEqual({ attendance: { asked: true, confirmed_at: expect.any(String) } });
  });

  it("another guest's booking, or an unknown one, is a 404 and records nothing", async () => {
    const event = await createEvent({ inHours: 30 });
    const guest = await bookedGuest(event.id);
    const other = await createGuest();
    for (const [cookie, id] of [
      [other.cookie, guest.booking.id],
      [guest.cookie, 'bkg_nosuchbooking'],
      [guest.cookie, 'not a booking id!'],
    ]) {
      const res = await say(cookie, encodeURIComponent(id));
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'booking_not_found', message: 'Booking not found.' } });
    }
    const [row] = await d().select().from(eventBookings).where(eq(eventBookings.id, guest.booking.id));
    expect(row.attendanceConfirmedAt).toBeNull();
  });

  it('refuses a released, moved or checked-in booking, a cancelled dinner and one that has started, with 409', async () => {
    const cases: Array<[string, (b: { id: string; eventId: string }) => Promise<unknown>, string, string]> = [
      ['released', (b) => setStatus(b.id, 'released'), 'booking_released', ATTENDANCE_COPY.released],
      ['moved', (b) => setStatus(b.id, 'moved'), 'booking_not_confirmed', ATTENDANCE_COPY.notConfirmed],
      ['checked in', (b) => setStatus(b.id, 'checked_in'), 'booking_not_confirmed', ATTENDANCE_COPY.notConfirmed],
      [
        'cancelled',
        (b) => d().update(events).set({ cancelledAt: new Date().toISOString() }).where(eq(events.id, b.eventId)),
        'dinner_cancelled',
        ATTENDANCE_COPY.cancelled,
      ],
      [
        'started',
        (b) =>
          d()
            .update(events)
            .set({ startsAt: new Date(Date.now() - 60_000).toISOString() })
            .where(eq(events.id, b.eventId)),
        'dinner_started',
        ATTENDANCE_COPY.started,
      ],
    ];
    for (const [label, arrange, code, message] of cases) {
      const event = await createEvent({ inHours: 30 });
      const guest = await bookedGuest(event.id);
      await arrange({ id: guest.booking.id, eventId: event.id });
      const res = await say(guest.cookie, guest.booking.id);
      expect(res.status, label).toBe(409);
      expect(await res.json(), label).toEqual({ error: { code, message } });
      const [row] = await d().select().from(eventBookings).where(eq(eventBookings.id, guest.booking.id));
      expect(row.attendanceConfirmedAt, label).toBeNull();
    }
  });

  it('a yes given before the dinner started is kept, and a later yes is refused once it has', async () => {
    const event = await createEvent({ inHours: 30 });
    const guest = await bookedGuest(event.id);
    expect((await say(guest.cookie, guest.booking.id)).status).toBe(200);
    await d()
      .update(events)
      .set({ startsAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(events.id, event.id));
    expect((await say(guest.cookie, guest.booking.id)).status).toBe(409);
    const [row] = await d().select().from(eventBookings).where(eq(eventBookings.id, guest.booking.id));
    expect(row.attendanceConfirmedAt).toEqual(expect.any(String));
  });

  it('a body other than { coming: true } is a 400 in the error shape', async () => {
    const event = await createEvent({ inHours: 30 });
    const guest = await bookedGuest(event.id);
    for (const body of [{ coming: false }, { coming: 'yes' }, {}, { coming: true, extra: 1 }, [true], null]) {
      const res = await say(guest.cookie, guest.booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: { code: string; message: string } };
      expect(answer.error, JSON.stringify(body)).toMatchObject({
        code: 'invalid_input',
        message: ATTENDANCE_COPY.comingRequired,
      });
    }
    expect(await (await say(guest.cookie, guest.booking.id, { coming: false })).json()).toEqual({
      error: {
        code: 'invalid_input',
        message: ATTENDANCE_COPY.comingRequired,
        fields: { coming: ATTENDANCE_COPY.comingRequired },
      },
    });
    const [row] = await d().select().from(eventBookings).where(eq(eventBookings.id, guest.booking.id));
    expect(row.attendanceConfirmedAt).toBeNull();
  });

  it('signed out is a 401', async () => {
    const event = await createEvent({ inHours: 30 });
    const guest = await bookedGuest(event.id);
    const res = await say(undefined, guest.booking.id);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

describe('the host sees who is still coming', () => {
  it("the night's guest list carries each guest's yes, and the head count how many seats said it", async () => {
    const operator = await createSignedInUser({ email: null });
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const host = await createSignedInUser({ email: null });
    await d().update(users).set({ role: 'host' }).where(eq(users.id, host.userId));
    const event = await createEvent({ inHours: 20 });
    const assigned = await SELF.fetch(
      apiRequest('POST', `/api/admin/events/${event.id}/hosts`, {
        cookie: operator.cookie,
        body: { user: host.phone as string },
      }),
    );
    expect(assigned.status).toBe(201);
    const coming = await bookedGuest(event.id);
    const silent = await bookedGuest(event.id);
    const yes = (await (await say(coming.cookie, coming.booking.id)).json()) as {
      attendance: { confirmed_at: string };
    };

    const res = await SELF.fetch(apiRequest('GET', `/api/host/events/${event.id}`, { cookie: host.cookie }));
    expect(res.status).toBe(200);
    const night = (await res.json()) as {
      guests: Array<{ booking_id: string; attendance_confirmed_at: string | null }>;
      counts: Record<string, number>;
    };
    const byBooking = new Map(night.guests.map((g) => [g.booking_id, g.attendance_confirmed_at]));
    expect(byBooking.get(coming.booking.id)).toBe(yes.attendance.confirmed_at);
    expect(byBooking.get(silent.booking.id)).toBeNull();
    expect(night.counts).toEqual({ expected: 2, checked_in: 0, late: 0, coming: 1, no_show: 0 });
  });
});
