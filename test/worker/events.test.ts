import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { events, paymentOrders, users } from '../../db/schema';
import { priceFor, ticketOptions } from '../../worker/domain/pricing';
import { seatsTaken } from '../../worker/services/ledger/seats';
import { formatIstDate, formatIstTime, isVenueRevealed, istDate, istToUtc, todayIst } from '../../worker/domain/time';
import { type EventRow, eventRow } from './helpers/event-row';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOT_FOUND = "This event doesn't exist or is no longer available.";

const insertEvents = (...rows: EventRow[]) => db(env.DB).insert(events).values(rows);
const get = (path: string) => SELF.fetch(`http://localhost:8787${path}`);

type Detail = { seats_left: number; tickets: { type: string; available: boolean }[] };
const detail = async (key: string) => ((await (await get(`/api/events/${key}`)).json()) as { event: Detail }).event;

let userId: string;
let orderSeq = 0;
async function order(
  eventId: string,
  seats: 1 | 2,
  status: (typeof paymentOrders.$inferInsert)['status'],
  holdExpiresAt: string,
  keepsSeat = false,
) {
  orderSeq += 1;
  await db(env.DB)
    .insert(paymentOrders)
    .values({
      id: `o${orderSeq}`,
      receipt: `r${orderSeq}`,
      userId,
      eventId,
      ticketType: seats === 2 ? 'couple' : 'male',
      seats,
      amount: 1,
      status,
      holdExpiresAt,
      keepsSeat,
    });
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM event_bookings'),
    env.DB.prepare('DELETE FROM payment_orders'),
    env.DB.prepare('DELETE FROM events'),
  ]);
  userId = crypto.randomUUID();
  await db(env.DB)
    .insert(users)
    .values({ id: userId, email: `${userId}@example.com` });
});

describe('GET /api/events', () => {
  it('lists only available events that have not started, soonest first', async () => {
    await insertEvents(
      eventRow('later', 14 * DAY),
      eventRow('soon', 3 * DAY),
      eventRow('past', -2 * HOUR),
      eventRow('hidden', 5 * DAY, { available: false }),
      eventRow('middle', 7 * DAY, { city: 'othercity' }),
    );
    const res = await get('/api/events');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { events: { id: string }[] };
    expect(body.events.map((e) => e.id)).toEqual(['soon', 'middle', 'later']);
  });

  it('lists the dinners with a seat free first and the sold-out ones after, soonest first within each', async () => {
    await insertEvents(
      eventRow('full-soonest', 2 * DAY, { capacity: 1 }),
      eventRow('open-later', 9 * DAY),
      eventRow('open-soon', 4 * DAY),
      eventRow('full-later', 6 * DAY, { capacity: 0 }),
    );
    await order('full-soonest', 1, 'paid', new Date(Date.now() + HOUR).toISOString());
    const body = (await (await get('/api/events')).json()) as { events: { id: string; seats_left: number }[] };
    expect(body.events.map((e) => [e.id, e.seats_left])).toEqual([
      ['open-soon', 8],
      ['open-later', 8],
      ['full-soonest', 0],
      ['full-later', 0],
    ]);
  });

  it('answers the public card fields and never the venue or prices', async () => {
    const row = eventRow('one', 3 * DAY);
    await insertEvents(row);
    const { events: list } = (await (await get('/api/events')).json()) as { events: Record<string, unknown>[] };
    expect(list).toEqual([
      {
        id: 'one',
        city: 'testcity',
        title: row.title,
        description: row.description,
        location: row.location,
        date: row.date,
        starts_at: row.startsAt,
        ends_at: row.endsAt,
        image_url: row.imageUrl,
        available: true,
        seats_left: row.capacity,
      },
    ]);
  });

  it('answers an empty list when nothing is bookable', async () => {
    await insertEvents(eventRow('past', -DAY), eventRow('hidden', DAY, { available: false }));
    expect(await (await get('/api/events')).json()).toEqual({ events: [] });
  });

  it('is never cached publicly', async () => {
    const res = await get('/api/events');
    expect(res.headers.get('Cache-Control')).toMatch(/no-store|private/);
  });
});

