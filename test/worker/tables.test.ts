/**
 * A dinner's tables (issue 13, docs/decisions/022): the operator runs the matching over paid
 * guests, adjusts and locks by hand, publishes; the cron publishes at the 48-hour reveal; a late
 * booking joins a table without moving anyone; a guest sees their table number and anonymous
 * hints, never another guest's name or contact; the host gets icebreakers per table.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import {
  auditLog,
  eventBookings,
  events,
  paymentOrders,
  reports,
  tablemateVerdicts,
  userProfiles,
  users,
} from '../../db/schema';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { handleScheduled } from '../../worker/scheduled';
import type { TicketType } from '../../worker/domain/pricing';
import { newTicketCode } from '../../worker/domain/ticket';
import { seatLateBooking, type TablesView } from '../../worker/services/tables';
import { bookedGuest, createEvent, outboxFor } from './helpers/booking-fixtures';
import { booked } from './helpers/booked';
import { roundTrips } from './helpers/round-trips';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const T = CONSOLE_COPY.tables;

const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  SELF.fetch(apiRequest(method, path, opts));

async function operator() {
  const user = await createSignedInUser();
  await d().update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}

const MUSIC = ['Rock', 'Pop', 'K-Pop', 'Jazz', 'EDM', 'Desi/Bollywood'];
const FILMS = ['Horror', 'Comedy', 'Drama', 'Sci-Fi', 'K-Drama / K-Movies', 'Romance', 'Documentary'];
const BATTERIES = ['extrovert', 'introvert', 'ambivert'] as const;
const WORK = ['job', 'business', 'student', 'startup'] as const;

/**
 * A paid guest (through orders, the sandbox's Razorpay and the queue) with a profile and a quiz
 * sent through `POST /api/quiz`. Their name and phone are distinctive so a leak is easy to see.
 */
