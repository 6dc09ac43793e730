/**
 * Grants a role (docs/decisions/013-roles-and-audit.md): `npm run role -- <phone or email> <role>
 * [--remote] [--persist-to DIR]`. The person must already have signed in once; a 10-digit phone
 * means +91. An unknown person or role is an error and nothing is written. Runs through
 * `wrangler d1 execute DB --local|--remote`; `--command` takes no bind parameters, so every value
 * is validated to a strict shape first and then quoted as an SQL literal.
 */
import { spawnSync } from 'node:child_process';
import { registerHooks } from 'node:module';
import * as v from 'valibot';
import type { Role } from '@domain/roles';

// The domain is `@domain/*` everywhere (the bundlers' alias), and its modules import each other
// without extensions; Node's type stripping needs a path and the `.ts`. Resolve both, so this
// script uses the very rules the Worker does. Registered before the domain is imported.
const domain = new URL('../worker/domain/', import.meta.url);
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith('@domain/')) return next(new URL(`${specifier.slice(8)}.ts`, domain).href, context);
    try {
      return next(specifier, context);
    } catch (error) {
      if (specifier.startsWith('.') && !/\.[cm]?[jt]s$/.test(specifier)) return next(`${specifier}.ts`, context);
      throw error;
    }
  },
});
const { isRole, ROLES } = await import('@domain/roles');
const { emailSchema } = await import('@domain/email');
const { toE164 } = await import('@domain/phone');

/** How the person is named on the command line, resolved to the column that finds them. */
export type Who = { column: 'phone' | 'email'; value: string };

/** The product's email rule (trimmed, lower-cased), then a plain shape no SQL quote fits in. */
const EmailSchema = emailSchema({ invalid: 'invalid email' });
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;

/** A phone (E.164; 10 digits mean +91) or an email, or null when it is neither. */
export function parseWho(input: string): Who | null {
  const text = input.trim();
  if (text.includes('@')) {
    const parsed = v.safeParse(EmailSchema, text);
    return parsed.success && EMAIL.test(parsed.output) ? { column: 'email', value: parsed.output } : null;
  }
  const phone = toE164(text);
  return phone && /^\+[1-9]\d{7,14}$/.test(phone) ? { column: 'phone', value: phone } : null;
}

/** An SQL string literal. Inputs reach here only after {@link parseWho} or {@link isRole}. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * One statement that grants `role` and answers the person found (empty when there is none, so
 * nothing was written).
 * @example grantSql({ column: 'phone', value: '+919876543210' }, 'operator')
 */
export function grantSql(who: Who, role: Role): string {
  return `UPDATE users SET role = ${literal(role)} WHERE ${who.column} = ${literal(who.value)} RETURNING id, phone, email, role;`;
}

type Args = { who: Who; role: Role; remote: boolean; persist: string[] };

/** Parses the command line, or throws an Error whose message is the whole story. */
export function parseArgs(argv: string[]): Args {
  const rest = [...argv];
  const remote = rest.includes('--remote');
  const persistAt = rest.indexOf('--persist-to');
  const persist = persistAt >= 0 ? ['--persist-to', rest[persistAt + 1] ?? ''] : [];
  if (persistAt >= 0 && !persist[1]) throw new Error('--persist-to needs a directory.');
  if (remote && persist.length) throw new Error('--persist-to is for the local database only.');
  const positional = rest.filter((a, i) => !a.startsWith('--') && !(persistAt >= 0 && i === persistAt + 1));
  if (positional.length !== 2)
    throw new Error(`Usage: npm run role -- <phone or email> <${ROLES.join('|')}> [--remote]`);
  const [whoText, roleText] = positional;
  const who = parseWho(whoText);
  if (!who) throw new Error(`"${whoText}" is neither a phone number nor an email address.`);
  if (!isRole(roleText)) throw new Error(`Unknown role "${roleText}". Roles: ${ROLES.join(', ')}.`);
  return { who, role: roleText, remote, persist };
}

/**
 * Runs the grant with wrangler; its JSON output. The local D1 is a SQLite file that a running
 * `wrangler dev` holds too, so a write can meet "database is locked" (SQLITE_BUSY) for a moment:
 * that is retried a few times, with a growing pause, before giving up.
 */
function wranglerD1(args: Args): string {
  const argv = [
    'd1',
    'execute',
    'DB',
    args.remote ? '--remote' : '--local',
    ...args.persist,
    '--json',
    '--command',
    grantSql(args.who, args.role),
  ];
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync('wrangler', argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (run.status === 0) return run.stdout;
    const busy = /SQLITE_BUSY|database is locked/.test(`${run.stdout}${run.stderr}`);
    if (!busy || attempt >= 6) {
      process.stderr.write(run.stderr);
      process.stderr.write(run.stdout);
      process.exit(run.status ?? 1);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const out = wranglerD1(args);
  const [result] = JSON.parse(out) as Array<{ results: Array<{ id: string; role: string }> }>;
  const user = result?.results[0];
  if (!user) {
    console.error(
      `No account with ${args.who.column} ${args.who.value}. They must sign in once before they can be given a role.`,
    );
    process.exit(1);
  }
  console.log(`${args.who.value} is now ${user.role} (user ${user.id}, ${args.remote ? 'remote' : 'local'} D1).`);
}
