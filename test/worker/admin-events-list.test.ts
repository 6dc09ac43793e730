/**
 * The dashboard's table (`GET /api/admin/events?status=upcoming|past&q=&city=&from=&to=&page=`,
 * issue 24): searched, filtered and paged by the server, one round trip, operators only.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { cities, events, users } from '../../db/schema';
import { ADMIN_EVENTS_PAGE_SIZE } from '../../worker/services/admin-events';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { createEvent } from './helpers/booking-fixtures';
import { eventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

async function operator() {
  const user = await createSignedInUser();
  await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}

type Page = {
  events: Array<{ id: string; title: string; city: string; starts_at: string; seats_sold: number; capacity: number }>;
  total: number;
  page: number;
  page_size: number;
  summary: { upcoming: number; seats_sold_upcoming: number; revenue: number };
  needs_attention: number;
};

async function list(cookie: string, query: Record<string, string>) {
  const res = await SELF.fetch(apiRequest('GET', `/api/admin/events?${new URLSearchParams(query)}`, { cookie }));
  return { status: res.status, body: (await res.json()) as Page & { error?: { message: string } } };
}

/** A hidden city of `n` upcoming dinners a day apart (titles "Supper 1"…), and two past ones. */
async function cityOf(n: number) {
  const city = `list-${unique()}`.toLowerCase();
  const rows = Array.from({ length: n }, (_, i) =>
    eventRow(`${city}-u${i + 1}`, (i + 1) * DAY, { city, title: `Supper ${i + 1}`, location: 'Cyber Hub' }),
  );
  const past = [1, 2].map((i) => eventRow(`${city}-p${i}`, -i * DAY, { city, title: `Old supper ${i}` }));
  await db(env.DB)
    .insert(cities)
    .values({ slug: city, name: `Town ${city}`, blurb: 'Test.', status: 'hidden' });
  // D1 binds at most 100 values a statement: a few rows an insert.
  const all = [...rows, ...past];
  const inserts = Array.from({ length: Math.ceil(all.length / 4) }, (_, i) =>
    db(env.DB)
      .insert(events)
      .values(all.slice(i * 4, i * 4 + 4)),
  );
  await db(env.DB).batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  return { city, rows, past };
}

describe('GET /api/admin/events?status=…', () => {
  it('pages the upcoming dinners soonest first, 25 at a time, with the total', async () => {
    const op = await operator();
    const { city, rows } = await cityOf(30);
    const first = await list(op.cookie, { status: 'upcoming', city });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(30);
    expect(first.body.page).toBe(1);
    expect(first.body.page_size).toBe(ADMIN_EVENTS_PAGE_SIZE);
    expect(first.body.events.map((e) => e.id)).toEqual(rows.slice(0, 25).map((r) => r.id));
    const second = await list(op.cookie, { status: 'upcoming', city, page: '2' });
    expect(second.body.events.map((e) => e.id)).toEqual(rows.slice(25).map((r) => r.id));
    expect(second.body.total).toBe(30);
    // Past the last page: no rows, the same total.
    const beyond = await list(op.cookie, { status: 'upcoming', city, page: '9' });
    expect(beyond.body.events).toEqual([]);
    expect(beyond.body.total).toBe(30);
  });

  it('keeps past dinners apart, latest first', async () => {
    const op = await operator();
    const { city, past } = await cityOf(3);
    const res = await list(op.cookie, { status: 'past', city });
    expect(res.body.events.map((e) => e.id)).toEqual(past.map((r) => r.id));
    expect(res.body.total).toBe(2);
  });

  it('searches title, area, city name and id, case-insensitively, taking % and _ literally', async () => {
    const op = await operator();
    const { city, rows } = await cityOf(12);
    const ids = async (q: string, extra: Record<string, string> = {}) =>
      (await list(op.cookie, { status: 'upcoming', q, ...extra })).body.events.map((e) => e.id);
    expect(await ids('supper 11', { city })).toEqual([rows[10].id]);
    expect(await ids(rows[4].id)).toEqual([rows[4].id]);
    expect(await ids(`town ${city}`)).toHaveLength(12);
    expect(await ids('cyber hub', { city })).toHaveLength(12);
    expect(await ids('%', { city })).toEqual([]);
    expect(await ids('_', { city })).toEqual([]);
    expect(await ids('no dinner has this name')).toEqual([]);
  });

  it('filters by city and by IST dates, both ends included', async () => {
    const op = await operator();
    const { city, rows } = await cityOf(10);
    const other = await createEvent({ inHours: 3 * 24 });
    const res = await list(op.cookie, { status: 'upcoming', city, from: rows[2].date, to: rows[4].date });
    expect(res.body.events.map((e) => e.id)).toEqual([rows[2].id, rows[3].id, rows[4].id]);
    expect(res.body.events.map((e) => e.id)).not.toContain(other.id);
    const empty = await list(op.cookie, { status: 'upcoming', city, from: '', to: '', q: '' });
    expect(empty.body.total).toBe(10);
  });

  it('answers the dashboard totals in the same round trip', async () => {
    const op = await operator();
    const res = await list(op.cookie, { status: 'upcoming' });
    const [{ n }] = (
      await env.DB.prepare('SELECT COUNT(*) AS n FROM events WHERE starts_at > ?')
        .bind(new Date().toISOString())
        .all<{ n: number }>()
    ).results;
    expect(res.body.summary.upcoming).toBe(n);
    expect(res.body.total).toBe(n);
    expect(typeof res.body.summary.revenue).toBe('number');
    expect(typeof res.body.needs_attention).toBe('number');
  });

  it('refuses a bad query with 400 and its field, in an operator’s words', async () => {
    const op = await operator();
    const L = CONSOLE_COPY.admin.list;
    for (const [query, field, message] of [
      [{ status: 'soon' }, 'status', L.statusInvalid],
      [{ status: 'upcoming', page: '0' }, 'page', L.pageInvalid],
      [{ status: 'upcoming', page: 'two' }, 'page', L.pageInvalid],
      [{ status: 'upcoming', city: 'Not A Slug' }, 'city', L.cityInvalid],
      [{ status: 'upcoming', from: '2026-13-01' }, 'from', L.dateInvalid],
      [{ status: 'upcoming', q: 'x'.repeat(101) }, 'q', L.queryTooLong],
    ] as const) {
      const res = await SELF.fetch(
        apiRequest('GET', `/api/admin/events?${new URLSearchParams(query)}`, { cookie: op.cookie }),
      );
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.fields[field]).toBe(message);
    }
  });

  it('is for operators only', async () => {
    const guest = await createSignedInUser();
    expect((await SELF.fetch(apiRequest('GET', '/api/admin/events?status=upcoming'))).status).toBe(401);
    expect(
      (await SELF.fetch(apiRequest('GET', '/api/admin/events?status=upcoming', { cookie: guest.cookie }))).status,
    ).toBe(403);
    const host = await createSignedInUser();
    await db(env.DB).update(users).set({ role: 'host' }).where(eq(users.id, host.userId));
    expect((await SELF.fetch(apiRequest('GET', '/api/admin/events?status=past', { cookie: host.cookie }))).status).toBe(
      403,
    );
  });
});
