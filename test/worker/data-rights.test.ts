/**
 * Issue 22 "The guest's own data": the registry of personal data against D1's real schema, the
 * export (everything of the guest's, nothing of anyone else's), the erasure (nothing left in D1
 * naming the guest but the references kept payment records need; future seats back on sale and
 * to the waitlist; a new, empty account on the next sign-in) and the cron's erasure of accounts
 * inactive 3 years, after a notice a visit cancels.
 */
import { env, SELF } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import {
  auditLog,
  cityWaitlist,
  consents,
  creditEntries,
  deliveries,
  erasures,
  events,
  eventBookings,
  grievances,
  invoices,
  newsletterSignups,
  otpCodes,
  paymentOrders,
  quizResponses,
  rateEvents,
  sessions,
  userProfiles,
  users,
  waitlistEntries,
} from '../../db/schema';
import {
  GUEST_TABLES,
  INACTIVE_AFTER_MS,
  INACTIVITY_NOTICE_MS,
  PERSONAL_DATA,
  type TableName,
} from '../../worker/domain/personal-data';
import { DATA_RIGHTS_COPY } from '../../worker/domain/copy-data-rights';
import { checkLedger } from '../../worker/domain/ledger-invariants';
import { EXPORTS, eraseAccount, SCOPES } from '../../worker/services/data-rights';
import { eraseInactiveAccounts } from '../../worker/services/data-rights-inactivity';
import { grantCredit, grantResoldReleases } from '../../worker/services/ledger/credit';
import { sendNewsletterWelcome } from '../../worker/services/marketing';
import { sweepDinner } from '../../worker/services/ledger/offers';
import { seatsTaken } from '../../worker/services/ledger/seats';
import { createSession } from '../../worker/services/sessions';
import { signIn } from './helpers/auth';
import {
  bookedGuest,
  createEvent,
  createGuest,
  outboxFor,
  placeOrder,
  providerOutage,
} from './helpers/booking-fixtures';
import { readLedgerSnapshot } from './helpers/ledger-snapshot';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const HOUR = 3_600_000;
let seq = 0;
const tag = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** D1's tables as the migrations made them (not SQLite's nor the platform's own). */
async function schemaTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  return results.map((r) => r.name).sort();
}

async function columnsOf(table: string): Promise<{ name: string; type: string }[]> {
  const { results } = await env.DB.prepare(`SELECT name, type FROM pragma_table_info(?)`)
    .bind(table)
    .all<{ name: string; type: string }>();
  return results;
}

/** The plain column names of a select list (expressions, which name their own columns, skipped). */
function plainColumns(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += ch;
  }
  items.push(current.trim());
  return items.filter((i) => /^[a-z_]+$/.test(i));
}

/**
 * Every way the registry and the service can fall behind the schema: a table nobody classified, a
 * classified table that is gone, a named column that does not exist, a guest table without a
 * step in the export or the erasure.
 */
async function registryProblems(tables: string[]): Promise<string[]> {
  const problems: string[] = [];
  const registry = PERSONAL_DATA as Record<string, (typeof PERSONAL_DATA)[TableName]>;
  for (const t of tables) if (!(t in registry)) problems.push(`${t}: not classified in worker/domain/personal-data.ts`);
  for (const t of Object.keys(registry)) if (!tables.includes(t)) problems.push(`${t}: classified but not in D1`);
  for (const t of GUEST_TABLES) {
    if (!tables.includes(t)) continue;
    const cols = (await columnsOf(t)).map((c) => c.name);
    const entry = PERSONAL_DATA[t];
    const named = [
      ...('columns' in entry.erase ? entry.erase.columns : []),
      ...('keptReferences' in entry ? entry.keptReferences : []),
    ];
    for (const c of named) if (!cols.includes(c)) problems.push(`${t}.${c}: named in the registry, not in D1`);
    if (!(t in SCOPES)) problems.push(`${t}: no way to find the guest's rows`);
    if (!(t in EXPORTS)) problems.push(`${t}: missing from the export`);
    for (const c of plainColumns(EXPORTS[t] ?? ''))
      if (!cols.includes(c)) problems.push(`${t}.${c}: exported but not in D1`);
  }
  return problems;
}

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return SELF.fetch(apiRequest(method, path, { cookie, body }));
}

type Export = {
  exported_at: string;
  not_stored: Record<string, string>;
  tables: Record<string, { found: string; rows: Record<string, unknown>[] }>;
};

/** Every string anywhere in `value`. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** `table.column` of every text value in D1 that contains any of `needles`. */
async function whereNamed(needles: string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const t of await schemaTables()) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${t}"`).all<Record<string, unknown>>();
    for (const row of results)
      for (const [col, val] of Object.entries(row)) {
        if (typeof val !== 'string') continue;
        for (const n of needles)
          if (val.toLowerCase().includes(n.toLowerCase())) {
            const key = `${t}.${col}`;
            if (!found.has(key)) found.set(key, new Set());
            found.get(key)?.add(n);
          }
      }
  }
  return found;
}

