/**
 * The audit log (docs/decisions/013-roles-and-audit.md): every operator or host write leaves one
 * row, who, what, on which target, before → after. The row is built here and run in the same
 * D1 batch as the change it records, so one never exists without the other.
 */
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, paymentOrders, userProfiles, users } from '../../db/schema';
import type { AuditAction } from '@domain/roles';

/** Fields of the target as JSON (snake_case keys, as on the wire). */
export type AuditFields = Record<string, string | number | boolean | null>;

export type AuditEntry = {
  actorId: string;
  action: AuditAction;
  /** `<kind>:<id>`, from a helper such as {@link eventTarget}. */
  target: string;
  before: AuditFields | null;
  after: AuditFields | null;
};

/** The audit target of a dinner. */
export const eventTarget = (eventId: string) => `event:${eventId}`;
/** The audit target of an order (our id, `ord_…`). */
export const orderTarget = (orderId: string) => `order:${orderId}`;

/** How many entries one page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 50;

/** An entry's place in the log (newest first), as the `before` cursor of the next page: `<at>|<id>`. */
export const auditCursor = (entry: { at: string; id: string }) => `${entry.at}|${entry.id}`;
const AUDIT_CURSOR = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|([\w-]{1,100})$/;
export const isAuditCursor = (cursor: string) => AUDIT_CURSOR.test(cursor);

/**
 * The audit row of a write, for the write's own `d.batch([...])`. Place it right after the write:
 * it is inserted only if that statement changed a row (SQLite's `changes()`, same connection,
 * same transaction), so a write that matched nothing leaves no trace.
 * @example
 * await d.batch([
 *   d.update(events).set({ available }).where(and(eq(events.id, id), eq(events.available, !available))),
 *   auditRow(d, { actorId, action: 'event.update', target: eventTarget(id), before, after }),
 * ]);
 */
export function auditRow(d: Db, entry: AuditEntry) {
  const json = (fields: AuditFields | null) => (fields === null ? null : JSON.stringify(fields));
  // Every column, in the table's order (an INSERT … SELECT from SQL names them all).
  return d
    .insert(auditLog)
    .select(
      sql`SELECT ${crypto.randomUUID()}, ${entry.actorId}, ${entry.action}, ${entry.target}, ${json(entry.before)}, ${json(entry.after)}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE changes() > 0`,
    );
}

/**
 * The audit row of a write whose batch is known to change something (the caller compared before
 * and after itself), for when no single statement's `changes()` can say so.
 */
export function auditRowOf(d: Db, entry: AuditEntry) {
  const json = (fields: AuditFields | null) => (fields === null ? null : JSON.stringify(fields));
  return d.insert(auditLog).values({
    id: crypto.randomUUID(),
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before: json(entry.before),
    after: json(entry.after),
  });
}

const parse = (text: string | null): AuditFields | null => (text === null ? null : (JSON.parse(text) as AuditFields));

/**
 * One page of the audit log, newest first, with who made each entry. One query.
 * - `eventId`: one dinner's entries — the dinner's own (create, edits, cancel, messages) and
 *   those of its orders (retry, refund).
 * - `before`: a cursor from {@link auditCursor}; the page starts after that entry.
 * @returns the entries and the cursor of the next page (null on the last one).
 */
export async function listAudit(d: Db, opts: { eventId?: string; before?: string; limit?: number } = {}) {
  const limit = opts.limit ?? AUDIT_PAGE_SIZE;
  const cursor = opts.before ? AUDIT_CURSOR.exec(opts.before) : null;
  const rows = await d
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
      actor_id: auditLog.actorId,
      actor_name: sql<
        string | null
      >`COALESCE(${userProfiles.fullName}, ${users.fullName}, ${users.email}, ${users.phone})`,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(userProfiles, eq(userProfiles.userId, auditLog.actorId))
    .where(
      and(
        opts.eventId === undefined
          ? undefined
          : or(
              eq(auditLog.target, eventTarget(opts.eventId)),
              inArray(
                auditLog.target,
                d
                  .select({ target: sql<string>`'order:' || ${paymentOrders.id}` })
                  .from(paymentOrders)
                  .where(eq(paymentOrders.eventId, opts.eventId)),
              ),
            ),
        cursor
          ? or(lt(auditLog.at, cursor[1]), and(eq(auditLog.at, cursor[1]), lt(auditLog.id, cursor[2])))
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map((row) => ({ ...row, before: parse(row.before), after: parse(row.after) }));
  const last = entries.at(-1);
  return { entries, next_before: rows.length > limit && last ? auditCursor(last) : null };
}
export type AuditLogEntry = Awaited<ReturnType<typeof listAudit>>['entries'][number];

/**
 * The audit row of a conditional UPDATE whose `before` is read by the statement itself: placed
 * right BEFORE the update in the same batch, it inserts one row only when `where` matches (the
 * update's own condition), with `before` built in SQL from the row as it is, so it is true by
 * construction and no read precedes the write.
 */
export function auditRowBefore(
  d: Db,
  entry: Omit<AuditEntry, 'before' | 'target'> & {
    /** The target, or SQL reading it from the row (e.g. `'booking:' || id` when the row is found by another key). */
    target: string | SQL;
    before: SQL;
    from: SQL;
    where: SQL | undefined;
  },
) {
  const after = entry.after === null ? null : JSON.stringify(entry.after);
  return d
    .insert(auditLog)
    .select(
      sql`SELECT ${crypto.randomUUID()}, ${entry.actorId}, ${entry.action}, ${entry.target}, ${entry.before}, ${after}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM ${entry.from} WHERE ${entry.where}`,
    );
}
