import { drizzle } from 'drizzle-orm/d1';

/**
 * Drizzle over the D1 binding, or over one request's D1 session (read replication: see
 * worker/middleware/database.ts). Use `db.batch([...])` for atomic multi-statement writes.
 *
 * Built once per request, so without `schema`: the relational API (`db.query.…`) is unused, and
 * drizzle derives its relational config from every table each time it is given a schema, which
 * cost more than the whole of a public read's own work (issue 23: `GET /api/events`).
 */
export function db(d1: D1Database | D1DatabaseSession) {
  // A session answers prepare() and batch(), all drizzle asks of its client.
  return drizzle(d1 as D1Database);
}
export type Db = ReturnType<typeof db>;
