/**
 * A dinner's guest list in the operator console: `GET /api/admin/events/:id/attendees` and its
 * CSV (worker/services/attendees.ts, worker/lib/csv.ts).
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { eventBookings, paymentOrders, userProfiles, users } from '../../db/schema';
import { app } from '../../worker/app';
import type { TicketType } from '../../worker/domain/pricing';
import type { BookingStatus } from '../../worker/domain/statuses';
import { createEvent } from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';

async function signedInAs(role: 'guest' | 'operator') {
  const user = await createSignedInUser();
  await db(env.DB).update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

const get = (path: string, cookie?: string) => SELF.fetch(apiRequest('GET', path, { cookie }));

type Guest = {
  name: string | null;
  email?: string | null;
  phone: string;
  ticketType?: TicketType;
  status?: BookingStatus;
  bookedAt?: string;
  /** No profile row: the account's own name, email and phone are used. */
  accountOnly?: boolean;
};

let seq = 0;
const SEATS: Record<TicketType, number> = { male: 1, female: 1, couple: 2, female_duo: 2 };
const PRICE: Record<TicketType, number> = { male: 499, female: 499, couple: 899, female_duo: 749 };

/**
 * Statements that book each guest onto `event`: an account, a profile, a confirmed order and its
 * booking, as the booking pipeline leaves them. Built for a batch, so 500 guests cost 4 batches.
 */
function bookingStatements(event: EventRow, guests: Guest[]) {
  const d = db(env.DB);
  const rows = guests.map((g) => {
    seq += 1;
    const tag = `${event.id}-${seq}`;
    const ticketType = g.ticketType ?? 'male';
    return { g, tag, userId: crypto.randomUUID(), ticketType, seats: SEATS[ticketType], amount: PRICE[ticketType] };
  });
  return {
    users: rows.map((r) =>
      d.insert(users).values({
        id: r.userId,
        phone: r.g.phone,
        email: r.g.accountOnly ? (r.g.email ?? null) : null,
        fullName: r.g.accountOnly ? r.g.name : null,
      }),
    ),
    profiles: rows
      .filter((r) => !r.g.accountOnly)
      .map((r) =>
        d.insert(userProfiles).values({
          id: crypto.randomUUID(),
          userId: r.userId,
          fullName: r.g.name,
          email: r.g.email ?? null,
          phoneNumber: r.g.phone,
        }),
      ),
    orders: rows.map((r) =>
      d.insert(paymentOrders).values({
        id: `o-${r.tag}`,
        receipt: `r-${r.tag}`,
        userId: r.userId,
        eventId: event.id,
        ticketType: r.ticketType,
        seats: r.seats,
        amount: r.amount,
        status: 'confirmed',
        holdExpiresAt: new Date().toISOString(),
      }),
    ),
    bookings: rows.map((r) =>
      d.insert(eventBookings).values({
        id: `b-${r.tag}`,
        userId: r.userId,
        orderId: `o-${r.tag}`,
        eventId: event.id,
        eventName: event.title,
        eventLocation: event.location,
        eventDate: event.date,
        ticketType: r.ticketType,
        seats: r.seats,
        amount: r.amount,
        paymentId: `pay-${r.tag}`,
        status: r.g.status ?? 'confirmed',
        ...(r.g.bookedAt ? { bookingDate: r.g.bookedAt } : {}),
      }),
    ),
    ids: rows.map((r) => `b-${r.tag}`),
  };
}

/** Books `guests` onto `event` in four batches; answers the booking ids in order. */
async function book(event: EventRow, guests: Guest[]) {
  const s = bookingStatements(event, guests);
  const d = db(env.DB);
  for (const list of [s.users, s.profiles, s.orders, s.bookings]) {
    if (list.length > 0) await d.batch(list as [(typeof list)[number], ...typeof list]);
  }
  return s.ids;
}

