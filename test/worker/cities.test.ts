/**
 * Cities from data (issue 11 "Cities"): the home page's cards come from the `cities` table
 * (GET /api/cities and the home page's HTML), the console creates and edits them
 * (/api/admin/cities, audited in the same batch), a dinner's city must be one of them, and
 * "Notify Me" accepts exactly the coming-soon ones.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, cities, cityWaitlist, events, users } from '../../db/schema';
import { COPY } from '../../worker/domain/copy';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { firstFramePage } from '../../worker/routes/pages';
import { listPublicCities } from '../../worker/services/cities';
import { homePageFrame } from '@/server-render';
import { createEvent } from './helpers/booking-fixtures';
import { addCity } from './helpers/cities';
import { istEvening } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const unique = () => crypto.randomUUID().slice(0, 8);

async function operator() {
  const user = await createSignedInUser();
  await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}
const call = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
  SELF.fetch(apiRequest(method, path, { cookie, body }));
const cityRow = async (slug: string) => (await db(env.DB).select().from(cities).where(eq(cities.slug, slug)))[0];
const auditOf = (slug: string) =>
  db(env.DB)
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `city:${slug}`));
const allAudit = async () => (await db(env.DB).select().from(auditLog)).length;
const eventsIn = (city: string) => db(env.DB).select().from(events).where(eq(events.city, city));

type PublicCityWire = {
  slug: string;
  name: string;
  blurb: string;
  status: string;
  next_event: { id: string; title: string; date: string; starts_at: string; ticket_price_single: number } | null;
};
const publicCities = async () =>
  ((await (await call('GET', '/api/cities', undefined)).json()) as { cities: PublicCityWire[] }).cities;

describe('GET /api/cities', () => {
  it('lists the seeded cities by position and never a hidden one', async () => {
    const list = await publicCities();
    const seeded = list.filter((c) => ['gurugram', 'noida', 'delhi-ncr'].includes(c.slug));
    expect(seeded.map((c) => [c.slug, c.name, c.status, c.blurb])).toEqual([
      ['gurugram', 'Gurugram', 'available', 'Join us for an amazing evening'],
      ['noida', 'Noida', 'coming_soon', 'Coming soon to your area'],
      ['delhi-ncr', 'Delhi NCR', 'coming_soon', 'Expanding to more locations'],
    ]);
    expect(list.every((c) => c.status !== 'hidden')).toBe(true);
    // Fixture dinners' cities are hidden rows (helpers/booking-fixtures.ts): none of them shows.
    const fixture = await createEvent();
    expect((await publicCities()).map((c) => c.slug)).not.toContain(fixture.city);
  });

  it('orders by position, and gives an available city its next bookable dinner only', async () => {
    const open = `open-${unique()}`;
    const soon = `soon-${unique()}`;
    const hidden = `hid-${unique()}`;
    await addCity(soon, { status: 'coming_soon', position: 901 });
    await addCity(open, { status: 'available', position: 900, name: 'Open City' });
    await addCity(hidden, { status: 'hidden', position: 899 });
    // Past, hidden and later dinners must lose to the soonest bookable one.
    await createEvent({ city: open, inHours: -2, title: 'Past' });
    await createEvent({ city: open, inHours: 24, title: 'Hidden dinner', available: false });
    const next = await createEvent({ city: open, inHours: 48, title: 'The next one', ticketPriceSingle: 650 });
    await createEvent({ city: open, inHours: 96, title: 'Later' });
    await createEvent({ city: soon, inHours: 48, title: 'Not shown: coming soon' });
    await createEvent({ city: hidden, inHours: 48 });

    const list = await publicCities();
    const mine = list.filter((c) => [open, soon, hidden].includes(c.slug));
    expect(mine.map((c) => c.slug)).toEqual([open, soon]);
    expect(mine[0].next_event).toEqual({
      id: next.id,
      title: 'The next one',
      date: next.date,
      starts_at: next.startsAt,
      ends_at: next.endsAt,
      ticket_price_single: 650,
      image_url: next.imageUrl,
      seats_left: next.capacity,
    });
    expect(mine[1].next_event).toBeNull();
    // Positions order the whole list.
    const positions = await db(env.DB).select({ slug: cities.slug, position: cities.position }).from(cities);
    const pos = new Map(positions.map((p) => [p.slug, p.position]));
    const order = list.map((c) => pos.get(c.slug) ?? -1);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('an available city without a dinner to book has no next dinner', async () => {
    const slug = `empty-${unique()}`;
    await addCity(slug, { status: 'available', position: 950 });
    expect((await publicCities()).find((c) => c.slug === slug)?.next_event).toBeNull();
  });
});

describe('the home page carries the cities', () => {
  it('draws the cards in place of the placeholders and hands the SPA the same answer', async () => {
    const slug = `home-${unique()}`;
    await addCity(slug, { status: 'available', position: 960, name: 'Hometown', blurb: 'Tables tonight' });
    await createEvent({ city: slug, inHours: 72, title: 'Hometown Supper', ticketPriceSingle: 1250 });
    const list = await listPublicCities(db(env.DB), new Date());
    const shell = new Response(
      '<!doctype html><html><head></head><body><div id="root" data-frame="hydrate"><section><div class="mt-12" data-city-cards="" aria-busy="true"><div aria-hidden="true"></div></div></section></div></body></html>',
      { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    );
    const assets = { fetch: async () => new Response('', { status: 404 }) } as unknown as Fetcher;
    const html = await firstFramePage(shell, { assets, ...homePageFrame(list) }).text();
    expect(html).not.toContain('aria-busy');
    expect(html).toContain('Hometown Supper');
    expect(html).toContain('Tables tonight');
    expect(html).toContain('₹1,250');
    expect(html).toContain('Coming soon to your area');
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(data.queries).toEqual([{ key: ['cities'], data: { cities: JSON.parse(JSON.stringify(list)) } }]);
  });
});

describe('/api/admin/cities', () => {
  it('creates a city with its audit row; a taken slug is 409 and changes nothing', async () => {
    const op = await operator();
    const slug = `pune-${unique()}`;
    const body = { slug, name: 'Pune', blurb: 'Coming soon to Pune', status: 'coming_soon', position: 4 };
    const res = await call('POST', '/api/admin/cities', op.cookie, body);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ city: { ...body, upcoming_dinners: 0 } });
    expect(await cityRow(slug)).toMatchObject({ name: 'Pune', status: 'coming_soon', position: 4 });
    const audit = await auditOf(slug);
    expect(audit.map((a) => [a.action, a.actorId, a.before])).toEqual([['city.create', op.userId, null]]);
    expect(JSON.parse(audit[0].after as string)).toEqual(body);

    const again = await call('POST', '/api/admin/cities', op.cookie, {
      ...body,
      name: 'Pune again',
      status: 'available',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'duplicate', message: CONSOLE_COPY.city.duplicate, fields: { slug: CONSOLE_COPY.city.duplicate } },
    });
    expect(await cityRow(slug)).toMatchObject({ name: 'Pune', status: 'coming_soon' });
    expect(await auditOf(slug)).toHaveLength(1);
  });

  it('refuses invalid fields with 400 per field and writes nothing', async () => {
    const op = await operator();
    const slug = `bad-${unique()}`;
    const valid = { slug, name: 'Bad', blurb: 'Line', status: 'coming_soon', position: 1 };
    const auditsBefore = await allAudit();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slug: 'New Delhi' }, 'slug', CONSOLE_COPY.city.slugInvalid],
      [{ slug: '-noida' }, 'slug', CONSOLE_COPY.city.slugInvalid],
      [{ name: '  ' }, 'name', CONSOLE_COPY.city.nameRequired],
      [{ blurb: '' }, 'blurb', CONSOLE_COPY.city.blurbRequired],
      [{ status: 'open' }, 'status', CONSOLE_COPY.city.statusInvalid],
      [{ position: -1 }, 'position', CONSOLE_COPY.city.positionInvalid],
      [{ position: 1.5 }, 'position', CONSOLE_COPY.city.positionInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/admin/cities', op.cookie, { ...valid, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      const json = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(json.error.code).toBe('invalid_input');
      expect(json.error.fields[field], JSON.stringify(over)).toBe(message);
    }
    expect(await cityRow(slug)).toBeUndefined();
    expect(await allAudit()).toBe(auditsBefore);
  });

  it('edits a city (never its slug) with its audit row; a repeat records nothing', async () => {
    const op = await operator();
    const slug = `edit-${unique()}`;
    await addCity(slug, { status: 'coming_soon', name: 'Edit Town', blurb: 'Soon', position: 7 });
    const res = await call('PATCH', `/api/admin/cities/${slug}`, op.cookie, { status: 'available', blurb: 'Open now' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      city: { slug, status: 'available', blurb: 'Open now', name: 'Edit Town' },
      changed: true,
    });
    const audit = await auditOf(slug);
    expect(audit.map((a) => a.action)).toEqual(['city.update']);
    expect(JSON.parse(audit[0].before as string)).toEqual({ blurb: 'Soon', status: 'coming_soon' });
    expect(JSON.parse(audit[0].after as string)).toEqual({ blurb: 'Open now', status: 'available' });

    const repeat = await call('PATCH', `/api/admin/cities/${slug}`, op.cookie, { status: 'available' });
    expect(await repeat.json()).toMatchObject({ changed: false });
    expect(await auditOf(slug)).toHaveLength(1);

    for (const body of [{ slug: 'renamed' }, {}, { status: 'gone' }, { position: 'first' }]) {
      const bad = await call('PATCH', `/api/admin/cities/${slug}`, op.cookie, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await cityRow(slug)).toMatchObject({ slug, status: 'available', blurb: 'Open now', position: 7 });
    expect(await auditOf(slug)).toHaveLength(1);

    const missing = await call('PATCH', `/api/admin/cities/no-such-${unique()}`, op.cookie, { name: 'X' });
    expect(missing.status).toBe(404);
  });

  it('lists every city, hidden ones too, with its bookable dinners; hiding one with dinners is allowed', async () => {
    const op = await operator();
    const slug = `busy-${unique()}`;
    await addCity(slug, { status: 'available', position: 3 });
    await createEvent({ city: slug, inHours: 30 });
    await createEvent({ city: slug, inHours: 60 });
    const hide = await call('PATCH', `/api/admin/cities/${slug}`, op.cookie, { status: 'hidden' });
    expect(await hide.json()).toMatchObject({ city: { status: 'hidden', upcoming_dinners: 2 }, changed: true });
    const res = await call('GET', '/api/admin/cities', op.cookie);
    const { cities: list } = (await res.json()) as { cities: Array<{ slug: string; upcoming_dinners: number }> };
    expect(list.find((c) => c.slug === slug)).toMatchObject({ upcoming_dinners: 2 });
    expect(list.map((c) => c.slug)).toContain('gurugram');
    expect((await publicCities()).map((c) => c.slug)).not.toContain(slug);
  });

  it('answers 401 signed out and 403 to a guest', async () => {
    const guest = await createSignedInUser();
    expect((await call('GET', '/api/admin/cities', undefined)).status).toBe(401);
    expect((await call('GET', '/api/admin/cities', guest.cookie)).status).toBe(403);
    const slug = `nope-${unique()}`;
    const post = await call('POST', '/api/admin/cities', guest.cookie, {
      slug,
      name: 'N',
      blurb: 'N',
      status: 'available',
      position: 1,
    });
    expect(post.status).toBe(403);
    expect(await cityRow(slug)).toBeUndefined();
  });
});

describe('a dinner in a city that is not in the table', () => {
  const dinner = (city: string) => ({
    city,
    title: 'Nowhere Supper',
    description: 'A table in no city.',
    location: 'Somewhere',
    capacity: 8,
    ticket_price_single: 499,
    ticket_price_couple: 899,
    ticket_price_group: 749,
    venue_name: null,
    venue_address: null,
  });
  /**
   * 8 days ahead at 7:00 PM IST: a fixed time of day, so the dinner's default three hours never run
   * past midnight IST, whatever time the suite runs (now + 200 h did, for a run between 07:00 and
   * 08:00 UTC: a 400 on end_time instead of city).
   */
  const sevenPmInEightDays = () => istEvening(8).startsAt;
  const unknownCity = {
    error: {
      code: 'invalid_input',
      message: CONSOLE_COPY.dinner.cityUnknown,
      fields: { city: CONSOLE_COPY.dinner.cityUnknown },
    },
  };

  it('is refused on create, on a series and with prices left out: 400 on city, nothing written', async () => {
    const op = await operator();
    const city = `ghost-${unique()}`;
    const auditsBefore = await allAudit();
    const create = await call('POST', '/api/admin/events', op.cookie, {
      ...dinner(city),
      starts_at: sevenPmInEightDays(),
    });
    expect(create.status).toBe(400);
    expect(await create.json()).toEqual(unknownCity);
    const series = await call('POST', '/api/admin/series', op.cookie, {
      ...dinner(city),
      weekday: 'saturday',
      local_time: '19:00',
      weeks: 3,
    });
    expect(series.status).toBe(400);
    expect(await series.json()).toEqual(unknownCity);
    const { ticket_price_single: _s, ticket_price_couple: _c, ticket_price_group: _g, ...noPrices } = dinner(city);
    const defaulted = await call('POST', '/api/admin/events', op.cookie, {
      ...noPrices,
      starts_at: sevenPmInEightDays(),
    });
    expect(defaulted.status).toBe(400);
    expect(await defaulted.json()).toEqual(unknownCity);
    expect(await eventsIn(city)).toEqual([]);
    expect(await allAudit()).toBe(auditsBefore);

    // The same dinner in a city the table has is created (the refusal was the city's).
    await addCity(city);
    const ok = await call('POST', '/api/admin/series', op.cookie, {
      ...dinner(city),
      weekday: 'saturday',
      local_time: '19:00',
      weeks: 3,
    });
    expect(ok.status).toBe(201);
    expect(await eventsIn(city)).toHaveLength(3);
  });

  it('is refused when a dinner moves there: 400 on city, the dinner and the audit log unchanged', async () => {
    const op = await operator();
    const event = await createEvent();
    const city = `ghost-${unique()}`;
    const auditsBefore = await allAudit();
    const res = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { city, title: 'Moved' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(unknownCity);
    const [row] = await db(env.DB).select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ city: event.city, title: event.title });
    expect(await allAudit()).toBe(auditsBefore);

    await addCity(city);
    const moved = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { city, title: 'Moved' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ event: { city, title: 'Moved' }, changed: true });
  });
});

