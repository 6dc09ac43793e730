/**
 * The night (docs/decisions/019): an operator assigns hosts to a dinner; a host sees only the
 * dinners assigned to them, checks guests in by ticket code (scanned or typed) or by name, once;
 * sixty minutes after the start the guests who did not come become no-shows.
 */
import { env, SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, eventBookings, eventHosts, events, users } from '../../db/schema';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import type { Role } from '../../worker/domain/roles';
import { newTicketCode } from '../../worker/domain/ticket';
import { handleScheduled } from '../../worker/scheduled';
import { markNoShows } from '../../worker/services/host-night';
import { createEvent } from './helpers/booking-fixtures';
import { booked } from './helpers/booked';
import type { EventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const H = CONSOLE_COPY.host;
const d = () => db(env.DB);
const MINUTE = 60_000;

async function signedInAs(role: Role, opts: { email?: string } = {}) {
  const user = await createSignedInUser({ email: opts.email ?? null });
  await d().update(users).set({ role }).where(eq(users.id, user.userId));
  return { ...user, phone: user.phone as string };
}

const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  SELF.fetch(apiRequest(method, path, opts));

const bookingRow = async (id: string) => (await d().select().from(eventBookings).where(eq(eventBookings.id, id)))[0];
const auditFor = (target: string) => d().select().from(auditLog).where(eq(auditLog.target, target));

/** An operator, a host assigned to a dinner (through the API), and the dinner. */
async function hostedDinner(over: Partial<EventRow> & { inHours?: number } = {}) {
  const operator = await signedInAs('operator');
  const host = await signedInAs('host');
  const event = await createEvent({ inHours: 1, ...over });
  const res = await call('POST', `/api/admin/events/${event.id}/hosts`, {
    cookie: operator.cookie,
    body: { user: host.phone },
  });
  expect(res.status).toBe(201);
  return { operator, host, event };
}

describe('assigning hosts (POST/DELETE /api/admin/events/:id/hosts)', () => {
  it('assigns a host by a 10-digit phone, once, with one audit row; lists and removes them', async () => {
    const operator = await signedInAs('operator');
    const host = await signedInAs('host');
    const event = await createEvent();
    const tenDigits = host.phone.replace('+91', '').replace(/(\d{5})(\d{5})/, '$1 $2');
    const first = await call('POST', `/api/admin/events/${event.id}/hosts`, {
      cookie: operator.cookie,
      body: { user: tenDigits },
    });
    expect(first.status).toBe(201);
    const body = (await first.json()) as { hosts: Array<Record<string, unknown>>; changed: boolean };
    expect(body.changed).toBe(true);
    expect(body.hosts).toEqual([
      { user_id: host.userId, name: host.phone, phone: host.phone, email: null, assigned_at: expect.any(String) },
    ]);

    // Idempotent: the same host again changes nothing and records nothing.
    const again = await call('POST', `/api/admin/events/${event.id}/hosts`, {
      cookie: operator.cookie,
      body: { user: host.phone },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ changed: false, hosts: [{ user_id: host.userId }] });
    const rows = await auditFor(`event:${event.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: operator.userId,
      action: 'event.host_assign',
      after: JSON.stringify({ host_user_id: host.userId }),
    });
    const [assignment] = await d().select().from(eventHosts).where(eq(eventHosts.eventId, event.id));
    expect(assignment).toMatchObject({ userId: host.userId, assignedBy: operator.userId });

    const listed = await call('GET', `/api/admin/events/${event.id}/hosts`, { cookie: operator.cookie });
    expect(await listed.json()).toMatchObject({ hosts: [{ user_id: host.userId }] });

    const removed = await call('DELETE', `/api/admin/events/${event.id}/hosts/${host.userId}`, {
      cookie: operator.cookie,
    });
    expect(await removed.json()).toEqual({ changed: true, hosts: [] });
    const removedAgain = await call('DELETE', `/api/admin/events/${event.id}/hosts/${host.userId}`, {
      cookie: operator.cookie,
    });
    expect(await removedAgain.json()).toEqual({ changed: false, hosts: [] });
    const after = await auditFor(`event:${event.id}`);
    expect(after.map((r) => [r.action, r.before])).toEqual(
      expect.arrayContaining([['event.host_remove', JSON.stringify({ host_user_id: host.userId })]]),
    );
    expect(after).toHaveLength(2);
  });

  it('assigns by email (any case) and refuses who is no host, nobody, or a cancelled dinner', async () => {
    const operator = await signedInAs('operator');
    const email = `host-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const host = await signedInAs('host', { email });
    const guest = await signedInAs('guest');
    const event = await createEvent();
    const assign = (user: unknown, id = event.id) =>
      call('POST', `/api/admin/events/${id}/hosts`, { cookie: operator.cookie, body: { user } });

    const byEmail = await assign(` ${email.toUpperCase()} `);
    expect(byEmail.status).toBe(201);
    expect(await byEmail.json()).toMatchObject({ hosts: [{ user_id: host.userId, email }] });

    const notHost = await assign(guest.phone);
    expect(notHost.status).toBe(409);
    expect(await notHost.json()).toEqual({ error: { code: 'not_a_host', message: H.notAHost } });

    const nobody = await assign('nobody-here@example.com');
    expect(nobody.status).toBe(400);
    expect(await nobody.json()).toMatchObject({ error: { message: H.userUnknown, fields: { user: H.userUnknown } } });

    for (const bad of ['', 'not a phone', 12345, null]) {
      const res = await assign(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await assign(host.phone, 'no-such-dinner')).status).toBe(404);

    const cancelled = await createEvent({ cancelledAt: new Date().toISOString(), available: false });
    const refused = await assign(host.phone, cancelled.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'dinner_cancelled' } });

    // Only the one assignment was recorded.
    expect(await auditFor(`event:${event.id}`)).toHaveLength(1);
    expect(await d().select().from(eventHosts).where(eq(eventHosts.userId, guest.userId))).toEqual([]);
  });
});

