/**
 * A provider that hangs or fails must not stall the guest: every call has a deadline, and the
 * guest gets the spec's failure message (502) in time, with nothing left half-done.
 * The sandbox makes one provider hang or fail on demand, only for the requests a test names
 * (test/sandbox/faults.ts), so other test files running at the same time are untouched.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { sendEmail } from '../../worker/providers/email';
import { discover, exchangeCode } from '../../worker/providers/google';
import { createOrder } from '../../worker/providers/razorpay';
import { call, PROVIDER_TIMEOUTS_MS, providerTimeout } from '../../worker/providers/result';
import { sendOtpSms } from '../../worker/providers/sms';
import { verifyTurnstile } from '../../worker/providers/turnstile';
import { sendWhatsAppTemplate } from '../../worker/providers/whatsapp';
import { consentInSandbox, cookiesFrom, ORIGIN, randomIp, randomPhone } from './helpers/auth';
import { createEvent, createGuest } from './helpers/booking-fixtures';

/** The deadline these tests give every provider call (PROVIDER_TIMEOUT_MS), far below the defaults. */
const TIMEOUT_MS = 800;
/** How long the sandbox holds a hung request: long enough that a call without a deadline fails the bound. */
const HANG_MS = 8_000;
const fast = { ...env, PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) };
// Without deadlines a call would wait out the sandbox's hang: let the elapsed-time checks say so.
vi.setConfig({ testTimeout: 40_000 });

