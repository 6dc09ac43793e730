/**
 * The guest's own data (issue 22): the export (`GET /api/me/export`), the erasure's preview
 * (`GET /api/me/erasure`) and the erasure itself (`DELETE /api/me`, and the cron's for accounts
 * inactive 3 years: services/data-rights-inactivity.ts). One step per table the registry
 * (worker/domain/personal-data.ts) says holds a guest's data: how the guest's rows are found
 * ({@link SCOPES}), what of them is exported ({@link EXPORTS}), and what erasure does (the
 * registry's rule; the ledger's tables through ledger/erasure.ts). TypeScript makes each map name
 * every guest table, and test/worker/data-rights.test.ts checks them against D1's real schema.
 *
 * D1 round trips: the erasure reads once (who the guest is), once more (counts and the preview),
 * and writes in one batch, whatever the number of rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DATA_RIGHTS_COPY, erasureEmail } from '@domain/copy-data-rights';
import type { ErasureReason } from '@domain/erasure';
import { GUEST_TABLES, type GuestTableName, NOT_STORED, PERSONAL_DATA, TAX_RECORD_YEARS } from '@domain/personal-data';
import { rupees } from '@domain/pricing';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { randomToken } from '../lib/crypto';
import { sendEmail } from '../providers/email';
import { creditBalanceSql } from './ledger/credit';
import { dinnersFreedByErasureSql, erasureLedgerStatements } from './ledger/erasure';
import { queueSeatsFreed } from './ledger/offers';
import { prepared } from './ledger/statements';

/** Everything that identifies the guest, read once: their rows are found by these. */
export type Identity = {
  userId: string;
  /** The sign-in phone and the profile's, E.164. */
  phones: string[];
  /** The sign-in email, the profile's and the quiz's, lower-cased. */
  emails: string[];
  /** The sign-up name and the profile's (for the audit log's before/after). */
  names: string[];
  /** Where the erasure's confirmation goes: the profile's email, else the sign-in one. */
  contactEmail: string | null;
  firstName: string | null;
  erasedAt: string | null;
};

/** `a, b, c` as bound parameters, or `NULL` for none (so `x IN (NULL)` matches nothing). */
const list = (values: readonly string[]) =>
  values.length
    ? sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`NULL`;

/** Rate-limit keys end in `:<identifier>` (`otp-send:phone:+91…`, `signin:email:…`, `coupon-check:user:<id>`). */
const keyEndsWithAny = (column: string, values: readonly string[]) =>
  values.length
    ? sql`(${sql.join(
        values.map((v) => sql`substr(${sql.raw(column)}, ${-(v.length + 1)}) = ${`:${v}`}`),
        sql` OR `,
      )})`
    : sql`0`;

/** Whether a text column contains any of `values` (audit rows' before/after JSON). */
const containsAny = (column: string, values: readonly string[]) =>
  values.length
    ? sql`(${sql.join(
        values.map((v) => sql`instr(${sql.raw(column)}, ${v}) > 0`),
        sql` OR `,
      )})`
    : sql`0`;

const bookingsOf = (u: string) => sql`(SELECT id FROM event_bookings WHERE user_id = ${u})`;
const ordersOf = (u: string) => sql`(SELECT id FROM payment_orders WHERE user_id = ${u})`;

