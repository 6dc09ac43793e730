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
import { newsletterWelcomeKey } from './marketing';

/**
 * Everything that identifies the guest, read once: their rows are found by these. Only identities
 * the guest proved are theirs: anyone can type a stranger's phone or email into a profile or the
 * quiz, and must not reach that stranger's rows through them.
 */
export type Identity = {
  userId: string;
  /** The sign-in phone (proved by a code), E.164. Never the profile's `phone_number`. */
  phones: string[];
  /** The sign-in email (password or Google account) and the profile's once verified, lower-cased. Never the quiz's. */
  emails: string[];
  /** The newsletter welcome's delivery keys of those emails (marketing.ts keys it by a hash). */
  welcomeKeys: string[];
  /** The sign-up name and the profile's: stripped from an audit row found by the guest's ids, never used to find one. */
  names: string[];
  /** Where the erasure's confirmation goes: the profile's verified email, else the sign-in one. */
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

const bookingsOf = (u: string) => sql`(SELECT id FROM event_bookings WHERE user_id = ${u})`;
const ordersOf = (u: string) => sql`(SELECT id FROM payment_orders WHERE user_id = ${u})`;

/** An audit row whose target is the account, one of its bookings or one of its orders. */
const auditTargetIsGuest = (id: Identity) => sql`(audit_log.target = ${`user:${id.userId}`}
  OR substr(audit_log.target, instr(audit_log.target, ':') + 1) IN ${bookingsOf(id.userId)}
  OR substr(audit_log.target, instr(audit_log.target, ':') + 1) IN ${ordersOf(id.userId)})`;

/**
 * An audit row one of whose before/after JSON values (at any depth) is exactly the guest's id, a
 * booking or order id of theirs, their sign-in phone or a verified email: never a name, nor a
 * substring (a guest "Ravi" must not reach rows about "Ravindra").
 */
const auditValueIsGuest = (id: Identity) => {
  const valueIn = (
    column: string,
  ) => sql`EXISTS (SELECT 1 FROM json_tree(CASE WHEN json_valid(audit_log.${sql.raw(column)})
      THEN audit_log.${sql.raw(column)} ELSE '{}' END) AS jt
    WHERE jt.type = 'text' AND (jt.value IN (${list([id.userId, ...id.phones])}) OR lower(jt.value) IN (${list(id.emails)})
      OR jt.value IN ${bookingsOf(id.userId)} OR jt.value IN ${ordersOf(id.userId)}))`;
  return sql`(${valueIn('before')} OR ${valueIn('after')})`;
};

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
  deliveries: (id) =>
    sql`(user_id = ${id.userId} OR booking_id IN ${bookingsOf(id.userId)} OR key IN (${list(id.welcomeKeys)}))`,
  newsletter_signups: (id) => sql`lower(email) IN (${list(id.emails)})`,
  city_waitlist: (id) => sql`(user_id = ${id.userId} OR contact IN (${list([...id.phones, ...id.emails])}))`,
  audit_log: (id) => sql`(${auditTargetIsGuest(id)} OR ${auditValueIsGuest(id)})`,
  waitlist_entries: (id) => sql`user_id = ${id.userId}`,
  credit_entries: (id) => sql`user_id = ${id.userId}`,
  consents: (id) => sql`user_id = ${id.userId}`,
  grievances: (id) => sql`(user_id = ${id.userId} OR lower(email) IN (${list(id.emails)}))`,
  invoices: (id) => sql`(user_id = ${id.userId} OR order_id IN ${ordersOf(id.userId)})`,
  dinner_feedback: (id) => sql`user_id = ${id.userId}`,
  tablemate_verdicts: (id) => sql`(from_user_id = ${id.userId} OR to_user_id = ${id.userId})`,
  reports: (id) => sql`(reporter_id = ${id.userId} OR about_user_id = ${id.userId})`,
  dinner_shares: (id) => sql`user_id = ${id.userId}`,
};

/**
 * Where the export finds fewer rows than the erasure: what another guest said of this one, or
 * reported about them, is erased with the account but never shown to it (issue 21).
 */
const EXPORT_SCOPES: Partial<Record<GuestTableName, (id: Identity) => SQL>> = {
  tablemate_verdicts: (id) => sql`from_user_id = ${id.userId}`,
  reports: (id) => sql`reporter_id = ${id.userId}`,
};

/**
 * What the export selects of each guest table: the guest's own data, never another person's
 * (a host's or operator's id, a hash, a token that would let someone in). A second guest on the
 * guest's own booking is theirs: they gave us that name.
 */
