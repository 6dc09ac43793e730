/**
 * The dinner editor (`POST /api/admin/events`, `POST /api/admin/series`, `PATCH
 * /api/admin/events/:id`): its rules refuse with 400 and write nothing, capacity never goes below
 * the seats taken (409, one conditional UPDATE), and every write has its audit row.
 */
import { env, SELF } from 'cloudflare:test';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, events, paymentOrders, users } from '../../db/schema';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';
import { seriesStarts } from '../../worker/domain/dinner';
import { createEvent } from './helpers/booking-fixtures';
import { addCity } from './helpers/cities';
import { istEvening } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const DAY = 86_400_000;

const unique = () => crypto.randomUUID().slice(0, 8);

async function operator() {
  const user = await createSignedInUser();
  await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, user.userId));
  return user;
}
const call = (method: string, path: string, cookie: string, body?: unknown) =>
  SELF.fetch(apiRequest(method, path, { cookie, body }));
const eventsOf = (city: string) => db(env.DB).select().from(events).where(eq(events.city, city));
const auditCount = async () => (await db(env.DB).select().from(auditLog)).length;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * A dinner the editor accepts, at 7:00 PM IST ten days ahead: a fixed time of day, so its default
 * three hours end by midnight IST whenever the suite runs (now + 10 days did not, for a run between
 * 9:00 PM and midnight IST: a 400 on end_time instead of the 201).
 */
const valid = (city: string) => ({
  city,
  title: 'Friday Long Table',
  description: 'Six strangers, one table.',
  location: 'Golf Course Road',
  starts_at: istEvening(10).startsAt,
  capacity: 12,
  ticket_price_single: 999,
  ticket_price_couple: 1799,
  ticket_price_group: 1499,
  venue_name: 'The Secret Table',
  venue_address: '1 Hidden Lane',
});