type Fault = {
  provider?: string;
  path?: string;
  match?: string;
  mode: 'hang' | 'stall' | 'fail';
  times?: number;
  status?: number;
};
const rules: string[] = [];
/** Asks the sandbox for an outage limited to requests containing `match`. */
async function outage(fault: Fault) {
  const res = await fetch(`${env.SANDBOX_URL}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hang_ms: HANG_MS, ...fault }),
  });
  expect(res.status).toBe(201);
  rules.push(((await res.json()) as { id: string }).id);
}
afterEach(async () => {
  for (const id of rules.splice(0)) await fetch(`${env.SANDBOX_URL}/__control/${id}`, { method: 'DELETE' });
});

/** Runs `fn` and answers its result with the milliseconds it took. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

/** A request through the Worker's real entry point, with the short provider deadline. */
async function request(method: string, path: string, opts: { body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.cookie) headers.Cookie = opts.cookie;
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
    fast,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('the deadline on every provider call', () => {
  it('has a default per provider and takes PROVIDER_TIMEOUT_MS when it is set', () => {
    expect(PROVIDER_TIMEOUTS_MS).toEqual({
      razorpay: 8_000,
      sms: 8_000,
      email: 10_000,
      whatsapp: 10_000,
      google: 8_000,
      turnstile: 5_000,
    });
    expect(providerTimeout({}, 'sms')).toBe(8_000);
    expect(providerTimeout({ PROVIDER_TIMEOUT_MS: '1500' }, 'email')).toBe(1_500);
    expect(providerTimeout({ PROVIDER_TIMEOUT_MS: '' }, 'email')).toBe(10_000);
    expect(providerTimeout({ PROVIDER_TIMEOUT_MS: 'soon' }, 'razorpay')).toBe(8_000);
  });

  it('call() gives up on a hung endpoint with a failed result, never a throw', async () => {
    const tag = crypto.randomUUID();
    await outage({ path: '/hung/', match: tag, mode: 'hang' });
    const { value, ms } = await timed(() => call(`${env.SANDBOX_URL}/hung/${tag}`, {}, 300));
    expect(value).toEqual({ ok: false, error: 'timed out after 300 ms' });
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2_000);
  });

  it('call() also gives up when the headers come but the body never finishes', async () => {
    const tag = crypto.randomUUID();
    await outage({ path: '/stalled/', match: tag, mode: 'stall' });
    const { value, ms } = await timed(() => call(`${env.SANDBOX_URL}/stalled/${tag}`, {}, 300));
    expect(value).toEqual({ ok: false, error: 'timed out after 300 ms' });
    expect(ms).toBeLessThan(2_000);
  });
});

describe('sending a sign-in code when the SMS provider is down', () => {
  it.each([
    ['hangs', 'msg91', 'hang'],
    ['answers 500', 'msg91', 'fail'],
    ['hangs (Twilio)', 'twilio', 'hang'],
    ['stalls mid-answer (Twilio)', 'twilio', 'stall'],
  ] as const)(
    '%s: 502 "Failed to send code" within the deadline, and the code is retired',
    async (_, provider, mode) => {
      const phone = randomPhone();
      await outage({ provider, match: phone, mode });
      const saved = fast.SMS_PROVIDER;
      fast.SMS_PROVIDER = provider;
      try {
        const { value: res, ms } = await timed(() => request('POST', '/api/auth/otp/send', { body: { phone } }));
        expect(res.status).toBe(502);
        expect((await errorOf(res)).message).toBe('Failed to send code. Please try again.');
        expect(ms).toBeLessThan(TIMEOUT_MS + 2_000);
        // A hang is waited out to the deadline, not short-circuited by some other error.
        if (mode !== 'fail') expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      } finally {
        fast.SMS_PROVIDER = saved;
      }
      const codes = await env.DB.prepare(
        'SELECT count(*) AS n, sum(consumed_at IS NULL) AS live FROM otp_codes WHERE phone = ?',
      )
        .bind(`+91${phone}`)
        .first<{ n: number; live: number }>();
      expect(codes).toEqual({ n: 1, live: 0 });
    },
  );

  it('the adapters themselves answer a failed result within the deadline', async () => {
    const phone = randomPhone();
    await outage({ provider: 'sms', match: phone, mode: 'hang' });
    for (const provider of ['twilio', 'msg91'] as const) {
      const { value, ms } = await timed(() => sendOtpSms({ ...fast, SMS_PROVIDER: provider }, `+91${phone}`, '123456'));
      expect(value).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
      expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
    }
  });
});

describe('placing an order when Razorpay is down', () => {
  it.each([
    ['hangs', 'hang'],
    ['answers 500', 'fail'],
    ['stalls mid-answer', 'stall'],
  ] as const)('%s: 502 "Payment system unavailable" in time, and no seat is held', async (_, mode) => {
    const event = await createEvent();
    const guest = await createGuest({ sex: 'male' });
    await outage({ provider: 'razorpay', match: event.id, mode });
    const { value: res, ms } = await timed(() =>
      request('POST', '/api/orders', {
        cookie: guest.cookie,
        body: { event_id: event.id, ticket_type: 'couple', party_name: 'Priya' },
      }),
    );
    expect(res.status).toBe(502);
    expect((await errorOf(res)).message).toBe('Payment system unavailable');
    // placeOrder tries twice on a network error or 5xx: two deadlines at most, plus slack.
    expect(ms).toBeLessThan(2 * TIMEOUT_MS + 2_000);
    if (mode !== 'fail') expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    const held = await env.DB.prepare('SELECT count(*) AS n FROM payment_orders WHERE event_id = ?')
      .bind(event.id)
      .first<{ n: number }>();
    expect(held?.n).toBe(0);
    // The seats are all still there for the next guest once Razorpay is back.
    for (const id of rules.splice(0)) await fetch(`${env.SANDBOX_URL}/__control/${id}`, { method: 'DELETE' });
    const retry = await request('POST', '/api/orders', {
      cookie: guest.cookie,
      body: { event_id: event.id, ticket_type: 'couple', party_name: 'Priya' },
    });
    expect(retry.status).toBe(201);
  });

  it('createOrder answers a failed result within the deadline', async () => {
    const receipt = `ord_${crypto.randomUUID()}`;
    await outage({ provider: 'razorpay', match: receipt, mode: 'hang' });
    const { value, ms } = await timed(() => createOrder(fast, { amount: 49_900, currency: 'INR', receipt, notes: {} }));
    expect(value).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });
});

describe('email and WhatsApp (the queue consumer sends these)', () => {
  it('a hung email API is a failed result within the deadline', async () => {
    const to = `hang.${crypto.randomUUID()}@example.com`;
    await outage({ provider: 'email', match: to, mode: 'hang' });
    const { value, ms } = await timed(() => sendEmail(fast, { to, subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }));
    expect(value).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('a hung WhatsApp API is a failed result within the deadline', async () => {
    const to = `+91${randomPhone()}`;
    await outage({ provider: 'whatsapp', match: to.slice(1), mode: 'hang' });
    const { value, ms } = await timed(() =>
      sendWhatsAppTemplate(fast, { to, name: 'booking_confirmed', params: ['Asha'] }),
    );
    expect(value).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });
});

describe('the bot check when Turnstile is down', () => {
  it('a hung siteverify is a refusal within the deadline', async () => {
    const token = `token-${crypto.randomUUID()}`;
    await outage({ provider: 'turnstile', match: token, mode: 'hang' });
    const on = {
      ...fast,
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    };
    const { value, ms } = await timed(() => verifyTurnstile(on, token));
    expect(value).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });
});

describe('Google sign-in when Google is down', () => {
  it('a hung discovery document sends the guest back to /auth?error=google in time', async () => {
    const tag = crypto.randomUUID();
    await outage({ path: `/google-${tag}`, mode: 'hang' });
    const saved = fast.GOOGLE_ISSUER;
    fast.GOOGLE_ISSUER = `${env.SANDBOX_URL}/google-${tag}`;
    try {
      const { value: res, ms } = await timed(() => request('GET', '/api/auth/google'));
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/auth?error=google');
      expect(ms).toBeLessThan(TIMEOUT_MS + 2_000);
    } finally {
      fast.GOOGLE_ISSUER = saved;
    }
  });

  /** Starts a flow and consents in the sandbox: the callback's code and the flow cookie. */
  async function consent() {
    const start = await request('GET', '/api/auth/google');
    const back = await consentInSandbox(new URL(start.headers.get('Location') as string), {
      email: `g.${crypto.randomUUID().slice(0, 8)}@example.com`,
      email_verified: 'true',
    });
    const callback = new URL(back.headers.get('Location') as string);
    return { callback, cookie: cookiesFrom(start) };
  }

  it('a hung token endpoint sends the guest back to /auth?error=google in time, signed out', async () => {
    const { callback, cookie } = await consent();
    await outage({
      path: '/google/token',
      match: encodeURIComponent(callback.searchParams.get('code') ?? ''),
      mode: 'hang',
    });
    const { value: res, ms } = await timed(() => request('GET', `${callback.pathname}${callback.search}`, { cookie }));
    expect(res.headers.get('Location')).toBe('/auth?error=google');
    expect(cookiesFrom(res)).not.toMatch(/tm_at=/);
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('a hung JWKS fails the code exchange within the deadline', async () => {
    const { callback, cookie } = await consent();
    // The flow cookie is a signed (not encrypted) JWT: its payload holds the verifier and nonce.
    const flow = JSON.parse(
      atob((cookie.match(/tm_oidc=([^;]+)/)?.[1] ?? '').split('.')[1].replace(/-/g, '+').replace(/_/g, '/')),
    ) as {
      nonce: string;
      verifier: string;
    };
    const d = await discover(fast);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const tag = crypto.randomUUID();
    await outage({ path: '/google/jwks', match: tag, mode: 'hang' });
    const { value, ms } = await timed(() =>
      exchangeCode({ ...d.value, jwks_uri: `${d.value.jwks_uri}?t=${tag}` }, fast, {
        code: callback.searchParams.get('code') ?? '',
        redirectUri: `${ORIGIN}/api/auth/google/callback`,
        verifier: flow.verifier,
        nonce: flow.nonce,
      }),
    );
    expect(value.ok).toBe(false);
    expect(value.ok ? '' : value.error).toMatch(/timed out/i);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });
});