const randomPhone = () => `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

type AttendeesWire = {
  event: { id: string; title: string; date: string };
  attendees: Array<Record<string, unknown>>;
  total: number;
  seats: number;
};

describe('GET /api/admin/events/:id/attendees', () => {
  it('lists only that dinner’s bookings, oldest first, in the attendee shape', async () => {
    const operator = await signedInAs('operator');
    const dinner = await createEvent();
    const other = await createEvent();
    const asha = { name: 'Asha Verma', email: `asha-${seq}@example.com`, phone: randomPhone() };
    const [first, second, third] = await book(dinner, [
      { ...asha, ticketType: 'couple', bookedAt: '2030-01-01T10:00:00.000Z' },
      {
        name: 'Ravi Kumar',
        email: `ravi-${seq}@example.com`,
        phone: randomPhone(),
        status: 'checked_in',
        bookedAt: '2030-01-02T10:00:00.000Z',
      },
      {
        name: 'Meera Account',
        email: `meera-${seq}@example.com`,
        phone: randomPhone(),
        accountOnly: true,
        status: 'refunded',
        bookedAt: '2030-01-03T10:00:00.000Z',
      },
    ]);
    await book(other, [{ name: 'Elsewhere Guest', phone: randomPhone() }]);

    const res = await get(`/api/admin/events/${dinner.id}/attendees`, operator.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AttendeesWire;
    expect(body.event).toEqual({
      id: dinner.id,
      city: dinner.city,
      title: dinner.title,
      location: dinner.location,
      date: dinner.date,
      starts_at: dinner.startsAt,
      ends_at: dinner.endsAt,
      available: true,
    });
    expect(body.total).toBe(3);
    expect(body.seats).toBe(4);
    expect(body.attendees.map((a) => a.booking_id)).toEqual([first, second, third]);
    expect(body.attendees[0]).toEqual({
      booking_id: first,
      name: 'Asha Verma',
      phone: asha.phone,
      email: asha.email,
      party_name: null,
      party_phone: null,
      ticket_type: 'couple',
      ticket_label: 'Couple (male + female)',
      seats: 2,
      amount: 899,
      status: 'confirmed',
      // The booking's state in words, one rule for every screen (domain/booking-state.ts).
      state: { label: 'Confirmed', tone: 'success', seated: true },
      refund_failed: false,
      table: null,
      checked_in: false,
      checked_in_at: null,
      booked_at: '2030-01-01T10:00:00.000Z',
    });
    expect(body.attendees[1]).toMatchObject({ name: 'Ravi Kumar', status: 'checked_in', checked_in: true });
    // No profile: the account's name, email and phone.
    expect(body.attendees[2]).toMatchObject({ name: 'Meera Account', status: 'refunded', checked_in: false });
    expect(body.attendees[2].email).toMatch(/^meera-/);
    expect(JSON.stringify(body)).not.toContain('Elsewhere Guest');
  });

  it('searches name, email and phone, case-insensitively; a phone by its digits however typed', async () => {
    const operator = await signedInAs('operator');
    const dinner = await createEvent();
    const phone = '+919812345670';
    await book(dinner, [
      { name: 'Ananya Śarmā', email: 'ANANYA.S@Example.com', phone: randomPhone() },
      { name: 'Kabir Rao', email: `kabir-${seq}@example.com`, phone },
      { name: 'Zoya Khan', email: `zoya-${seq}@example.com`, phone: randomPhone() },
    ]);
    const names = async (q: string) => {
      const res = await get(`/api/admin/events/${dinner.id}/attendees?q=${encodeURIComponent(q)}`, operator.cookie);
      expect(res.status).toBe(200);
      const body = (await res.json()) as AttendeesWire;
      expect(body.total).toBe(3);
      return body.attendees.map((a) => a.name);
    };
    expect(await names('ŚARMĀ')).toEqual(['Ananya Śarmā']);
    expect(await names('kabir')).toEqual(['Kabir Rao']);
    expect(await names('ananya.s@example')).toEqual(['Ananya Śarmā']);
    expect(await names('98123 45670')).toEqual(['Kabir Rao']);
    expect(await names('+91 98123')).toEqual(['Kabir Rao']);
    expect(await names('9812345670')).toEqual(['Kabir Rao']);
    expect(await names('  ')).toHaveLength(3);
    expect(await names('nobody-at-all')).toEqual([]);
  });

  it('answers 404 for an unknown dinner, as JSON and as CSV', async () => {
    const operator = await signedInAs('operator');
    for (const path of [
      '/api/admin/events/no-such-dinner/attendees',
      '/api/admin/events/no-such-dinner/attendees.csv',
      `/api/admin/events/${'x'.repeat(101)}/attendees`,
    ]) {
      const res = await get(path, operator.cookie);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: CONSOLE_COPY.admin.eventNotFound } });
    }
  });

  it('an empty dinner has an empty list', async () => {
    const operator = await signedInAs('operator');
    const dinner = await createEvent();
    const res = await get(`/api/admin/events/${dinner.id}/attendees`, operator.cookie);
    expect(await res.json()).toMatchObject({ attendees: [], total: 0, seats: 0 });
  });

  it('is behind the gate: the gate walk sees both routes; 401 signed out, 403 to a guest', async () => {
    const paths = app.routes.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/admin/events/:id/attendees', '/api/admin/events/:id/attendees.csv']),
    );
    const guest = await signedInAs('guest');
    const dinner = await createEvent();
    for (const suffix of ['attendees', 'attendees.csv']) {
      expect((await get(`/api/admin/events/${dinner.id}/${suffix}`)).status).toBe(401);
      expect((await get(`/api/admin/events/${dinner.id}/${suffix}`, guest.cookie)).status).toBe(403);
    }
  });
});

describe('GET /api/admin/events/:id/attendees.csv', () => {
  it('is a UTF-8 spreadsheet download: BOM, header row, RFC 4180 quoting, formulas neutralised', async () => {
    const operator = await signedInAs('operator');
    const dinner = await createEvent();
    const phone = '+919800011122';
    const evilEmail = `evil-${dinner.id}@example.com`;
    const [id] = await book(dinner, [
      {
        name: '=HYPERLINK("x")',
        email: evilEmail,
        phone,
        ticketType: 'female_duo',
        bookedAt: '2030-02-01T10:00:00.000Z',
      },
      {
        name: 'Verma, Ananya Śarmā',
        email: '@at-start.example.com',
        phone: randomPhone(),
        status: 'checked_in',
        bookedAt: '2030-02-02T10:00:00.000Z',
      },
      {
        name: 'Other "Quoted" Guest',
        email: `q-${dinner.id}@example.com`,
        phone: randomPhone(),
        bookedAt: '2030-02-03T10:00:00.000Z',
      },
    ]);

    const res = await get(`/api/admin/events/${dinner.id}/attendees.csv`, operator.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="guests-${dinner.date}-${dinner.id}.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(
      'Name,Phone,Email,Second guest,Second guest phone,Ticket,Seats,Amount (INR),Status,Table,Checked in,Booking ID,Booked at',
    );
    // The name is neutralised and quoted; the phone, which starts with +, too (expected: kept as text).
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""x"")",'${phone},${evilEmail},,,Female duo,2,749,confirmed,,no,${id},2030-02-01T10:00:00.000Z`,
    );
    expect(lines[2]).toMatch(
      /^"Verma, Ananya Śarmā",'\+91\d{10},'@at-start\.example\.com,,,Male,1,499,checked_in,,yes,/,
    );
    expect(lines[3]).toMatch(/^"Other ""Quoted"" Guest",'\+91/);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('keeps the search', async () => {
    const operator = await signedInAs('operator');
    const dinner = await createEvent();
    await book(dinner, [
      { name: 'Kabir Rao', phone: randomPhone() },
      { name: 'Zoya Khan', phone: randomPhone() },
    ]);
    const res = await get(`/api/admin/events/${dinner.id}/attendees.csv?q=zoya`, operator.cookie);
    const lines = (await res.text()).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Zoya Khan,/);
  });

  it('500 guests: the whole list downloads quickly', async () => {
    const operator = await signedInAs('operator');
    const dinner = await createEvent({ capacity: 1000 });
    const guests: Guest[] = Array.from({ length: 500 }, (_, i) => ({
      name: i % 50 === 0 ? `=cmd|' /C calc'!A0 ${i}` : `Guest ${i} Śarmā`,
      email: `g${i}-${dinner.id}@example.com`,
      phone: `+9197${String(i).padStart(8, '0')}`,
      ticketType: i % 3 === 0 ? 'couple' : 'female',
    }));
    await book(dinner, guests);

    const started = performance.now();
    const res = await get(`/api/admin/events/${dinner.id}/attendees.csv`, operator.cookie);
    const text = await res.text();
    const ms = performance.now() - started;
    console.info(`500-guest CSV: ${Math.round(ms)} ms, ${text.length} characters`);
    expect(res.status).toBe(200);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(502);
    expect(lines.filter((l) => l.startsWith("'=cmd|"))).toHaveLength(10);
    expect(ms).toBeLessThan(2000);
  });
});
