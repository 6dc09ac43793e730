import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configProblems, type DeployConfig, missingSecrets, placeholderReason } from '../../worker/deploy/config-check';
import { assertConfig, type BookingMessage, ConfigSchema, type Env } from '../../worker/env';
import worker from '../../worker/index';
import template from '../../wrangler.toml?raw';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fresh env object (the config check remembers the ones it passed), with `changes` applied. */
const envWith = (changes: Record<string, unknown>) => ({ ...env, ...changes }) as Env;

describe('the config check at start', () => {
  it('accepts the test config', () => {
    expect(() => assertConfig(envWith({}))).not.toThrow();
  });

  it.each(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])(
    'refuses an empty %s, by name',
    (key) => {
      expect(() => assertConfig(envWith({ [key]: '' }))).toThrow(
        new RegExp(`configuration is invalid: ${key}: must not be empty`),
      );
    },
  );

  it('names every bad setting at once and never shows a value', () => {
    let message = '';
    try {
      assertConfig(envWith({ SESSION_SECRET: 'short-secret', APP_ORIGIN: 'not a url', SMS_PROVIDER: undefined }));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/APP_ORIGIN: Invalid URL/);
    expect(message).toMatch(/SESSION_SECRET: must be at least 16 characters/);
    expect(message).toMatch(/SMS_PROVIDER: missing/);
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('not a url');
  });
});

describe('every entry point checks the config first', () => {
  const bad = () => envWith({ RAZORPAY_WEBHOOK_SECRET: '' });

  it('fetch answers a bare 500 for any path, logging which setting is wrong', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/api/health', '/', '/profile']) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://localhost:8787${path}`), bad(), ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { code: 'internal', message: 'Something went wrong. Please try again.' },
      });
    }
    expect(logged).toHaveBeenCalledTimes(3);
    expect(String(logged.mock.calls[0][0])).toContain('RAZORPAY_WEBHOOK_SECRET: must not be empty');
  });

  it('fetch serves as usual with a good config', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request('http://localhost:8787/api/health'), envWith({}), ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
  });

  it('queue retries every message with a delay before touching one, and says why (never acks, never throws)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const batch = createMessageBatch<BookingMessage>('bookings', [
      {
        id: 'm1',
        timestamp: new Date(),
        attempts: 1,
        body: { kind: 'payment-captured', orderId: 'order_x', paymentId: 'pay_x', source: 'webhook' },
      },
    ]);
    const ctx = createExecutionContext();
    // Thrown, the platform would retry the batch on its own terms and finally drop it.
    await worker.queue(batch, bad());
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: 'm1' }]); // its delay: money-never-lost.test.ts
    expect(String(logged.mock.calls[0][0])).toContain('RAZORPAY_WEBHOOK_SECRET: must not be empty');
  });

  it('scheduled refuses the run', async () => {
    await expect(
      worker.scheduled(createScheduledController({ cron: '*/5 * * * *' }), bad(), createExecutionContext()),
    ).rejects.toThrow(/RAZORPAY_WEBHOOK_SECRET: must not be empty/);
  });
});

