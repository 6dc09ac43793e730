/**
 * Grievances (issue 22, Consumer Protection (E-Commerce) Rules 2020): anyone files one and gets a
 * consecutive reference and an acknowledgement at once; the console lists them with due dates and
 * overdue marks; the operator's reply resolves one, is audited and reaches the guest by email.
 */
import { env, SELF } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { auditLog, deliveries, grievances, rateEvents, users } from '../../db/schema';
import { GRIEVANCE_COPY } from '../../worker/domain/copy-grievances';
import {
  GRIEVANCE_DELIVERY_KEYS,
  grievanceDueAt,
  grievanceReference,
  isGrievanceOverdue,
} from '../../worker/domain/grievance';
import { formatIstDate } from '../../worker/domain/time';
import type { Env } from '../../worker/env';
import { handleScheduled } from '../../worker/scheduled';
import {
  fileGrievance,
  fileGrievanceFromForm,
  grievanceFormSettings,
  listGrievances,
  retryGrievanceEmails,
} from '../../worker/services/grievances';
import { outboxFor } from './helpers/booking-fixtures';
import { apiRequest, createSignedInUser } from './helpers/session-cookie';

const d = () => db(env.DB);
const call = (method: string, path: string, opts: { cookie?: string; body?: unknown } = {}) =>
  SELF.fetch(apiRequest(method, path, opts));

let counter = 0;
/** A valid form with an address of its own, so outbox look-ups and per-email limits never meet. */
const form = (over: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: 'Meera Iyer',
    email: `grievance-${Date.now()}-${counter}@example.com`,
    subject: 'Charged twice for one seat',
    description: 'I paid for the dinner on Saturday and the bank shows two debits of the same amount.',
    ...over,
  };
};

async function signedInAs(role: 'guest' | 'operator') {
  const user = await createSignedInUser();
  await d().update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

const rowOf = async (reference: string) =>
  (await d().select().from(grievances).where(eq(grievances.reference, reference)))[0];
const emailsTo = async (to: string) => (await outboxFor(to)).filter((m) => m.channel === 'email');
const grievanceCount = async () => (await d().select({ n: sql<number>`count(*)` }).from(grievances))[0].n;
const maxSeq = async () => (await d().select({ n: sql<number | null>`max(seq)` }).from(grievances))[0].n;

describe('the grievance officer', () => {
  it('is named from config to visitors who are not signed in', async () => {
    const res = await call('GET', '/api/grievances/officer');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      officer: { name: 'Asha Verma', email: 'grievances@tablemates.local' },
      turnstile_site_key: null,
    });
  });
});

describe('filing a grievance', () => {
  it('answers a reference at once, stores it due in a month and emails the acknowledgement once', async () => {
    const body = form({ email: `  Meera.${Date.now()}@Example.COM ` });
    const before = Date.now();
    const res = await call('POST', '/api/grievances', { body });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { reference: string; due_at: string; acknowledged: boolean };
    expect(answer.reference).toMatch(/^GRV-\d{6}$/);
    expect(answer.acknowledged).toBe(true);

    const row = await rowOf(answer.reference);
    const email = body.email.trim().toLowerCase();
    expect(row).toMatchObject({
      email,
      name: 'Meera Iyer',
      status: 'open',
      userId: null,
      reference: grievanceReference(row.seq),
      dueAt: grievanceDueAt(row.createdAt),
    });
    expect(answer.due_at).toBe(row.dueAt);
    expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.acknowledgedAt).not.toBeNull();

    const mails = await emailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(GRIEVANCE_COPY.email.ackSubject(answer.reference));
    expect(mails[0].body).toContain(answer.reference);
    expect(mails[0].body).toContain(formatIstDate(row.dueAt));
    expect(mails[0].body).toContain('Asha Verma');

    // Retrying (the cron's job) sends nothing more: the acknowledgement is claimed once.
    await retryGrievanceEmails(env, d());
    expect(await emailsTo(email)).toHaveLength(1);
    const [delivery] = await d()
      .select()
      .from(deliveries)
      .where(eq(deliveries.key, GRIEVANCE_DELIVERY_KEYS.acknowledgement(row.id)));
    expect(delivery).toMatchObject({ state: 'sent', attempts: 1 });
    expect(row.acknowledgedAt).toBe(delivery.sentAt);
  });

  it('gives concurrent grievances distinct, consecutive references', async () => {
    const start = (await maxSeq()) ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 25 }, async () => {
        const res = await call('POST', '/api/grievances', { body: form() });
        expect(res.status).toBe(201);
        return ((await res.json()) as { reference: string }).reference;
      }),
    );
    const expected = Array.from({ length: 25 }, (_, i) => grievanceReference(start + i + 1));
    expect([...answers].sort()).toEqual(expected);
  });

  it('links a signed-in guest’s grievance to their account', async () => {
    const guest = await signedInAs('guest');
    const res = await call('POST', '/api/grievances', { cookie: guest.cookie, body: form() });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect((await rowOf(reference)).userId).toBe(guest.userId);
  });

  it('refuses an invalid form with its field messages and changes nothing', async () => {
    const before = { count: await grievanceCount(), seq: await maxSeq() };
    const bad = form({ name: ' ', email: 'not-an-email', subject: 'Hi', description: 'too short' });
    const res = await call('POST', '/api/grievances', { body: bad });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: GRIEVANCE_COPY.invalid.name,
        fields: {
          name: GRIEVANCE_COPY.invalid.name,
          email: GRIEVANCE_COPY.invalid.email,
          subject: GRIEVANCE_COPY.invalid.subject,
          description: GRIEVANCE_COPY.invalid.description,
        },
      },
    });
    expect(await grievanceCount()).toBe(before.count);
    expect(await maxSeq()).toBe(before.seq);
    expect(await emailsTo('not-an-email')).toHaveLength(0);
    const events = await d().select().from(rateEvents).where(sql`${rateEvents.key} LIKE 'grievance:%not-an-email%'`);
    expect(events).toHaveLength(0);
  });

  it('limits filings per email address', async () => {
    const email = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++)
      expect((await call('POST', '/api/grievances', { body: form({ email }) })).status).toBe(201);
    const sixth = await call('POST', '/api/grievances', { body: form({ email }) });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await emailsTo(email)).toHaveLength(5);
  });

  it('keeps the reference when the acknowledgement fails, and the retry sends it', async () => {
    const input = form();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A key the provider refuses (401): a transient failure, as when a key is being rotated.
    const broken = { ...env, EMAIL_API_KEY: 'not-a-resend-key' };
    const filed = await fileGrievance(broken, d(), { ...input, userId: null });
    expect(filed.acknowledged).toBe(false);
    expect((await rowOf(filed.reference)).acknowledgedAt).toBeNull();
    expect(await emailsTo(input.email)).toHaveLength(0);
    warn.mockRestore();

    // The cron's run sends what is owed (worker/scheduled.ts).
    await handleScheduled({} as ScheduledController, env as Env);
    expect((await rowOf(filed.reference)).acknowledgedAt).not.toBeNull();
    expect(await emailsTo(input.email)).toHaveLength(1);
  });
});

