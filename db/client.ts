import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** Drizzle over the D1 binding. Use `db.batch([...])` for atomic multi-statement writes. */
export function db(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof db>;