/** How each guest table's rows of this guest are found: a WHERE over the table's own columns. */
export const SCOPES: Record<GuestTableName, (id: Identity) => SQL> = {
  users: (id) => sql`id = ${id.userId}`,
  sessions: (id) => sql`user_id = ${id.userId}`,
  refresh_tokens: (id) => sql`session_id IN (SELECT id FROM sessions WHERE user_id = ${id.userId})`,
  otp_codes: (id) => sql`phone IN (${list(id.phones)})`,
  rate_events: (id) => keyEndsWithAny('key', [id.userId, ...id.phones, ...id.emails]),
  user_profiles: (id) => sql`user_id = ${id.userId}`,
  quiz_responses: (id) => sql`user_id = ${id.userId}`,
  payment_orders: (id) => sql`user_id = ${id.userId}`,
  event_bookings: (id) => sql`user_id = ${id.userId}`,
  event_hosts: (id) => sql`user_id = ${id.userId}`,
  payment_issues: (id) =>
    sql`razorpay_order_id IN (SELECT razorpay_order_id FROM payment_orders WHERE user_id = ${id.userId} AND razorpay_order_id IS NOT NULL)`,
  reminders_sent: (id) => sql`booking_id IN ${bookingsOf(id.userId)}`,
  deliveries: (id) => sql`(user_id = ${id.userId} OR booking_id IN ${bookingsOf(id.userId)})`,
  newsletter_signups: (id) => sql`lower(email) IN (${list(id.emails)})`,
  city_waitlist: (id) => sql`(user_id = ${id.userId} OR contact IN (${list([...id.phones, ...id.emails])}))`,
  audit_log: (id) => {
    const named = [id.userId, ...id.phones, ...id.emails, ...id.names];
    return sql`(target = ${`user:${id.userId}`}
      OR substr(target, instr(target, ':') + 1) IN ${bookingsOf(id.userId)}
      OR substr(target, instr(target, ':') + 1) IN ${ordersOf(id.userId)}
      OR ${containsAny('before', named)} OR ${containsAny('after', named)})`;
  },
  waitlist_entries: (id) => sql`user_id = ${id.userId}`,
  credit_entries: (id) => sql`user_id = ${id.userId}`,
  consents: (id) => sql`user_id = ${id.userId}`,
  grievances: (id) => sql`(user_id = ${id.userId} OR lower(email) IN (${list(id.emails)}))`,
  invoices: (id) => sql`(user_id = ${id.userId} OR order_id IN ${ordersOf(id.userId)})`,
};

/**
 * What the export selects of each guest table: the guest's own data, never another person's
 * (a host's or operator's id, a hash, a token that would let someone in). A second guest on the
 * guest's own booking is theirs: they gave us that name.
 */
export const EXPORTS: Record<GuestTableName, string> = {
  users:
    'id, email, phone, full_name, role, created_at, last_active_at, google_sub IS NOT NULL AS signs_in_with_google, password_hash IS NOT NULL AS has_password',
  sessions: 'id, created_at, expires_at, revoked_at',
  refresh_tokens: 'session_id, created_at, used_at',
  otp_codes: 'phone, attempts, created_at, expires_at, consumed_at',
  rate_events: 'key, at',
  user_profiles:
    'full_name, email, email_verified_at, phone_number, age, sex, date_of_birth, relationship_status, work_profile, created_at, updated_at',
  quiz_responses:
    'name, email, age_range, dietary_preferences, interests, personality_type, conversation_style, answers, created_at',
  payment_orders:
    'id, receipt, razorpay_order_id, payment_id, event_id, ticket_type, seats, amount, credit_amount, currency, status, coupon_code, failure_reason, party_name, party_phone, released_at, created_at, updated_at',
  event_bookings:
    'id, order_id, event_id, event_name, event_location, event_date, ticket_type, seats, amount, payment_id, status, booking_date, ticket_code, checked_in_at, running_late_minutes, running_late_at, cancellation_choice, cancellation_choice_at, refund_id, refund_requested_at, refunded_at, rescheduled_from, rescheduled_at, move_count, table_number, party_name, party_phone, released_at, attendance_confirmed_at',
  event_hosts: 'event_id, created_at',
  payment_issues: 'payment_id, razorpay_order_id, kind, detail, refunded_at, resolved_at, created_at',
  reminders_sent: 'booking_id, kind, sent_at',
  deliveries: `key, channel, booking_id, state, claimed_at, sent_at, attempts,
    (SELECT gm.subject FROM guest_messages AS gm WHERE deliveries.key LIKE 'message:' || gm.id || ':%') AS message_subject,
    (SELECT gm.body FROM guest_messages AS gm WHERE deliveries.key LIKE 'message:' || gm.id || ':%') AS message_body`,
  newsletter_signups: 'email, created_at',
  city_waitlist: 'city, contact, created_at',
  // The kind of thing changed, not its id: a row found by the guest's name may be about someone else's booking.
  audit_log: "action, substr(target, 1, instr(target, ':') - 1) AS target_kind, at",
  waitlist_entries: 'id, event_id, ticket_type, seats, status, offered_at, offer_expires_at, created_at, ended_at',
  credit_entries: 'id, kind, amount, booking_id, order_id, note, created_at, expires_at',
  consents: 'purpose, notice_version, granted, source, created_at',
  grievances:
    'reference, name, email, subject, description, status, created_at, acknowledged_at, due_at, reply, replied_at',
  invoices:
    'number, kind, financial_year, order_id, booking_id, buyer_name, buyer_email, is_tax_invoice, seller_name, seller_gstin, description, quantity, total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, credit_paise, issued_at',
};

