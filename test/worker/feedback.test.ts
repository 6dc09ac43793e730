/**
 * The morning after (issue 21, docs/decisions/034): the cron's "How was the evening?" at 10:00 IST
 * the day after (checked-in guests only, once however often it runs or fails), the feedback page's
 * API (validation, the atomic replace of the verdicts, an unknown ref refused whole), the mutual
 * 'dine again' (one-sided: nothing; mutual: both told once, each sees the other's contact;
 * withdrawn: gone for both), and privacy: the JSON of every endpoint added here, walked for three
 * guests at one table, never carries another guest's user id, what another said of the viewer, a
 * one-sided 'again' or a contact without the double yes.
 */
import { env, SELF } from 'cloudflare:test';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import {
  deliveries,
  dinnerFeedback,
  eventBookings,
  paymentOrders,
  tablemateVerdicts,
  userProfiles,
} from '../../db/schema';
import { dinnerWhenWhatsApp } from '../../worker/domain/booking-messages';
import { DINE_AGAIN_WHATSAPP, FEEDBACK_COPY, MORNING_AFTER_WHATSAPP } from '../../worker/domain/copy-feedback';
import { FEEDBACK_WINDOW_MS, morningAfterAt } from '../../worker/domain/feedback';
import type { BookingStatus } from '../../worker/domain/statuses';
import { istDate, istToUtc } from '../../worker/domain/time';
import { saveFeedback } from '../../worker/services/feedback';
import { afterTheDinner, sendMorningAfter } from '../../worker/services/morning-after';
import { URL_BUTTON_TEMPLATES } from '../sandbox/whatsapp-templates';
import { createEvent, createGuest, providerOutage } from './helpers/booking-fixtures';
import { type EventRow, istEvening } from './helpers/event-row';
import { roundTrips } from './helpers/round-trips';
import { apiRequest } from './helpers/session-cookie';

const d = () => db(env.DB);
const HOUR = 3_600_000;
const MINUTE = 60_000;

