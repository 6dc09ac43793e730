/**
 * Grievances (issue 22, Consumer Protection (E-Commerce) Rules 2020): the one module that writes
 * `grievances`. Filing takes the next consecutive number inside its own INSERT and acknowledges by
 * email at once; the operator's reply resolves it, is audited in the same batch, and is emailed.
 * Both emails go through `deliverOnce`, so neither is sent twice however often it is retried.
 */
import { and, asc, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, grievances, userProfiles, users } from '../../db/schema';
import {
  GRIEVANCE_DELIVERY_KEYS,
  GRIEVANCE_REFERENCE_PRINTF,
  type GrievanceOfficer,
  grievanceAcknowledgement,
  grievanceDueAt,
  grievanceReplyEmail,
  isGrievanceOverdue,
} from '@domain/grievance';
import { GRIEVANCE_COPY } from '@domain/copy-grievances';
import type { Config, Env } from '../env';
import { ApiError } from '../lib/errors';
import { sendEmail } from '../providers/email';
import type { TimeoutEnv } from '../providers/result';
import { turnstileEnabled, verifyTurnstile } from '../providers/turnstile';
import { auditRow } from './audit';
import { deliverOnce } from './deliveries';
import { consumeAll, pruneOld } from './rate-limit';

/** What sending a grievance's emails needs from the environment. */
export type GrievanceEnv = Pick<
  Config,
  'EMAIL_BASE_URL' | 'EMAIL_API_KEY' | 'EMAIL_FROM' | 'GRIEVANCE_OFFICER_NAME' | 'GRIEVANCE_OFFICER_EMAIL'
> &
  TimeoutEnv;

/** The grievance officer as config names them (shown on /contact and in the privacy policy). */
export const grievanceOfficer = (env: Pick<Config, 'GRIEVANCE_OFFICER_NAME' | 'GRIEVANCE_OFFICER_EMAIL'>) =>
  ({ name: env.GRIEVANCE_OFFICER_NAME, email: env.GRIEVANCE_OFFICER_EMAIL }) satisfies GrievanceOfficer;

/**
 * What the public form needs: the grievance officer, and the bot check's site key when the bot
 * check is on (as sign-in's).
 */
export const grievanceFormSettings = (env: Env) => ({
  officer: grievanceOfficer(env),
  turnstile_site_key: turnstileEnabled(env) ? env.TURNSTILE_SITE_KEY : null,
});

/**
 * Filing limits. Per address loose (Indian carriers put many people behind one CGNAT address),
 * per email tighter: a real complainant files a handful, a script filling the console many.
 */
export const GRIEVANCE_RATE_LIMITS = {
  ip: [
    { windowS: 3600, max: 10 },
    { windowS: 86_400, max: 30 },
  ],
  email: [{ windowS: 86_400, max: 5 }],
} as const;

/**
 * The public form's filing: the bot check when it is on, the limits per address and per email
 * (429 past either), then {@link fileGrievance}.
 * @returns what `fileGrievance` answers, and a clean-up to run after the response
 */
export async function fileGrievanceFromForm(
  env: Env,
  d: Db,
  input: { name: string; email: string; subject: string; description: string; userId: string | null },
  request: { ip: string; turnstileToken?: string },
) {
  if (turnstileEnabled(env)) {
    const check = request.turnstileToken ? await verifyTurnstile(env, request.turnstileToken, request.ip) : null;
    if (!check?.ok) throw new ApiError(400, 'bot_check_failed', GRIEVANCE_COPY.errors.botCheck);
  }
  await consumeAll(d, [
    { key: `grievance:ip:${request.ip}`, limits: GRIEVANCE_RATE_LIMITS.ip },
    { key: `grievance:email:${input.email}`, limits: GRIEVANCE_RATE_LIMITS.email },
  ]);
  const filed = await fileGrievance(env, d, input);
  return { ...filed, cleanUp: () => pruneOld(d) };
}

/** The audit target of a grievance. */
export const grievanceTarget = (id: string) => `grievance:${id}`;

/** How many grievances the console lists: every open one first, then the latest answered. */
export const GRIEVANCE_LIST_LIMIT = 200;
/** The delivery keys' common starts, for SQL that joins a grievance to its emails. */
const ACK_PREFIX = GRIEVANCE_DELIVERY_KEYS.acknowledgement('');
const REPLY_PREFIX = GRIEVANCE_DELIVERY_KEYS.reply('');
/** Emails still owed, retried per call of {@link retryGrievanceEmails}. */
const RETRY_BATCH = 20;

type GrievanceRow = typeof grievances.$inferSelect;

/**
 * Files a grievance: one INSERT takes the next number (`MAX(seq) + 1`, computed by the statement
 * itself, so two filed at the same moment can never share one or leave a gap; `seq` is UNIQUE
 * besides) and builds the reference from it. Then the acknowledgement goes out at once.
 * @returns the reference, the due date and whether the acknowledgement went out
 */