export const EXPORTS: Record<GuestTableName, string> = {
  users:
    'id, email, phone, full_name, role, created_at, last_active_at, suspended_at, google_sub IS NOT NULL AS signs_in_with_google, password_hash IS NOT NULL AS has_password',
  sessions: 'id, created_at, expires_at, revoked_at',
  refresh_tokens: 'session_id, created_at, used_at',
  otp_codes: 'phone, attempts, created_at, expires_at, consumed_at',
  rate_events: 'key, at',
  user_profiles:
    'full_name, email, email_verified_at, phone_number, age, sex, date_of_birth, relationship_status, work_profile, seat_with_women, created_at, updated_at',
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
  dinner_feedback: 'booking_id, event_id, evening, host, venue, note, share_kind, share_value, created_at, updated_at',
  // The tablemate by their dinner only: who they are is theirs, not this guest's.
  tablemate_verdicts: 'event_id, verdict, created_at',
  reports: 'id, booking_id, event_id, category, description, status, created_at, resolved_at',
  dinner_shares: 'token, booking_id, created_at, revoked_at',
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
    p_verified_email: string | null;
  }>(sql`SELECT u.email, u.phone, u.full_name, u.erased_at, p.full_name AS p_name,
      CASE WHEN p.email_verified_at IS NOT NULL THEN p.email END AS p_verified_email
    FROM users AS u LEFT JOIN user_profiles AS p ON p.user_id = u.id
    WHERE u.id = ${userId}`);
  if (!row) return null;
  const names = present([row.p_name?.trim(), row.full_name?.trim()]);
  const emails = present([lower(row.email), lower(row.p_verified_email)]);
  return {
    userId,
    phones: present([row.phone]),
    emails,
    welcomeKeys: await Promise.all(emails.map(newsletterWelcomeKey)),
    names,
    contactEmail: verifiedContactEmail(row.p_verified_email, row.email),
    firstName: names[0] ?? null,
    erasedAt: row.erased_at,
  };
}

/** The address a verified account is written to: the profile's verified email, else the sign-in one. */
export const verifiedContactEmail = (profileVerified: string | null, signIn: string | null) =>
  profileVerified?.trim() || signIn?.trim() || null;

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
      prepared(
        client,
        sql`SELECT ${sql.raw(EXPORTS[t])} FROM ${table(t)} WHERE ${(EXPORT_SCOPES[t] ?? SCOPES[t])(id)}`,
      ),
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
  /** Grievances of the guest's not yet answered: the officer owes a reply, so the account waits. */
  open_grievances: number;
  counts: Record<GuestTableName, number>;
  freed_dinners: string[];
  /** Audit rows about something else that hold one of the guest's ids as a value: only those fields go. */
  audit_mentions: { id: string; before: string | null; after: string | null }[];
  /** The guest's booking and order ids (the values {@link stripGuestFields} removes). */
  ledger_ids: string[];
};

