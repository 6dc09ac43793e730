/**
 * 'Share my dinner' (issue 21): a guest's link for a trusted contact, with the dinner's date, hours
 * and venue (revealed by My Booking's own rule) and nothing about anyone else; created once
 * (idempotent), turned off at will, and answered only while the booking holds a seat at a dinner
 * going ahead, until the end of the day after it. Time is controlled by creating dinners relative
 * to now (helpers/booking-fixtures.ts `createEvent({ inHours })`) and, for the closing of a link,
 * by the service's own `now`.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { dinnerShares, eventBookings, events, paymentOrders, userProfiles, users } from '../../db/schema';
import { DINNER_SHARE_COPY } from '../../worker/domain/copy-dinner-share';
import { shareEnded, shareOpenUntil, shareRefusal } from '../../worker/domain/dinner-share';
import type { BookingStatus } from '../../worker/domain/statuses';
import { dinnerHours, HOUR_MS } from '../../worker/domain/time';
import indexHtml from '../../web/index.html?raw';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { ApiError } from '../../worker/lib/errors';
import { sharedDinner } from '../../worker/services/dinner-shares';
import { newTicketCode } from '../../worker/domain/ticket';
import { createEvent, createGuest } from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { roundTrips } from './helpers/round-trips';
import { apiRequest, ORIGIN } from './helpers/session-cookie';

const d = () => db(env.DB);
const C = DINNER_SHARE_COPY;

type Share = { token: string; path: string; created_at: string; open_until: string; live: boolean };
type OwnerView = { share: Share | null; can_share: boolean; refusal: string | null };
type PublicView = {
  shared_by: string | null;
  dinner: { title: string; location: string; date: string; starts_at: string; ends_at: string; time: string };
  venue: { revealed: boolean; reveals_at: string; name: string | null; address: string | null };
  open_until: string;
};
type ErrorBody = { error: { code: string; message: string } };

let seq = 0;
/**
 * A signed-in guest ('Asha Verma', createGuest's name) with a paid booking on `event`, written as
 * the booking pipeline leaves it (order, ticket code): the sharer of most tests.
 */
async function guestBooked(
  event: EventRow,
  opts: { status?: BookingStatus; ticket?: 'male' | 'female' | 'couple'; partyName?: string } = {},
) {
  // Taken before the first await: guests made side by side get tags of their own.
  seq += 1;
  const tag = `${event.id}-s${seq}`;
  const guest = await createGuest();
  const seats = opts.ticket === 'couple' ? 2 : 1;
  const ticketCode = newTicketCode();
  await d().batch([
    d()
      .insert(paymentOrders)
      .values({
        id: `o-${tag}`,
        receipt: `r-${tag}`,
        userId: guest.userId,
        eventId: event.id,
        ticketType: opts.ticket ?? 'female',
        seats,
        amount: 499,
        status: 'confirmed',
        holdExpiresAt: new Date().toISOString(),
        partyName: opts.partyName ?? null,
      }),
    d()
      .insert(eventBookings)
      .values({
        id: `bkg_${tag}`,
        userId: guest.userId,
        orderId: `o-${tag}`,
        eventId: event.id,
        eventName: event.title,
        eventLocation: event.location,
        eventDate: event.date,
        ticketType: opts.ticket ?? 'female',
        seats,
        amount: 499,
        paymentId: `pay-${tag}`,
        status: opts.status ?? 'confirmed',
        ticketCode,
        partyName: opts.partyName ?? null,
      }),
  ]);
  return { ...guest, bookingId: `bkg_${tag}`, ticketCode };
}

const share = (method: 'GET' | 'POST' | 'DELETE', cookie: string | undefined, bookingId: string) =>
  SELF.fetch(apiRequest(method, `/api/bookings/${bookingId}/share`, { cookie }));

/** The public view, signed out, from an address of its own (apiRequest gives each request one). */
const viewShared = (token: string, ip?: string) => {
  const req = apiRequest('GET', `/api/shared/${token}`);
  if (ip) req.headers.set('CF-Connecting-IP', ip);
  return SELF.fetch(req);
};

/** Creates the guest's link and answers its token. */
async function created(cookie: string, bookingId: string) {
  const res = await share('POST', cookie, bookingId);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as OwnerView).share as Share;
}

const setBooking = (id: string, set: Partial<typeof eventBookings.$inferInsert>) =>
  d().update(eventBookings).set(set).where(eq(eventBookings.id, id));

/** Every string and number in a JSON value, and every key, with its path. */
function leaves(value: unknown, path = '$'): Array<{ path: string; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      { path: `${path}.${k}#key`, value: k },
      ...leaves(v, `${path}.${k}`),
    ]);
  return [{ path, value }];
}