type OutboxEntry = {
  channel: string;
  to: string;
  subject?: string;
  body: string;
  html?: string;
  buttons?: Array<{ text: string; url: string }>;
};
const outbox = async (to: string) =>
  ((await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as OutboxEntry[]).filter((m) => m.to === to);

type Guest = Awaited<ReturnType<typeof createGuest>> & { name: string; bookingId: string };

let seq = 0;
/**
 * A signed-in guest (confirmed email, verified phone) named `name`, booked at `event` at `table`,
 * checked in unless `status` says otherwise.
 */
async function seated(event: EventRow, name: string, opts: { table?: number; status?: BookingStatus } = {}) {
  const guest = await createGuest();
  seq += 1;
  const tag = `${event.id}-f${seq}`;
  const status = opts.status ?? 'checked_in';
  await d().batch([
    d().update(userProfiles).set({ fullName: name }).where(eq(userProfiles.userId, guest.userId)),
    d()
      .insert(paymentOrders)
      .values({
        id: `o-${tag}`,
        receipt: `r-${tag}`,
        userId: guest.userId,
        eventId: event.id,
        ticketType: 'male',
        seats: 1,
        amount: 499,
        status: 'confirmed',
        holdExpiresAt: new Date().toISOString(),
      }),
    d()
      .insert(eventBookings)
      .values({
        id: `b-${tag}`,
        userId: guest.userId,
        orderId: `o-${tag}`,
        eventId: event.id,
        eventName: event.title,
        eventLocation: event.location,
        eventDate: event.date,
        ticketType: 'male',
        seats: 1,
        amount: 499,
        paymentId: `pay-${tag}`,
        status,
        tableNumber: opts.table ?? 1,
        checkedInAt: status === 'checked_in' ? event.startsAt : null,
      }),
  ]);
  return { ...guest, name, bookingId: `b-${tag}` } as Guest;
}

/** A dinner held on an IST date, 7-10 PM, `daysAgo` days before today (0: tonight). */
async function dinnerDaysAgo(daysAgo: number, over: Partial<EventRow> = {}) {
  return createEvent({ ...istEvening(-daysAgo), ...over });
}

/** A dinner that ended an hour ago (or, just after IST midnight, yesterday's): its feedback page is open. */
async function endedDinner() {
  const endsAt = new Date(Date.now() - HOUR);
  return createEvent({
    date: istDate(new Date(endsAt.getTime() - 3 * HOUR)),
    startsAt: new Date(endsAt.getTime() - 3 * HOUR).toISOString(),
    endsAt: endsAt.toISOString(),
  });
}

const getFeedback = (g: { cookie: string }, bookingId: string) =>
  SELF.fetch(apiRequest('GET', `/api/bookings/${bookingId}/feedback`, { cookie: g.cookie }));
const putFeedback = (g: { cookie: string }, bookingId: string, body: unknown) =>
  SELF.fetch(apiRequest('PUT', `/api/bookings/${bookingId}/feedback`, { cookie: g.cookie, body }));
const getConnections = (g: { cookie: string }) =>
  SELF.fetch(apiRequest('GET', '/api/connections', { cookie: g.cookie }));

type View = {
  state: string;
  feedback: null | { evening: number; host: number; venue: number; note: string | null; share: unknown };
  tablemates: { ref: string; name: string; table_number: number; verdict: string | null; contact: unknown }[];
  own_whatsapp: string | null;
};
const view = async (g: Guest) => {
  const res = await getFeedback(g, g.bookingId);
  expect(res.status).toBe(200);
  return (await res.json()) as View;
};
/** The ref `viewer`'s page gives `other`, found by name. */
const refOf = async (viewer: Guest, other: Guest) => {
  const mate = (await view(viewer)).tablemates.find((t) => t.name.startsWith(other.name.split(' ')[0]));
  if (!mate) throw new Error(`${other.name} is not on ${viewer.name}'s list`);
  return mate.ref;
};

const RATINGS = { evening: 5, host: 4, venue: 3 };
/** A save naming each tablemate's verdict (by guest), sharing `share` when given. */
async function answer(g: Guest, verdicts: [Guest, 'again' | 'rather_not'][], share?: { kind: string; value: string }) {
  const tablemates = [];
  for (const [other, verdict] of verdicts) tablemates.push({ ref: await refOf(g, other), verdict });
  const res = await putFeedback(g, g.bookingId, { ...RATINGS, tablemates, ...(share ? { share } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as View;
}

const verdictsFrom = (g: Guest) =>
  d()
    .select({ to: tablemateVerdicts.toUserId, verdict: tablemateVerdicts.verdict })
    .from(tablemateVerdicts)
    .where(eq(tablemateVerdicts.fromUserId, g.userId));

const dineAgainMessages = async (g: Guest) =>
  [...(await outbox(g.email)), ...(await outbox(g.phone))].filter(
    (m) => m.subject?.includes('would both dine again') || m.body.startsWith(`[template ${DINE_AGAIN_WHATSAPP.name}]`),
  );

describe('the morning-after message', () => {
  it('goes at 10:00 IST the day after to each checked-in guest, by email and WhatsApp, once', async () => {
    const event = await dinnerDaysAgo(3);
    const asha = await seated(event, 'Asha Rao');
    const due = new Date(morningAfterAt(event.date));
    expect(due.toISOString()).toBe(istToUtc(istDate(new Date(Date.parse(event.startsAt) + 24 * HOUR)), '10:00'));

    // The night itself and the early morning after: nothing.
    await sendMorningAfter(env, d(), new Date(Date.parse(event.endsAt) + MINUTE));
    await sendMorningAfter(env, d(), new Date(due.getTime() - MINUTE));
    expect(await outbox(asha.email)).toEqual([]);
    expect(await outbox(asha.phone)).toEqual([]);

    // From 10:00 IST, once, however often the cron runs (twice at once, then later that day).
    await Promise.all([
      sendMorningAfter(env, d(), new Date(due.getTime() + MINUTE)),
      sendMorningAfter(env, d(), new Date(due.getTime() + MINUTE)),
    ]);
    await sendMorningAfter(env, d(), new Date(due.getTime() + 5 * HOUR));

    const link = `http://localhost:8787/feedback/${asha.bookingId}`;
    // The sandbox fills a URL button's approved address with the Worker's, else the deploy's.
    const button = `https://tablemates.in/feedback/${asha.bookingId}`;
    const mails = await outbox(asha.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`How was ${event.title}?`);
    expect(mails[0].body).toContain(link);
    expect(mails[0].html).toContain(link);
    const whatsapps = await outbox(asha.phone);
    expect(whatsapps).toHaveLength(1);
    expect(whatsapps[0].body).toBe(
      `[template dinner_feedback] Asha | ${event.title} | ${dinnerWhenWhatsApp(event.startsAt, event.endsAt)} | ${link}`,
    );
    expect(whatsapps[0].buttons).toEqual([{ text: 'Share your feedback', url: button }]);
    const claims = await d()
      .select({ key: deliveries.key, channel: deliveries.channel, state: deliveries.state })
      .from(deliveries)
      .where(eq(deliveries.bookingId, asha.bookingId));
    expect(claims.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { key: `morning-after:${asha.bookingId}`, channel: 'email', state: 'sent' },
      { key: `morning-after:${asha.bookingId}`, channel: 'whatsapp', state: 'sent' },
    ]);
  });

  it('is sent to no-shows, unchecked, released or refunded guests, nor for a dinner we cancelled: nothing', async () => {
    const event = await dinnerDaysAgo(3);
    const noShow = await seated(event, 'Nikhil Sen', { status: 'no_show' });
    const confirmed = await seated(event, 'Kabir Iyer', { status: 'confirmed' });
    const released = await seated(event, 'Dev Nair', { status: 'released' });
    const refunded = await seated(event, 'Tara Bose', { status: 'refunded' });
    const cancelled = await dinnerDaysAgo(3, { cancelledAt: new Date().toISOString() });
    const atCancelled = await seated(cancelled, 'Meera Shah');
    const due = Date.parse(morningAfterAt(event.date));
    await sendMorningAfter(env, d(), new Date(due + 10 * MINUTE));
    for (const g of [noShow, confirmed, released, refunded, atCancelled]) {
      expect(await outbox(g.email), g.name).toEqual([]);
      expect(await outbox(g.phone), g.name).toEqual([]);
    }
  });

  it('a channel that failed is sent by the next run, the other not twice; past its 48 hours, nothing', async () => {
    const event = await dinnerDaysAgo(4);
    const riya = await seated(event, 'Riya Kapoor');
    const late = await seated(event, 'Sahil Gupta');
    const due = Date.parse(morningAfterAt(event.date));
    const outage = await providerOutage('whatsapp', riya.phone.replace(/^\+/, ''), 503);
    try {
      await sendMorningAfter(env, d(), new Date(due + MINUTE));
    } finally {
      await outage.end();
    }
    const [failed] = await d()
      .select({ state: deliveries.state })
      .from(deliveries)
      .where(and(eq(deliveries.key, `morning-after:${riya.bookingId}`), eq(deliveries.channel, 'whatsapp')));
    expect(failed.state).toBe('failed');
    expect(await outbox(riya.email)).toHaveLength(1);
    expect(await outbox(riya.phone)).toHaveLength(0);

    await sendMorningAfter(env, d(), new Date(due + 6 * MINUTE));
    expect(await outbox(riya.email)).toHaveLength(1);
    expect(await outbox(riya.phone)).toHaveLength(1);

    // A guest whose message was never sent in its 48 hours is not asked days later.
    await d().delete(deliveries).where(eq(deliveries.bookingId, late.bookingId));
    const lateMails = (await outbox(late.email)).length;
    await sendMorningAfter(env, d(), new Date(due + 48 * HOUR + MINUTE));
    expect(await outbox(late.email)).toHaveLength(lateMails);
  });

  it('the sandbox holds both templates as the domain submits them', () => {
    for (const t of [MORNING_AFTER_WHATSAPP, DINE_AGAIN_WHATSAPP]) {
      expect(URL_BUTTON_TEMPLATES[t.name]).toEqual({ body: t.body, buttons: t.buttons.map((b) => ({ ...b })) });
      expect(t.body.endsWith('— Team Tablemates')).toBe(true);
    }
  });
});

describe('the feedback page', () => {
  it('opens when the dinner ends and closes 7 days later; a guest not checked in gets no form', async () => {
    const tonight = await createEvent({ inHours: 1 });
    const early = await seated(tonight, 'Ishita Rao');
    expect((await view(early)).state).toBe('upcoming');
    const put = await putFeedback(early, early.bookingId, { ...RATINGS, tablemates: [] });
    expect(put.status).toBe(409);
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe('feedback_not_open');

    const old = await createEvent({
      inHours: -(24 * 8),
      endsAt: new Date(Date.now() - 8 * 24 * HOUR + 3 * HOUR).toISOString(),
    });
    const late = await seated(old, 'Pooja Sen');
    expect((await view(late)).state).toBe('closed');
    const closed = await putFeedback(late, late.bookingId, { ...RATINGS, tablemates: [] });
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { error: { message: string } }).error.message).toBe(FEEDBACK_COPY.errors.closed);

    const event = await endedDinner();
    const noShow = await seated(event, 'Karan Mehta', { status: 'no_show' });
    const mate = await seated(event, 'Diya Nair');
    const noShowView = await view(noShow);
    expect(noShowView).toMatchObject({ state: 'not_checked_in', feedback: null, tablemates: [] });
    const refused = await putFeedback(noShow, noShow.bookingId, { ...RATINGS, tablemates: [] });
    expect(refused.status).toBe(409);
    // The no-show is on nobody's list.
    expect((await view(mate)).tablemates).toEqual([]);
    expect(
      Date.parse(((await (await getFeedback(mate, mate.bookingId)).json()) as { closes_at: string }).closes_at) -
        Date.parse(event.endsAt),
    ).toBe(FEEDBACK_WINDOW_MS);
  });

  it("another guest's booking answers 404, as an unknown one does; signed out is 401", async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');
    for (const res of [
      await getFeedback(a, b.bookingId),
      await getFeedback(a, 'bkg_nope'),
      await putFeedback(a, b.bookingId, { ...RATINGS, tablemates: [] }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'booking_not_found', message: 'Booking not found.' } });
    }
    expect((await SELF.fetch(apiRequest('GET', `/api/bookings/${a.bookingId}/feedback`))).status).toBe(401);
    expect((await SELF.fetch(apiRequest('GET', '/api/connections'))).status).toBe(401);
  });

  it('lists the checked-in tablemates at the guest’s table by first name and initial, with the table', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao', { table: 2 });
    await seated(event, 'Rohan Iyer Kapoor', { table: 2 });
    await seated(event, 'Kabir', { table: 2 });
    await seated(event, 'Tara Sen', { table: 3 });
    await seated(event, 'Nisha Rao', { table: 2, status: 'no_show' });
    const v = await view(a);
    expect(v.tablemates.map((t) => [t.name, t.table_number, t.verdict, t.contact])).toEqual([
      ['Kabir', 2, null, null],
      ['Rohan K.', 2, null, null],
    ]);
    for (const t of v.tablemates) expect(t.ref).toMatch(/^[0-9a-f]{24}$/);
    expect(v.own_whatsapp).toBe(a.phone);
  });

  it('refuses a bad answer with the form’s messages, and saves nothing', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');
    const ref = await refOf(a, b);
    const cases: [unknown, string, string][] = [
      [{ host: 4, venue: 3, tablemates: [] }, 'evening', FEEDBACK_COPY.errors.evening],
      [{ ...RATINGS, evening: 6, tablemates: [] }, 'evening', FEEDBACK_COPY.errors.evening],
      [{ ...RATINGS, host: 2.5, tablemates: [] }, 'host', FEEDBACK_COPY.errors.host],
      [{ ...RATINGS, venue: 0, tablemates: [] }, 'venue', FEEDBACK_COPY.errors.venue],
      [{ ...RATINGS, note: 'x'.repeat(2001), tablemates: [] }, 'note', FEEDBACK_COPY.errors.note],
      [{ ...RATINGS }, 'tablemates', FEEDBACK_COPY.errors.tablemates],
      [{ ...RATINGS, tablemates: [{ ref, verdict: 'maybe' }] }, 'tablemates', FEEDBACK_COPY.errors.tablemates],
      [
        {
          ...RATINGS,
          tablemates: [
            { ref, verdict: 'again' },
            { ref, verdict: 'rather_not' },
          ],
          share: { kind: 'email', value: 'a@x.in' },
        },
        'tablemates',
        FEEDBACK_COPY.errors.tablemates,
      ],
      [{ ...RATINGS, tablemates: [{ ref, verdict: 'again' }] }, 'share', FEEDBACK_COPY.errors.shareRequired],
      [
        { ...RATINGS, tablemates: [], share: { kind: 'whatsapp', value: '12345' } },
        'share',
        FEEDBACK_COPY.errors.whatsapp,
      ],
      [
        { ...RATINGS, tablemates: [], share: { kind: 'whatsapp', value: '5876543210' } },
        'share',
        FEEDBACK_COPY.errors.whatsapp,
      ],
      [
        { ...RATINGS, tablemates: [], share: { kind: 'instagram', value: 'asha..rao' } },
        'share',
        FEEDBACK_COPY.errors.instagram,
      ],
      [
        { ...RATINGS, tablemates: [], share: { kind: 'instagram', value: '.asha' } },
        'share',
        FEEDBACK_COPY.errors.instagram,
      ],
      [
        { ...RATINGS, tablemates: [], share: { kind: 'instagram', value: 'a'.repeat(31) } },
        'share',
        FEEDBACK_COPY.errors.instagram,
      ],
      [
        { ...RATINGS, tablemates: [], share: { kind: 'email', value: 'not-an-email' } },
        'share',
        FEEDBACK_COPY.errors.email,
      ],
      [{ ...RATINGS, tablemates: [], share: { kind: 'fax', value: '123' } }, 'share', FEEDBACK_COPY.errors.shareKind],
    ];
    for (const [body, field, message] of cases) {
      const res = await putFeedback(a, a.bookingId, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; message: string; fields: Record<string, string> };
      };
      expect(error.code).toBe('invalid_input');
      expect(error.fields[field], JSON.stringify(body).slice(0, 120)).toBe(message);
    }
    expect(await d().select().from(dinnerFeedback).where(eq(dinnerFeedback.userId, a.userId))).toEqual([]);
    expect(await verdictsFrom(a)).toEqual([]);
  });

  it('keeps each contact in one form: E.164, a bare lower-case handle, a lower-case email', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');
    const again = [{ ref: await refOf(a, b), verdict: 'again' }];
    const shares: [{ kind: string; value: string }, { kind: string; value: string }][] = [
      [
        { kind: 'whatsapp', value: '098765 43210' },
        { kind: 'whatsapp', value: '+919876543210' },
      ],
      [
        { kind: 'instagram', value: '@Asha.Travels' },
        { kind: 'instagram', value: 'asha.travels' },
      ],
      [
        { kind: 'instagram', value: 'https://www.instagram.com/asha_r/' },
        { kind: 'instagram', value: 'asha_r' },
      ],
      [
        { kind: 'email', value: ' Asha@Example.IN ' },
        { kind: 'email', value: 'asha@example.in' },
      ],
    ];
    for (const [sent, kept] of shares) {
      const res = await putFeedback(a, a.bookingId, {
        ...RATINGS,
        note: '  Lovely host.  ',
        tablemates: again,
        share: sent,
      });
      expect(res.status).toBe(200);
      const saved = ((await res.json()) as View).feedback;
      expect(saved).toMatchObject({ ...RATINGS, note: 'Lovely host.', share: kept });
    }
    const cleared = await putFeedback(a, a.bookingId, { ...RATINGS, note: '   ', tablemates: [] });
    expect(((await cleared.json()) as View).feedback).toMatchObject({ note: null, share: null });
    // A contact without any 'dine again' is not kept: there is nobody it could ever be shown to.
    const alone = await putFeedback(a, a.bookingId, { ...RATINGS, tablemates: [], share: shares[0][0] });
    expect(alone.status).toBe(200);
    expect(((await alone.json()) as View).feedback).toMatchObject({ share: null });
    const rows = await d().select().from(dinnerFeedback).where(eq(dinnerFeedback.bookingId, a.bookingId));
    expect(rows).toHaveLength(1);
  });

  it('a save replaces the guest’s verdicts for the dinner; an unknown ref is a 422 that changes nothing', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');
    const c = await seated(event, 'Kabir Shah');
    const elsewhere = await seated(event, 'Tara Sen', { table: 2 });
    await answer(
      a,
      [
        [b, 'again'],
        [c, 'rather_not'],
      ],
      { kind: 'email', value: 'asha@example.in' },
    );
    expect((await verdictsFrom(a)).sort((x, y) => x.verdict.localeCompare(y.verdict))).toEqual([
      { to: b.userId, verdict: 'again' },
      { to: c.userId, verdict: 'rather_not' },
    ]);

    const saved = await answer(a, [[c, 'again']], { kind: 'email', value: 'asha@example.in' });
    expect(await verdictsFrom(a)).toEqual([{ to: c.userId, verdict: 'again' }]);
    expect(saved.tablemates.map((t) => [t.name, t.verdict])).toEqual([
      ['Kabir S.', 'again'],
      ['Rohan I.', null],
    ]);

    // Tara at table 2 has nobody on her list; a ref from another guest's page, made up, or a user id: refused whole.
    const notMine = (await view(elsewhere)).tablemates;
    expect(notMine).toEqual([]);
    const rohansRefForAsha = await refOf(b, a);
    for (const ref of [rohansRefForAsha, 'f'.repeat(24), b.userId]) {
      const res = await putFeedback(a, a.bookingId, {
        evening: 1,
        host: 1,
        venue: 1,
        tablemates: [
          { ref: await refOf(a, b), verdict: 'rather_not' },
          { ref, verdict: 'rather_not' },
        ],
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unknown_tablemate');
    }
    expect(await verdictsFrom(a)).toEqual([{ to: c.userId, verdict: 'again' }]);
    expect((await view(a)).feedback).toMatchObject(RATINGS);
  });

  it('is limited per guest: past 20 saves in an hour, 429 with Retry-After, and the answers stay as they were', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    for (let i = 0; i < 20; i++) {
      const res = await putFeedback(a, a.bookingId, { ...RATINGS, note: `Save ${i}`, tablemates: [] });
      expect(res.status).toBe(200);
    }
    const refused = await putFeedback(a, a.bookingId, { ...RATINGS, note: 'One too many', tablemates: [] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await view(a)).feedback).toMatchObject({ note: 'Save 19' });
  });

  it('writes the feedback and the verdicts in one batch: a save that fails keeps the old answers whole', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');
    await answer(a, [[b, 'rather_not']]);
    // A D1 whose batches fail: a save that wrote anything outside its batch would show here.
    const broken = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'batch') return async () => Promise.reject(new Error('D1 is unavailable (test)'));
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const ref = await refOf(a, b);
    await expect(
      saveFeedback(env, db(broken), { id: a.userId, phone: a.phone }, a.bookingId, {
        evening: 1,
        host: 1,
        venue: 1,
        note: 'changed',
        tablemates: [{ ref, verdict: 'again' }],
        share: { kind: 'email', value: 'asha@example.in' },
      }),
    ).rejects.toThrow('D1 is unavailable');
    expect(await verdictsFrom(a)).toEqual([{ to: b.userId, verdict: 'rather_not' }]);
    expect((await view(a)).feedback).toMatchObject({ ...RATINGS, note: null, share: null });
  });
});