async function paidGuest(eventId: string, i: number, ticket: 'male' | 'female' | 'couple' | 'female_duo') {
  const guest = await bookedGuest(eventId, { ticket });
  const sex = ticket === 'male' ? 'male' : ticket === 'couple' ? (i % 2 ? 'male' : 'female') : 'female';
  const name = `Guestname${i} Surname${i}`;
  await d()
    .update(userProfiles)
    .set({
      fullName: name,
      sex,
      dateOfBirth: `${1988 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
      workProfile: WORK[i % WORK.length],
    })
    .where(eq(userProfiles.userId, guest.userId));
  const quiz = await call('POST', '/api/quiz', {
    cookie: guest.cookie,
    body: {
      vibe_reason: 'new_people',
      netflix_style: i % 2 ? 'comfort_show' : 'new_series',
      superpower: i % 3 ? 'teleport' : 'read_minds',
      social_battery: BATTERIES[i % 3],
      life_progress: 'preparing',
      doing_nothing: i % 2 ? 'peace' : 'torture',
      music_genres: [MUSIC[i % MUSIC.length], MUSIC[(i + 2) % MUSIC.length]],
      movie_genres: [FILMS[i % FILMS.length], FILMS[(i + 1) % FILMS.length], FILMS[(i + 3) % FILMS.length]],
      free_entry: i % 2 ? 'concerts' : 'matches',
      family_guy_character: 'peter',
      dietary_preferences: i % 2 ? 'vegetarian' : 'non_vegetarian',
    },
  });
  expect(quiz.status).toBeLessThan(300);
  return { ...guest, name, ticket };
}

/** 20 guests: 8 single men, 6 single women, 2 couples, 1 female duo. */
const MIX: ('male' | 'female' | 'couple' | 'female_duo')[] = [
  ...Array<'male'>(8).fill('male'),
  ...Array<'female'>(6).fill('female'),
  'couple',
  'couple',
  'female_duo',
];

async function dinnerOf20(inHours = 240) {
  const event = await createEvent({ capacity: 40, inHours });
  const guests = [];
  for (const [i, ticket] of MIX.entries()) guests.push(await paidGuest(event.id, i, ticket));
  return { event, guests };
}

const tablesOf = async (eventId: string) =>
  d()
    .select({ id: eventBookings.id, table: eventBookings.tableNumber, seats: eventBookings.seats })
    .from(eventBookings)
    .where(eq(eventBookings.eventId, eventId));

// Twenty paid bookings through the real pipeline take a few seconds on a busy machine.
describe('matching a paid dinner of 20 through the API', { timeout: 60_000 }, () => {
  it('seats everyone once at tables of 6-8, parties together, no lone man or woman; locks survive a re-run; late bookings join without moving anyone; guests see hints, never people', async () => {
    const { event, guests } = await dinnerOf20();
    const op = await operator();

    // Before the matching: everyone is unseated, and a guest's My Booking has no table.
    const before = (await (
      await call('GET', `/api/admin/events/${event.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    expect(before.tables).toEqual([]);
    expect(before.unseated).toHaveLength(MIX.length);
    expect(before.plan).toMatchObject({ tables: 3, guests: 20, fits: true });

    const run = await call('POST', `/api/admin/events/${event.id}/tables`, { cookie: op.cookie });
    expect(run.status).toBe(200);
    const view = (await run.json()) as TablesView;
    expect(view.unseated).toEqual([]);
    expect(view.tables.map((t) => t.number)).toEqual([1, 2, 3]);
    for (const t of view.tables) {
      expect(t.seats).toBeGreaterThanOrEqual(6);
      expect(t.seats).toBeLessThanOrEqual(8);
      expect(t.balance.flags).not.toContain('lone_man');
      expect(t.balance.flags).not.toContain('lone_woman');
      expect(t.balance.men + t.balance.women).toBe(t.seats);
    }
    // Every booking (a party of one or two) at exactly one table.
    const seatedIds = view.tables.flatMap((t) => t.guests.map((g) => g.booking_id)).sort();
    expect(seatedIds).toEqual(guests.map((g) => g.booking.id).sort());
    expect(view.tables.reduce((n, t) => n + t.seats, 0)).toBe(20);
    const audit = await d()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `event:${event.id}`));
    expect(audit.map((a) => a.action)).toContain('tables.match');

    // The same guests give the same tables: running again changes nothing.
    const again = (await (
      await call('POST', `/api/admin/events/${event.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    expect(again.tables.map((t) => t.guests.map((g) => g.booking_id))).toEqual(
      view.tables.map((t) => t.guests.map((g) => g.booking_id)),
    );

    // Move one guest from table 1 to table 2 by hand and lock table 2.
    const t1 = view.tables[0];
    const t2 = view.tables[1];
    const moved = t1.guests.find((g) => g.seats === 1) ?? t1.guests[0];
    const put = await call('PUT', `/api/admin/events/${event.id}/tables`, {
      cookie: op.cookie,
      body: {
        tables: [
          { number: 1, locked: false, booking_ids: t1.guests.filter((g) => g !== moved).map((g) => g.booking_id) },
          { number: 2, locked: true, booking_ids: [...t2.guests.map((g) => g.booking_id), moved.booking_id] },
        ],
      },
    });
    expect(put.status).toBe(200);
    const edited = (await put.json()) as TablesView;
    const lockedIds = edited.tables
      .find((t) => t.number === 2)
      ?.guests.map((g) => g.booking_id)
      .sort();
    expect(lockedIds).toContain(moved.booking_id);
    expect(edited.tables.find((t) => t.number === 2)?.locked).toBe(true);

    // A re-run never moves a locked table's guests.
    const rerun = (await (
      await call('POST', `/api/admin/events/${event.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    expect(
      rerun.tables
        .find((t) => t.number === 2)
        ?.guests.map((g) => g.booking_id)
        .sort(),
    ).toEqual(lockedIds);
    expect(rerun.tables.find((t) => t.number === 2)?.locked).toBe(true);
    expect(rerun.unseated).toEqual([]);

    // Bad edits change nothing: a booking of another dinner is refused as stale, a guest twice as invalid.
    const other = await createEvent();
    const stranger = await bookedGuest(other.id);
    const stale = await call('PUT', `/api/admin/events/${event.id}/tables`, {
      cookie: op.cookie,
      body: { tables: [{ number: 1, locked: false, booking_ids: [stranger.booking.id] }] },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: 'guest_list_changed', message: T.stale } });
    const twice = await call('PUT', `/api/admin/events/${event.id}/tables`, {
      cookie: op.cookie,
      body: {
        tables: [
          { number: 1, locked: false, booking_ids: [moved.booking_id] },
          { number: 3, locked: false, booking_ids: [moved.booking_id] },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain(T.duplicateGuest);
    expect((await tablesOf(event.id)).find((b) => b.id === stranger.booking.id)).toBeUndefined();

    // Before publishing, guests see no table.
    const me = guests[0];
    const hidden = (await (await call('GET', `/api/bookings/${me.booking.id}`, { cookie: me.cookie })).json()) as {
      table: unknown;
    };
    expect(hidden.table).toBeNull();

    // Publish: once; a second publish changes nothing.
    const pub = await call('POST', `/api/admin/events/${event.id}/tables/publish`, { cookie: op.cookie });
    expect(pub.status).toBe(200);
    expect(await pub.json()).toMatchObject({ changed: true });
    expect(
      (await (
        await call('POST', `/api/admin/events/${event.id}/tables/publish`, { cookie: op.cookie })
      ).json()) as object,
    ).toMatchObject({
      changed: false,
    });

    // A late booking joins the table that fits best; nobody already seated moves.
    const seatsBefore = new Map((await tablesOf(event.id)).map((b) => [b.id, b.table]));
    const late = await paidGuest(event.id, 99, 'female');
    const after = await tablesOf(event.id);
    for (const b of after) if (seatsBefore.has(b.id)) expect(b.table).toBe(seatsBefore.get(b.id));
    const lateTable = after.find((b) => b.id === late.booking.id)?.table;
    expect(lateTable).toBeGreaterThanOrEqual(1);
    // It joined a table with room (all three had room for one more).
    const sizeOf = (n: number) => after.filter((b) => b.table === n).reduce((s, b) => s + b.seats, 0);
    expect(sizeOf(lateTable as number)).toBeLessThanOrEqual(8);

    // The guest sees their table number and 3-5 hints; never anyone's name, phone, email or booking.
    const res = await call('GET', `/api/bookings/${me.booking.id}`, { cookie: me.cookie });
    const text = await res.text();
    const mine = JSON.parse(text) as { table: { number: number; hints: string[] } };
    const myTable = (await tablesOf(event.id)).find((b) => b.id === me.booking.id)?.table;
    expect(mine.table.number).toBe(myTable);
    expect(mine.table.hints.length).toBeGreaterThanOrEqual(3);
    expect(mine.table.hints.length).toBeLessThanOrEqual(5);
    for (const g of [...guests, late]) {
      if (g === me) continue;
      expect(text).not.toContain(g.name.split(' ')[0]);
      expect(text).not.toContain(g.phone);
      expect(text).not.toContain(g.email);
      expect(text).not.toContain(g.booking.id);
      expect(text).not.toContain(g.userId);
    }
  });

  it('the cron publishes the matching at the 48-hour reveal, once; the day-of reminder carries the table', async () => {
    const { event, guests } = await dinnerOf20(40);
    const now = new Date();
    await handleScheduled({} as ScheduledController, env, now);
    const [row] = await d().select().from(events).where(eq(events.id, event.id));
    expect(row.tablesPublishedAt).not.toBeNull();
    expect(row.tablesPublishedBy).toBeNull();
    const seated = await tablesOf(event.id);
    expect(seated.every((b) => b.table !== null)).toBe(true);
    // Idempotent: another run changes nobody's table and the publication time.
    await handleScheduled({} as ScheduledController, env, new Date(now.getTime() + 5 * 60_000));
    expect(await tablesOf(event.id)).toEqual(seated);
    const [again] = await d().select().from(events).where(eq(events.id, event.id));
    expect(again.tablesPublishedAt).toBe(row.tablesPublishedAt);

    // The host sees the guests by table, and icebreakers per table drawn from what it shares.
    const op = await operator();
    const host = await createSignedInUser();
    await d().update(users).set({ role: 'host' }).where(eq(users.id, host.userId));
    expect(
      (await call('POST', `/api/admin/events/${event.id}/hosts`, { cookie: op.cookie, body: { user: host.phone } }))
        .status,
    ).toBe(201);
    const night = (await (await call('GET', `/api/host/events/${event.id}`, { cookie: host.cookie })).json()) as {
      guests: { booking_id: string; table: number | null }[];
      tables: { number: number; seats: number; icebreakers: string[] }[];
    };
    expect(night.tables.map((t) => t.number)).toEqual([...new Set(seated.map((b) => b.table))].sort());
    for (const t of night.tables) {
      expect(t.icebreakers.length).toBeGreaterThanOrEqual(3);
      expect(t.icebreakers.length).toBeLessThanOrEqual(5);
    }
    // At least one icebreaker comes from a pick a table shares (every table here shares some).
    expect(night.tables.some((t) => t.icebreakers.some((q) => / of you picked /.test(q)))).toBe(true);
    for (const g of night.guests) expect(g.table).toBe(seated.find((b) => b.id === g.booking_id)?.table);
    // The host's answer carries no quiz answers as such.
    expect(JSON.stringify(night)).not.toContain('social_battery');

    // The reminder sent in that run (48 hours before) already carries the guest's table.
    const g = guests[3];
    const table = seated.find((b) => b.id === g.booking.id)?.table;
    const sent = await outboxFor(g.email);
    expect(JSON.stringify(sent)).toContain(`Your table: ${table}`);
  });

  it('a guest who reschedules into a dinner with tables joins one; nobody there moves', async () => {
    const target = await createEvent({ capacity: 20 });
    const from = await createEvent({ capacity: 20, city: target.city, inHours: 24 * 20 });
    for (const [i, ticket] of (['male', 'female', 'male', 'female', 'male', 'female', 'couple'] as const).entries())
      await paidGuest(target.id, i, ticket);
    const op = await operator();
    expect((await call('POST', `/api/admin/events/${target.id}/tables`, { cookie: op.cookie })).status).toBe(200);
    expect((await call('POST', `/api/admin/events/${target.id}/tables/publish`, { cookie: op.cookie })).status).toBe(
      200,
    );
    const seatedBefore = await tablesOf(target.id);
    const mover = await paidGuest(from.id, 50, 'female');
    const res = await call('POST', `/api/bookings/${mover.booking.id}/reschedule`, {
      cookie: mover.cookie,
      body: { event_id: target.id },
    });
    expect(res.status).toBe(200);
    // The answer already shows the table the move found (published: the guest may see it).
    expect(((await res.json()) as { table: { number: number } | null }).table?.number).toBe(1);
    const after = await tablesOf(target.id);
    for (const b of seatedBefore) expect(after.find((a) => a.id === b.id)?.table).toBe(b.table);
    expect(after.find((b) => b.id === mover.booking.id)?.table).toBe(1);
  });

  it('seats and publishes a dinner of 60 bookings within what production D1 binds per statement', async () => {
    const event = await createEvent({ capacity: 120 });
    for (let i = 0; i < 60; i++) await booked(event, { seats: i % 6 === 0 ? 2 : 1 });
    const op = await operator();
    // The counting binding refuses a statement over D1's 100 parameters, as production does.
    const run = await roundTrips(apiRequest('POST', `/api/admin/events/${event.id}/tables`, { cookie: op.cookie }));
    expect(run.status).toBe(200);
    const seated = await tablesOf(event.id);
    expect(seated.every((b) => b.table !== null)).toBe(true);
    // Lock every table at once (the lock list travels as one parameter too), then publish.
    const numbers = [...new Set(seated.map((b) => b.table as number))];
    const lock = await roundTrips(
      apiRequest('PUT', `/api/admin/events/${event.id}/tables`, {
        cookie: op.cookie,
        body: { tables: numbers.map((number) => ({ number, locked: true, booking_ids: [] })) },
      }),
    );
    expect(lock.status).toBe(200);
    const pub = await roundTrips(
      apiRequest('POST', `/api/admin/events/${event.id}/tables/publish`, { cookie: op.cookie }),
    );
    expect(pub.status).toBe(200);
  });

  it('a move that does not mention a lock leaves it; unlocking is audited; late bookings avoid locked tables', async () => {
    const event = await createEvent({ capacity: 30 });
    // Twelve guests: two tables of six; after the move five and seven, so both have room.
    for (let i = 0; i < 12; i++) await booked(event);
    const op = await operator();
    const view = (await (
      await call('POST', `/api/admin/events/${event.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    const [t1, t2] = view.tables;
    expect(
      (
        await call('PUT', `/api/admin/events/${event.id}/tables`, {
          cookie: op.cookie,
          body: { tables: [{ number: t1.number, locked: true, booking_ids: [] }] },
        })
      ).status,
    ).toBe(200);
    // Another operator's screen, which never saw the lock, moves a guest into table 2.
    const moved = t1.guests[0].booking_id;
    const move = (await (
      await call('PUT', `/api/admin/events/${event.id}/tables`, {
        cookie: op.cookie,
        body: { tables: [{ number: t2.number, booking_ids: [moved] }] },
      })
    ).json()) as TablesView;
    expect(move.tables.find((t) => t.number === t1.number)?.locked).toBe(true);
    expect(move.tables.find((t) => t.number === t2.number)?.guests.map((g) => g.booking_id)).toContain(moved);

    // A late booking joins the unlocked table, though the locked one has room too.
    const late = await bookedGuest(event.id);
    expect((await tablesOf(event.id)).find((b) => b.id === late.booking.id)?.table).toBe(t2.number);

    // Unlocking leaves an audit row (the write's last statement changes nothing: it is unconditional).
    const auditsBefore = (
      await d()
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `event:${event.id}`))
    ).length;
    await call('PUT', `/api/admin/events/${event.id}/tables`, {
      cookie: op.cookie,
      body: { tables: [{ number: t1.number, locked: false, booking_ids: [] }] },
    });
    const audits = await d()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `event:${event.id}`));
    expect(audits.length).toBe(auditsBefore + 1);
    // Nothing to change: no write, no audit row.
    const same = await call('PUT', `/api/admin/events/${event.id}/tables`, {
      cookie: op.cookie,
      body: { tables: [{ number: t1.number, locked: false, booking_ids: [] }] },
    });
    expect(await same.json()).toMatchObject({ changed: false });
    expect(
      (
        await d()
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `event:${event.id}`))
      ).length,
    ).toBe(auditsBefore + 1);
  });

  it('a dinner outside the reveal window is left alone by the cron', async () => {
    const event = await createEvent({ capacity: 10, inHours: 24 * 5 });
    await bookedGuest(event.id);
    await handleScheduled({} as ScheduledController, env, new Date());
    const [row] = await d().select().from(events).where(eq(events.id, event.id));
    expect(row.tablesPublishedAt).toBeNull();
    expect((await tablesOf(event.id)).every((b) => b.table === null)).toBe(true);
  });
});

/**
 * The table remembers (issue 21): the history is read from real rows (bookings checked in at a
 * table of an earlier dinner, 'rather not' verdicts, reports) in the tables' own batch.
 */
describe('the matching remembers: history and wishes from D1', { timeout: 60_000 }, () => {
  const DAY_H = 24;
  let n = 0;

  /** A person: a user with a profile (name, sex, the wish for women at the table). */
  async function person(name: string, sex: 'male' | 'female', seatWithWomen = false) {
    const userId = crypto.randomUUID();
    await d().batch([
      d()
        .insert(users)
        .values({ id: userId, phone: `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` }),
      d().insert(userProfiles).values({ id: crypto.randomUUID(), userId, fullName: name, sex, seatWithWomen }),
    ]);
    return { userId, name, sex };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  /** A booking of `who` at `event` as the pipeline leaves it; at a table and checked in when asked. */
  async function book(
    event: { id: string; title: string; location: string; date: string },
    who: Person,
    opts: { table?: number; checkedIn?: boolean; ticket?: TicketType } = {},
  ) {
    n += 1;
    const tag = `${event.id}-m${n}`;
    const ticketType = opts.ticket ?? who.sex;
    const seats = ticketType === 'couple' || ticketType === 'female_duo' ? 2 : 1;
    await d().batch([
      d()
        .insert(paymentOrders)
        .values({
          id: `o-${tag}`,
          receipt: `r-${tag}`,
          userId: who.userId,
          eventId: event.id,
          ticketType,
          seats,
          amount: 499,
          status: 'confirmed',
          holdExpiresAt: new Date().toISOString(),
        }),
      d()
        .insert(eventBookings)
        .values({
          id: `b-${tag}`,
          userId: who.userId,
          orderId: `o-${tag}`,
          eventId: event.id,
          eventName: event.title,
          eventLocation: event.location,
          eventDate: event.date,
          ticketType,
          seats,
          amount: 499,
          paymentId: `pay-${tag}`,
          status: opts.checkedIn ? 'checked_in' : 'confirmed',
          checkedInAt: opts.checkedIn ? new Date().toISOString() : null,
          tableNumber: opts.table ?? null,
          ticketCode: newTicketCode(),
        }),
    ]);
    return `b-${tag}`;
  }

  const view = async (eventId: string, cookie: string) =>
    (await (await call('GET', `/api/admin/events/${eventId}/tables`, { cookie })).json()) as TablesView;
  const tableOfBooking = (v: TablesView, bookingId: string) =>
    v.tables.find((t) => t.guests.some((g) => g.booking_id === bookingId))?.number;
  const put = (eventId: string, cookie: string, number: number, bookingIds: string[]) =>
    call('PUT', `/api/admin/events/${eventId}/tables`, {
      cookie,
      body: { tables: [{ number, booking_ids: bookingIds }] },
    });

  it('keeps apart who met in the last six months (checked in at one table), a rather-not and a report pair; seats again who met seven months ago; warns only when a table breaks it', async () => {
    const op = await operator();
    const dinner = await createEvent({ capacity: 20 });
    // Dinners measured back from this one's start (ten days ahead): five and seven months before.
    const fiveMonths = await createEvent({ capacity: 20, inHours: 240 - 150 * DAY_H });
    const sevenMonths = await createEvent({ capacity: 20, inHours: 240 - 213 * DAY_H });

    // Twelve guests, six men and six women: two tables of six.
    const men = await Promise.all(
      ['Arjun Mehta', 'Rohan Das', 'Vikram Iyer', 'Karan Shah', 'Dev Patel', 'Nikhil Rao'].map((x) =>
        person(x, 'male'),
      ),
    );
    const women = await Promise.all(
      ['Asha Rao', 'Meera Nair', 'Priya Sen', 'Zoya Khan', 'Isha Gupta', 'Tara Bose'].map((x) => person(x, 'female')),
    );
    const [arjun, rohan, vikram, karan, dev, nikhil] = men;
    const [asha, meera, priya, zoya, isha] = women;

    // Five months ago: Arjun and Asha checked in at table 1; Rohan was booked there too but never
    // came (a no-show met nobody); Dev and Isha at table 2, both checked in.
    await book(fiveMonths, arjun, { table: 1, checkedIn: true });
    await book(fiveMonths, asha, { table: 1, checkedIn: true });
    await book(fiveMonths, rohan, { table: 1 });
    await book(fiveMonths, dev, { table: 2, checkedIn: true });
    await book(fiveMonths, isha, { table: 2, checkedIn: true });
    // Seven months ago: Vikram and Meera at one table (older than the memory).
    await book(sevenMonths, vikram, { table: 1, checkedIn: true });
    await book(sevenMonths, meera, { table: 1, checkedIn: true });
    // Priya said 'rather not' of Karan after that dinner; Nikhil reported Zoya.
    await d()
      .insert(tablemateVerdicts)
      .values({ eventId: sevenMonths.id, fromUserId: priya.userId, toUserId: karan.userId, verdict: 'rather_not' });
    await d().insert(reports).values({
      id: crypto.randomUUID(),
      reporterId: nikhil.userId,
      eventId: sevenMonths.id,
      category: 'felt_unsafe',
      description: 'Made me uncomfortable all evening.',
      aboutUserId: zoya.userId,
      urgent: true,
    });

    const ids = new Map<Person, string>();
    for (const p of [...men, ...women]) ids.set(p, await book(dinner, p));
    const run = await roundTrips(apiRequest('POST', `/api/admin/events/${dinner.id}/tables`, { cookie: op.cookie }));
    expect(run.status).toBe(200);
    const seated = await view(dinner.id, op.cookie);
    expect(seated.tables).toHaveLength(2);
    const at = (p: Person) => tableOfBooking(seated, ids.get(p) as string);
    expect(at(arjun)).not.toBe(at(asha));
    expect(at(dev)).not.toBe(at(isha));
    expect(at(priya)).not.toBe(at(karan));
    expect(at(nikhil)).not.toBe(at(zoya));
    // Nothing broken, nothing to warn about; no lone man or woman either.
    for (const t of seated.tables) {
      expect(t.history).toEqual([]);
      expect(t.balance.flags).not.toContain('lone_man');
      expect(t.balance.flags).not.toContain('lone_woman');
    }

    // By hand, the operator may seat anyone anywhere, and is told what a table goes against.
    // Seven months ago is beyond the memory: Vikram and Meera together is no warning. Nor are
    // Rohan (a no-show then) and Asha.
    for (const [mover, to] of [
      [vikram, meera],
      [rohan, asha],
    ] as const)
      if (at(mover) !== at(to))
        expect((await put(dinner.id, op.cookie, at(to) as number, [ids.get(mover) as string])).status).toBe(200);
    let now = await view(dinner.id, op.cookie);
    expect(now.tables.flatMap((t) => t.history)).toEqual([]);

    // Arjun moved to Asha's table: they met five months ago.
    const ashaTable = tableOfBooking(now, ids.get(asha) as string) as number;
    expect((await put(dinner.id, op.cookie, ashaTable, [ids.get(arjun) as string])).status).toBe(200);
    now = await view(dinner.id, op.cookie);
    expect(now.tables.find((t) => t.number === ashaTable)?.history).toContainEqual({
      kind: 'met',
      booking_ids: [ids.get(arjun), ids.get(asha)].sort(),
      guests: [ids.get(arjun), ids.get(asha)].sort().map((id) => (id === ids.get(arjun) ? 'Arjun Mehta' : 'Asha Rao')),
    });

    // Karan moved to Priya's table: a pair kept apart for good, named without saying who asked.
    const priyaTable = tableOfBooking(now, ids.get(priya) as string) as number;
    expect((await put(dinner.id, op.cookie, priyaTable, [ids.get(karan) as string])).status).toBe(200);
    // Zoya moved to Nikhil's table: the reporter and the guest reported, the same.
    const nikhilTable = tableOfBooking(await view(dinner.id, op.cookie), ids.get(nikhil) as string) as number;
    expect((await put(dinner.id, op.cookie, nikhilTable, [ids.get(zoya) as string])).status).toBe(200);
    const res = await call('GET', `/api/admin/events/${dinner.id}/tables`, { cookie: op.cookie });
    const text = await res.text();
    now = JSON.parse(text) as TablesView;
    const apart = now.tables.flatMap((t) => t.history).filter((w) => w.kind === 'apart');
    expect(apart.map((w) => [...w.guests].sort())).toEqual(
      expect.arrayContaining([
        ['Karan Shah', 'Priya Sen'],
        ['Nikhil Rao', 'Zoya Khan'],
      ]),
    );
    // The pair in booking-id order, whoever asked: the same for either direction.
    for (const w of apart) expect(w.booking_ids).toEqual([...w.booking_ids].sort());
    // Nothing says what was said, nor that there was a report.
    expect(text).not.toContain('rather_not');
    expect(text).not.toContain('felt_unsafe');
    expect(text).not.toContain('Made me uncomfortable');

    // A re-run undoes all of it: every rule kept again.
    const rerun = (await (
      await call('POST', `/api/admin/events/${dinner.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    expect(rerun.tables.flatMap((t) => t.history)).toEqual([]);
  });

  it('warns when the numbers leave no other seating: one table of six who met, a wish for women that six guests cannot give', async () => {
    const op = await operator();
    const dinner = await createEvent({ capacity: 10 });
    const before = await createEvent({ capacity: 10, inHours: 240 - 30 * DAY_H });
    const guests = [
      await person('Asha Rao', 'female', true),
      await person('Meera Nair', 'female'),
      await person('Arjun Mehta', 'male'),
      await person('Rohan Das', 'male'),
      await person('Vikram Iyer', 'male'),
      await person('Karan Shah', 'male'),
    ];
    const [asha, , arjun, rohan] = guests;
    await book(before, arjun, { table: 3, checkedIn: true });
    await book(before, rohan, { table: 3, checkedIn: true });
    const ids = new Map<Person, string>();
    for (const p of guests) ids.set(p, await book(dinner, p));
    const seated = (await (
      await call('POST', `/api/admin/events/${dinner.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    expect(seated.tables).toHaveLength(1);
    const [table] = seated.tables;
    expect(table.history).toEqual(
      expect.arrayContaining([
        {
          kind: 'met',
          booking_ids: [ids.get(arjun), ids.get(rohan)].sort(),
          guests: [ids.get(arjun), ids.get(rohan)]
            .sort()
            .map((id) => (id === ids.get(arjun) ? 'Arjun Mehta' : 'Rohan Das')),
        },
        { kind: 'women', booking_ids: [ids.get(asha)], guests: ['Asha Rao'] },
      ]),
    );
    expect(table.history).toHaveLength(2);
    // With one more woman at the table, the wish is met: the warning goes.
    const zoya = await person('Zoya Khan', 'female');
    const late = await book(dinner, zoya);
    expect(await seatLateBooking(d(), late)).toBe(table.number);
    const after = await view(dinner.id, op.cookie);
    expect(after.tables[0].history.map((w) => w.kind)).toEqual(['met']);
  });

  it('a guest who asked for two other women sits with them (their own duo partner counts)', async () => {
    const op = await operator();
    const dinner = await createEvent({ capacity: 20 });
    // Twelve guests: a woman who asked, a female duo whose booker asked, two more women, six men.
    const asking = await person('Asha Rao', 'female', true);
    const duo = await person('Meera Nair', 'female', true);
    const women = [await person('Priya Sen', 'female'), await person('Zoya Khan', 'female')];
    const men = await Promise.all(
      ['Arjun Mehta', 'Rohan Das', 'Vikram Iyer', 'Karan Shah', 'Dev Patel', 'Nikhil Rao'].map((x) =>
        person(x, 'male'),
      ),
    );
    const ids = new Map<Person, string>();
    ids.set(asking, await book(dinner, asking));
    ids.set(duo, await book(dinner, duo, { ticket: 'female_duo' }));
    for (const p of [...women, ...men]) ids.set(p, await book(dinner, p));
    const seated = (await (
      await call('POST', `/api/admin/events/${dinner.id}/tables`, { cookie: op.cookie })
    ).json()) as TablesView;
    expect(seated.tables.flatMap((t) => t.history)).toEqual([]);
    for (const p of [asking, duo]) {
      const table = seated.tables.find((t) => t.guests.some((g) => g.booking_id === ids.get(p)));
      // At least two women besides the one who asked.
      expect((table?.balance.women ?? 0) - 1).toBeGreaterThanOrEqual(2);
    }
  });

  it('a late booking joins a table where nobody met them lately, though another fits better', async () => {
    const op = await operator();
    const dinner = await createEvent({ capacity: 20 });
    const before = await createEvent({ capacity: 20, inHours: 240 - 60 * DAY_H });
    // Two tables of six: table 1 all men, table 2 three women and three men. A late woman fits
    // table 2 better (balance), but she met someone there two months ago.
    const t1 = await Promise.all(
      ['A1 Man', 'B1 Man', 'C1 Man', 'D1 Man', 'E1 Man', 'F1 Man'].map((x) => person(x, 'male')),
    );
    const t2 = [
      ...(await Promise.all(['Asha Rao', 'Meera Nair', 'Priya Sen'].map((x) => person(x, 'female')))),
      ...(await Promise.all(['Karan Shah', 'Dev Patel', 'Nikhil Rao'].map((x) => person(x, 'male')))),
    ];
    for (const p of t1) await book(dinner, p, { table: 1 });
    for (const p of t2) await book(dinner, p, { table: 2 });
    const zoya = await person('Zoya Khan', 'female');
    const isha = await person('Isha Gupta', 'female');
    // Without history she would join table 2: Isha shows it.
    expect(await seatLateBooking(d(), await book(dinner, isha))).toBe(2);
    await book(before, zoya, { table: 4, checkedIn: true });
    await book(before, t2[4], { table: 4, checkedIn: true });
    const late = await book(dinner, zoya);
    expect(await seatLateBooking(d(), late)).toBe(1);
    expect((await view(dinner.id, op.cookie)).tables.flatMap((t) => t.history)).toEqual([]);
  });
});
