/**
 * A dinner's own time (issue 24): a dinner stored at 1:00 PM - 4:00 PM on a Thursday is shown so by
 * its API, its page, the confirmation email and WhatsApp, the reminders and the .ics; the console
 * gives a new dinner SPEC's three hours unless told otherwise, and refuses an end that is not after
 * the start on the same day, in the operator's words.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { events, users } from '../../db/schema';
import { dinnerWhen, dinnerWhenWhatsApp } from '../../worker/domain/booking-messages';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { dinnerHours, EVENT_TIME, istDate, istToUtc, weekdayOf } from '../../worker/domain/time';
import { sendReminders } from '../../worker/services/reminders';
import { bookedGuest, createEvent, outboxFor } from './helpers/booking-fixtures';
import { addCity } from './helpers/cities';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const A = CONSOLE_COPY.dinner;

/** The first Thursday (IST) at least `days` ahead, yyyy-MM-dd. */
function thursdayAfter(days: number): string {
  for (let d = days; ; d++) {
    const date = istDate(new Date(Date.now() + d * DAY));
    if (weekdayOf(date) === 'Thursday') return date;
  }
}

/** A Thursday lunch, 1:00 PM - 4:00 PM IST, ten or more days out, bookable. */
async function thursdayLunch() {
  const date = thursdayAfter(10);
  return createEvent({
    title: 'Thursday Long Lunch',
    date,
    startsAt: istToUtc(date, '13:00'),
    endsAt: istToUtc(date, '16:00'),
  });
}

const icsStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const HOURS = '1:00\u00a0PM\u00a0- 4:00\u00a0PM';

describe("a 1:00 PM dinner's own time", () => {
  it('the hours come from the stored start and end, with no-break spaces, and the weekday from the date', () => {
    expect(dinnerHours('2026-11-26T07:30:00.000Z', '2026-11-26T10:30:00.000Z')).toBe(HOURS);
    expect(dinnerHours('2026-11-28T13:30:00.000Z', '2026-11-28T16:30:00.000Z')).toBe(EVENT_TIME);
    expect(dinnerHours('2026-11-26T06:00:00.000Z', '2026-11-26T07:15:00.000Z')).toBe(
      '11:30\u00a0AM\u00a0- 12:45\u00a0PM',
    );
    expect(weekdayOf('2026-11-26')).toBe('Thursday');
  });

  it('a row written without an end (an older script) gets three hours, never an empty end', async () => {
    const startsAt = istToUtc(thursdayAfter(10), '13:00');
    await env.DB.prepare(
      `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, ticket_price_single,
        ticket_price_couple, ticket_price_group, capacity) VALUES ('no-end', 'x', 't', 'd', 'l', ?, ?, '/i.svg', 1, 1, 1, 8)`,
    )
      .bind(istDate(startsAt), startsAt)
      .run();
    expect((await rowOf('no-end')).endsAt).toBe(new Date(Date.parse(startsAt) + 3 * HOUR).toISOString());
  });

  it('its API answers carry ends_at, and its page says 1:00 PM - 4:00 PM on its Thursday', async () => {
    const event = await thursdayLunch();
    const detail = (await (await SELF.fetch(`http://localhost/api/events/${event.id}`)).json()) as {
      event: { starts_at: string; ends_at: string };
    };
    expect(detail.event).toMatchObject({ starts_at: event.startsAt, ends_at: event.endsAt });

    const html = await (await SELF.fetch(`http://localhost/event/${event.id}`)).text();
    expect(html).toContain(HOURS);
    expect(html).toContain('Thursday');
    expect(html).not.toContain(EVENT_TIME);
  });

  it('its confirmation email, WhatsApp, .ics and My Booking say 1:00 PM - 4:00 PM on its Thursday', async () => {
    const event = await thursdayLunch();
    const guest = await bookedGuest(event.id);
    const when = dinnerWhen(event.startsAt, event.endsAt);
    expect(when).toMatch(/^Thursday, /);
    expect(when).toContain(HOURS);

    const mails = (await outboxFor(guest.email)) as Array<{
      subject?: string;
      body: string;
      attachments?: Array<{ filename: string; content: string }>;
    }>;
    const confirmation = mails.find((m) => m.subject?.startsWith("You're All Set!"));
    expect(confirmation?.body).toContain(`When: ${when}`);
    expect(confirmation?.body).not.toContain('7:00');
    // Unfolded (RFC 5545 folds lines longer than 75 octets).
    const ics = (confirmation?.attachments?.find((a) => a.filename.endsWith('.ics'))?.content ?? '').replace(
      /\r\n /g,
      '',
    );
    expect(ics).toContain(`DTSTART:${icsStamp(event.startsAt)}`);
    expect(ics).toContain(`DTEND:${icsStamp(event.endsAt)}`);
    expect(ics).toContain('1:00 PM - 4:00 PM');

    const whatsapp = (await outboxFor(guest.phone)).find((m) => m.body.startsWith('[template booking_confirmed]'));
    expect(whatsapp?.body).toContain(dinnerWhenWhatsApp(event.startsAt, event.endsAt));
    expect(whatsapp?.body).toContain('Thursday');
    expect(whatsapp?.body).toContain('1:00 PM - 4:00 PM');

    const view = (await (
      await SELF.fetch(apiRequest('GET', `/api/bookings/${guest.booking.id}`, { cookie: guest.cookie }))
    ).json()) as { event: { ends_at: string; time: string } };
    expect(view.event).toMatchObject({ ends_at: event.endsAt, time: HOURS });
  });

  it('its reminders say 1:00 PM - 4:00 PM on its Thursday', async () => {
    const event = await thursdayLunch();
    const guest = await bookedGuest(event.id);
    // 23 hours before: the 24-hour reminder.
    await sendReminders(env, db(env.DB), new Date(Date.parse(event.startsAt) - 23 * HOUR));
    const reminder = (await outboxFor(guest.email)).find((m) => m.subject?.includes('is tomorrow'));
    expect(reminder?.body).toContain(`is tomorrow, ${dinnerWhen(event.startsAt, event.endsAt)}.`);
    const whatsapp = (await outboxFor(guest.phone)).find((m) =>
      m.body.startsWith('[template event_reminder_still_coming]'),
    );
    expect(whatsapp?.body).toContain(dinnerWhenWhatsApp(event.startsAt, event.endsAt));
  });
});

