/**
 * Raw `sql` fragments in a D1 batch: drizzle's `db.batch` takes only its query builders on D1, so a
 * ledger write written as one raw conditional statement (an INSERT … SELECT … WHERE) joins a batch
 * as a prepared D1 statement, beside builders turned into the same.
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

/** A drizzle `sql` fragment as a D1 statement, for `D1Database.batch`. */
export const prepared = (client: D1Database, fragment: SQL) => {
  const q = dialect.sqlToQuery(fragment);
  return client.prepare(q.sql).bind(...q.params);
};

/** A drizzle query builder's SQL (`.toSQL()`) as a D1 statement. */
export const preparedQuery = (client: D1Database, q: { sql: string; params: unknown[] }) =>
  client.prepare(q.sql).bind(...q.params);