describe("a mutual 'dine again'", () => {
  it('is nothing while one-sided; once mutual both are told once and see each other’s contact; withdrawn, gone for both', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');

    // One-sided: Asha says 'again'; Rohan learns nothing, nobody is told, no connection.
    const aView = await answer(a, [[b, 'again']], { kind: 'instagram', value: '@asha.travels' });
    expect(aView.tablemates).toEqual([expect.objectContaining({ verdict: 'again', contact: null })]);
    expect((await view(b)).tablemates).toEqual([
      expect.objectContaining({ name: 'Asha R.', verdict: null, contact: null }),
    ]);
    expect(await dineAgainMessages(a)).toEqual([]);
    expect(await dineAgainMessages(b)).toEqual([]);
    expect(await (await getConnections(b)).json()).toEqual({ connections: [] });

    // Rohan says it too: both told by email and WhatsApp, each sees the other's contact.
    const bView = await answer(b, [[a, 'again']], { kind: 'whatsapp', value: b.phone });
    expect(bView.tablemates).toEqual([
      expect.objectContaining({ verdict: 'again', contact: { kind: 'instagram', value: 'asha.travels' } }),
    ]);
    expect((await view(a)).tablemates).toEqual([
      expect.objectContaining({ name: 'Rohan I.', contact: { kind: 'whatsapp', value: b.phone } }),
    ]);
    const toA = await dineAgainMessages(a);
    expect(toA.map((m) => m.channel).sort()).toEqual(['email', 'whatsapp']);
    const aLink = `http://localhost:8787/feedback/${a.bookingId}`;
    expect(toA.find((m) => m.channel === 'email')?.subject).toBe('You and Rohan would both dine again');
    expect(toA.find((m) => m.channel === 'whatsapp')).toMatchObject({
      body: `[template dine_again_match] Asha | ${event.title} | Rohan | ${aLink}`,
      buttons: [{ text: 'See their contact', url: `https://tablemates.in/feedback/${a.bookingId}` }],
    });
    // The contact is on the page, not in the message: a withdrawal can take it back.
    for (const m of toA) expect(m.body).not.toContain(b.phone);
    const toB = await dineAgainMessages(b);
    expect(toB.map((m) => m.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(toB.find((m) => m.channel === 'email')?.subject).toBe('You and Asha would both dine again');

    expect(await (await getConnections(a)).json()).toEqual({
      connections: [
        {
          ref: expect.stringMatching(/^[0-9a-f]{24}$/),
          first_name: 'Rohan',
          dinner: { title: event.title, date: event.date },
          booking_id: a.bookingId,
          contact: { kind: 'whatsapp', value: b.phone },
        },
      ],
    });

    // Saving again, by either: nobody is told twice.
    await answer(a, [[b, 'again']], { kind: 'instagram', value: 'asha.travels' });
    await answer(b, [[a, 'again']], { kind: 'whatsapp', value: b.phone });
    expect(await dineAgainMessages(a)).toHaveLength(2);
    expect(await dineAgainMessages(b)).toHaveLength(2);

    // Asha takes it back: the contact is gone for both, and so is the connection.
    await answer(a, [], { kind: 'instagram', value: 'asha.travels' });
    expect((await view(b)).tablemates).toEqual([expect.objectContaining({ contact: null })]);
    expect((await view(a)).tablemates).toEqual([expect.objectContaining({ verdict: null, contact: null })]);
    expect(await (await getConnections(a)).json()).toEqual({ connections: [] });
    expect(await (await getConnections(b)).json()).toEqual({ connections: [] });

    // And says it once more: mutual again, the contacts back, still nobody told twice.
    await answer(a, [[b, 'again']], { kind: 'email', value: 'asha@example.in' });
    expect((await view(b)).tablemates).toEqual([
      expect.objectContaining({ contact: { kind: 'email', value: 'asha@example.in' } }),
    ]);
    expect(await dineAgainMessages(a)).toHaveLength(2);
    expect(await dineAgainMessages(b)).toHaveLength(2);
  });

  it('a message that failed is sent by the cron, once', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Meera Shah');
    const b = await seated(event, 'Arjun Bose');
    await answer(a, [[b, 'again']], { kind: 'email', value: 'meera@example.in' });
    const outage = await providerOutage('email', b.email, 503);
    try {
      await answer(b, [[a, 'again']], { kind: 'email', value: 'arjun@example.in' });
    } finally {
      await outage.end();
    }
    expect((await dineAgainMessages(b)).map((m) => m.channel)).toEqual(['whatsapp']);
    await afterTheDinner(env, d(), new Date());
    await afterTheDinner(env, d(), new Date());
    expect((await dineAgainMessages(b)).map((m) => m.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(await dineAgainMessages(a)).toHaveLength(2);
    const keys = await d()
      .select({ key: deliveries.key })
      .from(deliveries)
      .where(like(deliveries.key, `dine-again:${b.bookingId}:%`));
    // The key names the tablemate by the recipient's opaque ref, never a user id.
    for (const { key } of keys) {
      expect(key).toMatch(new RegExp(`^dine-again:${b.bookingId}:[0-9a-f]{24}$`));
      expect(key).not.toContain(a.userId);
    }
  });
});

/** Every string value and every key in a JSON value, with its path. */
function walk(value: unknown, path = '$', out: { path: string; key?: string; value?: unknown }[] = []) {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      walk(v, `${path}[${i}]`, out);
    });
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push({ path: `${path}.${k}`, key: k });
      walk(v, `${path}.${k}`, out);
    }
  else out.push({ path, value });
  return out;
}

