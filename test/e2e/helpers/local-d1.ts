import { E2E_WORKER_PORT } from '../playwright.config.ts';
import { statementsOf } from './sql-statements.ts';

/**
 * The Local Explorer's API on the e2e stack's `wrangler dev` (global-setup.ts): its D1 routes run
 * SQL on the very database object the Worker's binding uses, in the same workerd.
 * https://developers.cloudflare.com/workers/development-testing/local-explorer/
 */
const EXPLORER = `http://127.0.0.1:${E2E_WORKER_PORT}/cdn-cgi/local/explorer/api/d1/database`;

type Envelope<T> = { success: boolean; errors: { code: number; message: string }[]; result: T };

async function explorer<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${EXPLORER}${path}`, init);
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !body?.success)
    throw new Error(body?.errors?.map((e) => e.message).join('; ') || `${res.status} ${res.statusText}`);
  return body.result;
}

/** The one D1 database's id (wrangler.toml binds one), asked once per test process (again after a failure). */
let databaseId: Promise<string> | undefined;
function theDatabase(): Promise<string> {
  databaseId ??= explorer<{ uuid: string }[]>('').then(
    (list) => {
      if (list.length !== 1) throw new Error(`expected one local D1 database, found ${list.length}`);
      return list[0].uuid;
    },
    (error) => {
      databaseId = undefined;
      throw error;
    },
  );
  return databaseId;
}

type Raw = { results: { columns: string[]; rows: unknown[][] } };

/** Each statement's rows, as objects by column (a write without RETURNING has none). */
async function run(command: string): Promise<Record<string, unknown>[][]> {
  const batch = statementsOf(command).map((sql) => ({ sql }));
  if (batch.length === 0) return [];
  let raw: Raw[];
  try {
    raw = await explorer<Raw[]>(`/${await theDatabase()}/raw`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ batch }),
    });
  } catch (error) {
    throw new Error(`local D1 failed: ${(error as Error).message}\n${command}`, { cause: error });
  }
  return raw.map(({ results: { columns, rows } }) =>
    rows.map((row) => Object.fromEntries(columns.map((c, k) => [c, row[k]]))),
  );
}

/**
 * Runs SQL on the e2e stack's local D1 (what a spec cannot do through the app: seeding rows,
 * changing what the app wrote), through the running `wrangler dev` itself (the Local Explorer's
 * API, above). The Worker and this helper so share one connection to the database, and take turns
 * on it as two Workers would: writing the SQLite file from this process instead made the Worker's
 * own write fail now and then with SQLITE_BUSY_SNAPSHOT, a harness artefact production D1 cannot
 * have (docs/decisions/036-the-suite-in-minutes.md). Several statements run as one D1 batch, in
 * one transaction, all or nothing; foreign keys are enforced, as D1 does.
 */
export async function localD1(command: string): Promise<void> {
  await run(command);
}

/**
 * The rows of one statement on the e2e stack's local D1 (a read, or a write with RETURNING), as
 * objects by column: what a spec checks the page against.
 * @example const [user] = await d1Rows<{ id: string }>(`SELECT id FROM users WHERE phone = '+91…'`);
 */
export async function d1Rows<T = Record<string, unknown>>(statement: string): Promise<T[]> {
  const results = await run(statement);
  if (results.length !== 1) throw new Error(`d1Rows takes one statement, not ${results.length}:\n${statement}`);
  return results[0] as T[];
}
