/**
 * What operators learn (issue 21, docs/decisions/034): the dashboard's weekly figures
 * (`GET /api/admin/stats`), a dinner's feedback (`GET /api/admin/events/:id/feedback`) and the
 * hosts' ratings (`GET /api/admin/hosts/feedback`), on dinners seeded across four IST weeks and two
 * cities: exact figures, the city filter, the query's 400s, the role gate and the round trips.
 *
 * The weeks are this week and the three before it, found from the real clock as the service finds
 * them; past dinners sit on a Wednesday evening, so they have ended whatever day the test runs.
 */
import { env, SELF } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import type { Role } from '../../worker/domain/roles';
import type { BookingStatus } from '../../worker/domain/statuses';
import { istDate, istToUtc } from '../../worker/domain/time';
import { getAdminStats, statsWeeks } from '../../worker/services/admin-stats';
import { db } from '../../db/client';
import { addCity } from './helpers/cities';
import { roundTrips } from './helpers/round-trips';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const DAY = 86_400_000;
const addDays = (date: string, n: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + n * DAY).toISOString().slice(0, 10);

/** A signed-in account holding `role`. */
async function signedInAs(role: Role) {
  const user = await createSignedInUser();
  await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(role, user.userId).run();
  return user;
}

const get = (path: string, cookie?: string) => SELF.fetch(apiRequest('GET', path, { cookie }));

let seq = 0;
const statements: D1PreparedStatement[] = [];
const run = (query: string, ...values: unknown[]) => statements.push(env.DB.prepare(query).bind(...values));
const flush = async () => {
  await env.DB.batch(statements.splice(0));
};

/** A guest account with a profile name. */
function guest(name: string, role: Role = 'guest') {
  seq += 1;
  const id = `stats-u${seq}`;
  run('INSERT INTO users (id, phone, role) VALUES (?1, ?2, ?3)', id, `+9190000${String(seq).padStart(5, '0')}`, role);
  run('INSERT INTO user_profiles (id, user_id, full_name) VALUES (?1, ?2, ?3)', `${id}-p`, id, name);
  return id;
}

/** A dinner on `date` at 19:00 IST (or starting at `startsAt`), three hours long. */
function dinner(id: string, city: string, date: string, over: { startsAt?: string; cancelled?: boolean } = {}) {
  const startsAt = over.startsAt ?? istToUtc(date, '19:00');
  const endsAt = new Date(new Date(startsAt).getTime() + 3 * 3_600_000).toISOString();
  run(
    `INSERT INTO events (id, city, title, description, location, date, starts_at, ends_at, image_url, available,
       ticket_price_single, ticket_price_couple, ticket_price_group, capacity, cancelled_at)
     VALUES (?1, ?2, ?3, 'A long table.', 'Somewhere', ?4, ?5, ?6, '/images/events/gurugram.svg', 1, 499, 899, 749, 8, ?7)`,
    id,
    city,
    `Supper ${id}`,
    istDate(startsAt),
    startsAt,
    endsAt,
    over.cancelled ? new Date().toISOString() : null,
  );
  return id;
}

/** A booking of `user` at `event` in `status`, and the order behind it. */
function booking(event: string, user: string, status: BookingStatus, opts: { seats?: 1 | 2; table?: number } = {}) {
  seq += 1;
  const id = `stats-b${seq}`;
  const seats = opts.seats ?? 1;
  const ticket = seats === 2 ? 'couple' : 'male';
  run(
    `INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
     VALUES (?1, ?1, ?2, ?3, ?4, ?5, 499, 'confirmed', '2000-01-01T00:00:00.000Z')`,
    `${id}-o`,
    user,
    event,
    ticket,
    seats,
  );
  run(
    `INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type,
       seats, amount, payment_id, status, ticket_code, table_number, checked_in_at)
     VALUES (?1, ?2, ?3, ?4, 'Supper', 'Somewhere', '2030-01-01', ?5, ?6, 499, ?7, ?8, ?1, ?9, ?10)`,
    id,
    user,
    `${id}-o`,
    event,
    ticket,
    seats,
    `pay-${id}`,
    status,
    opts.table ?? null,
    status === 'checked_in' ? new Date().toISOString() : null,
  );
  return { id, user, event };
}