describe('privacy: what the endpoints never say', () => {
  it('three guests at one table: no other user id, no verdict of you, no one-sided again, no contact without the double yes', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Ananya Mehta');
    const b = await seated(event, 'Vikram Rao');
    const c = await seated(event, 'Sana Iyer');
    const contact = {
      a: { kind: 'email', value: `ananya-${a.userId.slice(0, 8)}@example.in` },
      b: { kind: 'instagram', value: `vikram_${b.userId.slice(0, 8)}` },
      c: { kind: 'email', value: `sana-${c.userId.slice(0, 8)}@example.in` },
    };
    const tag = crypto.randomUUID().slice(0, 8);
    const notes = { a: `note-a-${tag}`, b: `note-b-${tag}`, c: `note-c-${tag}` };
    const ratings = {
      a: { evening: 5, host: 5, venue: 5 },
      b: { evening: 4, host: 4, venue: 4 },
      c: { evening: 2, host: 1, venue: 3 },
    };
    const body = async (who: 'a' | 'b' | 'c', g: Guest, verdicts: [Guest, 'again' | 'rather_not'][]) => {
      const tablemates = [];
      for (const [other, verdict] of verdicts) tablemates.push({ ref: await refOf(g, other), verdict });
      return { ...ratings[who], note: notes[who], tablemates, share: contact[who] };
    };
    // Ananya and Vikram: mutual. Sana: 'again' to Vikram (one-sided), 'rather not' to Ananya.
    // Ananya: 'rather not' to Sana. Vikram says nothing of Sana.
    const puts: Record<'a' | 'b' | 'c', unknown[]> = { a: [], b: [], c: [] };
    for (const [who, g, verdicts] of [
      [
        'a',
        a,
        [
          [b, 'again'],
          [c, 'rather_not'],
        ],
      ],
      [
        'c',
        c,
        [
          [b, 'again'],
          [a, 'rather_not'],
        ],
      ],
      ['b', b, [[a, 'again']]],
    ] as const) {
      const res = await putFeedback(
        g,
        g.bookingId,
        await body(who, g, verdicts as unknown as [Guest, 'again' | 'rather_not'][]),
      );
      expect(res.status).toBe(200);
      puts[who].push(await res.json());
    }
    // Every endpoint of this feature, for each guest: their page, their save's answer, their connections.
    const answers: Record<'a' | 'b' | 'c', unknown[]> = { a: [], b: [], c: [] };
    for (const [who, g] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      answers[who].push(
        ...puts[who],
        await (await getFeedback(g, g.bookingId)).json(),
        await (await getConnections(g)).json(),
        // Another guest's booking and a bad body: errors carry nothing either.
        await (await getFeedback(g, (g === a ? b : a).bookingId)).json(),
        await (await putFeedback(g, g.bookingId, { tablemates: [{ ref: 'x', verdict: 'again' }] })).json(),
      );
    }
    const people = { a, b, c };
    for (const who of ['a', 'b', 'c'] as const) {
      const me = people[who];
      const others = (['a', 'b', 'c'] as const).filter((o) => o !== who);
      const nodes = walk(answers[who]);
      const strings = nodes.filter((n) => typeof n.value === 'string').map((n) => String(n.value));
      const text = JSON.stringify(answers[who]);
      for (const o of others) {
        const other = people[o];
        // No user id, email, phone or note of another guest, anywhere.
        expect(text, `${who} sees ${o}'s user id`).not.toContain(other.userId);
        expect(text, `${who} sees ${o}'s email`).not.toContain(other.email);
        expect(text, `${who} sees ${o}'s note`).not.toContain(notes[o]);
        // Another's contact only on the double yes (Ananya and Vikram).
        const mutual = (who === 'a' && o === 'b') || (who === 'b' && o === 'a');
        expect(strings.includes(contact[o].value), `${who} sees ${o}'s contact`).toBe(mutual);
        expect(text, `${who} sees ${o}'s phone`).not.toContain(other.phone);
      }
      // Your own phone is yours (the WhatsApp the form offers); only your user id is never needed.
      expect(text).not.toContain(me.userId);
      // No key that could carry what someone said of you.
      const keys = new Set(nodes.flatMap((n) => (n.key ? [n.key] : [])));
      for (const k of keys)
        expect(
          [
            'booking_id',
            'dinner',
            'title',
            'date',
            'starts_at',
            'ends_at',
            'state',
            'opens_at',
            'closes_at',
            'feedback',
            'evening',
            'host',
            'venue',
            'note',
            'share',
            'kind',
            'value',
            'updated_at',
            'tablemates',
            'ref',
            'name',
            'table_number',
            'verdict',
            'contact',
            'own_whatsapp',
            'connections',
            'first_name',
            'error',
            'code',
            'message',
            'fields',
          ],
          `${who}: key ${k}`,
        ).toContain(k);
    }
    // Each verdict on a page is the viewer's own; ratings are only ever the viewer's.
    const own = async (g: Guest) => new Map((await verdictsFrom(g)).map((r) => [r.to, r.verdict]));
    for (const [who, g] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      const page = (await view(g)) as View;
      const mine = await own(g);
      const byName = new Map([a, b, c].map((x) => [x.name.split(' ')[0], x]));
      for (const t of page.tablemates) {
        const other = byName.get(t.name.split(' ')[0]) as Guest;
        expect(t.verdict, `${who} → ${t.name}`).toBe(mine.get(other.userId) ?? null);
      }
      expect(page.feedback).toMatchObject(ratings[who]);
    }
    // Sana's one-sided 'again' and her 'rather not': Vikram and Ananya see no sign of either.
    const vikram = (await view(b)).tablemates.find((t) => t.name === 'Sana I.');
    expect(vikram).toMatchObject({ verdict: null, contact: null });
    const ananya = (await view(a)).tablemates.find((t) => t.name === 'Sana I.');
    expect(ananya).toMatchObject({ verdict: 'rather_not', contact: null });
    expect(await (await getConnections(c)).json()).toEqual({ connections: [] });
    expect(await dineAgainMessages(c)).toEqual([]);
  });
});

describe('on the wire', () => {
  it('answers in snake_case, the page and the connections in two D1 round trips each', async () => {
    const event = await endedDinner();
    const a = await seated(event, 'Asha Rao');
    const b = await seated(event, 'Rohan Iyer');
    await answer(a, [[b, 'again']], { kind: 'email', value: 'asha@example.in' });
    await answer(b, [[a, 'again']], { kind: 'email', value: 'rohan@example.in' });
    const snake = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
    for (const res of [await getFeedback(a, a.bookingId), await getConnections(a)]) {
      const keys = walk(await res.json()).flatMap((n) => (n.key ? [n.key] : []));
      expect(keys.filter((k) => !snake.test(k))).toEqual([]);
    }
    // The session, then one batch (booking, answers, mutual contacts, the table's guests).
    const page = await roundTrips(apiRequest('GET', `/api/bookings/${a.bookingId}/feedback`, { cookie: a.cookie }));
    expect(page).toEqual({ trips: 2, status: 200 });
    const connections = await roundTrips(apiRequest('GET', '/api/connections', { cookie: a.cookie }));
    expect(connections).toEqual({ trips: 2, status: 200 });
  });
});