/** A guest with something in every corner: profile, quiz, consent, grievance, sign-ups, messages, credit. */
async function richGuest(eventId: string) {
  const guest = await bookedGuest(eventId);
  const name = `Zubeida Quraishi${tag()}`;
  const operator = await createSignedInUser({ phone: null });
  await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
  await d().update(users).set({ fullName: name, email: guest.email }).where(eq(users.id, guest.userId));
  await d().update(userProfiles).set({ fullName: name }).where(eq(userProfiles.userId, guest.userId));
  await d().batch([
    d()
      .insert(quizResponses)
      .values({
        id: crypto.randomUUID(),
        userId: guest.userId,
        name,
        email: guest.email,
        ageRange: '25-34',
        dietaryPreferences: 'vegetarian',
        interests: '["food","books"]',
        personalityType: 'introvert',
        conversationStyle: 'listener',
        answers: JSON.stringify({ name, email: guest.email }),
      }),
    d().insert(consents).values({
      id: crypto.randomUUID(),
      userId: guest.userId,
      purpose: 'service',
      noticeVersion: 'v1',
      granted: 1,
      source: 'notice',
    }),
    d()
      .insert(grievances)
      .values({
        id: crypto.randomUUID(),
        seq: Math.floor(Math.random() * 1e9),
        reference: `GRV-${tag()}`,
        userId: guest.userId,
        name,
        email: guest.email,
        subject: 'A late refund',
        description: `I am ${name}, phone ${guest.phone}`,
        dueAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
        // Answered: an open one holds the erasure up (tested on its own below).
        status: 'resolved',
        reply: `Dear ${name}, refunded today.`,
        repliedAt: new Date().toISOString(),
      }),
    d().insert(newsletterSignups).values({ email: guest.email }),
    d().insert(cityWaitlist).values({ city: 'pune', userId: guest.userId, contact: guest.phone }),
    d().insert(cityWaitlist).values({ city: 'goa', contact: guest.email }),
    d()
      .insert(otpCodes)
      .values({ id: crypto.randomUUID(), phone: guest.phone, codeHash: 'x', expiresAt: new Date().toISOString() }),
    d()
      .insert(rateEvents)
      .values({ key: `otp-send:phone:${guest.phone}` }),
    d()
      .insert(rateEvents)
      .values({ key: `signin:email:${guest.email}` }),
    // A second guest named on the booking (a couple's): theirs to export, gone on erasure.
    d()
      .update(eventBookings)
      .set({ partyName: 'Rukmini', partyPhone: '+919812300001' })
      .where(eq(eventBookings.id, guest.booking.id)),
    d()
      .update(paymentOrders)
      .set({ partyName: 'Rukmini', partyPhone: '+919812300001' })
      .where(eq(paymentOrders.id, guest.booking.orderId)),
    // An invoice as the invoices slice issues it (a credit note: one invoice per order is theirs to write).
    d()
      .insert(invoices)
      .values({
        id: crypto.randomUUID(),
        kind: 'credit_note',
        financialYear: '2026-27',
        serial: Math.floor(Math.random() * 1e9),
        number: `TM/CN/${tag()}`,
        orderId: guest.booking.orderId,
        bookingId: guest.booking.id,
        refundRef: `rf_${tag()}`,
        userId: guest.userId,
        buyerName: name,
        buyerEmail: guest.email,
        isTaxInvoice: 1,
        sellerName: 'Tablemates Hospitality Private Limited',
        sellerAddress: 'Gurugram',
        sellerStateCode: '06',
        sellerGstin: '06AABCT1234C1Z5',
        placeOfSupplyCode: '06',
        sacCode: '998596',
        gstRatePercent: 18,
        description: 'Dinner',
        quantity: 1,
        totalPaise: 49900,
        taxablePaise: 42288,
        cgstPaise: 3806,
        sgstPaise: 3806,
        igstPaise: 0,
        issuedAt: new Date().toISOString(),
      }),
  ]);
  // An operator's apology: credit with a note naming the guest, audited with their id.
  await grantCredit(d(), { userId: guest.userId, amount: 200, note: `Sorry, ${name}`, operatorId: operator.userId });
  return { ...guest, name, operatorId: operator.userId };
}

