import { spawnSync } from 'node:child_process';
import { root } from '../../stack/stack.ts';
import { E2E_WORKER_PORT } from '../playwright.config.ts';

/** The e2e stack's local D1 (global-setup.ts). */
export const persistTo = `${root}.wrangler/e2e-state-${E2E_WORKER_PORT}`;

/**
 * Runs SQL on the e2e stack's local D1 with `wrangler d1 execute` (what a spec cannot do through
 * the app: seeding rows). The running `wrangler dev` holds the same SQLite file, so a write may
 * meet "database is locked" (SQLITE_BUSY) for a moment; that alone is retried, with a growing
 * pause. Any other failure throws with wrangler's output.
 */
export function localD1(command: string, opts: { json?: boolean } = {}): string {
  const argv = ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, ...(opts.json ? ['--json'] : [])];
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync('wrangler', [...argv, '--command', command], { cwd: root, encoding: 'utf8' });
    if (run.status === 0) return run.stdout;
    const output = `${run.stdout}${run.stderr}`;
    if (!/SQLITE_BUSY|database is locked/.test(output) || attempt >= 6)
      throw new Error(`wrangler d1 execute failed (attempt ${attempt}):\n${output}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
  }
}
