/**
 * The console's side of issue 20 (docs/decisions/027): a dinner's waitlist with its offers and
 * "still coming?" answers (`GET /api/admin/events/:id/waitlist`), "offer now", and credit granted
 * by hand from the guest list (`POST /api/admin/users/:id/credit`), operators only.
 */
import { env, SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, creditEntries, eventBookings, paymentOrders, users, waitlistEntries } from '../../db/schema';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { MAX_OPERATOR_GRANT } from '../../worker/domain/credit';
import type { TicketType } from '../../worker/domain/pricing';
import type { Role } from '../../worker/domain/roles';
import type { WaitlistStatus } from '../../worker/domain/waitlist';
import { booked } from './helpers/booked';
import { createEvent } from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const MINUTE = 60_000;
const W = CONSOLE_COPY.waitlist;

/** A signed-in account holding `role`. */
async function signedInAs(role: Role) {
  const user = await createSignedInUser();
  await d().update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  SELF.fetch(apiRequest(method, path, opts));

type Entry = {
  id: string;
  user: { id: string; name: string; phone: string | null };
  ticket_type: TicketType;
  ticket_label: string;
  seats: number;
  status: WaitlistStatus;
  position: number | null;
  passed_over: number;
  offered_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
};
type Waitlist = {
  free_seats: number;
  offers_open: boolean;
  entries: Entry[];
  attendance: { confirmed: number; unanswered: number; released: number };
};

let seq = 0;
/** A guest (account and profile name) on `event`'s waitlist, joined `minutesAgo` ago. */
async function inLine(
  event: EventRow,
  opts: { name?: string; status?: WaitlistStatus; ticket?: TicketType; minutesAgo?: number; passedOver?: number } = {},
) {
  seq += 1;
  const user = await createSignedInUser();
  const id = `wl-${event.id}-${seq}`;
  const ticket = opts.ticket ?? 'male';
  await d()
    .insert(waitlistEntries)
    .values({
      id,
      userId: user.userId,
      eventId: event.id as string,
      ticketType: ticket,
      seats: ticket === 'couple' || ticket === 'female_duo' ? 2 : 1,
      status: opts.status ?? 'waiting',
      passedOver: opts.passedOver ?? 0,
      createdAt: new Date(Date.now() - (opts.minutesAgo ?? 60) * MINUTE).toISOString(),
    });
  if (opts.name) await d().update(users).set({ fullName: opts.name }).where(eq(users.id, user.userId));
  return { entryId: id, userId: user.userId, phone: user.phone };
}

/** A dinner of `capacity` with `full` one-seat guests booked. */
async function dinner(capacity: number, full: number, over: Partial<EventRow> & { inHours?: number } = {}) {
  const event = await createEvent({ capacity, ...over });
  const guests = [];
  for (let i = 0; i < full; i++) guests.push(await booked(event));
  return { event, guests };
}

const waitlistOf = async (eventId: string, cookie: string) => {
  const res = await call('GET', `/api/admin/events/${eventId}/waitlist`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Waitlist;
};

describe('who may use it', () => {
  it('answers 401 to a visitor, 403 to a guest and to a host, on every route', async () => {
    const { event } = await dinner(2, 2);
    const { entryId, userId } = await inLine(event);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/admin/events/${event.id}/waitlist`],
      ['GET', `/api/admin/events/${event.id}/guest-credit`],
      ['POST', `/api/admin/events/${event.id}/waitlist/${entryId}/offer`],
      ['POST', `/api/admin/users/${userId}/credit`, { amount: 100, note: 'Sorry' }],
    ];
    const guest = await signedInAs('guest');
    const host = await signedInAs('host');
    for (const [method, path, body] of routes) {
      expect((await call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
      for (const who of [guest, host]) {
        const res = await call(method, path, { cookie: who.cookie, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toEqual({ error: { code: 'forbidden', message: CONSOLE_COPY.admin.forbidden } });
      }
    }
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    expect(entry.status).toBe('waiting');
    expect(await d().select().from(creditEntries).where(eq(creditEntries.userId, userId))).toEqual([]);
  });
});

describe('GET /api/admin/events/:id/waitlist', () => {
  it('lists the line oldest first, numbering only those waiting, with the offers out and their deadlines', async () => {
    const { event } = await dinner(3, 3);
    const first = await inLine(event, { name: 'Ravi Kumar', minutesAgo: 90, passedOver: 2 });
    const offered = await inLine(event, { status: 'offered', ticket: 'female', minutesAgo: 80 });
    const expires = new Date(Date.now() + 100 * MINUTE).toISOString();
    await d()
      .update(waitlistEntries)
      .set({ offeredAt: new Date(Date.now() - 20 * MINUTE).toISOString(), offerExpiresAt: expires })
      .where(eq(waitlistEntries.id, offered.entryId));
    const second = await inLine(event, { ticket: 'couple', minutesAgo: 70 });
    const left = await inLine(event, { status: 'left', minutesAgo: 60 });
    const third = await inLine(event, { minutesAgo: 50 });
    const operator = await signedInAs('operator');

    const list = await waitlistOf(event.id as string, operator.cookie);
    expect(list.free_seats).toBe(0);
    expect(list.offers_open).toBe(true);
    expect(list.entries.map((e) => [e.id, e.status, e.position])).toEqual([
      [first.entryId, 'waiting', 1],
      [offered.entryId, 'offered', null],
      [second.entryId, 'waiting', 2],
      [left.entryId, 'left', null],
      [third.entryId, 'waiting', 3],
    ]);
    expect(list.entries[0]).toMatchObject({
      user: { id: first.userId, name: 'Ravi Kumar', phone: first.phone },
      ticket_type: 'male',
      ticket_label: expect.any(String),
      seats: 1,
      passed_over: 2,
      offered_at: null,
      offer_expires_at: null,
    });
    expect(list.entries[1].offer_expires_at).toBe(expires);
    expect(list.entries[2]).toMatchObject({ ticket_type: 'couple', seats: 2 });
  });

  it('counts the seats free by the one seat rule, and the "still coming?" answers per booking', async () => {
    const { event, guests } = await dinner(8, 5);
    const [yes, checkedIn, silent, released] = guests;
    const at = new Date().toISOString();
    await d().update(eventBookings).set({ attendanceConfirmedAt: at }).where(eq(eventBookings.id, yes.bookingId));
    await d()
      .update(eventBookings)
      .set({ status: 'checked_in', attendanceConfirmedAt: at })
      .where(eq(eventBookings.id, checkedIn.bookingId));
    // A release frees the seats (the order's released_at) and the booking says so.
    await d()
      .update(eventBookings)
      .set({ status: 'released', releasedAt: at })
      .where(eq(eventBookings.id, released.bookingId));
    await d().update(paymentOrders).set({ releasedAt: at }).where(eq(paymentOrders.userId, released.userId));
    void silent;
    // A live unpaid hold takes a seat too.
    await d()
      .insert(paymentOrders)
      .values({
        id: `o-hold-${event.id}`,
        receipt: `r-hold-${event.id}`,
        userId: (await createSignedInUser()).userId,
        eventId: event.id as string,
        ticketType: 'couple',
        seats: 2,
        amount: 899,
        status: 'created',
        holdExpiresAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
      });
    const operator = await signedInAs('operator');

    const list = await waitlistOf(event.id as string, operator.cookie);
    // 8 seats: 4 booked (one released), 2 held.
    expect(list.free_seats).toBe(2);
    expect(list.attendance).toEqual({ confirmed: 2, unanswered: 2, released: 1 });
    expect(list.entries).toEqual([]);
  });

  it('says offers are off inside the last 3 hours, for a cancelled dinner and for a hidden one', async () => {
    const operator = await signedInAs('operator');
    const { event: soon } = await dinner(2, 0, { inHours: 2 });
    expect((await waitlistOf(soon.id as string, operator.cookie)).offers_open).toBe(false);
    const { event: cancelled } = await dinner(2, 0, { cancelledAt: new Date().toISOString() });
    expect((await waitlistOf(cancelled.id as string, operator.cookie)).offers_open).toBe(false);
    const { event: hidden } = await dinner(2, 0, { available: false });
    expect((await waitlistOf(hidden.id as string, operator.cookie)).offers_open).toBe(false);
  });

  it('answers 404 for a dinner that does not exist', async () => {
    const operator = await signedInAs('operator');
    const res = await call('GET', '/api/admin/events/no-such-dinner/waitlist', { cookie: operator.cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: CONSOLE_COPY.admin.eventNotFound } });
  });
});

describe('POST /api/admin/events/:id/waitlist/:entryId/offer', () => {
  const offer = (eventId: string, entryId: string, cookie: string) =>
    call('POST', `/api/admin/events/${eventId}/waitlist/${entryId}/offer`, { cookie });

  it('offers a waiting guest a free seat at once: a hold with a deadline, and an audit row', async () => {
    const { event } = await dinner(3, 2);
    const ahead = await inLine(event, { minutesAgo: 90 });
    const chosen = await inLine(event, { minutesAgo: 30 });
    const operator = await signedInAs('operator');

    const res = await offer(event.id as string, chosen.entryId, operator.cookie);
    expect(res.status).toBe(200);
    const { entry } = (await res.json()) as { entry: Entry };
    expect(entry).toMatchObject({ id: chosen.entryId, status: 'offered', position: null });
    expect(Date.parse(entry.offer_expires_at ?? '')).toBeGreaterThan(Date.now());

    const list = await waitlistOf(event.id as string, operator.cookie);
    expect(list.free_seats).toBe(0);
    expect(list.entries.find((e) => e.id === ahead.entryId)?.position).toBe(1);
    const audit = await d()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, operator.userId), eq(auditLog.action, 'waitlist.offer')));
    expect(audit).toHaveLength(1);
  });

  it('refuses with 409 when no seat fits the ticket, and changes nothing', async () => {
    const { event } = await dinner(3, 2);
    const couple = await inLine(event, { ticket: 'couple' });
    const operator = await signedInAs('operator');

    const res = await offer(event.id as string, couple.entryId, operator.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'no_seat', message: W.noSeat } });
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.id, couple.entryId));
    expect(entry.status).toBe('waiting');
    expect(await d().select().from(auditLog).where(eq(auditLog.actorId, operator.userId))).toEqual([]);
  });

  it('refuses with 409 an entry that is no longer waiting', async () => {
    const { event } = await dinner(3, 1);
    const gone = await inLine(event, { status: 'left' });
    const operator = await signedInAs('operator');

    const res = await offer(event.id as string, gone.entryId, operator.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'not_waiting', message: W.notWaiting } });
  });

  it('refuses with 409 once offers have stopped, 3 hours before the start, and on a hidden dinner', async () => {
    const operator = await signedInAs('operator');
    for (const over of [{ inHours: 2 }, { available: false }]) {
      const { event } = await dinner(3, 1, over);
      const entry = await inLine(event);
      const res = await offer(event.id as string, entry.entryId, operator.cookie);
      expect(res.status, JSON.stringify(over)).toBe(409);
      expect(await res.json()).toEqual({ error: { code: 'closed', message: W.closed } });
    }
    expect(await d().select().from(auditLog).where(eq(auditLog.actorId, operator.userId))).toEqual([]);
  });

  it('answers 404 for an unknown dinner, or an entry of another dinner', async () => {
    const { event } = await dinner(3, 1);
    const { event: other } = await dinner(3, 1);
    const theirs = await inLine(other);
    const operator = await signedInAs('operator');

    const wrong = await offer(event.id as string, theirs.entryId, operator.cookie);
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ error: { code: 'not_found', message: W.entryNotFound } });
    const none = await offer('no-such-dinner', theirs.entryId, operator.cookie);
    expect(none.status).toBe(404);
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.id, theirs.entryId));
    expect(entry.status).toBe('waiting');
  });
});

describe('POST /api/admin/users/:id/credit', () => {
  const grant = (userId: string, body: unknown, cookie: string) =>
    call('POST', `/api/admin/users/${userId}/credit`, { cookie, body });

  it('grants credit with a note, audited, and answers the new balance', async () => {
    const { event, guests } = await dinner(4, 1);
    const [guest] = guests;
    const operator = await signedInAs('operator');

    const res = await grant(guest.userId, { amount: 500, note: '  The AC failed. Sorry!  ' }, operator.cookie);
    expect(res.status).toBe(201);
    const first = (await res.json()) as { entry_id: string; balance: number };
    expect(first.balance).toBe(500);
    const again = await grant(guest.userId, { amount: 250, note: 'And the dessert' }, operator.cookie);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { balance: number }).balance).toBe(750);

    const [entry] = await d().select().from(creditEntries).where(eq(creditEntries.id, first.entry_id));
    expect(entry).toMatchObject({ userId: guest.userId, kind: 'operator', amount: 500, note: 'The AC failed. Sorry!' });
    const audit = await d()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, operator.userId), eq(auditLog.action, 'credit.grant')));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.target)).toEqual([`user:${guest.userId}`, `user:${guest.userId}`]);

    // The guest list's "Grant credit" finds the account and its balance by booking.
    const credit = await call('GET', `/api/admin/events/${event.id}/guest-credit`, { cookie: operator.cookie });
    expect(await credit.json()).toEqual({
      guests: [{ booking_id: guest.bookingId, user_id: guest.userId, balance: 750 }],
    });
  });

  it('refuses a bad body with 400 and the field, granting nothing', async () => {
    const { guests } = await dinner(4, 1);
    const [guest] = guests;
    const operator = await signedInAs('operator');
    const amountWords = CONSOLE_COPY.credit.amountInvalid(MAX_OPERATOR_GRANT);
    const cases: [unknown, string, string][] = [
      [{ amount: 0, note: 'Sorry' }, 'amount', amountWords],
      [{ amount: 10.5, note: 'Sorry' }, 'amount', amountWords],
      [{ amount: '500', note: 'Sorry' }, 'amount', amountWords],
      [{ amount: MAX_OPERATOR_GRANT + 1, note: 'Sorry' }, 'amount', amountWords],
      [{ amount: 100 }, 'note', CONSOLE_COPY.credit.bodyInvalid],
      [{ amount: 100, note: '  hi  ' }, 'note', CONSOLE_COPY.credit.noteRequired],
      [{ amount: 100, note: 'x'.repeat(201) }, 'note', CONSOLE_COPY.credit.noteRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await grant(guest.userId, body, operator.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_input', message, fields: { [field]: message } } });
    }
    const extra = await grant(guest.userId, { amount: 100, note: 'Sorry', user_id: 'x' }, operator.cookie);
    expect(extra.status).toBe(400);
    expect(await d().select().from(creditEntries).where(eq(creditEntries.userId, guest.userId))).toEqual([]);
  });

  it('answers 404 for a user that does not exist', async () => {
    const operator = await signedInAs('operator');
    const res = await grant('no-such-user', { amount: 100, note: 'Sorry' }, operator.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: CONSOLE_COPY.credit.userNotFound } });
  });
});
