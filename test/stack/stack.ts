/**
 * The whole product on this machine: SPA build, local D1 (migrations + seed), the third-party
 * sandbox and `wrangler dev`. Used by `npm start` and by the end-to-end tests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../sandbox/server.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export type StackOptions = {
  workerPort: number;
  sandboxPort: number;
  /** Local D1/queue state directory; e2e uses its own so it never touches your dev data. */
  persistTo?: string;
  build?: boolean;
  /** Pass vars on the command line (e2e) instead of reading .dev.vars (npm start). */
  inlineVars?: boolean;
  quiet?: boolean;
};

const run = (cmd: string, args: string[], quiet = false) =>
  execFileSync(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit', env: process.env });

/** .dev.vars.example with its sandbox and worker ports rewritten. */
export function localVars(workerPort: number, sandboxPort: number): Record<string, string> {
  const text = readFileSync(`${root}.dev.vars.example`, 'utf8');
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]] = m[2].replaceAll(':8790', `:${sandboxPort}`).replaceAll(':8787', `:${workerPort}`);
  }
  return vars;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export async function startStack(opts: StackOptions) {
  const persist = opts.persistTo ? ['--persist-to', opts.persistTo] : [];
  if (opts.build || !existsSync(`${root}dist/web/index.html`)) run('npm', ['run', '--silent', 'build'], opts.quiet);
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persist], opts.quiet);
  run('node', ['db/seed.ts', ...persist], opts.quiet);

  const workerUrl = `http://localhost:${opts.workerPort}`;
  const sandbox = await startSandbox({ port: opts.sandboxPort, workerUrl });

  const vars = opts.inlineVars
    ? Object.entries(localVars(opts.workerPort, opts.sandboxPort)).flatMap(([k, v]) => ['--var', `${k}:${v}`])
    : [];
  const child = spawn(
    'wrangler',
    [
      'dev',
      '--port',
      String(opts.workerPort),
      '--ip',
      '127.0.0.1',
      '--show-interactive-dev-session=false',
      '--log-level',
      opts.quiet ? 'warn' : 'info',
      ...persist,
      ...vars,
    ],
    {
      cwd: root,
      stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', 'inherit'],
      // The tests' SQL goes through wrangler dev's Local Explorer (test/e2e/helpers/local-d1.ts): on,
      // whatever the shell says, and with no usage report to Cloudflare per request, which also
      // logged an error for each where the machine has no internet.
      env: { ...process.env, CI: process.env.CI ?? '', X_LOCAL_EXPLORER: 'true', WRANGLER_SEND_METRICS: 'false' },
    },
  );
  const stop = async () => {
    child.kill('SIGTERM');
    await sandbox.close();
  };
  try {
    await waitFor(`${workerUrl}/api/health`, child);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: workerUrl, sandboxUrl: sandbox.url, sandbox, stop };
}