describe('the host sees only their dinners', () => {
  it('lists the dinners assigned to the host, today and upcoming first, then past ones', async () => {
    const operator = await signedInAs('operator');
    const host = await signedInAs('host');
    const later = await createEvent({ inHours: 24 * 7 });
    const soon = await createEvent({ inHours: 2 });
    const past = await createEvent({ inHours: -24 * 3 });
    const notMine = await createEvent({ inHours: 3 });
    for (const e of [later, soon, past])
      await call('POST', `/api/admin/events/${e.id}/hosts`, { cookie: operator.cookie, body: { user: host.phone } });
    await booked(soon, { seats: 2 });
    const arrived = await booked(soon, { status: 'checked_in' });
    await booked(soon, { status: 'refunded' });
    void arrived;

    const res = await call('GET', '/api/host/events', { cookie: host.cookie });
    expect(res.status).toBe(200);
    const { events: list } = (await res.json()) as { events: Array<Record<string, unknown>> };
    expect(list.map((e) => e.id)).toEqual([soon.id, later.id, past.id]);
    expect(list[0]).toEqual({
      id: soon.id,
      title: soon.title,
      city: soon.city,
      location: soon.location,
      date: soon.date,
      starts_at: soon.startsAt,
      ends_at: soon.endsAt,
      venue_name: soon.venueName,
      cancelled_at: null,
      expected: 3,
      checked_in: 1,
      today: expect.any(Boolean),
    });
    expect(list.map((e) => e.id)).not.toContain(notMine.id);

    // An operator runs every dinner.
    const asOperator = (await (await call('GET', '/api/host/events', { cookie: operator.cookie })).json()) as {
      events: Array<{ id: string }>;
    };
    expect(asOperator.events.map((e) => e.id)).toEqual(expect.arrayContaining([soon.id, notMine.id]));
  });

  it('shows a dinner’s guests to its host, and 403 to a host of another dinner', async () => {
    const { host, operator, event } = await hostedDinner();
    const other = await signedInAs('host');
    const zara = await booked(event, { name: 'Zara Khan' });
    const anil = await booked(event, { name: 'Anil Rao', seats: 2, status: 'checked_in' });
    await booked(event, { name: 'Moved Away', status: 'moved' });
    await d()
      .update(eventBookings)
      .set({ runningLateMinutes: 20, runningLateAt: new Date().toISOString() })
      .where(eq(eventBookings.id, zara.bookingId));

    const res = await call('GET', `/api/host/events/${event.id}`, { cookie: host.cookie });
    expect(res.status).toBe(200);
    const night = (await res.json()) as {
      event: Record<string, unknown>;
      guests: Array<Record<string, unknown>>;
      counts: Record<string, number>;
    };
    expect(night.event).toMatchObject({ id: event.id, title: event.title, starts_at: event.startsAt });
    expect(night.event.no_show_at).toBe(new Date(new Date(event.startsAt).getTime() + 60 * MINUTE).toISOString());
    expect(night.guests).toEqual([
      {
        booking_id: anil.bookingId,
        name: 'Anil Rao',
        ticket_type: 'couple',
        ticket_label: 'Couple (male + female)',
        seats: 2,
        party_name: null,
        table: null,
        status: 'checked_in',
        checked_in_at: null,
        running_late_minutes: null,
        running_late_at: null,
        attendance_confirmed_at: null,
      },
      expect.objectContaining({
        booking_id: zara.bookingId,
        name: 'Zara Khan',
        status: 'confirmed',
        running_late_minutes: 20,
        running_late_at: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(night)).not.toContain(zara.ticketCode);
    expect(night.counts).toEqual({ expected: 3, checked_in: 2, late: 1, coming: 0, no_show: 0 });

    const refused = await call('GET', `/api/host/events/${event.id}`, { cookie: other.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'not_your_dinner', message: H.notYourDinner } });
    expect((await call('GET', '/api/host/events/no-such-dinner', { cookie: host.cookie })).status).toBe(404);
    // The operator runs it too.
    expect((await call('GET', `/api/host/events/${event.id}`, { cookie: operator.cookie })).status).toBe(200);
  });
});

describe('check-in (POST /api/host/check-in, POST /api/host/events/:id/check-in)', () => {
  it('checks a guest in by a typed code in lower case with spaces, once; a second scan says already', async () => {
    const { host, operator, event } = await hostedDinner();
    const guest = await booked(event, { name: 'Asha Verma' });
    const typed = ` ${guest.ticketCode.toLowerCase().replace(/-/g, ' ')} `;
    const res = await call('POST', '/api/host/check-in', {
      cookie: host.cookie,
      body: { ticket_code: typed, event_id: event.id },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { already: boolean; guest: Record<string, unknown> };
    expect(body).toMatchObject({
      already: false,
      guest: { booking_id: guest.bookingId, name: 'Asha Verma', status: 'checked_in' },
    });
    const row = await bookingRow(guest.bookingId);
    expect(row).toMatchObject({ status: 'checked_in', checkedInBy: host.userId });
    expect(row.checkedInAt).toEqual(expect.any(String));
    expect(body.guest.checked_in_at).toBe(row.checkedInAt);
    const audit = await auditFor(`booking:${guest.bookingId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: host.userId,
      action: 'booking.check_in',
      before: JSON.stringify({ status: 'confirmed' }),
      after: JSON.stringify({ status: 'checked_in' }),
    });

    const again = await call('POST', '/api/host/check-in', {
      cookie: host.cookie,
      body: { ticket_code: guest.ticketCode, event_id: event.id },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      already: true,
      guest: { status: 'checked_in', checked_in_at: row.checkedInAt },
    });
    expect(await auditFor(`booking:${guest.bookingId}`)).toHaveLength(1);
    expect((await bookingRow(guest.bookingId)).checkedInAt).toBe(row.checkedInAt);

    // The console's guest list reads the same columns.
    const list = (await (
      await call('GET', `/api/admin/events/${event.id}/attendees`, { cookie: operator.cookie })
    ).json()) as { attendees: Array<Record<string, unknown>> };
    expect(list.attendees.find((a) => a.booking_id === guest.bookingId)).toMatchObject({
      status: 'checked_in',
      checked_in: true,
      checked_in_at: row.checkedInAt,
    });
  });

  it('refuses a ticket of another dinner, another host’s dinner (403), an unknown code and a bad one', async () => {
    const { host, operator, event } = await hostedDinner();
    const tomorrow = await createEvent({ inHours: 25 });
    await call('POST', `/api/admin/events/${tomorrow.id}/hosts`, {
      cookie: operator.cookie,
      body: { user: host.phone },
    });
    const notHosted = await createEvent({ inHours: 2 });
    const tomorrowGuest = await booked(tomorrow);
    const strangerGuest = await booked(notHosted);
    const mine = await booked(event);
    const checkIn = (ticket_code: unknown, cookie = host.cookie) =>
      call('POST', '/api/host/check-in', { cookie, body: { ticket_code, event_id: event.id } });

    const wrong = await checkIn(tomorrowGuest.ticketCode);
    expect(wrong.status).toBe(409);
    const wrongBody = (await wrong.json()) as { error: { code: string; message: string } };
    expect(wrongBody.error.code).toBe('wrong_dinner');
    expect(wrongBody.error.message).toContain('another dinner');

    const notYours = await checkIn(strangerGuest.ticketCode);
    expect(notYours.status).toBe(403);
    expect(await notYours.json()).toEqual({ error: { code: 'not_your_dinner', message: H.ticketNotYours } });
    // Without the dinner it still is not this host's to check in.
    const noEvent = await call('POST', '/api/host/check-in', {
      cookie: host.cookie,
      body: { ticket_code: strangerGuest.ticketCode },
    });
    expect(noEvent.status).toBe(403);

    // A host of another dinner cannot check in this dinner's guest, by code or by name.
    const otherHost = await signedInAs('host');
    expect((await checkIn(mine.ticketCode, otherHost.cookie)).status).toBe(403);
    const tapped = await call('POST', `/api/host/events/${event.id}/check-in`, {
      cookie: otherHost.cookie,
      body: { booking_id: mine.bookingId },
    });
    expect(tapped.status).toBe(403);

    const unknown = await checkIn(newTicketCode());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: H.ticketUnknown } });
    for (const bad of ['1234', '', 42]) {
      const res = await checkIn(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }

    for (const b of [tomorrowGuest, strangerGuest, mine]) {
      const row = await bookingRow(b.bookingId);
      expect(row).toMatchObject({ status: 'confirmed', checkedInAt: null, checkedInBy: null });
      expect(await auditFor(`booking:${b.bookingId}`)).toEqual([]);
    }
  });

  it('refuses a refunded, moved or no-show booking and a cancelled dinner', async () => {
    const { host, event } = await hostedDinner();
    const refunded = await booked(event, { status: 'refunded' });
    const moved = await booked(event, { status: 'moved' });
    const noShow = await booked(event, { status: 'no_show' });
    const checkIn = (code: string) =>
      call('POST', '/api/host/check-in', { cookie: host.cookie, body: { ticket_code: code, event_id: event.id } });
    for (const b of [refunded, moved]) {
      const res = await checkIn(b.ticketCode);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: { code: 'not_valid', message: H.notValid } });
    }
    const late = await checkIn(noShow.ticketCode);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'no_show' } });

    const confirmed = await booked(event);
    await d().update(events).set({ cancelledAt: new Date().toISOString() }).where(eq(events.id, event.id));
    const cancelled = await checkIn(confirmed.ticketCode);
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toMatchObject({ error: { code: 'dinner_cancelled' } });
    expect((await bookingRow(confirmed.bookingId)).status).toBe('confirmed');
  });

  it('checks a guest in by tapping their name; a booking of another dinner is not on the list', async () => {
    const { host, event } = await hostedDinner();
    const other = await createEvent({ inHours: 2 });
    const guest = await booked(event, { name: 'Ravi' });
    const elsewhere = await booked(other);
    const tap = (booking_id: string) =>
      call('POST', `/api/host/events/${event.id}/check-in`, { cookie: host.cookie, body: { booking_id } });
    const res = await tap(guest.bookingId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ already: false, guest: { booking_id: guest.bookingId, name: 'Ravi' } });
    expect(await (await tap(guest.bookingId)).json()).toMatchObject({ already: true });
    const notHere = await tap(elsewhere.bookingId);
    expect(notHere.status).toBe(404);
    expect(await notHere.json()).toEqual({ error: { code: 'not_found', message: H.bookingUnknown } });
    expect((await bookingRow(elsewhere.bookingId)).status).toBe('confirmed');
    expect((await tap('no-such-booking')).status).toBe(404);
  });

  it('lets an operator check in at any dinner', async () => {
    const operator = await signedInAs('operator');
    const event = await createEvent({ inHours: 1 });
    const guest = await booked(event);
    const res = await call('POST', '/api/host/check-in', {
      cookie: operator.cookie,
      body: { ticket_code: guest.ticketCode },
    });
    expect(res.status).toBe(200);
    expect((await bookingRow(guest.bookingId)).checkedInBy).toBe(operator.userId);
  });
});

describe('the check-in window (3 hours before the start until the no-show mark)', () => {
  it('refuses a check-in days ahead and after the no-show mark, with a clear reason; opens 3 hours before', async () => {
    const { host, event } = await hostedDinner({ inHours: 48 });
    const guest = await booked(event);
    const checkInNow = () =>
      call('POST', '/api/host/check-in', {
        cookie: host.cookie,
        body: { ticket_code: guest.ticketCode, event_id: event.id },
      });
    const early = await checkInNow();
    expect(early.status).toBe(409);
    const body = (await early.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('check_in_not_open');
    expect(body.error.message).toContain('Check-in opens 3 hours before the start');
    expect((await bookingRow(guest.bookingId)).status).toBe('confirmed');
    expect(await auditFor(`booking:${guest.bookingId}`)).toEqual([]);

    // Ended: 61 minutes after the start (the cron has not marked the no-show yet).
    await d()
      .update(events)
      .set({ startsAt: new Date(Date.now() - 61 * MINUTE).toISOString() })
      .where(eq(events.id, event.id));
    const late = await checkInNow();
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: { code: 'check_in_closed', message: H.checkInClosed } });
    expect((await bookingRow(guest.bookingId)).status).toBe('confirmed');

    // 2 h 50 min before the start: open.
    await d()
      .update(events)
      .set({ startsAt: new Date(Date.now() + 170 * MINUTE).toISOString() })
      .where(eq(events.id, event.id));
    expect((await checkInNow()).status).toBe(200);
    expect((await bookingRow(guest.bookingId)).status).toBe('checked_in');
  });
});

describe('no-shows (cron)', () => {
  it('marks confirmed guests not checked in as no-shows 60 minutes after the start, not at 59, once', async () => {
    const event = await createEvent({ inHours: 1 });
    const start = new Date(event.startsAt).getTime();
    const waiting = await booked(event);
    const arrived = await booked(event, { status: 'checked_in' });
    const refunded = await booked(event, { status: 'refunded' });

    await markNoShows(d(), new Date(start + 59 * MINUTE + 59_000));
    expect((await bookingRow(waiting.bookingId)).status).toBe('confirmed');

    // Through the scheduled handler, exactly at the mark.
    await handleScheduled({} as ScheduledController, env, new Date(start + 60 * MINUTE));
    expect((await bookingRow(waiting.bookingId)).status).toBe('no_show');
    expect((await bookingRow(arrived.bookingId)).status).toBe('checked_in');
    expect((await bookingRow(refunded.bookingId)).status).toBe('refunded');

    // Idempotent: a second run marks nothing.
    const before = await d().select().from(eventBookings).where(eq(eventBookings.eventId, event.id));
    expect(await markNoShows(d(), new Date(start + 65 * MINUTE))).toBe(0);
    expect(await d().select().from(eventBookings).where(eq(eventBookings.eventId, event.id))).toEqual(before);
  });

  it('leaves a cancelled dinner’s guests alone', async () => {
    const event = await createEvent({ inHours: 1, cancelledAt: new Date().toISOString(), available: false });
    const guest = await booked(event);
    await markNoShows(d(), new Date(new Date(event.startsAt).getTime() + 90 * MINUTE));
    expect((await bookingRow(guest.bookingId)).status).toBe('confirmed');
  });

  it('does not rewrite dinners from more than a day before the cutoff', async () => {
    const event = await createEvent({ inHours: 1 });
    const guest = await booked(event);
    await markNoShows(d(), new Date(new Date(event.startsAt).getTime() + 26 * 60 * MINUTE));
    const [row] = await d()
      .select()
      .from(eventBookings)
      .where(and(eq(eventBookings.id, guest.bookingId)));
    expect(row.status).toBe('confirmed');
  });
});
