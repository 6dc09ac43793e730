/**
 * 'Report a problem' (issue 21, worker/services/reports.ts): a guest reports about their own dinner
 * from its start, optionally naming a tablemate by the opaque ref of their own list; the report
 * reaches the console's needs attention (urgent first), `GET /api/admin/reports` and each operator
 * by email, once. The guest named learns nothing. Operators only for the console's side.
 */
import { env, SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import {
  auditLog,
  deliveries,
  eventBookings,
  paymentOrders,
  rateEvents,
  reports,
  userProfiles,
  users,
} from '../../db/schema';
import { REPORT_COPY } from '../../worker/domain/copy-reports';
import { DELIVERY_KEYS } from '../../worker/domain/deliveries';
import type { Role } from '../../worker/domain/roles';
import { newTicketCode } from '../../worker/domain/ticket';
import { alertOperators } from '../../worker/services/reports';
import { tablemateRef } from '../../worker/services/tablemates';
import { createEvent, outboxFor } from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const HOUR = 3_600_000;

const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  SELF.fetch(apiRequest(method, path, opts));

let seq = 0;
/**
 * A signed-in guest with a booking at `event`: at `table`, checked in unless `checkedIn: false`,
 * named `name` on their profile (with a confirmed email, so mail to them would land in the outbox).
 */
async function seat(
  event: EventRow,
  opts: { name?: string; table?: number | null; checkedIn?: boolean; status?: 'confirmed' | 'checked_in' } = {},
) {
  seq += 1;
  const user = await createSignedInUser();
  const tag = `${event.id}-r${seq}-${Math.random().toString(36).slice(2, 6)}`;
  const email = `guest-${tag}@example.com`;
  const checkedIn = opts.checkedIn ?? true;
  await d().batch([
    d()
      .insert(userProfiles)
      .values({
        id: crypto.randomUUID(),
        userId: user.userId,
        fullName: opts.name ?? `Guest ${seq} Person`,
        email,
        emailVerifiedAt: new Date().toISOString(),
      }),
    d()
      .insert(paymentOrders)
      .values({
        id: `o-${tag}`,
        receipt: `r-${tag}`,
        userId: user.userId,
        eventId: event.id as string,
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
        userId: user.userId,
        orderId: `o-${tag}`,
        eventId: event.id as string,
        eventName: event.title as string,
        eventLocation: event.location as string,
        eventDate: event.date as string,
        ticketType: 'male',
        seats: 1,
        amount: 499,
        paymentId: `pay-${tag}`,
        status: opts.status ?? (checkedIn ? 'checked_in' : 'confirmed'),
        ticketCode: newTicketCode(),
        tableNumber: opts.table === undefined ? 1 : opts.table,
        checkedInAt: checkedIn ? new Date(Date.now() - 30 * 60_000).toISOString() : null,
      }),
  ]);
  return { ...user, bookingId: `b-${tag}`, email };
}

/** A signed-in account holding `role`, with an email of its own when `email` is given. */
async function signedInAs(role: Role, email: string | null = null) {
  const user = await createSignedInUser({ email });
  await d().update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

type Tablemates = {
  report_open: boolean;
  opens_at: string;
  tablemates: { ref: string; name: string; table_number: number }[];
};
const tablematesOf = async (cookie: string, bookingId: string) => {
  const res = await call('GET', `/api/bookings/${bookingId}/tablemates`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Tablemates;
};
const report = (cookie: string, body: unknown) => call('POST', '/api/reports', { cookie, body });

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** A dinner that started an hour ago with Asha (the reporter), two checked-in tablemates, one who never came, and one at another table. */
async function dinnerUnderWay() {
  const event = await createEvent({ inHours: -1 });
  const asha = await seat(event, { name: 'Asha Rao', table: 1 });
  const ravi = await seat(event, { name: 'Ravi Kumar', table: 1 });
  const meera = await seat(event, { name: 'Meera Shah', table: 1 });
  const noShow = await seat(event, { name: 'Kabir Das', table: 1, checkedIn: false });
  const elsewhere = await seat(event, { name: 'Tara Iyer', table: 2 });
  return { event, asha, ravi, meera, noShow, elsewhere };
}

describe('the tablemates a guest may name', () => {
  it('lists the guests who checked in at their table, by first name and initial behind opaque refs, never a user id', async () => {
    const { asha, ravi, meera, noShow, elsewhere } = await dinnerUnderWay();
    const body = await tablematesOf(asha.cookie, asha.bookingId);
    expect(body.report_open).toBe(true);
    expect(body.tablemates.map((t) => t.name)).toEqual(['Meera S.', 'Ravi K.']);
    expect(body.tablemates.every((t) => /^[0-9a-f]{24}$/.test(t.ref) && t.table_number === 1)).toBe(true);
    const wire = strings(body).join(' ');
    for (const id of [asha.userId, ravi.userId, meera.userId, noShow.userId, elsewhere.userId])
      expect(wire).not.toContain(id);
    expect(Object.keys(body.tablemates[0]).sort()).toEqual(['name', 'ref', 'table_number']);
  });

  it('is closed before the dinner starts, and names nobody then', async () => {
    const event = await createEvent({ inHours: 5 });
    const asha = await seat(event, { name: 'Asha Rao', checkedIn: false });
    await seat(event, { name: 'Ravi Kumar', checkedIn: true });
    const body = await tablematesOf(asha.cookie, asha.bookingId);
    expect(body).toEqual({ report_open: false, opens_at: event.startsAt, tablemates: [] });
  });

  it('a guest who was not at the table names nobody and learns nobody: they may still report without a name', async () => {
    const { event, noShow, ravi } = await dinnerUnderWay();
    const body = await tablematesOf(noShow.cookie, noShow.bookingId);
    expect(body).toEqual({ report_open: true, opens_at: event.startsAt, tablemates: [] });
    // A ref a checked-in guest would have for Ravi is no use to them.
    const forged = await call('POST', '/api/reports', {
      cookie: noShow.cookie,
      body: {
        booking_id: noShow.bookingId,
        category: 'harassment',
        description: 'Someone at the table was rude to me.',
        about_ref: (await tablemateRef(env.SESSION_SECRET, noShow.userId, event.id as string, ravi.userId)) as string,
      },
    });
    expect(forged.status).toBe(422);
    const plain = await call('POST', '/api/reports', {
      cookie: noShow.cookie,
      body: { booking_id: noShow.bookingId, category: 'venue', description: 'The venue was closed when I arrived.' },
    });
    expect(plain.status).toBe(201);
  });

  it("another guest's booking answers 404, as an unknown one does", async () => {
    const { asha, ravi } = await dinnerUnderWay();
    const res = await call('GET', `/api/bookings/${ravi.bookingId}/tablemates`, { cookie: asha.cookie });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('booking_not_found');
    expect((await call('GET', '/api/bookings/nope/tablemates', { cookie: asha.cookie })).status).toBe(404);
    expect((await call('GET', `/api/bookings/${asha.bookingId}/tablemates`)).status).toBe(401);
  });
});

describe('filing a report', () => {
  it('files an urgent report naming a tablemate: about_user_id is set, and the reporter hears who they will not sit with again', async () => {
    const { event, asha, ravi } = await dinnerUnderWay();
    const mates = await tablematesOf(asha.cookie, asha.bookingId);
    const ref = mates.tablemates.find((t) => t.name === 'Ravi K.')?.ref;
    const res = await report(asha.cookie, {
      booking_id: asha.bookingId,
      category: 'harassment',
      description: '  He kept touching my arm after I asked him to stop.  ',
      about_ref: ref,
    });
    expect(res.status).toBe(201);
    const { report: filed } = (await res.json()) as {
      report: { id: string; urgent: boolean; category: string; about: { name: string; table_number: number } };
    };
    expect(filed).toMatchObject({ urgent: true, category: 'harassment', about: { name: 'Ravi K.', table_number: 1 } });
    expect(strings(filed).join(' ')).not.toContain(ravi.userId);
    const [row] = await d().select().from(reports).where(eq(reports.id, filed.id));
    expect(row).toMatchObject({
      reporterId: asha.userId,
      aboutUserId: ravi.userId,
      bookingId: asha.bookingId,
      eventId: event.id,
      urgent: true,
      status: 'open',
      description: 'He kept touching my arm after I asked him to stop.',
    });
  });

  it('a report without a guest or a booking is filed too; a category that is not urgent is not', async () => {
    const { asha } = await dinnerUnderWay();
    const venue = await report(asha.cookie, {
      booking_id: asha.bookingId,
      category: 'venue',
      description: 'The restaurant had no record of our table.',
      about_ref: '',
    });
    expect(venue.status).toBe(201);
    const general = await report(asha.cookie, { category: 'other', description: 'Something about the app itself.' });
    expect(general.status).toBe(201);
    const rows = await d().select().from(reports).where(eq(reports.reporterId, asha.userId));
    expect(rows.map((r) => [r.category, r.urgent, r.aboutUserId, r.bookingId !== null]).sort()).toEqual([
      ['other', false, null, false],
      ['venue', false, null, true],
    ]);
  });

  it.each([
    ['no category', { description: 'Something happened here.' }, 'category'],
    ['an unknown category', { category: 'rude', description: 'Something happened here.' }, 'category'],
    ['a description too short', { category: 'other', description: '  short ' }, 'description'],
    ['a description too long', { category: 'other', description: 'x'.repeat(3001) }, 'description'],
    [
      'a ref that is not one',
      { category: 'other', description: 'Something happened.', about_ref: 'user-1' },
      'about_ref',
    ],
    [
      'a guest named without a booking',
      { category: 'other', description: 'Something happened.', about_ref: 'a'.repeat(24) },
      'about_ref',
    ],
  ])('400 for %s, and nothing is filed', async (_, body, field) => {
    const { asha } = await dinnerUnderWay();
    const res = await report(asha.cookie, body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { code: string; fields: Record<string, string> } }).error;
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields)).toContain(field);
    expect(await d().select().from(reports).where(eq(reports.reporterId, asha.userId))).toEqual([]);
  });

  it("404 for another guest's booking, 401 signed out; nothing is filed", async () => {
    const { asha, ravi } = await dinnerUnderWay();
    const res = await report(asha.cookie, {
      booking_id: ravi.bookingId,
      category: 'felt_unsafe',
      description: 'Trying to report on a booking that is not mine.',
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('booking_not_found');
    const anonymous = await call('POST', '/api/reports', {
      body: { category: 'other', description: 'Nobody signed in here.' },
    });
    expect(anonymous.status).toBe(401);
    expect(await d().select().from(reports).where(eq(reports.reporterId, asha.userId))).toEqual([]);
  });

  it('422 for a forged ref: another table, a no-show, another viewer’s ref, or made up; nothing changes', async () => {
    const { event, asha, ravi, noShow, elsewhere } = await dinnerUnderWay();
    const secret = env.SESSION_SECRET;
    const forged = [
      await tablemateRef(secret, asha.userId, event.id as string, elsewhere.userId),
      await tablemateRef(secret, asha.userId, event.id as string, noShow.userId),
      // Ravi's own ref for Asha's other tablemate is meaningless to Asha.
      (await tablematesOf(ravi.cookie, ravi.bookingId)).tablemates[0].ref,
      'f'.repeat(24),
    ];
    for (const about_ref of forged) {
      const res = await report(asha.cookie, {
        booking_id: asha.bookingId,
        category: 'harassment',
        description: 'Naming someone who was not at my table.',
        about_ref,
      });
      expect(res.status).toBe(422);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error).toMatchObject({ code: 'unknown_guest', message: REPORT_COPY.errors.unknownGuest });
    }
    expect(await d().select().from(reports).where(eq(reports.reporterId, asha.userId))).toEqual([]);
    expect(
      await d()
        .select()
        .from(rateEvents)
        .where(eq(rateEvents.key, `report:user:${asha.userId}`)),
    ).toEqual([]);
  });

  it('409 before the dinner starts, and for a dinner we cancelled', async () => {
    const soon = await createEvent({ inHours: 3 });
    const early = await seat(soon, { checkedIn: false });
    const res = await report(early.cookie, {
      booking_id: early.bookingId,
      category: 'venue',
      description: 'Reporting before the dinner began.',
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('report_not_open');
    const cancelled = await createEvent({ inHours: -2, cancelledAt: new Date(Date.now() - 5 * HOUR).toISOString() });
    const guest = await seat(cancelled, { checkedIn: false });
    const late = await report(guest.cookie, {
      booking_id: guest.bookingId,
      category: 'venue',
      description: 'Reporting on a dinner that never happened.',
    });
    expect(late.status).toBe(409);
  });

  it('is limited per guest: past five in an hour, 429 with Retry-After, and nothing more is filed', async () => {
    const { asha } = await dinnerUnderWay();
    for (let i = 0; i < 5; i++)
      expect(
        (await report(asha.cookie, { category: 'other', description: `Report number ${i} of five.` })).status,
      ).toBe(201);
    const sixth = await report(asha.cookie, { category: 'other', description: 'One report too many.' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await d().select().from(reports).where(eq(reports.reporterId, asha.userId))).toHaveLength(5);
  });
});

describe('the console', () => {
  it('every admin route answers 401 signed out and 403 to a guest and a host', async () => {
    const { asha, ravi } = await dinnerUnderWay();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/reports'],
      ['POST', '/api/admin/reports/rpt_x/resolve'],
      ['GET', `/api/admin/users/${ravi.userId}/suspension`],
      ['POST', `/api/admin/users/${ravi.userId}/suspend`, { reason: 'Reported for harassment.' }],
      ['DELETE', `/api/admin/users/${ravi.userId}/suspend`],
    ];
    const guest = await signedInAs('guest');
    const host = await signedInAs('host');
    for (const [method, path, body] of routes) {
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const who of [guest, host, asha]) {
        const res = await call(method, path, { cookie: who.cookie, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    const [user] = await d().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, ravi.userId));
    expect(user.suspendedAt).toBeNull();
  });

  it('lists reports urgent first, in needs attention too, with the dinner, the reporter and the guest concerned by name', async () => {
    const { event, asha, ravi, meera } = await dinnerUnderWay();
    const operator = await signedInAs('operator');
    const mates = (await tablematesOf(meera.cookie, meera.bookingId)).tablemates;
    const ashaRef = mates.find((t) => t.name === 'Asha R.')?.ref;
    const venue = await report(asha.cookie, {
      booking_id: asha.bookingId,
      category: 'venue',
      description: 'The food came an hour late.',
    });
    const unsafe = await report(meera.cookie, {
      booking_id: meera.bookingId,
      category: 'felt_unsafe',
      description: 'Someone followed me to the car park.',
      about_ref: ashaRef,
    });
    const venueId = ((await venue.json()) as { report: { id: string } }).report.id;
    const unsafeId = ((await unsafe.json()) as { report: { id: string } }).report.id;

    const listed = await call('GET', '/api/admin/reports', { cookie: operator.cookie });
    expect(listed.status).toBe(200);
    const { reports: rows } = (await listed.json()) as { reports: Array<Record<string, unknown> & { id: string }> };
    const mine = rows.filter((r) => r.id === venueId || r.id === unsafeId);
    expect(mine.map((r) => r.id)).toEqual([unsafeId, venueId]);
    expect(mine[0]).toMatchObject({
      category: 'felt_unsafe',
      category_label: 'Felt unsafe',
      urgent: true,
      status: 'open',
      description: 'Someone followed me to the car park.',
      event: { id: event.id, title: event.title },
      reporter: { id: meera.userId, name: 'Meera Shah' },
      about: { id: asha.userId, name: 'Asha Rao', suspended_at: null, can_suspend: true },
    });
    // Every urgent open report comes before every other open one.
    const urgency = rows.filter((r) => r.status === 'open').map((r) => r.urgent);
    expect(urgency).toEqual([...urgency].sort((a, b) => Number(b) - Number(a)));

    const attention = await call('GET', '/api/admin/orders?status=needs_attention', { cookie: operator.cookie });
    const { reports: open } = (await attention.json()) as { reports: Array<{ id: string; urgent: boolean }> };
    const ids = open.map((r) => r.id);
    expect(ids).toContain(unsafeId);
    expect(ids.indexOf(unsafeId)).toBeLessThan(ids.indexOf(venueId));
    expect(ravi.userId).toBeTruthy();
  });

  it('marks a report resolved once, audited; it leaves needs attention, stays in ?status=all', async () => {
    const { asha } = await dinnerUnderWay();
    const operator = await signedInAs('operator');
    const res = await report(asha.cookie, {
      booking_id: asha.bookingId,
      category: 'no_show_host',
      description: 'Nobody hosted us.',
    });
    const id = ((await res.json()) as { report: { id: string } }).report.id;
    const first = await call('POST', `/api/admin/reports/${id}/resolve`, { cookie: operator.cookie });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { report: { status: string } }).report.status).toBe('resolved');
    const second = await call('POST', `/api/admin/reports/${id}/resolve`, { cookie: operator.cookie });
    expect(second.status).toBe(409);
    expect((await call('POST', '/api/admin/reports/rpt_nope/resolve', { cookie: operator.cookie })).status).toBe(404);
    const audit = await d()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `report:${id}`));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['report.resolve', operator.userId]]);
    const open = (await (await call('GET', '/api/admin/reports', { cookie: operator.cookie })).json()) as {
      reports: { id: string }[];
    };
    expect(open.reports.map((r) => r.id)).not.toContain(id);
    const all = (await (await call('GET', '/api/admin/reports?status=all', { cookie: operator.cookie })).json()) as {
      reports: { id: string; status: string }[];
    };
    expect(all.reports.find((r) => r.id === id)?.status).toBe('resolved');
    expect((await call('GET', '/api/admin/reports?status=closed', { cookie: operator.cookie })).status).toBe(400);
  });

  it('emails each operator with an address once per report, never the names nor the words; retries send nothing more', async () => {
    const { asha, ravi } = await dinnerUnderWay();
    const tag = Math.random().toString(36).slice(2, 8);
    const withEmail = await signedInAs('operator', `ops-${tag}@tablemates.test`);
    const withoutEmail = await signedInAs('operator');
    const ref = (await tablematesOf(asha.cookie, asha.bookingId)).tablemates.find((t) => t.name === 'Ravi K.')?.ref;
    const res = await report(asha.cookie, {
      booking_id: asha.bookingId,
      category: 'harassment',
      description: 'Unwelcome comments all evening long.',
      about_ref: ref,
    });
    const id = ((await res.json()) as { report: { id: string } }).report.id;
    await alertOperators(env, d(), id);
    await alertOperators(env, d(), id);
    const mails = await outboxFor(`ops-${tag}@tablemates.test`);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Urgent');
    expect(mails[0].body).toContain('/admin/reports');
    for (const secret of ['Asha', 'Ravi', 'Unwelcome comments']) expect(mails[0].body).not.toContain(secret);
    const claims = await d()
      .select()
      .from(deliveries)
      .where(eq(deliveries.key, DELIVERY_KEYS.reportAlert(id, withEmail.userId)));
    expect(claims.map((c) => c.state)).toEqual(['sent']);
    const none = await d()
      .select()
      .from(deliveries)
      .where(eq(deliveries.key, DELIVERY_KEYS.reportAlert(id, withoutEmail.userId)));
    expect(none).toEqual([]);
    expect(ravi.userId).not.toBe(asha.userId);
  });
});