describe('the registry of personal data', () => {
  it('classifies every table in D1, and every guest table has its export and its erasure', async () => {
    expect(await registryProblems(await schemaTables())).toEqual([]);
  });

  it('fails for a table nobody classified (a future table cannot be forgotten)', async () => {
    await env.DB.prepare('CREATE TABLE guest_feedback (id TEXT PRIMARY KEY, user_id TEXT, note TEXT)').run();
    expect(await registryProblems(await schemaTables())).toContain(
      'guest_feedback: not classified in worker/domain/personal-data.ts',
    );
  });

  it('the export has a section for every guest table, and says what it does not store', async () => {
    const event = await createEvent();
    const guest = await bookedGuest(event.id);
    const res = await call('GET', '/api/me/export', guest.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Export;
    expect(Object.keys(body.tables).sort()).toEqual([...GUEST_TABLES].sort());
    expect(body.not_stored.feedback).toMatch(/no feedback/i);
  });
});

describe('GET /api/me/export', () => {
  it('is one JSON attachment of the guest’s account, profile, quiz, bookings, payments, credit and messages', async () => {
    const event = await createEvent();
    const guest = await richGuest(event.id);
    const res = await call('GET', '/api/me/export', guest.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="tablemates-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const { tables } = (await res.json()) as Export;
    expect(tables.users.rows).toEqual([
      expect.objectContaining({ id: guest.userId, phone: guest.phone, full_name: guest.name }),
    ]);
    expect(tables.user_profiles.rows[0]).toMatchObject({ full_name: guest.name, email: guest.email });
    expect(tables.quiz_responses.rows[0]).toMatchObject({
      interests: ['food', 'books'],
      personality_type: 'introvert',
    });
    expect(tables.event_bookings.rows).toEqual([
      expect.objectContaining({ id: guest.booking.id, payment_id: guest.paymentId, party_name: 'Rukmini' }),
    ]);
    expect(tables.payment_orders.rows[0]).toMatchObject({ payment_id: guest.paymentId });
    expect(tables.credit_entries.rows).toEqual([expect.objectContaining({ kind: 'operator', amount: 200 })]);
    expect(tables.deliveries.rows.map((r) => r.key)).toContain(`confirmation:${guest.booking.id}`);
    expect(tables.consents.rows).toContainEqual(expect.objectContaining({ notice_version: 'v1', granted: 1 }));
    expect(tables.grievances.rows).toHaveLength(1);
    expect(tables.invoices.rows).toContainEqual(
      expect.objectContaining({ kind: 'credit_note', buyer_name: guest.name }),
    );
    expect(tables.newsletter_signups.rows).toHaveLength(1);
    expect(tables.city_waitlist.rows).toHaveLength(2);
    expect(tables.audit_log.rows).toEqual([expect.objectContaining({ action: 'credit.grant' })]);
    // Secrets that would let someone in are never in the file.
    expect(JSON.stringify(tables)).not.toMatch(/code_hash|password_hash|"hash"/);
  });

  it('holds nothing about another guest: not a tablemate, not the operator who gave credit', async () => {
    const event = await createEvent();
    const guest = await richGuest(event.id);
    const other = await bookedGuest(event.id);
    const otherName = `Other Tablemate${tag()}`;
    await d().update(userProfiles).set({ fullName: otherName }).where(eq(userProfiles.userId, other.userId));
    // The same table, a message to the whole dinner, a host who checked the guest in.
    await d().update(eventBookings).set({ tableNumber: 1 }).where(eq(eventBookings.eventId, event.id));
    await d().update(eventBookings).set({ checkedInBy: other.userId }).where(eq(eventBookings.id, guest.booking.id));
    await d()
      .insert(deliveries)
      .values({ key: `welcome:${other.userId}`, channel: 'email', userId: other.userId, state: 'sent' });
    const res = await call('GET', '/api/me/export', guest.cookie);
    const all = strings(await res.json()).join('\n');
    for (const needle of [
      other.userId,
      otherName,
      other.phone,
      other.email,
      other.booking.id,
      other.paymentId,
      guest.operatorId,
    ])
      expect(all).not.toContain(needle);
    expect(all).toContain(guest.booking.id);
  });

  it('is for the signed-in guest only', async () => {
    expect((await call('GET', '/api/me/export')).status).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('first shows what goes, what the law keeps, and what happens to each future booking', async () => {
    const event = await createEvent();
    const guest = await richGuest(event.id);
    const res = await call('GET', '/api/me/erasure', guest.cookie);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as {
      kept: string;
      bookings: { id: string; outcome: string; says: string }[];
      notes: string[];
      can_delete: boolean;
    };
    expect(preview.kept).toMatch(/8 years/);
    expect(preview.bookings).toEqual([
      expect.objectContaining({ id: guest.booking.id, outcome: 'released', says: DATA_RIGHTS_COPY.releasedBooking }),
    ]);
    expect(preview.notes).toContain(DATA_RIGHTS_COPY.creditForfeit('₹200'));
    expect(preview.can_delete).toBe(true);
  });

  it('needs the explicit confirmation in the body', async () => {
    const guest = await createGuest();
    const res = await call('DELETE', '/api/me', guest.cookie, { confirm: false });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(DATA_RIGHTS_COPY.confirmRequired);
    expect((await d().select().from(users).where(eq(users.id, guest.userId)))[0].erasedAt).toBeNull();
  });

  it('leaves nothing in D1 naming the guest but the references kept payment records need', async () => {
    const past = await createEvent();
    const future = await createEvent();
    const guest = await richGuest(future.id);
    // A dinner they went to: its booking and payment are kept (stripped), never released.
    const before = await bookedGuest(past.id);
    await d().update(paymentOrders).set({ userId: guest.userId }).where(eq(paymentOrders.id, before.booking.orderId));
    await d().update(eventBookings).set({ userId: guest.userId }).where(eq(eventBookings.id, before.booking.id));
    await d()
      .update(events)
      .set({
        startsAt: new Date(Date.now() - 48 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - 45 * HOUR).toISOString(),
      })
      .where(eq(events.id, past.id));
    const needles = [guest.userId, guest.phone, guest.phone.slice(-10), guest.email, guest.name];
    expect((await whereNamed(needles)).size).toBeGreaterThan(10);

    const res = await call('DELETE', '/api/me', guest.cookie, { confirm: true });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^tm_at=;/.test(c) || /tm_at=.*max-age=0/i.test(c))).toBe(true);

    const left = await whereNamed(needles);
    const allowed = new Set(
      GUEST_TABLES.flatMap((t) => {
        const entry = PERSONAL_DATA[t];
        return ('keptReferences' in entry ? entry.keptReferences : []).map((c) => `${t}.${c}`);
      }),
    );
    const offending = [...left].filter(
      ([col, found]) => !allowed.has(col) || [...found].some((n) => n !== guest.userId),
    );
    expect(offending).toEqual([]);
    // What the law keeps: the payments and bookings (stripped), the invoice without its buyer.
    const [kept] = await d().select().from(invoices).where(eq(invoices.orderId, guest.booking.orderId));
    expect(kept).toMatchObject({ userId: null, buyerName: null, buyerEmail: null, totalPaise: 49900 });
    const [pastBooking] = await d().select().from(eventBookings).where(eq(eventBookings.id, before.booking.id));
    expect(pastBooking).toMatchObject({ status: 'confirmed', paymentId: before.paymentId, partyName: null });
    // Signed out: the old cookie is refused.
    expect((await call('GET', '/api/me/export', guest.cookie)).status).toBe(401);
    // One log row, counts only.
    const logs = (await d().select().from(erasures)).filter((l) => JSON.parse(l.summary).grievances === 1);
    expect(logs).toHaveLength(1);
    expect(logs[0].reason).toBe('request');
    expect(JSON.parse(logs[0].summary)).toMatchObject({ user_profiles: 1, quiz_responses: 1, bookings_released: 1 });
    expect(strings(logs).join(' ')).not.toMatch(new RegExp(needles.map((n) => n.replace(/[+.]/g, '\\$&')).join('|')));
    // The confirmation went to the address the account had.
    expect((await outboxFor(guest.email)).map((m) => m.subject)).toContain('Your Tablemates account is deleted');
  });

  it('gives a future booking’s seats back to sale and to the waitlist, with no refund and no credit', async () => {
    const event = await createEvent({ capacity: 1 });
    const guest = await bookedGuest(event.id);
    expect(await seatsTaken(d(), event.id)).toBe(1);
    const waiting = await createGuest({ sex: 'male' });
    expect(
      (await call('POST', `/api/events/${event.id}/waitlist`, waiting.cookie, { ticket_type: 'male' })).status,
    ).toBe(201);

    expect((await call('DELETE', '/api/me', guest.cookie, { confirm: true })).status).toBe(200);
    const [booking] = await d().select().from(eventBookings).where(eq(eventBookings.id, guest.booking.id));
    expect(booking.status).toBe('released');
    // The queue's seats-freed sweep (run here too, in case the queue has not yet): the next in line
    // is offered the seat, an offer being a hold on it.
    await sweepDinner(env, d(), event.id);
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiting.userId));
    expect(entry.status).toBe('offered');
    const [offer] = await d()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, entry.orderId ?? ''));
    expect(offer.seats).toBe(1);
    expect(await seatsTaken(d(), event.id)).toBe(1);
    // Even once the seat sells again, an erased guest's release earns no credit.
    await d().update(events).set({ capacity: 0 }).where(eq(events.id, event.id));
    await grantResoldReleases(d(), event.id);
    expect(await d().select().from(creditEntries).where(eq(creditEntries.bookingId, guest.booking.id))).toEqual([]);
    const [order] = await d().select().from(paymentOrders).where(eq(paymentOrders.id, guest.booking.orderId));
    expect(order.status).toBe('confirmed');
  });

  it('keeps every ledger invariant: seats, payments, credit and the waitlist', async () => {
    const full = await createEvent({ capacity: 2 });
    const other = await createEvent({ capacity: 4 });
    const guest = await bookedGuest(full.id);
    const neighbour = await bookedGuest(full.id);
    await grantCredit(d(), { userId: guest.userId, amount: 300, note: 'Sorry', operatorId: neighbour.userId });
    await placeOrder(guest.cookie, other.id);
    const waiting = await createGuest({ sex: 'male' });
    expect(
      (await call('POST', `/api/events/${full.id}/waitlist`, waiting.cookie, { ticket_type: 'male' })).status,
    ).toBe(201);

    expect((await call('DELETE', '/api/me', guest.cookie, { confirm: true })).status).toBe(200);
    await sweepDinner(env, d(), full.id);
    await grantResoldReleases(d(), full.id);
    const orders = await d()
      .select()
      .from(paymentOrders)
      .where(inArray(paymentOrders.eventId, [full.id, other.id]));
    const snapshot = await readLedgerSnapshot({
      eventIds: [full.id, other.id],
      razorpayOrderIds: orders.flatMap((o) => (o.razorpayOrderId ? [o.razorpayOrderId] : [])),
      couponCodes: [],
      capturedAt: new Map(),
      hiddenAt: new Map(),
      userIds: [guest.userId, neighbour.userId, waiting.userId],
      quiescent: false,
    });
    expect(checkLedger(snapshot)).toEqual([]);
    // The hold ended, the booking gave its seat to the next in line.
    expect(await seatsTaken(d(), other.id)).toBe(0);
    const [entry] = await d().select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiting.userId));
    expect(entry.status).toBe('offered');
  });

  it('refuses while we owe the guest a refund for a dinner we cancelled', async () => {
    const event = await createEvent();
    const guest = await bookedGuest(event.id);
    await d()
      .update(events)
      .set({ cancelledAt: new Date().toISOString(), available: false })
      .where(eq(events.id, event.id));
    const preview = (await (await call('GET', '/api/me/erasure', guest.cookie)).json()) as { can_delete: boolean };
    expect(preview.can_delete).toBe(false);
    const res = await call('DELETE', '/api/me', guest.cookie, { confirm: true });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('refund_owed');
  });

  it('signing in again with the same phone starts a new, empty account', async () => {
    const first = await signIn();
    expect((await call('DELETE', '/api/me', first.cookie, { confirm: true })).status).toBe(200);
    const again = await signIn(first.phone.replace(/^\+91/, ''));
    expect(again.user.id).not.toBe(first.user.id);
    const { tables } = (await (await call('GET', '/api/me/export', again.cookie)).json()) as Export;
    expect(tables.users.rows).toEqual([expect.objectContaining({ id: again.user.id, phone: first.phone })]);
    expect(tables.event_bookings.rows).toEqual([]);
    expect(tables.quiz_responses.rows).toEqual([]);
    expect(tables.user_profiles.rows.filter((r) => r.full_name || r.email)).toEqual([]);
  });
});

