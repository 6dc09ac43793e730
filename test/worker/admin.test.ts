/**
 * The operator console's API (docs/decisions/013-roles-and-audit.md): the role gate over every
 * /api/admin and /api/host route, the dashboard's numbers, and hide/show with its audit row.
 */
import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { auditLog, eventBookings, events, paymentIssues, paymentOrders, users } from '../../db/schema';
import { app } from '../../worker/app';
import type { Role } from '../../worker/domain/roles';
import type { OrderStatus } from '../../worker/domain/statuses';
import { createEvent } from './helpers/booking-fixtures';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';
import { CONSOLE_COPY } from '../../worker/domain/copy-console';

const MINUTE = 60_000;

/** A signed-in account holding `role`. */
async function signedInAs(role: Role) {
  const user = await createSignedInUser();
  await db(env.DB).update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  SELF.fetch(apiRequest(method, path, opts));

const auditOf = (eventId: string) =>
  db(env.DB)
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `event:${eventId}`));

describe('the role gate', () => {
  /** Every handler (not middleware) the app serves under /api/admin or /api/host. */
  const gated = () =>
    app.routes
      .filter((r) => /^\/api\/(admin|host)(\/|$)/.test(r.path) && !(r.method === 'ALL' && r.path.endsWith('*')))
      .map((r) => ({
        method: r.method === 'ALL' ? 'GET' : r.method,
        path: r.path.replace(/:(\w+)(\{[^}]*\})?/g, 'x'),
        admin: r.path.startsWith('/api/admin'),
      }));

  it('finds the console routes (the walk is looking at the real app)', () => {
    const paths = gated().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/admin/events',
        'POST /api/admin/events',
        'POST /api/admin/series',
        'GET /api/admin/events/x',
        'PATCH /api/admin/events/x',
        'GET /api/admin/audit',
        'GET /api/admin/invoices',
        'GET /api/admin/invoices.csv',
        'POST /api/admin/events/x/hosts',
        'DELETE /api/admin/events/x/hosts/x',
        'GET /api/host/events',
        'GET /api/host/events/x',
        'POST /api/host/check-in',
        'POST /api/host/events/x/check-in',
      ]),
    );
  });

  it('answers 401 signed out and 403 to a guest on every route, 403 to a host on admin routes, and lets hosts and operators through on host routes', async () => {
    const guest = await signedInAs('guest');
    const host = await signedInAs('host');
    const operator = await signedInAs('operator');
    const got: string[] = [];
    const want: string[] = [];
    for (const r of gated()) {
      const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : {};
      const label = `${r.method} ${r.path}`;
      const out = await call(r.method, r.path, { body });
      got.push(`${label} signed out ${out.status}`);
      want.push(`${label} signed out 401`);
      const asGuest = await call(r.method, r.path, { cookie: guest.cookie, body });
      got.push(`${label} guest ${asGuest.status}`);
      want.push(`${label} guest 403`);
      if (asGuest.status === 403) {
        expect(await asGuest.json()).toEqual({ error: { code: 'forbidden', message: CONSOLE_COPY.admin.forbidden } });
      }
      if (r.admin) {
        const asHost = await call(r.method, r.path, { cookie: host.cookie, body });
        got.push(`${label} host ${asHost.status}`);
        want.push(`${label} host 403`);
      } else {
        // Past the gate (docs/decisions/019): whatever the placeholder id or empty body earns, not 401/403.
        for (const [who, cookie] of [
          ['host', host.cookie],
          ['operator', operator.cookie],
        ]) {
          const passed = await call(r.method, r.path, { cookie, body });
          got.push(`${label} ${who} ${[401, 403].includes(passed.status) ? 'gated' : 'through'}`);
          want.push(`${label} ${who} through`);
        }
      }
    }
    expect(got).toEqual(want);
  });

  it('lets an operator through, and the session tells the web app the role', async () => {
    const operator = await signedInAs('operator');
    expect((await call('GET', '/api/admin/events', { cookie: operator.cookie })).status).toBe(200);
    const session = (await (await call('GET', '/api/auth/session', { cookie: operator.cookie })).json()) as {
      user: { role: string };
    };
    expect(session.user.role).toBe('operator');
  });

  it('refuses a role the domain does not know, at the database', async () => {
    const user = await createSignedInUser();
    await expect(
      env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(user.userId).run(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe('GET /api/admin/events', () => {
  it('counts seats sold, held and left, revenue and what needs attention from orders in every state', async () => {
    const operator = await signedInAs('operator');
    const buyer = await createSignedInUser();
    const event = await createEvent({ capacity: 8 });
    const now = Date.now();
    let n = 0;
    const order = async (
      status: OrderStatus,
      seats: 1 | 2,
      opts: {
        holdInMin?: number;
        keepsSeat?: boolean;
        booking?: 'confirmed' | 'checked_in' | 'refunded';
        amount?: number;
      } = {},
    ) => {
      n += 1;
      const id = `${event.id}-o${n}`;
      const amount = opts.amount ?? (seats === 2 ? 899 : 499);
      await db(env.DB)
        .insert(paymentOrders)
        .values({
          id,
          receipt: id,
          userId: buyer.userId,
          eventId: event.id,
          ticketType: seats === 2 ? 'couple' : 'male',
          seats,
          amount,
          status,
          holdExpiresAt: new Date(now + (opts.holdInMin ?? -5) * MINUTE).toISOString(),
          keepsSeat: opts.keepsSeat ?? false,
        });
      if (opts.booking) {
        await db(env.DB)
          .insert(eventBookings)
          .values({
            id: `${id}-b`,
            userId: buyer.userId,
            orderId: id,
            eventId: event.id,
            eventName: event.title,
            eventLocation: event.location,
            eventDate: event.date,
            ticketType: seats === 2 ? 'couple' : 'male',
            seats,
            amount,
            paymentId: `pay_${id}`,
            status: opts.booking,
          });
      }
    };
    await order('confirmed', 2, { booking: 'confirmed' }); // sold 2, revenue 899
    await order('confirmed', 1, { booking: 'checked_in' }); // sold 1, revenue 499
    await order('paid', 1); // sold 1 (booking on its way)
    await order('created', 1, { holdInMin: 10 }); // held 1 (live hold)
    await order('created', 2, { holdInMin: -1 }); // nothing: the hold is over
    await order('failed', 1); // nothing
    await order('expired', 2); // nothing
    await order('refunded', 1, { booking: 'refunded' }); // nothing, no revenue
    await order('needs_attention', 1, { keepsSeat: true }); // held 1, needs attention
    await order('needs_attention', 2, { keepsSeat: false }); // no seat, needs attention
    await db(env.DB)
      .insert(paymentIssues)
      .values([
        { paymentId: `pay_${event.id}_i1`, razorpayOrderId: 'order_x', kind: 'amount_mismatch', detail: 'test' },
        {
          paymentId: `pay_${event.id}_i2`,
          razorpayOrderId: 'order_y',
          kind: 'dead_lettered',
          detail: 'test',
          resolvedAt: new Date().toISOString(),
        },
      ]);

    const res = await call('GET', '/api/admin/events', { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      events: Array<Record<string, unknown>>;
      needs_attention: number;
    };
    expect(body.events.find((e) => e.id === event.id)).toEqual({
      id: event.id,
      city: event.city,
      title: event.title,
      location: event.location,
      date: event.date,
      starts_at: event.startsAt,
      ends_at: event.endsAt,
      available: true,
      cancelled_at: null,
      cancel_reason: null,
      capacity: 8,
      seats_sold: 4,
      seats_held: 2,
      seats_left: 2,
      revenue: 1398,
      needs_attention: 2,
    });
    // The whole database's count: flagged orders, unresolved payment issues and open reports.
    const [{ orders }] = (
      await env.DB.prepare("SELECT COUNT(*) AS orders FROM payment_orders WHERE status = 'needs_attention'").all<{
        orders: number;
      }>()
    ).results;
    const [{ issues }] = (
      await env.DB.prepare('SELECT COUNT(*) AS issues FROM payment_issues WHERE resolved_at IS NULL').all<{
        issues: number;
      }>()
    ).results;
    const [{ reports }] = (
      await env.DB.prepare("SELECT COUNT(*) AS reports FROM reports WHERE status = 'open'").all<{ reports: number }>()
    ).results;
    expect(body.needs_attention).toBe(orders + issues + reports);
    expect(body.needs_attention).toBeGreaterThanOrEqual(3);

    // The event page sells from the same predicate: it shows the same seats left.
    const detail = (await (await call('GET', `/api/events/${event.id}`)).json()) as { event: { seats_left: number } };
    expect(detail.event.seats_left).toBe(2);
  });

  it('lists every dinner, past and hidden too, newest first', async () => {
    const operator = await signedInAs('operator');
    const past = await createEvent({ inHours: -48 });
    const hidden = await createEvent({ inHours: 24 * 30, available: false });
    const body = (await (await call('GET', '/api/admin/events', { cookie: operator.cookie })).json()) as {
      events: Array<{ id: string; starts_at: string; seats_left: number; revenue: number }>;
    };
    const ids = body.events.map((e) => e.id);
    expect(ids).toContain(past.id);
    expect(ids).toContain(hidden.id);
    const starts = body.events.map((e) => e.starts_at);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(body.events.find((e) => e.id === past.id)).toMatchObject({ seats_left: 8, revenue: 0 });
  });
});

describe('PATCH /api/admin/events/:id', () => {
  it('refuses a bad body with 400 and writes nothing, not even an audit row', async () => {
    const operator = await signedInAs('operator');
    const event = await createEvent();
    for (const body of [{}, { available: 'no' }, { available: 1 }, { available: false, colour: 'red' }, []]) {
      const res = await call('PATCH', `/api/admin/events/${event.id}`, { cookie: operator.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    }
    const [row] = await db(env.DB).select().from(events).where(eq(events.id, event.id));
    expect(row.available).toBe(true);
    expect(row.title).toBe(event.title);
    expect(await auditOf(event.id)).toEqual([]);
  });

  it('answers 404 for an unknown dinner and writes no audit row', async () => {
    const operator = await signedInAs('operator');
    const res = await call('PATCH', '/api/admin/events/no-such-dinner', {
      cookie: operator.cookie,
      body: { available: false },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: CONSOLE_COPY.admin.eventNotFound } });
    expect(await auditOf('no-such-dinner')).toEqual([]);
  });

  it('hides a dinner from guests and records who did it, before → after, with the change', async () => {
    const operator = await signedInAs('operator');
    const event = await createEvent();
    const res = await call('PATCH', `/api/admin/events/${event.id}`, {
      cookie: operator.cookie,
      body: { available: false },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ event: { id: event.id, available: false }, changed: true });

    const publicList = (await (await call('GET', '/api/events')).json()) as { events: Array<{ id: string }> };
    expect(publicList.events.map((e) => e.id)).not.toContain(event.id);
    expect((await call('GET', `/api/events/${event.id}`)).status).toBe(404);

    const rows = await auditOf(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: operator.userId,
      action: 'event.update',
      target: `event:${event.id}`,
      before: JSON.stringify({ available: true }),
      after: JSON.stringify({ available: false }),
    });

    // The same request again changes nothing, so it records nothing.
    const again = await call('PATCH', `/api/admin/events/${event.id}`, {
      cookie: operator.cookie,
      body: { available: false },
    });
    expect(await again.json()).toMatchObject({ event: { id: event.id, available: false }, changed: false });
    expect(await auditOf(event.id)).toHaveLength(1);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first, filtered by dinner, with who made them', async () => {
    const operator = await signedInAs('operator');
    const event = await createEvent();
    const other = await createEvent();
    const patch = (id: string, available: boolean) =>
      call('PATCH', `/api/admin/events/${id}`, { cookie: operator.cookie, body: { available } });
    await patch(event.id, false);
    await new Promise((r) => setTimeout(r, 5));
    await patch(other.id, false);
    await new Promise((r) => setTimeout(r, 5));
    await patch(event.id, true);

    const res = await call('GET', `/api/admin/audit?event_id=${event.id}`, { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as { entries: Array<Record<string, unknown>> };
    expect(entries.map((e) => [e.target, e.before, e.after])).toEqual([
      [`event:${event.id}`, { available: false }, { available: true }],
      [`event:${event.id}`, { available: true }, { available: false }],
    ]);
    expect(entries[0]).toMatchObject({ action: 'event.update', actor_id: operator.userId });
    expect(typeof entries[0].actor_name).toBe('string');

    const all = (await (await call('GET', '/api/admin/audit', { cookie: operator.cookie })).json()) as {
      entries: Array<{ target: string; at: string }>;
    };
    expect(all.entries.slice(0, 3).map((e) => e.target)).toEqual([
      `event:${event.id}`,
      `event:${other.id}`,
      `event:${event.id}`,
    ]);
    const ats = all.entries.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());

    expect((await call('GET', '/api/admin/audit?event_id=%27%3B--', { cookie: operator.cookie })).status).toBe(400);
  });
  it('pages through the entries of one dinner and of its orders, repeating and skipping none', async () => {
    const operator = await signedInAs('operator');
    const guest = await createSignedInUser();
    const event = await createEvent();
    const other = await createEvent();
    const orderId = `ord_audit_${crypto.randomUUID().slice(0, 8)}`;
    await db(env.DB).insert(paymentOrders).values({
      id: orderId,
      receipt: orderId,
      userId: guest.userId,
      eventId: event.id,
      ticketType: 'male',
      seats: 1,
      amount: 499,
      holdExpiresAt: new Date().toISOString(),
    });
    // 53 entries of this dinner (one of them its order's), in one second so many share a
    // timestamp to the millisecond: the cursor must still order them; and one of another dinner.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, Math.floor(i / 3))).toISOString();
    const rows = Array.from({ length: 53 }, (_, i) => ({
      id: `audit-${event.id}-${String(i).padStart(2, '0')}`,
      actorId: operator.userId,
      action: i === 7 ? ('order.refund' as const) : ('event.update' as const),
      target: i === 7 ? `order:${orderId}` : `event:${event.id}`,
      before: JSON.stringify({ n: i }),
      after: JSON.stringify({ n: i + 1 }),
      at: at(i),
    }));
    rows.push({ ...rows[0], id: `audit-${other.id}`, target: `event:${other.id}` });
    for (let i = 0; i < rows.length; i += 10)
      await db(env.DB)
        .insert(auditLog)
        .values(rows.slice(i, i + 10));

    type Page = { entries: Array<{ id: string; target: string }>; next_before: string | null };
    const page = async (before?: string) => {
      const query = new URLSearchParams({ event_id: event.id, ...(before ? { before } : {}) });
      const res = await call('GET', `/api/admin/audit?${query}`, { cookie: operator.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };
    const first = await page();
    expect(first.entries).toHaveLength(50);
    expect(first.next_before).toEqual(expect.any(String));
    const second = await page(first.next_before ?? undefined);
    expect(second.next_before).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    expect(ids).toEqual(
      rows
        .slice(0, 53)
        .map((r) => r.id)
        .reverse(),
    );
    expect(ids).toContain(`audit-${event.id}-07`);
    expect(ids).not.toContain(`audit-${other.id}`);

    const bad = await call('GET', `/api/admin/audit?before=${encodeURIComponent("x' OR 1=1")}`, {
      cookie: operator.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { before: CONSOLE_COPY.admin.auditCursorInvalid } } });
  });
});
