import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/**
 * Drizzle over the D1 binding, or over one request's D1 session (read replication: see
 * worker/middleware/database.ts). Use `db.batch([...])` for atomic multi-statement writes.
 */
export function db(d1: D1Database | D1DatabaseSession) {
  // A session answers prepare() and batch(), all drizzle asks of its client.
  return drizzle(d1 as D1Database, { schema });
}
export type Db = ReturnType<typeof db>;