/** What a guest said the morning after, at `at`. */
function feedback(
  b: { id: string; user: string; event: string },
  evening: number,
  host: number,
  venue: number,
  at: string,
  opts: { note?: string; share?: string } = {},
) {
  run(
    `INSERT INTO dinner_feedback (id, booking_id, user_id, event_id, evening, host, venue, note, share_kind, share_value, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
    `${b.id}-f`,
    b.id,
    b.user,
    b.event,
    evening,
    host,
    venue,
    opts.note ?? null,
    opts.share ? 'instagram' : null,
    opts.share ?? null,
    at,
  );
}

function verdict(event: string, from: string, to: string, said: 'again' | 'rather_not') {
  run(
    'INSERT INTO tablemate_verdicts (event_id, from_user_id, to_user_id, verdict) VALUES (?1, ?2, ?3, ?4)',
    event,
    from,
    to,
    said,
  );
}

function hosts(event: string, host: string, operator: string) {
  run('INSERT INTO event_hosts (event_id, user_id, assigned_by) VALUES (?1, ?2, ?3)', event, host, operator);
}

/** The seeded world, filled in by beforeAll. */
const w = {
  mondays: [] as string[],
  operator: { cookie: '', userId: '' },
  a1: '',
  b1: '',
  hostOne: '',
  hostTwo: '',
  hostThree: '',
};

/**
 * The file's clock, fixed (only Date faked): 2:00 PM IST on a Thursday. The weeks the data is laid
 * out in and the weeks the API answers are then the same; on the wall clock, a run whose setup fell
 * in the last moment before Monday 00:00 IST laid it out in a week the API had already left.
 */
const NOW = new Date('2026-11-26T08:30:00Z');
afterAll(() => vi.useRealTimers());

beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  await addCity('stats-a', { name: 'Statsabad' });
  await addCity('stats-b', { name: 'Statspur' });
  const operator = await signedInAs('operator');
  w.operator = operator;
  // This week's Monday and the three before it, oldest first.
  w.mondays = statsWeeks(new Date(), 4);
  const [w3, w2, w1, w0] = w.mondays;
  const wednesday = (monday: string) => addDays(monday, 2);

  const [g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12] = [
    'Asha Rao',
    'Kabir Mehta',
    'Tara Sen',
    'Dev Nair',
    'Riya Kapoor',
    'Ishaan Bose',
    'Meera Iyer',
    'Arjun Gupta',
    'Sana Reddy',
    'Nikhil Shah',
    'Pooja Das',
    'Rohan Jain',
  ].map((name) => guest(name));
  w.hostOne = guest('Hema Host', 'host');
  w.hostTwo = guest('Zoya Host', 'host');
  w.hostThree = guest('Anil Host', 'host');

  // Three weeks ago, city A: 4 seats kept (a couple among them), 3 came; two answered; one mutual pair.
  const a1 = dinner('stats-a1', 'stats-a', wednesday(w3));
  w.a1 = a1;
  const a1g1 = booking(a1, g1, 'checked_in', { table: 1 });
  const a1g2 = booking(a1, g2, 'checked_in', { seats: 2, table: 1 });
  booking(a1, g3, 'no_show');
  booking(a1, g4, 'refunded');
  booking(a1, g5, 'released');
  feedback(a1g1, 5, 4, 3, `${wednesday(w3)}T05:00:00.000Z`, { note: 'Lovely evening', share: 'asha.shares.this' });
  feedback(a1g2, 3, 4, 5, `${wednesday(w3)}T06:00:00.000Z`, { note: 'Great food' });
  verdict(a1, g1, g2, 'again');
  verdict(a1, g2, g1, 'again');

  // Two weeks ago, city B: a guest back from city A; one confirmed guest of an ended dinner never
  // checked in (the no-show sweep has not run); one mutual pair, one one-sided 'again'.
  const b1 = dinner('stats-b1', 'stats-b', wednesday(w2));
  w.b1 = b1;
  booking(b1, g1, 'checked_in', { table: 1 });
  const b1g6 = booking(b1, g6, 'checked_in', { table: 1 });
  const b1g7 = booking(b1, g7, 'checked_in', { table: 1 });
  booking(b1, g8, 'confirmed');
  feedback(b1g6, 4, 5, 4, `${wednesday(w2)}T05:00:00.000Z`, { note: 'Host was great' });
  feedback(b1g7, 2, 3, 1, `${wednesday(w2)}T07:00:00.000Z`, { note: 'Too loud' });
  verdict(b1, g6, g7, 'again');
  verdict(b1, g7, g6, 'again');
  verdict(b1, g1, g6, 'again');
  verdict(b1, g6, g1, 'rather_not');
  // Two weeks ago, city A, cancelled: counts nowhere, nor as anyone's earlier dinner.
  const a2 = dinner('stats-a2', 'stats-a', addDays(wednesday(w2), 1), { cancelled: true });
  booking(a2, g9, 'checked_in');
  feedback(booking(a2, g12, 'checked_in'), 1, 1, 1, `${wednesday(w2)}T08:00:00.000Z`, { note: 'Cancelled one' });

  // Last week, city A, two dinners: returning guests (one a past no-show, one a couple now a
  // no-show), one whose only earlier dinner was cancelled, one moved away; a guest at both counts once.
  const a3 = dinner('stats-a3', 'stats-a', wednesday(w1));
  const a4 = dinner('stats-a4', 'stats-a', addDays(wednesday(w1), 2));
  booking(a3, g3, 'checked_in');
  booking(a3, g2, 'no_show', { seats: 2 });
  booking(a3, g9, 'checked_in');
  booking(a3, g10, 'moved');
  booking(a4, g3, 'checked_in');

  // This week, city A: a dinner under way (started now, not over): sold, but not in the show rate;
  // a guest back from city B, and one whose only earlier dinner was cancelled.
  const a5 = dinner('stats-a5', 'stats-a', w0, { startsAt: new Date().toISOString() });
  booking(a5, g6, 'confirmed');
  booking(a5, g12, 'checked_in');

  // Next week: outside the window.
  const a6 = dinner('stats-a6', 'stats-a', wednesday(addDays(w0, 7)));
  booking(a6, g11, 'confirmed');

  hosts(a1, w.hostOne, operator.userId);
  hosts(b1, w.hostOne, operator.userId);
  hosts(a6, w.hostOne, operator.userId);
  hosts(a3, w.hostTwo, operator.userId);
  await flush();
});

type Week = Record<string, unknown>;
type Stats = { city: { slug: string; name: string } | null; weeks: number; from: string; to: string; series: Week[] };

async function stats(query: string): Promise<Stats> {
  const res = await get(`/api/admin/stats${query}`, w.operator.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Stats;
}

const empty = {
  dinners: 0,
  seats_sold: 0,
  show_booked: 0,
  show_checked_in: 0,
  show_rate: null,
  responses: 0,
  rating_evening: null,
  rating_host: null,
  rating_venue: null,
  guests: 0,
  repeat_guests: 0,
  mutual_matches: 0,
};
const threeWeeksAgo = {
  dinners: 1,
  seats_sold: 4,
  show_booked: 4,
  show_checked_in: 3,
  show_rate: 0.75,
  responses: 2,
  rating_evening: 4,
  rating_host: 4,
  rating_venue: 4,
  guests: 3,
  repeat_guests: 0,
  mutual_matches: 1,
};
const twoWeeksAgoCityB = {
  dinners: 1,
  seats_sold: 4,
  show_booked: 4,
  show_checked_in: 3,
  show_rate: 0.75,
  responses: 2,
  rating_evening: 3,
  rating_host: 4,
  rating_venue: 2.5,
  guests: 4,
  repeat_guests: 1,
  mutual_matches: 1,
};
const lastWeek = {
  dinners: 2,
  seats_sold: 5,
  show_booked: 5,
  show_checked_in: 3,
  show_rate: 0.6,
  responses: 0,
  rating_evening: null,
  rating_host: null,
  rating_venue: null,
  guests: 3,
  repeat_guests: 2,
  mutual_matches: 0,
};
const thisWeek = { ...empty, dinners: 1, seats_sold: 2, guests: 2, repeat_guests: 1 };

const weekOf = (monday: string) => ({ week_start: monday, week_end: addDays(monday, 6) });

describe('GET /api/admin/stats', () => {
  it('answers each IST week, Monday to Sunday, this week last: seats, show rate, ratings, repeat guests and mutual pairs', async () => {
    const [w3, w2, w1, w0] = w.mondays;
    const body = await stats('?weeks=4');
    expect(body).toMatchObject({ city: null, weeks: 4, from: w3, to: addDays(w0, 6) });
    expect(body.series).toEqual([
      { ...weekOf(w3), ...threeWeeksAgo },
      { ...weekOf(w2), ...twoWeeksAgoCityB },
      { ...weekOf(w1), ...lastWeek },
      { ...weekOf(w0), ...thisWeek },
    ]);
    // Mondays, seven days apart.
    for (const week of body.series) expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('keeps to one city when asked (an earlier dinner in another city still makes a repeat guest)', async () => {
    const [w3, w2, w1, w0] = w.mondays;
    const a = await stats('?weeks=4&city=stats-a');
    expect(a.city).toEqual({ slug: 'stats-a', name: 'Statsabad' });
    expect(a.series).toEqual([
      { ...weekOf(w3), ...threeWeeksAgo },
      { ...weekOf(w2), ...empty },
      { ...weekOf(w1), ...lastWeek },
      { ...weekOf(w0), ...thisWeek },
    ]);
    const b = await stats('?weeks=4&city=stats-b');
    expect(b.series.map((x) => x.seats_sold)).toEqual([0, 4, 0, 0]);
    expect(b.series[1]).toEqual({ ...weekOf(w2), ...twoWeeksAgoCityB });
    // An empty `city` is every city.
    expect((await stats('?weeks=4&city=')).series).toEqual((await stats('?weeks=4')).series);
  });

  it('covers the last 12 weeks unless told, and fewer when asked', async () => {
    const twelve = await stats('');
    expect(twelve.weeks).toBe(12);
    expect(twelve.series).toHaveLength(12);
    expect(twelve.series.at(-1)?.week_start).toBe(w.mondays[3]);
    expect(twelve.series.slice(-4).map((x) => x.seats_sold)).toEqual([4, 4, 5, 2]);
    expect(twelve.series.slice(0, 8).every((x) => x.dinners === 0)).toBe(true);
    const two = await stats('?weeks=2');
    expect(two.series.map((x) => x.week_start)).toEqual(w.mondays.slice(2));
    expect((await stats('?weeks=52')).series).toHaveLength(52);
  });

  it('refuses a bad query with 400 and its field', async () => {
    const S = CONSOLE_COPY.stats;
    const cases: Array<[string, string, string]> = [
      ['?weeks=0', 'weeks', S.weeksInvalid(1, 52)],
      ['?weeks=53', 'weeks', S.weeksInvalid(1, 52)],
      ['?weeks=twelve', 'weeks', S.weeksInvalid(1, 52)],
      ['?weeks=', 'weeks', S.weeksInvalid(1, 52)],
      ['?city=Not%20A%20Slug', 'city', S.cityInvalid],
      ['?city=atlantis', 'city', S.cityInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/admin/stats${query}`, w.operator.cookie);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toEqual({
        error: { code: 'invalid_input', message, fields: { [field]: message } },
      });
    }
    const extra = await get('/api/admin/stats?weeks=4&who=everyone', w.operator.cookie);
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { error: { message: string } }).error.message).toBe(S.queryInvalid);
  });

  it('leaves out a dinner not over yet from the show rate, and counts one that has ended', async () => {
    // The service at a fixed instant: a dinner that started an hour ago and one that ended an hour ago.
    const now = new Date();
    const city = 'stats-clock';
    await addCity(city);
    const started = dinner('stats-c1', city, '', { startsAt: new Date(now.getTime() - 3_600_000).toISOString() });
    const ended = dinner('stats-c2', city, '', { startsAt: new Date(now.getTime() - 4 * 3_600_000).toISOString() });
    const [u1, u2] = [guest('Clock One'), guest('Clock Two')];
    booking(started, u1, 'checked_in');
    booking(ended, u2, 'checked_in');
    await flush();
    const result = await getAdminStats(db(env.DB), now, 2, city);
    const total = (key: string) => result?.series.reduce((n, x) => n + Number(x[key as keyof typeof x] ?? 0), 0);
    expect(total('seats_sold')).toBe(2);
    expect(total('show_booked')).toBe(1);
    expect(total('show_checked_in')).toBe(1);
    expect(await getAdminStats(db(env.DB), now, 2, 'no-such-city')).toBeNull();
  });
});

