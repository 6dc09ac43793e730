import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { COPY } from '../domain/copy';
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
export async function consume(d: Db, key: string, limits: Limit[], now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  const roomInEveryWindow = sql.join(
    limits.map(
      (l) =>
        sql`(SELECT count(*) FROM rate_events WHERE key = ${key} AND at > ${new Date(now - l.windowS * 1000).toISOString()}) < ${l.max}`,
    ),
    sql` AND `,
  );
  const res = await d.run(sql`INSERT INTO rate_events (key, at) SELECT ${key}, ${at} WHERE ${roomInEveryWindow}`);
  if ((res.meta.changes ?? 0) > 0) return;
  throw new ApiError(429, 'rate_limited', COPY.common.tooMany, undefined, {
    'Retry-After': String(await retryAfter(d, key, limits, now)),
  });
}

/** Seconds until every exceeded window has room again. */
async function retryAfter(d: Db, key: string, limits: Limit[], now: number): Promise<number> {
  let wait = 1;
  for (const l of limits) {
    const since = new Date(now - l.windowS * 1000).toISOString();
    // The event that must age out is the max-th newest inside the window.
    const row = await d.get<{ at: string }>(
      sql`SELECT at FROM rate_events WHERE key = ${key} AND at > ${since} ORDER BY at DESC LIMIT 1 OFFSET ${l.max - 1}`,
    );
    if (row) wait = Math.max(wait, Math.ceil((Date.parse(row.at) + l.windowS * 1000 - now) / 1000));
  }
  return wait;
}

/** Removes events older than a day (called opportunistically; keeps the table small). */
export const pruneOld = (d: Db, now = Date.now()) =>
  d.run(sql`DELETE FROM rate_events WHERE at < ${new Date(now - 86_400_000).toISOString()}`);