describe('the guest makes and turns off a link (GET/POST/DELETE /api/bookings/:id/share)', () => {
  it('creates one link, and a second create answers the same one (idempotent), also when two race', async () => {
    const event = await createEvent({ inHours: 240 });
    const guest = await guestBooked(event);

    const none = await share('GET', guest.cookie, guest.bookingId);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ share: null, can_share: true, refusal: null });

    const first = await created(guest.cookie, guest.bookingId);
    // 256 random bits, base64url: never derived from the booking or the guest.
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toContain(guest.bookingId);
    expect(first).toEqual({
      token: first.token,
      path: `/shared/${first.token}`,
      created_at: expect.any(String),
      open_until: shareOpenUntil(event.endsAt as string),
      live: true,
    });

    const again = await share('POST', guest.cookie, guest.bookingId);
    expect(again.status).toBe(200);
    expect(((await again.json()) as OwnerView).share?.token).toBe(first.token);
    const read = (await (await share('GET', guest.cookie, guest.bookingId)).json()) as OwnerView;
    expect(read.share?.token).toBe(first.token);

    // Two tabs at once, after the link was turned off: one new link between them.
    await share('DELETE', guest.cookie, guest.bookingId);
    const racing = await Promise.all([
      share('POST', guest.cookie, guest.bookingId),
      share('POST', guest.cookie, guest.bookingId),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 201]);
    const tokens = await Promise.all(racing.map(async (r) => ((await r.json()) as OwnerView).share?.token));
    expect(tokens[0]).toBe(tokens[1]);
    const rows = await d().select().from(dinnerShares).where(eq(dinnerShares.bookingId, guest.bookingId));
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });

  it("answers another guest's booking and an unknown one with 404 on every method, changing nothing; signed out is 401", async () => {
    const event = await createEvent({ inHours: 240 });
    const owner = await guestBooked(event);
    const link = await created(owner.cookie, owner.bookingId);
    const other = await createGuest();

    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      for (const id of [owner.bookingId, 'bkg_nobody', 'not a booking']) {
        const res = await share(method, other.cookie, encodeURIComponent(id));
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(((await res.json()) as ErrorBody).error).toEqual({
          code: 'booking_not_found',
          message: 'Booking not found.',
        });
      }
      expect((await share(method, undefined, owner.bookingId)).status).toBe(401);
    }
    // The owner's link is untouched by the other guest's DELETE.
    expect((await viewShared(link.token)).status).toBe(200);
    const [row] = await d().select().from(dinnerShares).where(eq(dinnerShares.token, link.token));
    expect(row.revokedAt).toBeNull();
  });

  it('turns the link off: the public view is a 404 at once, a second DELETE is fine, and a new link is a new token', async () => {
    const event = await createEvent({ inHours: 240 });
    const guest = await guestBooked(event);
    const link = await created(guest.cookie, guest.bookingId);
    expect((await viewShared(link.token)).status).toBe(200);

    const off = await share('DELETE', guest.cookie, guest.bookingId);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ share: null, can_share: true, refusal: null });
    const gone = await viewShared(link.token);
    expect(gone.status).toBe(404);
    // A link turned off answers exactly like one that never existed.
    const unknown = await viewShared('A'.repeat(43));
    expect(await gone.json()).toEqual(await unknown.json());

    const twice = await share('DELETE', guest.cookie, guest.bookingId);
    expect(twice.status).toBe(200);
    expect(((await (await share('GET', guest.cookie, guest.bookingId)).json()) as OwnerView).share).toBeNull();

    const fresh = await created(guest.cookie, guest.bookingId);
    expect(fresh.token).not.toBe(link.token);
    expect((await viewShared(fresh.token)).status).toBe(200);
    expect((await viewShared(link.token)).status).toBe(404);
  });

  it('refuses a link (409, the reason in words, nothing written) for a booking without a seat, a cancelled dinner or one that has taken place', async () => {
    const cases: Array<{ hours: number; status?: BookingStatus; cancelled?: boolean; message: string }> = [
      { hours: 240, status: 'released', message: C.refusal.not_seated },
      { hours: 240, status: 'refunded', message: C.refusal.not_seated },
      { hours: 240, status: 'refund_pending', message: C.refusal.not_seated },
      { hours: 240, status: 'moved', message: C.refusal.not_seated },
      { hours: 240, cancelled: true, message: C.refusal.dinner_cancelled },
      { hours: -72, status: 'checked_in', message: C.refusal.over },
    ];
    for (const c of cases) {
      const event = await createEvent({ inHours: c.hours });
      if (c.cancelled)
        await d().update(events).set({ cancelledAt: new Date().toISOString() }).where(eq(events.id, event.id));
      const guest = await guestBooked(event, { status: c.status });
      const res = await share('POST', guest.cookie, guest.bookingId);
      expect(res.status, JSON.stringify(c)).toBe(409);
      expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'share_unavailable', message: c.message });
      expect(await d().select().from(dinnerShares).where(eq(dinnerShares.bookingId, guest.bookingId))).toEqual([]);
      expect(await (await share('GET', guest.cookie, guest.bookingId)).json()).toEqual({
        share: null,
        can_share: false,
        refusal: c.message,
      });
    }
  });

  it('shares a checked-in booking while its dinner is under way', async () => {
    const tonight = await createEvent({ inHours: -1 });
    const atTable = await guestBooked(tonight, { status: 'checked_in' });
    expect((await share('POST', atTable.cookie, atTable.bookingId)).status).toBe(201);
  });

  it('limits how many links a guest creates in an hour (429 with Retry-After)', async () => {
    const event = await createEvent({ inHours: 240 });
    const guest = await guestBooked(event);
    for (let i = 0; i < 30; i++) {
      const res = await share('POST', guest.cookie, guest.bookingId);
      expect(res.status).toBeLessThan(300);
    }
    const refused = await share('POST', guest.cookie, guest.bookingId);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('what a trusted contact sees (GET /api/shared/:token, signed out)', () => {
  it("shows the dinner, its hours and the sharer's first name, and nothing about any other guest", async () => {
    // Tomorrow: the venue is revealed and the tables are published, tablemates checked in.
    const event = await createEvent({ inHours: 24, title: 'Sunday Supper Club', location: 'Gurugram' });
    const guest = await guestBooked(event, { ticket: 'couple', partyName: 'Priya Nair', status: 'checked_in' });
    const mates = await Promise.all(
      ['Rohan Mehta', 'Kavya Iyer', 'Dev Kapoor'].map(async (name) => {
        const mate = await guestBooked(event, { status: 'checked_in' });
        await d().update(userProfiles).set({ fullName: name }).where(eq(userProfiles.userId, mate.userId));
        await d().update(users).set({ fullName: name }).where(eq(users.id, mate.userId));
        await setBooking(mate.bookingId, { tableNumber: 4, checkedInAt: new Date().toISOString() });
        const [profile] = await d().select().from(userProfiles).where(eq(userProfiles.userId, mate.userId));
        return { ...mate, name, profileEmail: profile.email as string };
      }),
    );
    await setBooking(guest.bookingId, { tableNumber: 4, checkedInAt: new Date().toISOString() });
    await d().update(events).set({ tablesPublishedAt: new Date().toISOString() }).where(eq(events.id, event.id));
    const link = await created(guest.cookie, guest.bookingId);

    const res = await viewShared(link.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicView;
    expect(body).toEqual({
      shared_by: 'Asha',
      dinner: {
        title: 'Sunday Supper Club',
        location: 'Gurugram',
        date: event.date,
        starts_at: event.startsAt,
        ends_at: event.endsAt,
        time: dinnerHours(event.startsAt, event.endsAt as string),
      },
      venue: {
        revealed: true,
        reveals_at: new Date(Date.parse(event.startsAt) - 48 * HOUR_MS).toISOString(),
        name: 'The Secret Table',
        address: '1 Hidden Lane',
      },
      open_until: shareOpenUntil(event.endsAt as string),
    });

    // Walk every key and value: no other guest's name, phone, email, user id, booking or table;
    // nor the sharer's own contact, ids, ticket code or party.
    const forbidden = [
      ...mates.flatMap((m) => [
        m.name,
        m.name.split(' ')[0],
        m.phone,
        m.profileEmail,
        m.userId,
        m.bookingId,
        m.ticketCode,
      ]),
      guest.phone,
      guest.email,
      guest.userId,
      guest.bookingId,
      guest.ticketCode,
      'Priya',
      'Verma',
    ];
    const found = leaves(body).filter(
      (l) =>
        /table|mate|guest|user|phone|email|ticket|party|booking|hint|seat/i.test(String(l.path)) ||
        (typeof l.value === 'string' && forbidden.some((f) => l.value === f || (l.value as string).includes(f))) ||
        typeof l.value === 'number',
    );
    expect(found).toEqual([]);
  });

  it('keeps the venue secret until 48 hours before the start, exactly as My Booking does', async () => {
    for (const [hours, revealed] of [
      [240, false],
      [48 + 1 / 6, false],
      [48 - 1 / 6, true],
      [2, true],
    ] as const) {
      const event = await createEvent({ inHours: hours });
      const guest = await guestBooked(event);
      const link = await created(guest.cookie, guest.bookingId);
      const shared = (await (await viewShared(link.token)).json()) as PublicView;
      const myBooking = (await (
        await SELF.fetch(apiRequest('GET', `/api/bookings/${guest.bookingId}`, { cookie: guest.cookie }))
      ).json()) as { venue: PublicView['venue'] };
      expect(shared.venue, `${hours} hours before`).toEqual(myBooking.venue);
      expect(shared.venue.revealed, `${hours} hours before`).toBe(revealed);
      if (!revealed) {
        expect(shared.venue).toMatchObject({ name: null, address: null });
        expect(JSON.stringify(shared)).not.toMatch(/Secret Table|Hidden Lane/);
      } else {
        expect(shared.venue).toMatchObject({ name: 'The Secret Table', address: '1 Hidden Lane' });
      }
    }
  });

  it('says the link is no longer active once the booking has no seat or the dinner was cancelled, and answers again for nothing', async () => {
    const cases: Array<{ status?: BookingStatus; cancel?: boolean; code: string; reason: string }> = [
      { status: 'released', code: 'share_booking_ended', reason: C.inactive.booking_ended },
      { status: 'refunded', code: 'share_booking_ended', reason: C.inactive.booking_ended },
      { status: 'moved', code: 'share_booking_ended', reason: C.inactive.booking_ended },
      { status: 'no_show', code: 'share_booking_ended', reason: C.inactive.booking_ended },
      { cancel: true, code: 'share_dinner_cancelled', reason: C.inactive.dinner_cancelled },
      { cancel: true, status: 'refund_pending', code: 'share_dinner_cancelled', reason: C.inactive.dinner_cancelled },
    ];
    for (const c of cases) {
      const event = await createEvent({ inHours: 24 });
      const guest = await guestBooked(event);
      const link = await created(guest.cookie, guest.bookingId);
      if (c.status) await setBooking(guest.bookingId, { status: c.status });
      if (c.cancel)
        await d().update(events).set({ cancelledAt: new Date().toISOString() }).where(eq(events.id, event.id));
      const res = await viewShared(link.token);
      expect(res.status, JSON.stringify(c)).toBe(404);
      const { error } = (await res.json()) as ErrorBody;
      expect(error).toEqual({ code: c.code, message: `${C.inactive.title}. ${c.reason}` });
      expect(JSON.stringify(error)).not.toMatch(/Secret Table|Hidden Lane|Asha/);
      // The guest's own page says the link no longer shows the dinner, and it can be turned off.
      const own = (await (await share('GET', guest.cookie, guest.bookingId)).json()) as OwnerView;
      expect(own.share).toMatchObject({ token: link.token, live: false });
      expect((await share('DELETE', guest.cookie, guest.bookingId)).status).toBe(200);
    }
  });

  it('closes at the end of the day after the dinner (IST), and a link to a booking handed to no one else', async () => {
    const event = await createEvent({ inHours: 24 });
    const guest = await guestBooked(event);
    const link = await created(guest.cookie, guest.bookingId);
    const until = Date.parse(shareOpenUntil(event.endsAt as string));
    // Midnight IST, a day and a bit after the dinner's end.
    expect(new Date(until + 5.5 * HOUR_MS).toISOString().slice(11, 19)).toBe('00:00:00');
    expect(until - Date.parse(event.endsAt as string)).toBeGreaterThan(24 * HOUR_MS);
    expect(until - Date.parse(event.endsAt as string)).toBeLessThanOrEqual(48 * HOUR_MS);

    await expect(
      sharedDinner(d(), { token: link.token, address: '10.9.9.9' }, new Date(until - 1)),
    ).resolves.toMatchObject({ shared_by: 'Asha' });
    const late = await sharedDinner(d(), { token: link.token, address: '10.9.9.9' }, new Date(until)).catch(
      (e: unknown) => e,
    );
    expect(late).toBeInstanceOf(ApiError);
    expect((late as ApiError).code).toBe('share_expired');
    expect((late as ApiError).message).toBe(`${C.inactive.title}. ${C.inactive.expired}`);

    // Through the API: a dinner that ended three days ago.
    const past = await createEvent({ inHours: -75 });
    const pastGuest = await guestBooked(past, { status: 'checked_in' });
    const token = `${'B'.repeat(42)}c`;
    await d().insert(dinnerShares).values({ token, bookingId: pastGuest.bookingId, userId: pastGuest.userId });
    const res = await viewShared(token);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe('share_expired');

    // A link follows its guest's booking only: were the booking anyone else's, it shows nothing.
    const other = await createGuest();
    await setBooking(guest.bookingId, { userId: other.userId });
    expect((await viewShared(link.token)).status).toBe(404);
  });

  it('names a guest without a profile by their account name, and one with no name at all by none', async () => {
    const event = await createEvent({ inHours: 240 });
    const guest = await guestBooked(event);
    const link = await created(guest.cookie, guest.bookingId);
    await d().delete(userProfiles).where(eq(userProfiles.userId, guest.userId));
    await d().update(users).set({ fullName: 'Meera Iyer' }).where(eq(users.id, guest.userId));
    expect(((await (await viewShared(link.token)).json()) as PublicView).shared_by).toBe('Meera');
    await d().update(users).set({ fullName: null }).where(eq(users.id, guest.userId));
    expect(((await (await viewShared(link.token)).json()) as PublicView).shared_by).toBeNull();
  });

  it('is never cached nor indexed, its 404s included, and is limited per address (429)', async () => {
    const event = await createEvent({ inHours: 240 });
    const guest = await guestBooked(event);
    const link = await created(guest.cookie, guest.bookingId);
    for (const res of [await viewShared(link.token), await viewShared('x'), await viewShared('C'.repeat(43))]) {
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    }
    const ip = `10.200.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
    for (let i = 0; i < 30; i++) expect((await viewShared(link.token, ip)).status).toBe(200);
    const limited = await viewShared(link.token, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    // Another address is not held up.
    expect((await viewShared(link.token)).status).toBe(200);
  });

  it('costs one D1 round trip for the contact (the allowance and the read in one batch), two for the guest to read theirs', async () => {
    const event = await createEvent({ inHours: 240 });
    const guest = await guestBooked(event);
    const link = await created(guest.cookie, guest.bookingId);
    expect(await roundTrips(apiRequest('GET', `/api/shared/${link.token}`))).toEqual({ trips: 1, status: 200 });
    expect(await roundTrips(apiRequest('GET', `/api/shared/${'E'.repeat(43)}`))).toEqual({ trips: 1, status: 404 });
    expect(
      await roundTrips(apiRequest('GET', `/api/bookings/${guest.bookingId}/share`, { cookie: guest.cookie })),
    ).toEqual({ trips: 2, status: 200 });
  });

  it("serves the page (/shared/:token) as the SPA's shell, marked noindex and never stored", async () => {
    // The built SPA as the assets binding serves it: web/index.html's own head, an empty root.
    const ASSETS = {
      fetch: async () =>
        new Response(indexHtml, { headers: { 'Content-Type': 'text/html; charset=utf-8', ETag: '"v1"' } }),
    } as unknown as Fetcher;
    const res = await app.request(`${ORIGIN}/shared/${'D'.repeat(43)}`, {}, { ...env, ASSETS } as Env);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"></head>');
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('the rules (domain/dinner-share.ts)', () => {
  const booking = (over: Partial<Parameters<typeof shareRefusal>[0]> = {}) => ({
    status: 'confirmed' as BookingStatus,
    cancelled_at: null,
    date: '2026-11-28',
    ends_at: '2026-11-28T16:30:00.000Z',
    ...over,
  });

  it('a link may be made up to the end of the dinner day (IST) and answers until midnight IST after the next day', () => {
    expect(shareOpenUntil('2026-11-28T16:30:00.000Z')).toBe('2026-11-29T18:30:00.000Z');
    // A dinner that runs past midnight IST closes a day later.
    expect(shareOpenUntil('2026-11-28T19:00:00.000Z')).toBe('2026-11-30T18:30:00.000Z');
    expect(shareRefusal(booking(), new Date('2026-11-28T17:00:00.000Z'))).toBeNull();
    expect(shareRefusal(booking(), new Date('2026-11-28T18:30:00.000Z'))).toBe('over');
    expect(shareEnded(booking(), new Date('2026-11-29T18:29:59.999Z'))).toBeNull();
    expect(shareEnded(booking(), new Date('2026-11-29T18:30:00.000Z'))).toBe('expired');
    expect(shareEnded(booking({ status: 'no_show' }), new Date('2026-11-28T10:00:00.000Z'))).toBe('booking_ended');
    expect(
      shareEnded(
        booking({ status: 'moved', cancelled_at: '2026-11-20T00:00:00.000Z' }),
        new Date('2026-11-28T10:00:00.000Z'),
      ),
    ).toBe('dinner_cancelled');
  });
});