describe('GET /api/events/:idOrCity', () => {
  it('resolves a city slug to that city’s next available upcoming event', async () => {
    await insertEvents(
      eventRow('tc-past', -3 * HOUR),
      eventRow('tc-hidden', 2 * DAY, { available: false }),
      eventRow('tc-next', 4 * DAY),
      eventRow('tc-after', 11 * DAY),
      eventRow('other-sooner', 1 * DAY, { city: 'othercity' }),
    );
    const res = await get('/api/events/testcity');
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as { event: { id: string; city: string } };
    expect(event.id).toBe('tc-next');
  });

  it('answers one event by id with prices, capacity, seats left and ticket options', async () => {
    await insertEvents(eventRow('tc-later', 10 * DAY), eventRow('tc-next', 3 * DAY));
    const res = await get('/api/events/tc-later');
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as { event: Record<string, unknown> };
    expect(event).toMatchObject({ id: 'tc-later', ticket_price_single: 499, capacity: 8, seats_left: 8 });
    expect(event.tickets).toEqual([
      { type: 'male', label: 'Male', price: 499, seats: 1, available: true },
      { type: 'female', label: 'Female', price: 312, seats: 1, available: true },
      { type: 'couple', label: 'Couple (male + female)', price: 899, seats: 2, available: true },
      { type: 'female_duo', label: 'Female duo', price: 749, seats: 2, available: true },
    ]);
  });

  it.each([
    ['an unknown id', 'nope'],
    ['an unavailable event', 'hidden'],
    ['an event that has started', 'past'],
    ['a city with nothing bookable', 'sleepycity'],
  ])('answers 404 with the spec message for %s', async (_label, key) => {
    await insertEvents(
      eventRow('hidden', 2 * DAY, { available: false }),
      eventRow('past', -HOUR),
      eventRow('sleepy', 2 * DAY, { city: 'sleepycity', available: false }),
    );
    const res = await get(`/api/events/${key}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: NOT_FOUND } });
  });

  it('keeps the venue secret until 48 hours before the start', async () => {
    await insertEvents(eventRow('far', 49 * HOUR), eventRow('near', 47 * HOUR, { city: 'othercity' }));
    const far = (await (await get('/api/events/far')).json()) as { event: { venue: unknown } };
    expect(far.event.venue).toBeNull();
    expect(JSON.stringify(far)).not.toContain('Secret Table');
    expect(JSON.stringify(far)).not.toContain('Hidden Lane');
    const near = (await (await get('/api/events/near')).json()) as { event: { venue: unknown } };
    expect(near.event.venue).toEqual({ name: 'The Secret Table', address: '1 Hidden Lane' });
  });

  it('answers a null venue inside 48 hours when the operator has not set one yet', async () => {
    await insertEvents(eventRow('near', 5 * HOUR, { venueName: null, venueAddress: null }));
    const { event } = (await (await get('/api/events/near')).json()) as { event: { venue: unknown } };
    expect(event.venue).toBeNull();
  });

  it('counts paid, confirmed, needs-attention that kept its seat and live held seats, but not expired holds or failures', async () => {
    await insertEvents(eventRow('busy', 3 * DAY, { capacity: 8 }));
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    await order('busy', 2, 'confirmed', past);
    await order('busy', 1, 'paid', past);
    await order('busy', 1, 'needs_attention', past, true);
    // A dead-lettered late payment that never owned a seat takes none (docs/decisions/012).
    await order('busy', 2, 'needs_attention', past, false);
    await order('busy', 2, 'created', future);
    await order('busy', 2, 'created', past);
    await order('busy', 2, 'failed', future);
    await order('busy', 1, 'expired', future);
    await order('busy', 2, 'refunded', future);
    const event = await detail('busy');
    expect(event.seats_left).toBe(2);
    expect(await seatsTaken(db(env.DB), 'busy')).toBe(6);
    expect(event.tickets.every((t) => t.available)).toBe(true);
  });

  it('marks two-seat tickets unavailable when only one seat is left, and all when full', async () => {
    await insertEvents(eventRow('tight', 3 * DAY, { capacity: 3 }));
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    await order('tight', 2, 'confirmed', future);
    let event = await detail('tight');
    expect(event.seats_left).toBe(1);
    expect(Object.fromEntries(event.tickets.map((t) => [t.type, t.available]))).toEqual({
      male: true,
      female: true,
      couple: false,
      female_duo: false,
    });
    await order('tight', 1, 'created', future);
    event = await detail('tight');
    expect(event.seats_left).toBe(0);
    expect(event.tickets.some((t) => t.available)).toBe(false);
  });
});

describe('seats left, one count everywhere (ledger/seats.ts)', () => {
  it('is never below zero: a dinner whose capacity fell under its seats taken is full in the list and its page, which points at the next with room', async () => {
    await insertEvents(
      eventRow('shrunk', 2 * DAY, { capacity: 4 }),
      eventRow('also-full', 3 * DAY, { capacity: 1 }),
      eventRow('roomy', 5 * DAY, { capacity: 6 }),
    );
    const future = new Date(Date.now() + HOUR).toISOString();
    await order('shrunk', 2, 'confirmed', future);
    await order('shrunk', 2, 'paid', future);
    await order('also-full', 1, 'confirmed', future);
    await order('roomy', 2, 'created', future);
    // The operator lowered the capacity under the seats already sold (4 taken, 3 seats).
    await env.DB.prepare(`UPDATE events SET capacity = 3 WHERE id = 'shrunk'`).run();

    const { events: list } = (await (await get('/api/events')).json()) as {
      events: { id: string; seats_left: number }[];
    };
    expect(list.map((e) => [e.id, e.seats_left])).toEqual([
      ['roomy', 4],
      ['shrunk', 0],
      ['also-full', 0],
    ]);
    const page = (await (await get('/api/events/shrunk')).json()) as {
      event: Detail & { next_with_room: { id: string; seats_left: number } | null };
    };
    expect(page.event.seats_left).toBe(0);
    expect(page.event.tickets.some((t) => t.available)).toBe(false);
    // The next dinner of the city with a seat free, skipping the full one in between.
    expect(page.event.next_with_room).toMatchObject({ id: 'roomy', seats_left: 4 });
    // The city's page is the dinner with room first.
    expect((await detail('testcity')).seats_left).toBe(4);
  });
});

describe('ticket pricing', () => {
  const event = { ticketPriceSingle: 499, ticketPriceCouple: 899, ticketPriceGroup: 749 };

  it('charges the single price for a male ticket and the couple and group prices for pairs', () => {
    expect(priceFor(event, 'male')).toBe(499);
    expect(priceFor(event, 'couple')).toBe(899);
    expect(priceFor(event, 'female_duo')).toBe(749);
  });

  it.each([
    [499, 312],
    [500, 313],
    [400, 250],
    [1, 1],
    [3, 2],
    [0, 0],
    [999, 624],
  ])('prices a female ticket at 62.5%% of %i rounded to the nearest rupee (%i)', (single, female) => {
    expect(priceFor({ ...event, ticketPriceSingle: single }, 'female')).toBe(female);
  });

  it('gives couple and female-duo tickets two seats and the others one', () => {
    expect(ticketOptions(event).map((t) => [t.type, t.seats])).toEqual([
      ['male', 1],
      ['female', 1],
      ['couple', 2],
      ['female_duo', 2],
    ]);
  });
});

describe('IST helpers', () => {
  it('dates an instant by the Indian calendar, not UTC', () => {
    expect(istDate('2026-01-01T18:29:00Z')).toBe('2026-01-01');
    expect(istDate('2026-01-01T18:30:00Z')).toBe('2026-01-02');
    expect(todayIst(new Date('2026-03-07T20:00:00Z'))).toBe('2026-03-08');
  });

  it('turns 7:00 PM IST into the UTC instant and formats it back', () => {
    const at = istToUtc('2026-11-28', '19:00');
    expect(at).toBe('2026-11-28T13:30:00.000Z');
    expect(formatIstTime(at)).toBe('7:00 PM');
    expect(formatIstDate(at)).toBe('Saturday, 28 November 2026');
  });

  it('reveals the venue exactly 48 hours before the start', () => {
    const start = '2026-11-28T13:30:00.000Z';
    expect(isVenueRevealed(start, new Date('2026-11-26T13:29:59.999Z'))).toBe(false);
    expect(isVenueRevealed(start, new Date('2026-11-26T13:30:00.000Z'))).toBe(true);
  });
});