/** The ledger's tables: erased by ledger/erasure.ts, their only writer. */
const LEDGER_TABLES = new Set<GuestTableName>([
  'payment_orders',
  'event_bookings',
  'credit_entries',
  'waitlist_entries',
]);

const lower = (s: string | null | undefined) => (s ? s.trim().toLowerCase() : null);
const present = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x != null && x !== ''))];

/** Who the guest is, in one query; null for an account that does not exist. */
export async function readIdentity(d: Db, userId: string): Promise<Identity | null> {
  const row = await d.get<{
    email: string | null;
    phone: string | null;
    full_name: string | null;
    erased_at: string | null;
    p_name: string | null;
    p_email: string | null;
    p_phone: string | null;
    q_email: string | null;
  }>(sql`SELECT u.email, u.phone, u.full_name, u.erased_at, p.full_name AS p_name, p.email AS p_email,
      p.phone_number AS p_phone, q.email AS q_email
    FROM users AS u LEFT JOIN user_profiles AS p ON p.user_id = u.id LEFT JOIN quiz_responses AS q ON q.user_id = u.id
    WHERE u.id = ${userId}`);
  if (!row) return null;
  const names = present([row.p_name?.trim(), row.full_name?.trim()]);
  return {
    userId,
    phones: present([row.phone, row.p_phone]),
    emails: present([lower(row.email), lower(row.p_email), lower(row.q_email)]),
    // A name of one or two letters would match unrelated audit rows.
    names: names.filter((n) => n.length >= 4),
    contactEmail: row.p_email ?? row.email,
    firstName: names[0] ?? null,
    erasedAt: row.erased_at,
  };
}

/** A table's SQL name (only ever one of the registry's). */
const table = (name: GuestTableName) => sql.raw(name);

/**
 * `GET /api/me/export`: every row of every guest table that is the guest's, one D1 batch, as one
 * JSON document. Tables by their SQL name, each with how its rows were found.
 */
export async function exportPersonalData(d: Db, userId: string, now = new Date()) {
  const id = await readIdentity(d, userId);
  if (!id) throw new ApiError(404, 'not_found', DATA_RIGHTS_COPY.alreadyErased);
  const client = d.$client;
  const results = await client.batch<Record<string, unknown>>(
    GUEST_TABLES.map((t) =>
      prepared(client, sql`SELECT ${sql.raw(EXPORTS[t])} FROM ${table(t)} WHERE ${SCOPES[t](id)}`),
    ),
  );
  const tables = Object.fromEntries(
    GUEST_TABLES.map((t, i) => [t, { found: PERSONAL_DATA[t].found, rows: results[i].results.map(parseJsonColumns) }]),
  ) as Record<GuestTableName, { found: string; rows: Record<string, unknown>[] }>;
  return {
    exported_at: now.toISOString(),
    about: 'Everything Tablemates holds about you, by table. Ids are ours; amounts are whole rupees (invoices: paise).',
    not_stored: NOT_STORED,
    tables,
  };
}

/** The quiz's JSON columns as JSON, not as strings inside it. */
function parseJsonColumns(row: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...row };
  for (const k of ['interests', 'answers']) {
    if (typeof out[k] !== 'string') continue;
    try {
      out[k] = JSON.parse(out[k] as string);
    } catch {
      // Stored as plain text: exported as it is.
    }
  }
  return out;
}