describe('privacy', () => {
  it('nothing reaches the guest named: no message, and none of their answers carries the report or who filed it', async () => {
    const { asha, ravi } = await dinnerUnderWay();
    const ref = (await tablematesOf(asha.cookie, asha.bookingId)).tablemates.find((t) => t.name === 'Ravi K.')?.ref;
    const words = 'He followed me out and would not leave me alone.';
    const filed = await report(asha.cookie, {
      booking_id: asha.bookingId,
      category: 'harassment',
      description: words,
      about_ref: ref,
    });
    expect(filed.status).toBe(201);
    const id = ((await filed.json()) as { report: { id: string } }).report.id;

    expect(await outboxFor(ravi.email)).toEqual([]);
    expect(await outboxFor(ravi.phone ?? '')).toEqual([]);
    for (const path of [
      '/api/bookings',
      `/api/bookings/${ravi.bookingId}`,
      `/api/bookings/${ravi.bookingId}/tablemates`,
      '/api/me/export',
      '/api/auth/session',
    ]) {
      const res = await call('GET', path, { cookie: ravi.cookie });
      const text = await res.text();
      expect(text, path).not.toContain(id);
      expect(text, path).not.toContain(words);
      expect(text, path).not.toContain('harassment');
      expect(text, path).not.toContain(asha.userId);
    }
    // The reporter's own export has it; the reported guest's does not.
    const mine = await (await call('GET', '/api/me/export', { cookie: asha.cookie })).text();
    expect(mine).toContain(words);
    const [row] = await d()
      .select({ about: reports.aboutUserId })
      .from(reports)
      .where(and(eq(reports.id, id), eq(reports.reporterId, asha.userId)));
    expect(row.about).toBe(ravi.userId);
  });
});