describe("a dinner's feedback and the hosts' ratings", () => {
  it("answers a dinner's responses with who wrote them, its averages and the number of mutual pairs, never a contact or a verdict", async () => {
    const res = await get(`/api/admin/events/${w.a1}/feedback`, w.operator.cookie);
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    const body = (await res.json()) as {
      event: Record<string, unknown>;
      summary: Record<string, unknown>;
      responses: Record<string, unknown>[];
    };
    expect(body.event).toMatchObject({ id: w.a1, title: `Supper ${w.a1}`, city: 'stats-a' });
    expect(body.summary).toEqual({ asked: 2, responses: 2, evening: 4, host: 4, venue: 4, mutual_matches: 1 });
    expect(body.responses.map(({ id: _id, created_at: _at, ...r }) => r)).toEqual([
      { guest_name: 'Kabir Mehta', table_number: 1, evening: 3, host: 4, venue: 5, note: 'Great food' },
      { guest_name: 'Asha Rao', table_number: 1, evening: 5, host: 4, venue: 3, note: 'Lovely evening' },
    ]);
    // The contact chosen for a mutual 'dine again', the verdicts and user ids stay out.
    expect(text).not.toContain('asha.shares.this');
    expect(text).not.toMatch(/share_|verdict|user_id|stats-u/);
  });

  it('answers an empty summary for a dinner nobody rated, and 404 for no such dinner', async () => {
    const res = await get(`/api/admin/events/stats-a3/feedback`, w.operator.cookie);
    expect(((await res.json()) as { summary: unknown }).summary).toEqual({
      asked: 2,
      responses: 0,
      evening: null,
      host: null,
      venue: null,
      mutual_matches: 0,
    });
    for (const id of ['no-such-dinner', 'bad%20id']) {
      const missing = await get(`/api/admin/events/${id}/feedback`, w.operator.cookie);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: 'not_found', message: CONSOLE_COPY.admin.eventNotFound } });
    }
  });

  it('answers every host with the dinners held and to come, average ratings and their three latest notes', async () => {
    const res = await get('/api/admin/hosts/feedback', w.operator.cookie);
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    const { hosts: list } = (await res.json()) as { hosts: Array<Record<string, unknown>> };
    const ours = list.filter((h) => [w.hostOne, w.hostTwo, w.hostThree].includes(h.user_id as string));
    expect(ours.map((h) => h.name)).toEqual(['Anil Host', 'Hema Host', 'Zoya Host']);
    const [three, one, two] = ours;
    expect(one).toMatchObject({ dinners: 2, upcoming: 1, responses: 4, rating_host: 4, rating_evening: 3.5 });
    expect((one.recent_notes as Array<Record<string, unknown>>).map((n) => [n.note, n.event_id, n.guest_name])).toEqual(
      [
        ['Too loud', w.b1, 'Meera Iyer'],
        ['Host was great', w.b1, 'Ishaan Bose'],
        ['Great food', w.a1, 'Kabir Mehta'],
      ],
    );
    expect(two).toMatchObject({ dinners: 1, upcoming: 0, responses: 0, rating_host: null, recent_notes: [] });
    expect(three).toMatchObject({ dinners: 0, upcoming: 0, responses: 0, rating_host: null, recent_notes: [] });
    // A cancelled dinner's feedback is nobody's.
    expect(text).not.toContain('Cancelled one');
    expect(text).not.toContain('asha.shares.this');
  });
});

describe('the gate and the cost', () => {
  const paths = () => ['/api/admin/stats', `/api/admin/events/${w.a1}/feedback`, '/api/admin/hosts/feedback'];

  it('answers 401 signed out and 403 to a guest and a host', async () => {
    const guestUser = await signedInAs('guest');
    const host = await signedInAs('host');
    for (const path of paths()) {
      expect((await get(path)).status, path).toBe(401);
      for (const who of [guestUser, host]) {
        const res = await get(path, who.cookie);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual({ error: { code: 'forbidden', message: CONSOLE_COPY.admin.forbidden } });
      }
    }
  });

  it('costs two D1 round trips each: the session, then one batch of reads', async () => {
    for (const path of [...paths(), '/api/admin/stats?weeks=52&city=stats-a']) {
      const { trips, status } = await roundTrips(apiRequest('GET', path, { cookie: w.operator.cookie }));
      expect(status, path).toBe(200);
      expect(trips, path).toBe(2);
    }
  });
});
