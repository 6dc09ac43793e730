import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateEvents } from '../../db/schema';
import { COPY } from '@domain/copy';
import { ApiError } from '../lib/errors';

/** A window and the most events allowed inside it. */
export type Limit = { windowS: number; max: number };

/**
 * Durable rate limits as counters in D1 (`rate_events`): the Workers rate-limit binding is
 * approximate and per location (DESIGN.md pitfalls), which is not enough for per-phone limits.
 * The event is recorded only when every window still has room, in ONE conditional INSERT, so
 * concurrent requests cannot slip past the count. Throws 429 with Retry-After otherwise.
 * @example await consume(d, `otp-send:phone:${phone}`, [{ windowS: 30, max: 1 }, { windowS: 3600, max: 5 }])
 */
export async function consume(d: Db, key: string, limits: readonly Limit[], now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  const res = await d.run(
    sql`INSERT INTO rate_events (key, at) SELECT ${key}, ${at} WHERE ${roomSql(key, limits, now)}`,
  );
  if ((res.meta.changes ?? 0) > 0) return;
  throw await rateLimited(d, key, limits, now);
}

/**
 * {@link consume} for several keys in one round trip (one batch): every key with room records its
 * event; the first key without room answers 429. E.g. a guest's and their address's allowance.
 */
export async function consumeAll(
  d: Db,
  keys: readonly { key: string; limits: readonly Limit[] }[],
  now = Date.now(),
): Promise<void> {
  const [first, ...rest] = keys.map(({ key, limits }) =>
    d
      .insert(rateEvents)
      .select(sql`SELECT NULL, ${key}, ${new Date(now).toISOString()} WHERE ${roomSql(key, limits, now)}`)
      .returning({ id: rateEvents.id }),
  );
  if (!first) return;
  const recorded = await d.batch([first, ...rest]);
  const full = keys.find((_, i) => recorded[i].length === 0);
  if (full) throw await rateLimited(d, full.key, full.limits, now);
}

/**
 * Whether every window of `key` still has room at `now`: the condition {@link consume} inserts
 * under, for a statement that must also wait for room (a seat hold limited per address).
 */
export function roomSql(key: string, limits: readonly Limit[], now = Date.now()): SQL<boolean> {
  return sql.join(
    limits.map(
      (l) =>
        sql`(SELECT count(*) FROM rate_events WHERE key = ${key} AND at > ${new Date(now - l.windowS * 1000).toISOString()}) < ${l.max}`,
    ),
    sql` AND `,
  ) as SQL<boolean>;
}

/** The event of `key` at `now`, for a batch: written only if the statement just before it changed a row. */
export const recordAfterStatement = (d: Db, key: string, now = Date.now()) =>
  d.insert(rateEvents).select(sql`SELECT NULL, ${key}, ${new Date(now).toISOString()} WHERE changes() > 0`);

/** The 429 of an exceeded `key`, with its Retry-After. */
export async function rateLimited(d: Db, key: string, limits: readonly Limit[], now = Date.now()) {
  return new ApiError(429, 'rate_limited', COPY.common.tooMany, undefined, {
    'Retry-After': String(await retryAfter(d, key, limits, now)),
  });
}

/** Seconds until every exceeded window has room again (at least 1: Retry-After). */
async function retryAfter(d: Db, key: string, limits: readonly Limit[], now: number): Promise<number> {
  return Math.max(1, await secondsUntilRoom(d, key, limits, now));
}

/**
 * Seconds until {@link consume} would accept `key` again: 0 when every window has room. One read:
 * the newest events inside the longest window, as many as the largest allowance; in each window
 * the event that must age out is its max-th newest.
 * @example await secondsUntilRoom(d, `otp-send:phone:${phone}`, LIMITS.sendPerPhone) // 30 right after a send
 */
export async function secondsUntilRoom(
  d: Db,
  key: string,
  limits: readonly Limit[],
  now = Date.now(),
): Promise<number> {
  const longest = Math.max(...limits.map((l) => l.windowS));
  const most = Math.max(...limits.map((l) => l.max));
  const rows = await d.all<{ at: string }>(
    sql`SELECT at FROM rate_events WHERE key = ${key} AND at > ${new Date(now - longest * 1000).toISOString()} ORDER BY at DESC LIMIT ${most}`,
  );
  let wait = 0;
  for (const l of limits) {
    const since = now - l.windowS * 1000;
    const inWindow = rows.map((r) => Date.parse(r.at)).filter((at) => at > since);
    const ageingOut = inWindow[l.max - 1];
    if (ageingOut !== undefined) wait = Math.max(wait, Math.ceil((ageingOut + l.windowS * 1000 - now) / 1000));
  }
  return wait;
}

/** Removes events older than a day (called opportunistically; keeps the table small). */
export const pruneOld = (d: Db, now = Date.now()) =>
  d.run(sql`DELETE FROM rate_events WHERE at < ${new Date(now - 86_400_000).toISOString()}`);