/** One future booking in the preview, with what erasure does to it. */
export type ErasureBooking = {
  id: string;
  event_name: string;
  event_date: string;
  seats: number;
  outcome: 'released' | 'refund_first';
  says: string;
};

type Preview = {
  bookings: ErasureBooking[];
  open_holds: number;
  waitlist_places: number;
  credit_balance: number;
  counts: Record<GuestTableName, number>;
  freed_dinners: string[];
};

/** The preview's facts and every table's count, in one batch. */
async function readPreview(d: Db, id: Identity, now: Date): Promise<Preview> {
  const client = d.$client;
  const nowIso = now.toISOString();
  const [bookings, facts, freed, ...counts] = await client.batch<Record<string, unknown>>([
    prepared(
      client,
      sql`SELECT b.id, b.event_name, b.event_date, b.seats, e.cancelled_at FROM event_bookings AS b
        JOIN events AS e ON e.id = b.event_id
        WHERE b.user_id = ${id.userId} AND b.status = 'confirmed' AND e.starts_at > ${nowIso}
        ORDER BY e.starts_at`,
    ),
    prepared(
      client,
      sql`SELECT
        (SELECT count(*) FROM payment_orders WHERE user_id = ${id.userId} AND status = 'created' AND hold_expires_at > ${nowIso}
          AND id NOT IN (SELECT order_id FROM waitlist_entries WHERE user_id = ${id.userId} AND order_id IS NOT NULL)) AS open_holds,
        (SELECT count(*) FROM waitlist_entries WHERE user_id = ${id.userId} AND status IN ('waiting', 'offered')) AS waitlist_places,
        ${creditBalanceSql(id.userId, nowIso)} AS credit_balance`,
    ),
    prepared(client, dinnersFreedByErasureSql(id.userId, nowIso)),
    ...GUEST_TABLES.map((t) => prepared(client, sql`SELECT count(*) AS n FROM ${table(t)} WHERE ${SCOPES[t](id)}`)),
  ]);
  const f = facts.results[0] as { open_holds: number; waitlist_places: number; credit_balance: number };
  return {
    bookings: (
      bookings.results as {
        id: string;
        event_name: string;
        event_date: string;
        seats: number;
        cancelled_at: string | null;
      }[]
    ).map((b) => ({
      id: b.id,
      event_name: b.event_name,
      event_date: b.event_date,
      seats: b.seats,
      outcome: b.cancelled_at ? 'refund_first' : 'released',
      says: b.cancelled_at ? DATA_RIGHTS_COPY.refundFirst : DATA_RIGHTS_COPY.releasedBooking,
    })),
    open_holds: Number(f.open_holds),
    waitlist_places: Number(f.waitlist_places),
    credit_balance: Number(f.credit_balance),
    counts: Object.fromEntries(
      GUEST_TABLES.map((t, i) => [t, Number((counts[i].results[0] as { n: number }).n)]),
    ) as Record<GuestTableName, number>,
    freed_dinners: (freed.results as { event_id: string }[]).map((r) => r.event_id),
  };
}

/** `GET /api/me/erasure`: what deleting the account would do, in the guest's words. */
export async function erasurePreview(d: Db, userId: string, now = new Date()) {
  const id = await readIdentity(d, userId);
  if (!id || id.erasedAt) throw new ApiError(404, 'not_found', DATA_RIGHTS_COPY.alreadyErased);
  return previewView(await readPreview(d, id, now));
}

function previewView(p: Preview) {
  const notes = [
    ...(p.open_holds ? [DATA_RIGHTS_COPY.holdsEnd] : []),
    ...(p.waitlist_places ? [DATA_RIGHTS_COPY.waitlistForfeit(p.waitlist_places)] : []),
    ...(p.credit_balance > 0 ? [DATA_RIGHTS_COPY.creditForfeit(rupees(p.credit_balance))] : []),
  ];
  return {
    goes: DATA_RIGHTS_COPY.goes,
    kept: DATA_RIGHTS_COPY.kept,
    kept_years: TAX_RECORD_YEARS,
    bookings: p.bookings,
    notes,
    credit_balance: p.credit_balance,
    /** False while we owe the guest a refund or a move of a dinner we cancelled: they choose first. */
    can_delete: p.bookings.every((b) => b.outcome !== 'refund_first'),
  };
}