export async function fileGrievance(
  env: GrievanceEnv,
  d: Db,
  input: { name: string; email: string; subject: string; description: string; userId: string | null },
  now = new Date(),
) {
  const id = crypto.randomUUID();
  const filedAt = now.toISOString();
  const dueAt = grievanceDueAt(now);
  const [row] = await d.all<{ seq: number; reference: string }>(sql`
    INSERT INTO grievances (id, seq, reference, user_id, name, email, subject, description, status, created_at, due_at)
    SELECT ${id}, next.seq, printf(${GRIEVANCE_REFERENCE_PRINTF}, next.seq), ${input.userId}, ${input.name},
      ${input.email}, ${input.subject}, ${input.description}, 'open', ${filedAt}, ${dueAt}
    FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM grievances) AS next
    RETURNING seq, reference`);
  if (!row) throw new Error('grievance insert returned nothing');
  const acknowledged = await acknowledgeGrievance(env, d, {
    id,
    userId: input.userId,
    name: input.name,
    email: input.email,
    subject: input.subject,
    reference: row.reference,
    dueAt,
  });
  return { id, reference: row.reference, dueAt, acknowledged };
}

/**
 * Sends a grievance's acknowledgement (once, whoever asks) and records `acknowledged_at` as the
 * moment the email was sent: read from its delivery in the same statement, so it is set only
 * when the email really went.
 * @returns whether the grievance is acknowledged now
 */
export async function acknowledgeGrievance(
  env: GrievanceEnv,
  d: Db,
  g: Pick<GrievanceRow, 'id' | 'userId' | 'name' | 'email' | 'subject' | 'reference' | 'dueAt'>,
): Promise<boolean> {
  const key = GRIEVANCE_DELIVERY_KEYS.acknowledgement(g.id);
  try {
    await deliverOnce(d, { key, channel: 'email', userId: g.userId }, (idempotencyKey) =>
      sendEmail(
        env,
        { to: g.email, ...grievanceAcknowledgement({ ...g, officer: grievanceOfficer(env) }) },
        idempotencyKey,
      ),
    );
  } catch (error) {
    // The grievance is filed and has its reference whatever happens to its email; the retry sends it.
    console.warn(JSON.stringify({ level: 'warn', msg: 'grievance acknowledgement threw', error: String(error) }));
    return false;
  }
  const stamped = await d
    .update(grievances)
    .set({ acknowledgedAt: sql`(${sentAtOf(key)})` })
    .where(and(eq(grievances.id, g.id), isNull(grievances.acknowledgedAt), sql`(${sentAtOf(key)}) IS NOT NULL`))
    .returning({ id: grievances.id });
  return stamped.length > 0;
}

/** SQL: when the email of `key` was sent, or NULL while it is not. */
const sentAtOf = (key: string): SQL =>
  sql`SELECT ${deliveries.sentAt} FROM ${deliveries} WHERE ${deliveries.key} = ${key} AND ${deliveries.channel} = 'email' AND ${deliveries.state} = 'sent'`;

/** A grievance as the console shows it (snake_case, one shape). */
const consoleColumns = {
  id: grievances.id,
  reference: grievances.reference,
  name: grievances.name,
  email: grievances.email,
  subject: grievances.subject,
  description: grievances.description,
  status: grievances.status,
  signed_in: sql<boolean>`${grievances.userId} IS NOT NULL`.mapWith(Boolean),
  created_at: grievances.createdAt,
  acknowledged_at: grievances.acknowledgedAt,
  due_at: grievances.dueAt,
  reply: grievances.reply,
  replied_at: grievances.repliedAt,
  replied_by_name: sql<
    string | null
  >`COALESCE(${userProfiles.fullName}, ${users.fullName}, ${users.email}, ${users.phone})`,
};

const withOverdue = <G extends { status: GrievanceRow['status']; due_at: string }>(g: G, now: Date) => ({
  ...g,
  overdue: isGrievanceOverdue(g, now),
});

/**
 * The console's grievances: open ones first, the soonest due at the top (so the overdue lead),
 * then answered ones, latest answer first; each with `overdue` computed at `now`. One query.
 */
export async function listGrievances(d: Db, now = new Date()) {
  const rows = await d
    .select(consoleColumns)
    .from(grievances)
    .leftJoin(users, eq(users.id, grievances.repliedBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, grievances.repliedBy))
    .orderBy(
      sql`CASE ${grievances.status} WHEN 'open' THEN 0 ELSE 1 END`,
      sql`CASE WHEN ${grievances.status} = 'open' THEN ${grievances.dueAt} END`,
      desc(grievances.repliedAt),
      asc(grievances.seq),
    )
    .limit(GRIEVANCE_LIST_LIMIT);
  return rows.map((g) => withOverdue(g, now));
}
export type ConsoleGrievance = Awaited<ReturnType<typeof listGrievances>>[number];

