/**
 * The deploy pre-flight's rules (worker/deploy/preflight.ts runs them on wrangler.toml). Pure: no
 * I/O, so the worker tests can hold them to account too (test/worker/config.test.ts).
 *
 * The shape of each setting is worker/env.ts's ConfigSchema, the very schema the Worker checks
 * itself against at start; what is added here is what only production needs: no placeholder
 * left from the template, every setting the product uses filled in, every secret it needs
 * declared in `[secrets] required`.
 */
import * as v from 'valibot';

/** The parts of wrangler.toml the pre-flight reads (as wrangler's own reader returns them). */
export type DeployConfig = {
  name?: string;
  vars?: Record<string, unknown>;
  secrets?: { required?: string[] };
  d1_databases?: { binding?: string; database_name?: string; database_id?: string }[];
};

/** An object schema's entries: worker/env.ts's ConfigSchema. */
type Schema = { entries: Record<string, v.GenericSchema> };

const SMS_SECRETS = { msg91: 'MSG91_AUTH_KEY', twilio: 'TWILIO_AUTH_TOKEN' } as const;
const SMS_VARS = { msg91: ['MSG91_TEMPLATE_ID'], twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_FROM'] } as const;

/**
 * Secrets the product cannot run without in production, besides the chosen SMS provider's:
 * sessions, payments and their webhook, email, WhatsApp, Google sign-in, the bot check.
 */
export const PRODUCTION_SECRETS = [
  'SESSION_SECRET',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'EMAIL_API_KEY',
  'WHATSAPP_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'TURNSTILE_SECRET_KEY',
] as const;

const ZERO_UUID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

/** Why a value is a placeholder or a local-only value, or null when it is neither. */
export function placeholderReason(value: string): string | null {
  if (/replace_?me/i.test(value)) return 'a "replace_me" placeholder';
  for (const [, host] of value.matchAll(/(?:[a-z][a-z0-9+.-]*:\/\/|@)([a-z0-9.-]+)/gi)) {
    const h = host.toLowerCase();
    if (h === 'example' || h.endsWith('.example') || /(^|\.)example\.(com|net|org)$/.test(h))
      return `an example host (${h})`;
    if (h === 'localhost' || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '0.0.0.0')
      return `a local host (${h}), e.g. the sandbox`;
  }
  return null;
}

const show = (value: unknown) => JSON.stringify(value);

/**
 * Every problem that makes `config` unfit for a production deploy, as one sentence each
 * (empty when there is none). Secrets are only checked for being declared here: whether each
 * is put is Cloudflare's to say (preflight.ts asks it).
 */
export function configProblems(config: DeployConfig, schema: Schema): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  const required = config.secrets?.required;

  for (const db of config.d1_databases ?? []) {
    const label = `[[d1_databases]] ${db.binding ?? db.database_name ?? '?'}`;
    if (!db.database_id)
      problems.push(
        `${label}: no database_id. Create the database (npx wrangler d1 create ${db.database_name ?? 'tablemates'} --location apac) and put its id here.`,
      );
    else if (ZERO_UUID.test(db.database_id))
      problems.push(
        `${label}: database_id is the all-zero placeholder ${db.database_id}. Create the database (npx wrangler d1 create ${db.database_name ?? 'tablemates'} --location apac) and put its id here.`,
      );
  }

  if (!required)
    problems.push('wrangler.toml has no [secrets] required list: declare every secret the Worker needs there.');
  const secrets = new Set(required ?? []);

  // The chosen SMS provider's settings are needed; the other provider's may stay empty.
  const sms = vars.SMS_PROVIDER === 'twilio' ? 'twilio' : 'msg91';
  const other = sms === 'twilio' ? 'msg91' : 'twilio';
  // GSTIN: empty until the business registers for GST; its documents are receipts until then.
  const unused = new Set<string>([SMS_SECRETS[other], ...SMS_VARS[other], 'GSTIN']);

  for (const [key, entry] of Object.entries(schema.entries)) {
    const inVars = Object.hasOwn(vars, key);
    if (inVars && secrets.has(key)) {
      problems.push(`${key} is both a [vars] entry and a required secret: a secret must not sit in wrangler.toml.`);
      continue;
    }
    if (!inVars) {
      if (!secrets.has(key) && !v.safeParse(entry, undefined).success)
        problems.push(`${key} is neither in [vars] nor in [secrets] required.`);
      continue;
    }
    const value = vars[key];
    const parsed = v.safeParse(entry, value);
    if (!parsed.success) {
      problems.push(
        `[vars] ${key} = ${show(value)}: ${parsed.issues[0].message.replace(/:? ?Received .*$| but received .*$/, '')}.`,
      );
      continue;
    }
    if (typeof value !== 'string') continue;
    const placeholder = placeholderReason(value);
    if (placeholder) problems.push(`[vars] ${key} = ${show(value)} is ${placeholder}: put the production value.`);
    else if (value === '' && !unused.has(key)) problems.push(`[vars] ${key} is empty: production needs it.`);
  }

  // Tests shorten every provider's deadline with it; production keeps the adapters' own.
  if (Object.hasOwn(vars, 'PROVIDER_TIMEOUT_MS'))
    problems.push('[vars] PROVIDER_TIMEOUT_MS is for tests: remove it, so each provider keeps its own deadline.');

  if (required) {
    for (const name of PRODUCTION_SECRETS)
      if (!secrets.has(name)) problems.push(`[secrets] required does not list ${name}: production needs it.`);
    if (!secrets.has(SMS_SECRETS[sms]))
      problems.push(`[secrets] required does not list ${SMS_SECRETS[sms]}: SMS_PROVIDER = ${show(sms)} needs it.`);
  }
  return problems;
}

/** Required secrets that `put` (the names `wrangler secret list` returned) lacks. */
export function missingSecrets(config: DeployConfig, put: string[]): string[] {
  const have = new Set(put);
  return (config.secrets?.required ?? []).filter((name) => !have.has(name));
}