/** The statements of one guest table that is not the ledger's, from the registry's rule. */
function eraseTable(d: Db, t: GuestTableName, id: Identity): D1PreparedStatement[] {
  if (LEDGER_TABLES.has(t) || t === 'users') return [];
  const rule = PERSONAL_DATA[t].erase;
  if (rule.how === 'delete') return [prepared(d.$client, sql`DELETE FROM ${table(t)} WHERE ${SCOPES[t](id)}`)];
  if (rule.columns.length === 0) return [];
  const set = sql.raw(rule.columns.map((c) => `${c} = NULL`).join(', '));
  return [prepared(d.$client, sql`UPDATE ${table(t)} SET ${set} WHERE ${SCOPES[t](id)}`)];
}

/**
 * Erases the account: the ledger gives up its future seats and strips kept payments
 * (ledger/erasure.ts), every other guest table loses the guest's rows or columns (registry), the
 * account row keeps only its id and `erased_at`, and one `erasures` row logs the counts — all in
 * one batch. Then the waitlist is offered the seats and a confirmation goes to the address the
 * account had (sent directly, not through `deliveries`: no trace of the address stays).
 * @returns the counts, or null when the account was already erased (or erased meanwhile)
 */
export async function eraseAccount(
  env: Env,
  d: Db,
  userId: string,
  reason: ErasureReason,
  now = new Date(),
): Promise<Record<string, number> | null> {
  const id = await readIdentity(d, userId);
  if (!id || id.erasedAt) return null;
  const preview = await readPreview(d, id, now);
  if (preview.bookings.some((b) => b.outcome === 'refund_first'))
    throw new ApiError(409, 'refund_owed', DATA_RIGHTS_COPY.refundOwed);
  const nowIso = now.toISOString();
  const summary: Record<string, number> = {
    ...preview.counts,
    bookings_released: preview.bookings.length,
    holds_ended: preview.open_holds,
    waitlist_places_given_up: preview.waitlist_places,
  };
  const client = d.$client;
  const stripUsers = sql.raw(PERSONAL_DATA.users.erase.columns.map((c) => `${c} = NULL`).join(', '));
  const results = await client.batch([
    ...erasureLedgerStatements(d, userId, now),
    ...GUEST_TABLES.flatMap((t) => eraseTable(d, t, id)),
    prepared(
      client,
      sql`UPDATE users SET ${stripUsers}, role = 'guest', erased_at = ${nowIso} WHERE id = ${userId} AND erased_at IS NULL`,
    ),
    // Logged only by the erasure that won (two at once: the second changes nothing above).
    prepared(
      client,
      sql`INSERT INTO erasures (id, reason, summary, created_at)
        SELECT ${`er_${randomToken(12)}`}, ${reason}, ${JSON.stringify(summary)}, ${nowIso}
        WHERE (SELECT erased_at FROM users WHERE id = ${userId}) = ${nowIso}`,
    ),
  ]);
  if ((results.at(-1)?.meta.changes ?? 0) === 0) return null;
  for (const eventId of preview.freed_dinners) await queueSeatsFreed(env, eventId);
  if (id.contactEmail) await sendErasureConfirmation(env, id.contactEmail, id.firstName);
  return summary;
}

/** Never throws: the account is gone either way, and the address is not kept to try again. */
async function sendErasureConfirmation(env: Env, to: string, name: string | null) {
  try {
    const sent = await sendEmail(env, { to, ...erasureEmail({ name }) }, `erasure/${randomToken(12)}`);
    if (!sent.ok)
      console.warn(JSON.stringify({ level: 'warn', msg: 'erasure confirmation not sent', error: sent.error }));
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'erasure confirmation threw', error: String(e) }));
  }
}