async function operator() {
  const user = await createSignedInUser();
  await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}
const call = (method: string, path: string, cookie: string, body?: unknown) =>
  SELF.fetch(apiRequest(method, path, { cookie, body }));
const rowOf = async (id: string) => (await db(env.DB).select().from(events).where(eq(events.id, id)))[0];

describe("the console's dinner times", () => {
  const newDinner = (city: string, date: string) => ({
    city,
    title: 'Thursday Long Lunch',
    description: 'Six strangers, one table.',
    location: 'Golf Course Road',
    date,
    time: '13:00',
    capacity: 8,
    ticket_price_single: 499,
    ticket_price_couple: 899,
    ticket_price_group: 749,
  });

  it('stores the end given, and SPEC’s three hours when none is', async () => {
    const op = await operator();
    const city = `lunch-${crypto.randomUUID().slice(0, 8)}`;
    await addCity(city);
    const date = thursdayAfter(10);

    const given = await call('POST', '/api/admin/events', op.cookie, { ...newDinner(city, date), end_time: '16:00' });
    expect(given.status).toBe(201);
    const { event } = (await given.json()) as { event: { id: string } };
    expect(await rowOf(event.id)).toMatchObject({
      startsAt: istToUtc(date, '13:00'),
      endsAt: istToUtc(date, '16:00'),
    });

    const dflt = await call('POST', '/api/admin/events', op.cookie, { ...newDinner(city, date), time: '19:00' });
    const created = (await dflt.json()) as { event: { id: string } };
    expect(await rowOf(created.event.id)).toMatchObject({
      startsAt: istToUtc(date, '19:00'),
      endsAt: istToUtc(date, '22:00'),
    });
  });

  it('refuses an end before the start, on the next day, malformed or given twice: 400 on that field, nothing written', async () => {
    const op = await operator();
    const city = `lunch-${crypto.randomUUID().slice(0, 8)}`;
    await addCity(city);
    const date = thursdayAfter(10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ end_time: '12:00' }, 'end_time', A.endBeforeStart],
      [{ end_time: '13:00' }, 'end_time', A.endBeforeStart],
      [{ end_time: '4 PM' }, 'end_time', A.endTimeInvalid],
      [{ ends_at: istToUtc(date, '13:00').replace(/T.*/, 'T20:00:00.000Z') }, 'ends_at', A.endNextDay],
      [{ end_time: '16:00', ends_at: istToUtc(date, '16:00') }, 'end_time', A.endTwice],
      // Three hours after 10:00 PM is past midnight: the default does not fit either.
      [{ time: '22:00' }, 'end_time', A.endNextDay],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/admin/events', op.cookie, { ...newDinner(city, date), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields[field], JSON.stringify(over)).toBe(message);
    }
    expect(await db(env.DB).select().from(events).where(eq(events.city, city))).toEqual([]);
  });

  it('an edit changes the end alone, and a moved start keeps the dinner’s length', async () => {
    const op = await operator();
    const event = await thursdayLunch();
    const end = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { end_time: '17:30' });
    expect(end.status).toBe(200);
    expect(await rowOf(event.id)).toMatchObject({ startsAt: event.startsAt, endsAt: istToUtc(event.date, '17:30') });

    const moved = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { date: event.date, time: '12:00' });
    expect(moved.status).toBe(200);
    expect(await rowOf(event.id)).toMatchObject({
      startsAt: istToUtc(event.date, '12:00'),
      endsAt: istToUtc(event.date, '16:30'),
    });

    const early = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { end_time: '11:00' });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { fields: Record<string, string> } }).error.fields.end_time).toBe(
      A.endBeforeStart,
    );
    expect((await rowOf(event.id)).endsAt).toBe(istToUtc(event.date, '16:30'));
  });
});