/** The committed wrangler.toml's `[vars]`, `[secrets] required` and database ids (its simple lines only). */
function templateConfig(): DeployConfig {
  const section = (name: string) => template.split(new RegExp(`^\\[${name}\\]$`, 'm'))[1]?.split(/^\[/m)[0] ?? '';
  const vars = Object.fromEntries(
    [...section('vars').matchAll(/^([A-Z0-9_]+) = "(.*)"$/gm)].map(([, k, val]) => [k, val]),
  );
  const required = [...section('secrets').matchAll(/^ {2}"([A-Z0-9_]+)",$/gm)].map(([, k]) => k);
  const ids = [...template.matchAll(/^database_id = "(.*)"$/gm)].map(([, id]) => ({
    binding: 'DB',
    database_name: 'tablemates',
    database_id: id,
  }));
  return { name: 'tablemates', vars, secrets: { required }, d1_databases: ids };
}

/** The template with every placeholder replaced by a plausible production value. */
function filledIn(): DeployConfig {
  const t = templateConfig();
  const vars = { ...t.vars };
  for (const [k, val] of Object.entries(vars)) {
    if (typeof val === 'string')
      vars[k] = val
        .replaceAll('tablemates.example', 'tablemates.in')
        .replace('rzp_live_replace_me', 'rzp_live_AbC123')
        .replace('replace_me', '1207162718');
  }
  return {
    ...t,
    vars,
    d1_databases: [{ binding: 'DB', database_name: 'tablemates', database_id: '3f2a9c1e-8b7d-4e6f-a1b2-c3d4e5f60718' }],
  };
}

describe('the deploy pre-flight rules (worker/deploy/config-check.ts)', () => {
  it('refuses the committed template, naming each placeholder', () => {
    const problems = configProblems(templateConfig(), ConfigSchema).join('\n');
    expect(problems).toContain('database_id is the all-zero placeholder 00000000-0000-0000-0000-000000000000');
    expect(problems).toContain('RAZORPAY_KEY_ID = "rzp_live_replace_me"');
    expect(problems).toContain('APP_ORIGIN = "https://tablemates.example" is an example host');
    expect(problems).toContain('EMAIL_FROM');
  });

  it('finds nothing wrong with the template once it is filled in', () => {
    expect(configProblems(filledIn(), ConfigSchema)).toEqual([]);
  });

  it('declares every secret the Worker reads and production needs, and none of them as a var', () => {
    const t = templateConfig();
    expect(t.secrets?.required).toEqual(
      expect.arrayContaining([
        'SESSION_SECRET',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'MSG91_AUTH_KEY',
        'EMAIL_API_KEY',
        'WHATSAPP_TOKEN',
        'GOOGLE_CLIENT_SECRET',
        'TURNSTILE_SECRET_KEY',
      ]),
    );
    for (const name of t.secrets?.required ?? []) expect(t.vars).not.toHaveProperty(name);
  });

  it('refuses an invalid var, a local host, an empty setting production needs and an undeclared secret', () => {
    const config = filledIn();
    config.vars = {
      ...config.vars,
      RAZORPAY_BASE_URL: 'http://127.0.0.1:8790',
      SMS_PROVIDER: 'sms',
      GOOGLE_CLIENT_ID: '',
    };
    config.secrets = { required: (config.secrets?.required ?? []).filter((s) => s !== 'SESSION_SECRET') };
    const problems = configProblems(config, ConfigSchema).join('\n');
    expect(problems).toContain('RAZORPAY_BASE_URL = "http://127.0.0.1:8790" is a local host');
    expect(problems).toContain('SMS_PROVIDER = "sms": Invalid type');
    expect(problems).toContain('GOOGLE_CLIENT_ID is empty');
    expect(problems).toContain('SESSION_SECRET is neither in [vars] nor in [secrets] required');
  });

  it('refuses a production config without the bot check (Turnstile site key and secret), and an unusable SMS country list', () => {
    const config = filledIn();
    config.vars = { ...config.vars, TURNSTILE_SITE_KEY: '', SMS_COUNTRIES: 'India' };
    config.secrets = { required: (config.secrets?.required ?? []).filter((s) => s !== 'TURNSTILE_SECRET_KEY') };
    const problems = configProblems(config, ConfigSchema).join('\n');
    expect(problems).toContain('TURNSTILE_SITE_KEY is empty');
    expect(problems).toContain('[secrets] required does not list TURNSTILE_SECRET_KEY');
    expect(problems).toContain('SMS_COUNTRIES = "India"');
  });

  it('refuses the tests-only provider deadline override in production', () => {
    const config = filledIn();
    config.vars = { ...config.vars, PROVIDER_TIMEOUT_MS: '800' };
    expect(configProblems(config, ConfigSchema).join('\n')).toContain('PROVIDER_TIMEOUT_MS is for tests');
  });

  it("asks for the chosen SMS provider's settings only", () => {
    const twilio = filledIn();
    twilio.vars = { ...twilio.vars, SMS_PROVIDER: 'twilio' };
    const problems = configProblems(twilio, ConfigSchema).join('\n');
    expect(problems).toContain('TWILIO_ACCOUNT_SID is empty');
    expect(problems).toContain('[secrets] required does not list TWILIO_AUTH_TOKEN');
    expect(problems).not.toContain('MSG91');
  });

  it('lists the required secrets Cloudflare does not have', () => {
    expect(missingSecrets(filledIn(), ['SESSION_SECRET', 'RAZORPAY_KEY_SECRET', 'OTHER'])).toEqual([
      'RAZORPAY_WEBHOOK_SECRET',
      'MSG91_AUTH_KEY',
      'EMAIL_API_KEY',
      'WHATSAPP_TOKEN',
      'GOOGLE_CLIENT_SECRET',
      'TURNSTILE_SECRET_KEY',
    ]);
  });

  it.each([
    ['https://tablemates.example', true],
    ['Tablemates <hello@tablemates.example>', true],
    ['https://www.example.com/x', true],
    ['http://localhost:8787', true],
    ['rzp_live_REPLACE_ME', true],
    ['https://api.razorpay.com', false],
    ['Tablemates <hello@tablemates.in>', false],
    ['https://examples.in', false],
    ['', false],
  ])('%j is a placeholder: %s', (value, expected) => {
    expect(placeholderReason(value) !== null).toBe(expected);
  });
});
