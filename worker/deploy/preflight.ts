/**
 * `npm run preflight` (and the first step of `npm run deploy`): refuses, with one list of every
 * problem, to let wrangler.toml go to production while it is still the committed template or
 * misses a secret. Exit 0 when ready, 1 with the list otherwise.
 *
 *   node worker/deploy/preflight.ts [--config path/to/wrangler.toml]
 *
 * 1. wrangler.toml, read by wrangler's own reader: no placeholder (the all-zero database_id,
 *    `replace_me`, `*.example` or local hosts), every var valid by worker/env.ts's ConfigSchema
 *    and filled in, every secret production needs declared in `[secrets] required`
 *    (worker/deploy/config-check.ts).
 * 2. Only when (1) found nothing: asks Cloudflare (`wrangler secret list`) which secrets are put,
 *    and names each required one that is not. Without a Cloudflare login or network, that is
 *    itself a problem: the pre-flight never passes on what it could not check.
 *
 * CI runs it against the committed template and expects it to refuse (test/run-all.sh).
 * Why: docs/decisions/007-deploy-preflight.md.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ConfigSchema } from '../env.ts';
import { configProblems, type DeployConfig, missingSecrets } from './config-check.ts';

const root = resolve(import.meta.dirname, '../..');

function configPath(argv: string[]): string {
  const i = argv.indexOf('--config');
  return resolve(i >= 0 && argv[i + 1] ? argv[i + 1] : `${root}/wrangler.toml`);
}

/** wrangler.toml as wrangler itself parses it (its experimental, but exported, raw reader). */
async function readConfig(path: string): Promise<DeployConfig> {
  const wrangler = (await import('wrangler')) as unknown as {
    experimental_readRawConfig(args: { config: string }): { rawConfig: DeployConfig };
  };
  return wrangler.experimental_readRawConfig({ config: path }).rawConfig;
}

/** The names of the secrets put on the Worker, or the reason Cloudflare could not be asked. */
function listPutSecrets(path: string): { names: string[] } | { error: string } {
  // This project's wrangler, under the Node running this script (npm scripts put Node 22 first).
  const wrangler = resolve(root, 'node_modules/wrangler/bin/wrangler.js');
  const run = spawnSync(process.execPath, [wrangler, 'secret', 'list', '--format', 'json', '--config', path], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Non-interactive: without a login wrangler fails at once instead of opening a browser.
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
  const output = `${run.stdout ?? ''}\n${run.stderr ?? ''}`;
  if (run.status === 0) {
    const json = run.stdout.slice(run.stdout.indexOf('['), run.stdout.lastIndexOf(']') + 1);
    try {
      return { names: (JSON.parse(json) as { name: string }[]).map((s) => s.name) };
    } catch {
      return { error: `could not read the answer of wrangler secret list: ${run.stdout.trim().slice(0, 200)}` };
    }
  }
  // A Worker that does not exist yet has no secrets put.
  if (/Worker "[^"]*"[^\n]* not found/i.test(output)) return { names: [] };
  const reason =
    run.error?.message ??
    output
      .split('\n')
      .map((line) =>
        stripVTControlCharacters(line)
          .replace(/^[\s✘▲[\]A-Z]*\]\s*/, '')
          .trim(),
      )
      .find((line) => line && !/^(⛅️|─|🪵|npm warn)/.test(line)) ??
    `exit code ${run.status}`;
  return { error: reason };
}

function refuse(problems: string[], note?: string): never {
  console.error(
    `\nDeploy pre-flight: not ready for production. ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n`,
  );
  for (const [i, p] of problems.entries()) console.error(`  ${String(i + 1).padStart(2)}. ${p}`);
  if (note) console.error(`\n${note}`);
  console.error('\nThe steps are in README.md, "Deploy to Cloudflare".\n');
  process.exit(1);
}

const path = configPath(process.argv.slice(2));
const config = await readConfig(path);
const problems = configProblems(config, ConfigSchema);
if (problems.length)
  refuse(
    problems,
    'Secrets were not checked: the pre-flight asks Cloudflare for them once the config above is complete.',
  );

const put = listPutSecrets(path);
if ('error' in put) {
  refuse([
    `Could not ask Cloudflare which secrets are put (${put.error}). Log in with \`npx wrangler login\` (or set CLOUDFLARE_API_TOKEN) and run the pre-flight again.`,
  ]);
}
const missing = missingSecrets(config, put.names);
if (missing.length) {
  refuse(
    missing.map((name) => `Secret ${name} is not put: npx wrangler secret put ${name}`),
    put.names.length
      ? undefined
      : `No secret is put on the Worker "${config.name}" yet (or it does not exist yet: the first \`wrangler secret put\` creates it).`,
  );
}
console.log(
  `Deploy pre-flight: ${path} is ready (no placeholders; ${config.secrets?.required?.length ?? 0} required secrets put).`,
);