describe('POST /api/admin/events', () => {
  it('refuses a past start, a negative price, capacity 0 or 1000, an unknown city and half a venue: 400, nothing written, no audit row', async () => {
    const op = await operator();
    const city = `c-${unique()}`;
    await addCity(city);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ starts_at: inDays(-1) }, 'starts_at', CONSOLE_COPY.dinner.startInPast],
      [{ ticket_price_couple: -1 }, 'ticket_price_couple', CONSOLE_COPY.dinner.priceInvalid],
      [{ capacity: 0 }, 'capacity', CONSOLE_COPY.dinner.capacityInvalid],
      [{ capacity: 1000 }, 'capacity', CONSOLE_COPY.dinner.capacityInvalid],
      [{ city: 'New Delhi!' }, 'city', CONSOLE_COPY.dinner.cityInvalid],
      [{ venue_address: '' }, 'venue_name', CONSOLE_COPY.dinner.venueHalf],
      [{ venue_name: null }, 'venue_name', CONSOLE_COPY.dinner.venueHalf],
    ];
    const auditsBefore = await auditCount();
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/admin/events', op.cookie, { ...valid(city), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.fields[field], JSON.stringify(over)).toBe(message);
    }
    expect(await eventsOf(city)).toEqual([]);
    expect(await eventsOf('New Delhi!')).toEqual([]);
    expect(await auditCount()).toBe(auditsBefore);
  });

  it('creates a dinner with its audit row, and takes left-out prices from the city’s last dinner', async () => {
    const op = await operator();
    const city = `c-${unique()}`;
    await addCity(city);
    await createEvent({ city, inHours: 24, ticketPriceSingle: 111, ticketPriceCouple: 222, ticketPriceGroup: 333 });
    await createEvent({
      city,
      inHours: 24 * 30,
      ticketPriceSingle: 555,
      ticketPriceCouple: 666,
      ticketPriceGroup: 777,
    });
    const { ticket_price_single: _a, ticket_price_couple: _b, ticket_price_group: _c, ...body } = valid(city);
    const res = await call('POST', '/api/admin/events', op.cookie, { ...body, ticket_price_group: 700 });
    expect(res.status).toBe(201);
    const { event } = (await res.json()) as { event: { id: string } };
    const [row] = await db(env.DB).select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({
      city,
      ticketPriceSingle: 555,
      ticketPriceCouple: 666,
      ticketPriceGroup: 700,
      capacity: 12,
      venueName: 'The Secret Table',
    });
    const audit = await db(env.DB)
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `event:${event.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: op.userId, action: 'event.create', before: null });
    expect(JSON.parse(audit[0].after as string)).toMatchObject({ city, ticket_price_single: 555, capacity: 12 });
  });

  it('asks for all three prices in a city with no dinners yet', async () => {
    const op = await operator();
    const city = `c-${unique()}`;
    await addCity(city);
    const { ticket_price_single: _a, ...body } = valid(city);
    const res = await call('POST', '/api/admin/events', op.cookie, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        message: CONSOLE_COPY.dinner.pricesMissing,
        fields: { ticket_price_single: CONSOLE_COPY.dinner.pricesMissing },
      },
    });
    expect(await eventsOf(city)).toEqual([]);
  });
});

describe('POST /api/admin/series', () => {
  it('creates 4 dinners a week apart at 19:00 IST (13:30 UTC), each with its audit row', async () => {
    const op = await operator();
    const city = `c-${unique()}`;
    await addCity(city);
    const { starts_at: _s, ...fields } = valid(city);
    const res = await call('POST', '/api/admin/series', op.cookie, {
      ...fields,
      weekday: 'friday',
      local_time: '19:00',
      weeks: 4,
    });
    expect(res.status).toBe(201);
    const rows = (await eventsOf(city)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    expect(rows).toHaveLength(4);
    for (const [i, row] of rows.entries()) {
      expect(row.startsAt).toMatch(/T13:30:00\.000Z$/);
      expect(new Date(`${row.date}T00:00:00Z`).getUTCDay()).toBe(5);
      if (i > 0) expect(new Date(row.startsAt).getTime() - new Date(rows[i - 1].startsAt).getTime()).toBe(7 * DAY);
    }
    expect(new Date(rows[0].startsAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(rows[0].startsAt).getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);
    const audit = await db(env.DB).select().from(auditLog).where(like(auditLog.target, 'event:%'));
    const mine = audit.filter((a) => rows.some((r) => a.target === `event:${r.id}`));
    expect(mine.map((a) => a.action)).toEqual(['event.create', 'event.create', 'event.create', 'event.create']);
  });

  it('refuses weeks 0 or 27 and writes nothing', async () => {
    const op = await operator();
    const city = `c-${unique()}`;
    await addCity(city);
    const { starts_at: _s, ...fields } = valid(city);
    for (const weeks of [0, 27]) {
      const res = await call('POST', '/api/admin/series', op.cookie, {
        ...fields,
        weekday: 'friday',
        local_time: '19:00',
        weeks,
      });
      expect(res.status).toBe(400);
    }
    expect(await eventsOf(city)).toEqual([]);
  });

  it('starts next week when today’s time has passed', () => {
    // 2026-11-27 is a Friday; 20:00 IST = 14:30 UTC.
    expect(seriesStarts('friday', '19:00', 2, new Date('2026-11-27T14:30:00Z'))).toEqual([
      '2026-12-04T13:30:00.000Z',
      '2026-12-11T13:30:00.000Z',
    ]);
    expect(seriesStarts('friday', '19:00', 1, new Date('2026-11-27T10:00:00Z'))).toEqual(['2026-11-27T13:30:00.000Z']);
  });
});

describe('PATCH /api/admin/events/:id (the editor)', () => {
  it('edits fields and writes the audit row, before → after, in the same batch', async () => {
    const op = await operator();
    const event = await createEvent({ capacity: 8 });
    const res = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, {
      title: 'Renamed',
      capacity: 20,
      date: '2099-01-02',
      time: '20:30',
    });
    expect(res.status).toBe(200);
    const [row] = await db(env.DB).select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({
      title: 'Renamed',
      capacity: 20,
      date: '2099-01-02',
      startsAt: '2099-01-02T15:00:00.000Z',
    });
    const audit = await db(env.DB)
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `event:${event.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0].action).toBe('event.update');
    expect(JSON.parse(audit[0].before as string)).toEqual({
      title: event.title,
      capacity: 8,
      starts_at: event.startsAt,
      ends_at: event.endsAt,
      date: event.date,
    });
    // A moved start keeps the dinner's length (three hours): it now ends at 11:30 PM IST.
    expect(JSON.parse(audit[0].after as string)).toEqual({
      title: 'Renamed',
      capacity: 20,
      starts_at: '2099-01-02T15:00:00.000Z',
      ends_at: '2099-01-02T18:00:00.000Z',
      date: '2099-01-02',
    });
  });

  it('refuses a capacity below the seats taken with 409 and changes nothing', async () => {
    const op = await operator();
    const buyer = await createSignedInUser();
    const event = await createEvent({ capacity: 8 });
    const hold = new Date(Date.now() + 10 * 60_000).toISOString();
    for (const [i, [status, seats]] of (
      [
        ['paid', 2],
        ['created', 2],
        ['confirmed', 1],
      ] as const
    ).entries()) {
      await db(env.DB)
        .insert(paymentOrders)
        .values({
          id: `${event.id}-o${i}`,
          receipt: `${event.id}-o${i}`,
          userId: buyer.userId,
          eventId: event.id,
          ticketType: seats === 2 ? 'couple' : 'male',
          seats,
          amount: 499,
          status,
          holdExpiresAt: hold,
        });
    }
    const res = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { capacity: 4, title: 'Smaller' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'capacity_below_taken', message: CONSOLE_COPY.dinner.capacityBelowTaken(5) },
    });
    expect(CONSOLE_COPY.dinner.capacityBelowTaken(5)).toMatch(/^5 seats are already taken/);
    const [row] = await db(env.DB).select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ capacity: 8, title: event.title });
    expect(
      await db(env.DB)
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `event:${event.id}`)),
    ).toEqual([]);

    // Exactly the seats taken is allowed.
    const ok = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, { capacity: 5 });
    expect(ok.status).toBe(200);
  });

  it('refuses a past start, a bad price and half a venue with 400 and writes nothing', async () => {
    const op = await operator();
    const event = await createEvent();
    for (const body of [
      { starts_at: inDays(-1) },
      { ticket_price_single: -5 },
      { venue_name: 'Only a name' },
      { capacity: 201 },
      { city: 'Gurugram' },
      { date: '2099-01-01' },
      { colour: 'red' },
    ]) {
      const res = await call('PATCH', `/api/admin/events/${event.id}`, op.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await db(env.DB).select().from(events).where(eq(events.id, event.id));
    expect(row).toEqual({
      ...event,
      createdAt: row.createdAt,
      cancelledAt: null,
      cancelReason: null,
      tablesPublishedAt: null,
      tablesPublishedBy: null,
    });
    expect(
      await db(env.DB)
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `event:${event.id}`)),
    ).toEqual([]);
  });
});