/** How many open grievances are past their due date (the dashboard's "needs attention"). */
export async function countOverdueGrievances(d: Db, now = new Date()) {
  const [row] = await d
    .select({ n: sql<number>`count(*)` })
    .from(grievances)
    .where(and(eq(grievances.status, 'open'), lt(grievances.dueAt, now.toISOString())));
  return row?.n ?? 0;
}

/**
 * The operator answers a grievance: it becomes resolved with the reply, who and when, in one
 * conditional UPDATE (only an open one) with its audit row in the same batch; then the reply is
 * emailed to the guest. A second reply, or two operators at once, changes nothing and emails
 * nothing: the first one stands.
 * @returns the grievance and whether the email went, or why nothing was written
 */
export async function replyToGrievance(
  env: GrievanceEnv,
  d: Db,
  actorId: string,
  id: string,
  reply: string,
  now = new Date(),
): Promise<
  { kind: 'replied'; grievance: ConsoleGrievance; emailed: boolean } | { kind: 'not_found' | 'already_resolved' }
> {
  const at = now.toISOString();
  const [updated] = await d.batch([
    d
      .update(grievances)
      .set({ status: 'resolved', reply, repliedAt: at, repliedBy: actorId })
      .where(and(eq(grievances.id, id), eq(grievances.status, 'open')))
      .returning(),
    // No personal data in the log: the reference and the state, not the text.
    auditRow(d, {
      actorId,
      action: 'grievance.reply',
      target: grievanceTarget(id),
      before: { status: 'open' },
      after: { status: 'resolved', replied_at: at },
    }),
  ]);
  const row = updated[0];
  if (!row) {
    const [existing] = await d.select({ status: grievances.status }).from(grievances).where(eq(grievances.id, id));
    return { kind: existing ? 'already_resolved' : 'not_found' };
  }
  const emailed = await emailReply(env, d, row);
  const [grievance] = await d
    .select(consoleColumns)
    .from(grievances)
    .leftJoin(users, eq(users.id, grievances.repliedBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, grievances.repliedBy))
    .where(eq(grievances.id, id));
  return { kind: 'replied', grievance: withOverdue(grievance, now), emailed };
}

/** Emails a resolved grievance's reply (once). @returns whether it has gone */
async function emailReply(env: GrievanceEnv, d: Db, g: GrievanceRow): Promise<boolean> {
  if (g.reply === null) return false;
  const reply = g.reply;
  try {
    const owed = await deliverOnce(
      d,
      { key: GRIEVANCE_DELIVERY_KEYS.reply(g.id), channel: 'email', userId: g.userId },
      (idempotencyKey) =>
        sendEmail(
          env,
          { to: g.email, ...grievanceReplyEmail({ ...g, reply, officer: grievanceOfficer(env) }) },
          idempotencyKey,
        ),
    );
    return !owed;
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'grievance reply email threw', error: String(error) }));
    return false;
  }
}

/**
 * Sends what a failed attempt left owed: acknowledgements of grievances not acknowledged yet, and
 * replies not delivered yet (a claim that failed is taken again; one sent or refused for good is
 * not: `deliverOnce`). Bounded per call; safe to run as often as wanted (the cron's job).
 */
export async function retryGrievanceEmails(env: GrievanceEnv, d: Db) {
  const [unacknowledged, unreplied] = await d.batch([
    d
      .select()
      .from(grievances)
      .where(
        and(
          isNull(grievances.acknowledgedAt),
          // A sent one is only stamped again (a stamp lost after the send); a refused address is final.
          sql`NOT EXISTS (SELECT 1 FROM ${deliveries} WHERE ${deliveries.key} = ${ACK_PREFIX} || ${grievances.id} AND ${deliveries.state} = 'undeliverable')`,
        ),
      )
      .orderBy(asc(grievances.seq))
      .limit(RETRY_BATCH),
    d
      .select()
      .from(grievances)
      .where(
        and(
          eq(grievances.status, 'resolved'),
          sql`NOT EXISTS (SELECT 1 FROM ${deliveries} WHERE ${deliveries.key} = ${REPLY_PREFIX} || ${grievances.id} AND ${deliveries.state} IN ('sent', 'undeliverable'))`,
        ),
      )
      .orderBy(asc(grievances.seq))
      .limit(RETRY_BATCH),
  ]);
  for (const g of unacknowledged) await acknowledgeGrievance(env, d, g);
  for (const g of unreplied) await emailReply(env, d, g);
  return { acknowledged: unacknowledged.length, replied: unreplied.length };
}
