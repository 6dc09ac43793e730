import { readdirSync } from 'node:fs';
import { root } from '../../stack/stack.ts';
import { E2E_WORKER_PORT } from '../playwright.config.ts';

/** The e2e stack's local D1 (global-setup.ts). */
export const persistTo = `${root}.wrangler/e2e-state-${E2E_WORKER_PORT}`;

/** Where Miniflare keeps each D1 database: a Durable Object's SQLite file named by a hash. */
const d1Dir = `${persistTo}/v3/d1/miniflare-D1DatabaseObject`;

/** The one D1 database's file (wrangler.toml binds one; metadata.sqlite is Miniflare's own). */
function databaseFile(): string {
  const files = readdirSync(d1Dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (files.length !== 1) throw new Error(`expected one D1 database in ${d1Dir}, found: ${files.join(', ') || 'none'}`);
  return `${d1Dir}/${files[0]}`;
}

const ONLY_COMMENTS = /^(\s|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*$/;

type NodeSqlite = typeof import('node:sqlite');
/**
 * node:sqlite, loaded without its one-time ExperimentalWarning (printed by every Playwright worker
 * otherwise); the module itself is stable enough for a test helper on the pinned Node 22.
 */
const sqlite: NodeSqlite = (() => {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return process.getBuiltinModule('node:sqlite') as NodeSqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
})();

/**
 * Runs SQL on the e2e stack's local D1 (what a spec cannot do through the app: seeding rows,
 * reading what the app wrote), in this process, straight on the SQLite file the running
 * `wrangler dev` holds: no `wrangler d1 execute` process (seconds each on a busy machine).
 *
 * The server writes the same file, and its connection does not wait for a lock: while this one
 * holds the write lock, the Worker's own write fails (SQLITE_BUSY, a harness artefact production
 * D1 cannot have). So the lock is held as briefly as can be: taken only to write, for the
 * statements alone, with no fsync (test data); a read takes none (WAL). This side waits for the
 * server's lock (busy timeout) rather than failing. Several statements run in one IMMEDIATE
 * transaction, all or nothing. Foreign keys are enforced, as D1 does. With `json`, the output is
 * `wrangler d1 execute --json`'s: one `{ results, success }` per statement.
 * @example JSON.parse(localD1(`SELECT id FROM users WHERE phone = '+91…'`, { json: true }))[0].results
 */
export function localD1(command: string, opts: { json?: boolean } = {}): string {
  const db = new sqlite.DatabaseSync(databaseFile(), { timeout: 20_000, enableForeignKeyConstraints: true });
  try {
    // The server's connection checkpoints the WAL; this one only appends to it.
    db.exec('PRAGMA synchronous = OFF; PRAGMA wal_autocheckpoint = 0;');
    const output: { results: unknown[]; success: true }[] = [];
    try {
      // One statement at a time (prepare() compiles the first); what is left after the last one is
      // blank or comments. A single statement is its own transaction.
      for (let rest = command; !ONLY_COMMENTS.test(rest); ) {
        const statement = db.prepare(rest);
        const text = statement.sourceSQL;
        if (!rest.startsWith(text)) throw new Error(`could not split the SQL at: ${rest.slice(0, 80)}`);
        rest = rest.slice(text.length);
        if (!db.isTransaction && !ONLY_COMMENTS.test(rest)) db.exec('BEGIN IMMEDIATE');
        const reads = statement.columns().length > 0;
        output.push({ results: reads ? statement.all() : [], success: true });
        if (!reads) statement.run();
      }
      if (db.isTransaction) db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw new Error(`local D1 failed: ${(error as Error).message}\n${command}`, { cause: error });
    }
    return opts.json ? JSON.stringify(output) : `${output.length} statements run\n`;
  } finally {
    db.close();
  }
}
