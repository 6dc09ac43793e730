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
import { auditLog, eventBookings, events, userProfiles, users } from '../../db/schema';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { handleScheduled } from '../../worker/scheduled';
import type { TablesView } from '../../worker/services/tables';
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
