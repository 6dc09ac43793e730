import { ApiError } from './errors';

/** A window and the most events allowed inside it. */
export type Limit = { windowS: number; max: number };

export const TOO_MANY = 'Too many attempts. Please try again later.';

/**
 * Durable rate limits as counters in D1 (`rate_events`): the Workers rate-limit binding is
 * approximate and per location (DESIGN.md pitfalls), which is not enough for per-phone limits.
 * The event is recorded only when every window still has room, in ONE conditional INSERT, so
 * concurrent requests cannot slip past the count. Throws 429 with Retry-After otherwise.
 * @example await consume(env.DB, `otp-send:phone:${phone}`, [{ windowS: 30, max: 1 }, { windowS: 3600, max: 5 }])
 */
export async function consume(d1: D1Database, key: string, limits: Limit[], now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  const conditions = limits.map(() => '(SELECT count(*) FROM rate_events WHERE key = ? AND at > ?) < ?').join(' AND ');
  const binds = limits.flatMap((l) => [key, new Date(now - l.windowS * 1000).toISOString(), l.max]);
  const res = await d1
    .prepare(`INSERT INTO rate_events (key, at) SELECT ?, ? WHERE ${conditions}`)
    .bind(key, at, ...binds)
    .run();
  if (res.meta.changes > 0) return;
  throw new ApiError(429, 'rate_limited', TOO_MANY, undefined, { 'Retry-After': String(await retryAfter(d1, key, limits, now)) });
}

/** Seconds until every exceeded window has room again. */
async function retryAfter(d1: D1Database, key: string, limits: Limit[], now: number): Promise<number> {
  let wait = 1;
  for (const l of limits) {
    const since = new Date(now - l.windowS * 1000).toISOString();
    // The event that must age out is the max-th newest inside the window.
    const row = await d1
      .prepare('SELECT at FROM rate_events WHERE key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?')
      .bind(key, since, l.max - 1)
      .first<{ at: string }>();
    if (row) wait = Math.max(wait, Math.ceil((Date.parse(row.at) + l.windowS * 1000 - now) / 1000));
  }
  return wait;
}

/** Removes events older than a day (called opportunistically; keeps the table small). */
export const pruneOld = (d1: D1Database, now = Date.now()) =>
  d1.prepare('DELETE FROM rate_events WHERE at < ?').bind(new Date(now - 86_400_000).toISOString()).run();