describe('accounts inactive for 3 years', () => {
  async function inactiveGuest() {
    const guest = await createGuest();
    const longAgo = new Date(Date.now() - INACTIVE_AFTER_MS - 24 * HOUR).toISOString();
    await d().update(users).set({ lastActiveAt: longAgo, email: guest.email }).where(eq(users.id, guest.userId));
    return guest;
  }

  it('are told 48 hours before, then erased by the cron', async () => {
    const guest = await inactiveGuest();
    const now = new Date();
    expect(await eraseInactiveAccounts(env, d(), now)).toEqual({ noticed: 1, erased: 0 });
    expect((await outboxFor(guest.email)).map((m) => m.subject)).toContain(
      'Your Tablemates account will be deleted in 48 hours',
    );
    // Not before the 48 hours are up.
    expect(await eraseInactiveAccounts(env, d(), new Date(now.getTime() + INACTIVITY_NOTICE_MS - HOUR))).toEqual({
      noticed: 0,
      erased: 0,
    });
    expect(await eraseInactiveAccounts(env, d(), new Date(now.getTime() + INACTIVITY_NOTICE_MS + HOUR))).toEqual({
      noticed: 0,
      erased: 1,
    });
    const [row] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(row).toMatchObject({ phone: null, email: null });
    expect(row.erasedAt).not.toBeNull();
    expect((await d().select().from(erasures).where(eq(erasures.reason, 'inactive'))).length).toBe(1);
    expect(await d().select().from(deliveries).where(eq(deliveries.userId, guest.userId))).toEqual([]);
  });

  it('a visit after the notice cancels the erasure', async () => {
    const guest = await inactiveGuest();
    const now = new Date();
    expect((await eraseInactiveAccounts(env, d(), now)).noticed).toBe(1);
    await createSession(d(), guest.userId);
    const [visited] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(visited.inactivityNoticeAt).toBeNull();
    expect(Date.parse(visited.lastActiveAt ?? '')).toBeGreaterThan(now.getTime() - 60_000);
    expect(await eraseInactiveAccounts(env, d(), new Date(now.getTime() + INACTIVITY_NOTICE_MS + HOUR))).toEqual({
      noticed: 0,
      erased: 0,
    });
    const [kept] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(kept).toMatchObject({ erasedAt: null, email: guest.email });
  });

  it('waits while we owe the guest a refund for a dinner we cancelled', async () => {
    const event = await createEvent();
    const guest = await bookedGuest(event.id);
    const longAgo = new Date(Date.now() - INACTIVE_AFTER_MS - 24 * HOUR).toISOString();
    await d().update(users).set({ lastActiveAt: longAgo }).where(eq(users.id, guest.userId));
    await d()
      .update(events)
      .set({ cancelledAt: new Date().toISOString(), available: false })
      .where(eq(events.id, event.id));
    const now = new Date();
    expect((await eraseInactiveAccounts(env, d(), now)).noticed).toBe(1);
    const errors = vi.spyOn(console, 'error');
    expect(await eraseInactiveAccounts(env, d(), new Date(now.getTime() + INACTIVITY_NOTICE_MS + HOUR))).toEqual({
      noticed: 0,
      erased: 0,
    });
    // Left out by the query, not tried and refused every run.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const [row] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(row.erasedAt).toBeNull();
  });

  it('a session refresh stamps the visit at most once a day', async () => {
    const guest = await createGuest();
    const yesterday = new Date(Date.now() - 25 * HOUR).toISOString();
    await d().update(users).set({ lastActiveAt: yesterday }).where(eq(users.id, guest.userId));
    const { refreshToken } = await createSession(d(), guest.userId);
    const [stamped] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(stamped.lastActiveAt).not.toBe(yesterday);
    // A refresh within the day writes nothing.
    const res = await call('GET', '/api/credits', `tm_rt=${refreshToken}`);
    expect(res.status).toBe(200);
    const [after] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(after.lastActiveAt).toBe(stamped.lastActiveAt);
    // An older stamp is renewed by the refresh.
    await d().update(users).set({ lastActiveAt: yesterday }).where(eq(users.id, guest.userId));
    const again = await createSession(d(), guest.userId);
    await d().update(users).set({ lastActiveAt: yesterday }).where(eq(users.id, guest.userId));
    expect((await call('GET', '/api/credits', `tm_rt=${again.refreshToken}`)).status).toBe(200);
    const [renewed] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(renewed.lastActiveAt).not.toBe(yesterday);
  });
});