describe('POST /api/waitlist and the cities table', () => {
  const refused = {
    error: { code: 'invalid_input', message: COPY.waitlist.unknownCity, fields: { city: COPY.waitlist.unknownCity } },
  };
  const join = (city: string) => call('POST', '/api/waitlist', undefined, { city, contact: 'me@example.com' });
  const waitlisted = (city: string) => db(env.DB).select().from(cityWaitlist).where(eq(cityWaitlist.city, city));

  it('accepts exactly the coming-soon cities: a new one yes; hidden, available and unknown no', async () => {
    const soon = `wl-soon-${unique()}`;
    const hidden = `wl-hid-${unique()}`;
    const open = `wl-open-${unique()}`;
    await addCity(soon, { status: 'coming_soon' });
    await addCity(hidden, { status: 'hidden' });
    await addCity(open, { status: 'available' });
    expect((await join(soon)).status).toBe(200);
    expect(await waitlisted(soon)).toHaveLength(1);
    for (const city of [hidden, open, `wl-none-${unique()}`]) {
      const res = await join(city);
      expect(res.status, city).toBe(400);
      expect(await res.json()).toEqual(refused);
      expect(await waitlisted(city)).toEqual([]);
    }
    // Opening the city closes its waitlist.
    await db(env.DB).update(cities).set({ status: 'available' }).where(eq(cities.slug, soon));
    expect((await call('POST', '/api/waitlist', undefined, { city: soon, contact: 'other@example.com' })).status).toBe(
      400,
    );
    expect(await waitlisted(soon)).toHaveLength(1);
  });
});