describe('the bot check, when configured', () => {
  const withBotCheck = { ...(env as Env), TURNSTILE_SITE_KEY: '0x4AAAAAAA', TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret' };

  it('refuses a missing or failed token, filing nothing, and files with a good one', async () => {
    const before = { count: await grievanceCount(), seq: await maxSeq() };
    for (const turnstileToken of [undefined, 'fail-token']) {
      const input = form();
      await expect(
        fileGrievanceFromForm(withBotCheck, d(), { ...input, userId: null }, { ip: '10.9.9.9', turnstileToken }),
      ).rejects.toMatchObject({ status: 400, code: 'bot_check_failed' });
      expect(await emailsTo(input.email)).toHaveLength(0);
    }
    expect(await grievanceCount()).toBe(before.count);
    expect(await maxSeq()).toBe(before.seq);

    const filed = await fileGrievanceFromForm(
      withBotCheck,
      d(),
      { ...form(), userId: null },
      { ip: '10.9.9.9', turnstileToken: 'good-token' },
    );
    expect(filed.reference).toBe(grievanceReference((before.seq ?? 0) + 1));
    expect(grievanceFormSettings(withBotCheck).turnstile_site_key).toBe('0x4AAAAAAA');
  });
});

describe('due dates and overdue', () => {
  it('is due one calendar month after filing, on the month’s last day when the date does not exist', () => {
    expect(grievanceDueAt('2026-11-26T02:00:00.000Z')).toBe('2026-12-26T02:00:00.000Z');
    expect(grievanceDueAt('2026-01-31T10:00:00.000Z')).toBe('2026-02-28T10:00:00.000Z');
    expect(grievanceDueAt('2028-01-31T10:00:00.000Z')).toBe('2028-02-29T10:00:00.000Z');
    expect(grievanceDueAt('2026-12-15T00:00:00.000Z')).toBe('2027-01-15T00:00:00.000Z');
  });

  it('is overdue only while open and past its due date', () => {
    const due_at = '2026-12-26T02:00:00.000Z';
    expect(isGrievanceOverdue({ status: 'open', due_at }, new Date('2026-12-26T01:59:59.000Z'))).toBe(false);
    expect(isGrievanceOverdue({ status: 'open', due_at }, new Date('2026-12-26T02:00:01.000Z'))).toBe(true);
    expect(isGrievanceOverdue({ status: 'resolved', due_at }, new Date('2027-06-01T00:00:00.000Z'))).toBe(false);
  });

  it('lists open grievances first, soonest due first, the overdue marked', async () => {
    const now = new Date();
    const old = await fileGrievance(env, d(), { ...form(), userId: null }, new Date(now.getTime() - 40 * 86_400_000));
    const recent = await fileGrievance(env, d(), { ...form(), userId: null }, now);
    const list = await listGrievances(d(), now);
    const refs = list.map((g) => g.reference);
    expect(refs.indexOf(old.reference)).toBeLessThan(refs.indexOf(recent.reference));
    expect(list.find((g) => g.reference === old.reference)).toMatchObject({ overdue: true, status: 'open' });
    expect(list.find((g) => g.reference === recent.reference)).toMatchObject({ overdue: false, status: 'open' });
    const firstResolved = list.findIndex((g) => g.status === 'resolved');
    const lastOpen = list.map((g) => g.status).lastIndexOf('open');
    if (firstResolved >= 0) expect(lastOpen).toBeLessThan(firstResolved);
    const openDue = list.filter((g) => g.status === 'open').map((g) => g.due_at);
    expect(openDue).toEqual([...openDue].sort());
  });
});

describe('the console', () => {
  it('is for operators only: 401 signed out, 403 for a guest', async () => {
    const guest = await signedInAs('guest');
    expect((await call('GET', '/api/admin/grievances')).status).toBe(401);
    expect((await call('GET', '/api/admin/grievances', { cookie: guest.cookie })).status).toBe(403);
    const filed = await fileGrievance(env, d(), { ...form(), userId: null });
    const reply = await call('POST', `/api/admin/grievances/${filed.id}/reply`, {
      cookie: guest.cookie,
      body: { reply: 'We have refunded the second debit.' },
    });
    expect(reply.status).toBe(403);
    expect((await rowOf(filed.reference)).status).toBe('open');
  });

  it('lists grievances with their due dates for an operator', async () => {
    const operator = await signedInAs('operator');
    const filed = await fileGrievance(env, d(), { ...form(), userId: null });
    const res = await call('GET', '/api/admin/grievances', { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const { grievances: list } = (await res.json()) as { grievances: Array<Record<string, unknown>> };
    expect(list.find((g) => g.reference === filed.reference)).toMatchObject({
      id: filed.id,
      due_at: filed.dueAt,
      overdue: false,
      status: 'open',
      signed_in: false,
      reply: null,
    });
  });

  it('a reply resolves the grievance, is audited and reaches the guest by email, once', async () => {
    const operator = await signedInAs('operator');
    const input = form();
    const filed = await fileGrievance(env, d(), { ...input, userId: null });
    const text = 'We have refunded the second debit.\n\nIt reaches your account in 5-7 working days.';
    const res = await call('POST', `/api/admin/grievances/${filed.id}/reply`, {
      cookie: operator.cookie,
      body: { reply: `  ${text}  ` },
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { grievance: Record<string, unknown>; emailed: boolean };
    expect(answer.emailed).toBe(true);
    expect(answer.grievance).toMatchObject({ status: 'resolved', reply: text, overdue: false });

    const row = await rowOf(filed.reference);
    expect(row).toMatchObject({ status: 'resolved', reply: text, repliedBy: operator.userId });
    expect(row.repliedAt).not.toBeNull();

    const audit = await d()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `grievance:${filed.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: operator.userId, action: 'grievance.reply' });
    // No personal data in the log.
    expect(`${audit[0].before}${audit[0].after}`).not.toContain('refunded');

    const mails = await emailsTo(input.email);
    const replies = mails.filter((m) => m.subject === GRIEVANCE_COPY.email.replySubject(filed.reference));
    expect(replies).toHaveLength(1);
    expect(replies[0].body).toContain('We have refunded the second debit.');
    expect(replies[0].body).toContain('It reaches your account in 5-7 working days.');

    // A second reply changes nothing and sends nothing.
    const again = await call('POST', `/api/admin/grievances/${filed.id}/reply`, {
      cookie: operator.cookie,
      body: { reply: 'A different answer, sent twice by mistake.' },
    });
    expect(again.status).toBe(409);
    expect((await rowOf(filed.reference)).reply).toBe(text);
    expect(
      await d()
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `grievance:${filed.id}`)),
    ).toHaveLength(1);
    await retryGrievanceEmails(env, d());
    expect(
      (await emailsTo(input.email)).filter((m) => m.subject === GRIEVANCE_COPY.email.replySubject(filed.reference)),
    ).toHaveLength(1);
  });

  it('refuses an empty reply and an unknown grievance, writing nothing', async () => {
    const operator = await signedInAs('operator');
    const filed = await fileGrievance(env, d(), { ...form(), userId: null });
    const empty = await call('POST', `/api/admin/grievances/${filed.id}/reply`, {
      cookie: operator.cookie,
      body: { reply: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      reply: GRIEVANCE_COPY.invalid.reply,
    });
    expect((await rowOf(filed.reference)).status).toBe('open');
    const unknown = await call('POST', '/api/admin/grievances/no-such-grievance/reply', {
      cookie: operator.cookie,
      body: { reply: 'An answer to nobody at all.' },
    });
    expect(unknown.status).toBe(404);
    expect(await d().select().from(auditLog).where(eq(auditLog.target, 'grievance:no-such-grievance'))).toHaveLength(0);
  });
});