describe('only identities the guest proved find their rows (review of issue 22)', () => {
  it('a profile holding another person’s phone and email exports and erases none of that person’s rows', async () => {
    // Another person: an email-and-password account with its own phone, no profile.
    const victim = {
      email: `victim-${tag()}@example.com`,
      phone: `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    };
    await createSignedInUser(victim);
    await d()
      .insert(grievances)
      .values({
        id: crypto.randomUUID(),
        seq: Math.floor(Math.random() * 1e9),
        reference: `GRV-${tag()}`,
        name: 'Victim',
        email: victim.email,
        subject: 'Private',
        description: 'Something private',
        dueAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
        status: 'resolved',
      });
    await d().insert(newsletterSignups).values({ email: victim.email });
    await d().insert(cityWaitlist).values({ city: 'goa', contact: victim.email });
    await d().insert(cityWaitlist).values({ city: 'pune', contact: victim.phone });
    await d()
      .insert(otpCodes)
      .values({ id: crypto.randomUUID(), phone: victim.phone, codeHash: 'x', expiresAt: new Date().toISOString() });
    await d()
      .insert(rateEvents)
      .values({ key: `otp-send:phone:${victim.phone}` });
    await d()
      .insert(rateEvents)
      .values({ key: `signin:email:${victim.email}` });
    await sendNewsletterWelcome(env, d(), victim.email, null);
    const victimRows = async () => ({
      grievances: (await d().select().from(grievances).where(eq(grievances.email, victim.email))).length,
      newsletter: (await d().select().from(newsletterSignups).where(eq(newsletterSignups.email, victim.email))).length,
      cities: (
        await d()
          .select()
          .from(cityWaitlist)
          .where(inArray(cityWaitlist.contact, [victim.email, victim.phone]))
      ).length,
      codes: (await d().select().from(otpCodes).where(eq(otpCodes.phone, victim.phone))).length,
      rates: (
        await d()
          .select()
          .from(rateEvents)
          .where(inArray(rateEvents.key, [`otp-send:phone:${victim.phone}`, `signin:email:${victim.email}`]))
      ).length,
      welcome: (await d().select().from(deliveries)).filter((r) => r.key.startsWith('marketing:newsletter-welcome:'))
        .length,
    });
    const before = await victimRows();
    expect(before).toMatchObject({ grievances: 1, newsletter: 1, cities: 2, codes: 1, rates: 2 });
    expect(before.welcome).toBeGreaterThan(0);

    // Anyone can type a stranger's phone and email into their profile and their quiz.
    const attacker = await createGuest();
    await d()
      .update(userProfiles)
      .set({ email: victim.email, emailVerifiedAt: null, phoneNumber: victim.phone })
      .where(eq(userProfiles.userId, attacker.userId));
    await d().insert(quizResponses).values({
      id: crypto.randomUUID(),
      userId: attacker.userId,
      name: 'Attacker',
      email: victim.email,
      ageRange: '25-34',
      dietaryPreferences: 'vegetarian',
      interests: '[]',
      personalityType: 'introvert',
      conversationStyle: 'listener',
      answers: '{}',
    });
    const res = await call('GET', '/api/me/export', attacker.cookie);
    expect(res.status).toBe(200);
    const { tables } = (await res.json()) as Export;
    for (const t of ['grievances', 'newsletter_signups', 'city_waitlist', 'otp_codes'] as const)
      expect(tables[t].rows, t).toEqual([]);
    expect(strings(tables.rate_events.rows).join(' ')).not.toContain(victim.phone);
    expect(strings(tables.rate_events.rows).join(' ')).not.toContain(victim.email);
    expect(strings(tables.deliveries.rows).join(' ')).not.toContain('newsletter-welcome');

    expect((await call('DELETE', '/api/me', attacker.cookie, { confirm: true })).status).toBe(200);
    expect(await victimRows()).toEqual(before);
    // Nor did the confirmation go to the address the attacker typed.
    expect((await outboxFor(victim.email)).map((m) => m.subject)).not.toContain('Your Tablemates account is deleted');
  });

  it('erasure deletes the newsletter welcome’s delivery, keyed by a hash of the guest’s verified email', async () => {
    const guest = await createGuest();
    await d().insert(newsletterSignups).values({ email: guest.email });
    await sendNewsletterWelcome(env, d(), guest.email, null);
    const welcomes = async () =>
      (await d().select().from(deliveries)).filter((r) => r.key.startsWith('marketing:newsletter-welcome:')).length;
    const before = await welcomes();
    expect(before).toBeGreaterThan(0);
    expect((await call('DELETE', '/api/me', guest.cookie, { confirm: true })).status).toBe(200);
    expect(await welcomes()).toBe(before - 1);
  });
});

describe('the audit log is searched by ids, never by names (review of issue 22)', () => {
  async function audit(actorId: string, target: string, before: unknown, after: unknown) {
    const id = crypto.randomUUID();
    await d()
      .insert(auditLog)
      .values({
        id,
        actorId,
        action: 'event.update',
        target,
        before: before == null ? null : JSON.stringify(before),
        after: after == null ? null : JSON.stringify(after),
      });
    return id;
  }
  const row = async (id: string) => (await d().select().from(auditLog).where(eq(auditLog.id, id)))[0];

  it('a guest named "Ravi" leaves rows about "Ravindra" alone; a row about something else loses only the guest’s fields', async () => {
    const operator = await createSignedInUser({ phone: null });
    const ravi = await createGuest();
    await d().update(users).set({ fullName: 'Ravi' }).where(eq(users.id, ravi.userId));
    await d().update(userProfiles).set({ fullName: 'Ravi' }).where(eq(userProfiles.userId, ravi.userId));
    const ravindra = await audit(operator.userId, `event:ev_${tag()}`, null, { host: 'Ravindra Kumar', seats: 8 });
    const nullish = await audit(operator.userId, `event:ev_${tag()}`, { note: 'null' }, { note: 'Ravi' });
    const mentions = await audit(
      operator.userId,
      `event:ev_${tag()}`,
      { seats: 8 },
      { moved: { user: ravi.userId, name: 'Ravi', phone: ravi.phone }, seats: 6 },
    );
    const own = await audit(operator.userId, `user:${ravi.userId}`, { full_name: 'Ravi' }, { role: 'host' });

    const { tables } = (await (await call('GET', '/api/me/export', ravi.cookie)).json()) as Export;
    expect(tables.audit_log.rows).toHaveLength(2);

    expect((await call('DELETE', '/api/me', ravi.cookie, { confirm: true })).status).toBe(200);
    expect(JSON.parse((await row(ravindra)).after ?? '')).toEqual({ host: 'Ravindra Kumar', seats: 8 });
    expect(await row(nullish)).toMatchObject({ before: '{"note":"null"}', after: '{"note":"Ravi"}' });
    const stripped = await row(mentions);
    expect(JSON.parse(stripped.before ?? '')).toEqual({ seats: 8 });
    expect(JSON.parse(stripped.after ?? '')).toEqual({ moved: {}, seats: 6 });
    expect(await row(own)).toMatchObject({ before: null, after: null, target: `user:${ravi.userId}` });
  });
});

describe('an open grievance holds the erasure up (review of issue 22)', () => {
  it('refuses with 409 and says why in the preview; once answered, the account and the grievance go', async () => {
    const guest = await createGuest();
    const id = crypto.randomUUID();
    await d()
      .insert(grievances)
      .values({
        id,
        seq: Math.floor(Math.random() * 1e9),
        reference: `GRV-${tag()}`,
        userId: guest.userId,
        name: 'Asha Verma',
        email: guest.email,
        subject: 'Unanswered',
        description: 'Please reply',
        dueAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
      });
    const preview = (await (await call('GET', '/api/me/erasure', guest.cookie)).json()) as {
      can_delete: boolean;
      notes: string[];
    };
    expect(preview.can_delete).toBe(false);
    expect(preview.notes).toContain(DATA_RIGHTS_COPY.grievanceOpen);
    const res = await call('DELETE', '/api/me', guest.cookie, { confirm: true });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'grievance_open',
      message: DATA_RIGHTS_COPY.grievanceOpen,
    });
    expect(await d().select().from(grievances).where(eq(grievances.id, id))).toHaveLength(1);

    await d().update(grievances).set({ status: 'resolved', reply: 'Done' }).where(eq(grievances.id, id));
    expect((await call('DELETE', '/api/me', guest.cookie, { confirm: true })).status).toBe(200);
    expect(await d().select().from(grievances).where(eq(grievances.id, id))).toEqual([]);
  });
});

describe('inactivity notices and erasures (review of issue 22)', () => {
  const longAgo = () => new Date(Date.now() - INACTIVE_AFTER_MS - 24 * HOUR).toISOString();
  const noticeWhatsApps = async (phone: string) =>
    (await outboxFor(phone)).filter(
      (m) => m.channel === 'whatsapp' && m.body.startsWith('[template account_inactivity_notice]'),
    );

  it('the inactive erasure’s confirmation says why, in its own words, to the verified address', async () => {
    const guest = await createGuest();
    await d().update(users).set({ lastActiveAt: longAgo() }).where(eq(users.id, guest.userId));
    const now = new Date();
    expect((await eraseInactiveAccounts(env, d(), now)).noticed).toBe(1);
    expect((await eraseInactiveAccounts(env, d(), new Date(now.getTime() + INACTIVITY_NOTICE_MS + HOUR))).erased).toBe(
      1,
    );
    const [mail] = (await outboxFor(guest.email)).filter((m) => m.subject === 'Your Tablemates account is deleted');
    expect(mail.body).toMatch(/not signed in to Tablemates for 3 years/);
    expect(mail.body).not.toMatch(/As you asked|did not ask for this/);
  });

  it('an account with no verified email is told by WhatsApp on its sign-in phone, never at an unverified email', async () => {
    const guest = await createGuest();
    await d().update(userProfiles).set({ emailVerifiedAt: null }).where(eq(userProfiles.userId, guest.userId));
    await d().update(users).set({ lastActiveAt: longAgo() }).where(eq(users.id, guest.userId));
    const now = new Date();
    expect((await eraseInactiveAccounts(env, d(), now)).noticed).toBe(1);
    expect(await noticeWhatsApps(guest.phone)).toHaveLength(1);
    expect((await outboxFor(guest.email)).map((m) => m.subject)).not.toContain(
      'Your Tablemates account will be deleted in 48 hours',
    );
    expect((await eraseInactiveAccounts(env, d(), new Date(now.getTime() + INACTIVITY_NOTICE_MS + HOUR))).erased).toBe(
      1,
    );
    expect((await outboxFor(guest.email)).map((m) => m.subject)).not.toContain('Your Tablemates account is deleted');
  });

  it('an account told on no channel is not stamped, and never erased by the clock', async () => {
    // No verified email, and WhatsApp refuses the number for good.
    const guest = await createGuest();
    await d().update(userProfiles).set({ emailVerifiedAt: null }).where(eq(userProfiles.userId, guest.userId));
    await d().update(users).set({ lastActiveAt: longAgo() }).where(eq(users.id, guest.userId));
    // And one with no phone and no verified email at all.
    const silent = await createSignedInUser({ phone: null });
    await d().update(users).set({ lastActiveAt: longAgo() }).where(eq(users.id, silent.userId));
    const outage = await providerOutage('whatsapp', guest.phone.replace(/^\+/, ''), 400);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const now = new Date();
    try {
      expect((await eraseInactiveAccounts(env, d(), now)).noticed).toBe(0);
    } finally {
      await outage.end();
      errors.mockRestore();
    }
    for (let i = 1; i <= 2; i++)
      expect(
        await eraseInactiveAccounts(env, d(), new Date(now.getTime() + i * (INACTIVITY_NOTICE_MS + HOUR))),
      ).toEqual({ noticed: 0, erased: 0 });
    const rows = await d()
      .select()
      .from(users)
      .where(inArray(users.id, [guest.userId, silent.userId]));
    expect(rows.map((r) => [r.inactivityNoticeAt, r.erasedAt])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('a guest who signs in between the cron’s read and the erasure keeps the account', async () => {
    const guest = await createGuest();
    await d().update(users).set({ lastActiveAt: longAgo() }).where(eq(users.id, guest.userId));
    const now = new Date();
    expect((await eraseInactiveAccounts(env, d(), now)).noticed).toBe(1);
    // What the cron read…
    const [read] = await d().select().from(users).where(eq(users.id, guest.userId));
    const seen = { last: read.lastActiveAt ?? '', noticeAt: read.inactivityNoticeAt ?? '' };
    // …then the guest signs in…
    await createSession(d(), guest.userId);
    // …then the cron's erasure runs.
    const later = new Date(now.getTime() + INACTIVITY_NOTICE_MS + HOUR);
    expect(await eraseAccount(env, d(), guest.userId, 'inactive', later, seen)).toBeNull();
    const [kept] = await d().select().from(users).where(eq(users.id, guest.userId));
    expect(kept).toMatchObject({ erasedAt: null, phone: guest.phone });
    expect(await d().select().from(userProfiles).where(eq(userProfiles.userId, guest.userId))).toHaveLength(1);
    expect((await d().select().from(sessions).where(eq(sessions.userId, guest.userId))).length).toBeGreaterThan(0);
  });
});