/** The preview's facts and every table's count, in one batch. */
async function readPreview(d: Db, id: Identity, now: Date): Promise<Preview> {
  const client = d.$client;
  const nowIso = now.toISOString();
  const [bookings, facts, freed, mentions, ledgerIds, ...counts] = await client.batch<Record<string, unknown>>([
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
        ${creditBalanceSql(id.userId, nowIso)} AS credit_balance,
        (SELECT count(*) FROM grievances WHERE ${SCOPES.grievances(id)} AND status = 'open') AS open_grievances`,
    ),
    prepared(client, dinnersFreedByErasureSql(id.userId, nowIso)),
    prepared(
      client,
      sql`SELECT id, before, after FROM audit_log WHERE NOT ${auditTargetIsGuest(id)} AND ${auditValueIsGuest(id)}`,
    ),
    prepared(
      client,
      sql`SELECT id FROM event_bookings WHERE user_id = ${id.userId} UNION ALL SELECT id FROM payment_orders WHERE user_id = ${id.userId}`,
    ),
    ...GUEST_TABLES.map((t) => prepared(client, sql`SELECT count(*) AS n FROM ${table(t)} WHERE ${SCOPES[t](id)}`)),
  ]);
  const f = facts.results[0] as {
    open_holds: number;
    waitlist_places: number;
    credit_balance: number;
    open_grievances: number;
  };
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
    open_grievances: Number(f.open_grievances),
    counts: Object.fromEntries(
      GUEST_TABLES.map((t, i) => [t, Number((counts[i].results[0] as { n: number }).n)]),
    ) as Record<GuestTableName, number>,
    freed_dinners: (freed.results as { event_id: string }[]).map((r) => r.event_id),
    audit_mentions: mentions.results as Preview['audit_mentions'],
    ledger_ids: (ledgerIds.results as { id: string }[]).map((r) => r.id),
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
    ...(p.open_grievances > 0 ? [DATA_RIGHTS_COPY.grievanceOpen] : []),
  ];
  return {
    goes: DATA_RIGHTS_COPY.goes,
    kept: DATA_RIGHTS_COPY.kept,
    kept_years: TAX_RECORD_YEARS,
    bookings: p.bookings,
    notes,
    credit_balance: p.credit_balance,
    /**
     * False while we owe the guest a refund or a move of a dinner we cancelled (they choose first),
     * or a reply to a grievance (the officer answers first).
     */
    can_delete: p.bookings.every((b) => b.outcome !== 'refund_first') && p.open_grievances === 0,
  };
}

/**
 * The statements of one guest table that is not the ledger's, from the registry's rule, each
 * written only while `guard` holds. The audit log: a row about the guest's account, booking or
 * order loses its before/after; a row about something else that holds one of the guest's ids as a
 * value loses only the fields naming the guest ({@link stripGuestFields}).
 */
function eraseTable(d: Db, t: GuestTableName, id: Identity, p: Preview, guard: SQL): D1PreparedStatement[] {
  if (LEDGER_TABLES.has(t) || t === 'users') return [];
  const rule = PERSONAL_DATA[t].erase;
  if (rule.how === 'delete')
    return [prepared(d.$client, sql`DELETE FROM ${table(t)} WHERE ${SCOPES[t](id)} AND ${guard}`)];
  if (rule.columns.length === 0) return [];
  const set = sql.raw(rule.columns.map((c) => `${c} = NULL`).join(', '));
  if (t !== 'audit_log')
    return [prepared(d.$client, sql`UPDATE ${table(t)} SET ${set} WHERE ${SCOPES[t](id)} AND ${guard}`)];
  const values = new Set([id.userId, ...id.phones, ...p.ledger_ids]);
  const folded = new Set([...id.emails, ...id.names.map((n) => n.toLowerCase())]);
  const names = (v: string) => values.has(v) || folded.has(v.trim().toLowerCase());
  return [
    prepared(d.$client, sql`UPDATE audit_log SET ${set} WHERE ${auditTargetIsGuest(id)} AND ${guard}`),
    ...p.audit_mentions.map((row) =>
      prepared(
        d.$client,
        sql`UPDATE audit_log SET before = ${stripGuestFields(row.before, names)}, after = ${stripGuestFields(row.after, names)}
          WHERE id = ${row.id} AND ${guard}`,
      ),
    ),
  ];
}

/**
 * An audit before/after JSON without the fields (at any depth) whose text value `names` the
 * guest: their ids, phone, verified email, or exactly their name. Anything else in it stays.
 */
export function stripGuestFields(json: string | null, names: (value: string) => boolean): string | null {
  if (json == null) return null;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.filter((x) => !(typeof x === 'string' && names(x))).map(strip);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => !(typeof x === 'string' && names(x)))
          .map(([k, x]) => [k, strip(x)]),
      );
    return v;
  };
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'string' && names(parsed) ? null : JSON.stringify(strip(parsed));
  } catch {
    // Not JSON: it was found by one of its values, so it is about the guest.
    return null;
  }
}

/** What the cron saw of an inactive account when it chose to erase it: the erasure holds only while both are unchanged. */
export type InactiveSeen = { last: string; noticeAt: string };

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
  seen?: InactiveSeen,
): Promise<Record<string, number> | null> {
  if (reason === 'inactive' && !seen) throw new Error('an inactive erasure needs what the cron saw');
  const id = await readIdentity(d, userId);
  if (!id || id.erasedAt) return null;
  const preview = await readPreview(d, id, now);
  if (preview.bookings.some((b) => b.outcome === 'refund_first'))
    throw new ApiError(409, 'refund_owed', DATA_RIGHTS_COPY.refundOwed);
  if (preview.open_grievances > 0) throw new ApiError(409, 'grievance_open', DATA_RIGHTS_COPY.grievanceOpen);
  // An inactive account is erased only if nobody visited since the cron's read (a visit moves
  // last_active_at and clears the notice): checked by every statement of the batch, in SQL.
  const guard = seen
    ? sql`EXISTS (SELECT 1 FROM users AS g WHERE g.id = ${userId} AND g.erased_at IS NULL
        AND COALESCE(g.last_active_at, g.created_at) = ${seen.last} AND g.inactivity_notice_at = ${seen.noticeAt})`
    : sql`1`;
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
    ...erasureLedgerStatements(d, userId, now, guard),
    ...GUEST_TABLES.flatMap((t) => eraseTable(d, t, id, preview, guard)),
    prepared(
      client,
      sql`UPDATE users SET ${stripUsers}, role = 'guest', erased_at = ${nowIso} WHERE id = ${userId} AND erased_at IS NULL AND ${guard}`,
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
  if (id.contactEmail) await sendErasureConfirmation(env, id.contactEmail, id.firstName, reason);
  return summary;
}

/** Never throws: the account is gone either way, and the address is not kept to try again. */
async function sendErasureConfirmation(env: Env, to: string, name: string | null, reason: ErasureReason) {
  try {
    const sent = await sendEmail(env, { to, ...erasureEmail({ name, reason }) }, `erasure/${randomToken(12)}`);
    if (!sent.ok)
      console.warn(JSON.stringify({ level: 'warn', msg: 'erasure confirmation not sent', error: sent.error }));
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'erasure confirmation threw', error: String(e) }));
  }
}
