import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sendOtpSms } from '../../worker/providers/sms';
import { turnstileEnabled, verifyTurnstile } from '../../worker/providers/turnstile';
import { app } from '../../worker/app';
import { ORIGIN, randomIp, randomPhone } from './helpers/auth';

type Captured = { method: string; path: string; query: string; headers: Record<string, string>; body: string };
const captured = async (provider: string, contains: string): Promise<Captured> => {
  const res = await fetch(`${env.SANDBOX_URL}/__last/${provider}?contains=${encodeURIComponent(contains)}`);
  expect(res.status).toBe(200);
  return res.json();
};

describe('SMS adapters send exactly what each provider documents', () => {
  it('Twilio: POST form-encoded To/From/Body to Messages.json with Basic AccountSid:AuthToken', async () => {
    const to = `+91${randomPhone()}`;
    const result = await sendOtpSms({ ...env, SMS_PROVIDER: 'twilio' }, to, '482915');
    expect(result).toEqual({ ok: true, value: { id: expect.stringMatching(/^SM[0-9a-f]{32}$/) } });
    const req = await captured('twilio', encodeURIComponent(to));
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/twilio/2010-04-01/Accounts/ACsandbox/Messages.json');
    expect(req.headers.authorization).toBe(`Basic ${btoa('ACsandbox:sandbox_twilio_token')}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      To: to,
      From: '+15005550006',
      Body: 'Your Tablemates sign-in code is 482915. It expires in 5 minutes. Do not share it.',
    });
  });

  it('MSG91: POST JSON to /api/v5/flow with the authkey header, DLT template id and the code as the otp variable', async () => {
    const to = `+91${randomPhone()}`;
    const result = await sendOtpSms({ ...env, SMS_PROVIDER: 'msg91' }, to, '731004');
    expect(result.ok).toBe(true);
    const req = await captured('msg91', to.slice(1));
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/msg91/api/v5/flow');
    expect(req.headers.authkey).toBe('sandbox_msg91_key');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({
      template_id: 'sandbox_template',
      short_url: '0',
      recipients: [{ mobiles: to.slice(1), otp: '731004' }],
    });
    const outbox = (await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as Array<{ to: string; body: string }>;
    expect(outbox.filter((m) => m.to === to).at(-1)?.body).toContain('731004');
  });

  it('a provider refusal is a failed result, never a throw', async () => {
    expect(
      (await sendOtpSms({ ...env, SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: '' }, '+919876543210', '111111')).ok,
    ).toBe(false);
    expect(
      (
        await sendOtpSms(
          { ...env, SMS_PROVIDER: 'msg91', MSG91_BASE_URL: `${env.SANDBOX_URL}/no-such-provider` },
          '+919876543210',
          '111111',
        )
      ).ok,
    ).toBe(false);
  });
});

describe('Turnstile', () => {
  const on = {
    TURNSTILE_BASE_URL: env.TURNSTILE_BASE_URL,
    TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
  };

  it('is off unless both keys are configured (local runs skip it)', () => {
    expect(turnstileEnabled(env)).toBe(false);
    expect(turnstileEnabled(on)).toBe(true);
  });

  it('siteverify accepts a good token and refuses a bad one', async () => {
    expect(await verifyTurnstile(on, 'good-token', '203.0.113.1')).toEqual({ ok: true, value: true });
    expect((await verifyTurnstile(on, 'fail-token')).ok).toBe(false);
  });
});

describe('the bot check on sending a code', () => {
  const withTurnstile = {
    ...env,
    TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
  };
  const sendWith = async (body: Record<string, unknown>) => {
    const ctx = createExecutionContext();
    const res = await app.request(
      `${ORIGIN}/api/auth/otp/send`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': randomIp() },
        body: JSON.stringify(body),
      },
      withTurnstile,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  };

  it('exposes the site key only when configured', async () => {
    expect(await (await SELF.fetch(`${ORIGIN}/api/auth/config`)).json()).toEqual({ turnstile_site_key: null });
    expect(
      await (await app.request(`${ORIGIN}/api/auth/config`, {}, withTurnstile, createExecutionContext())).json(),
    ).toEqual({ turnstile_site_key: '1x00000000000000000000AA' });
  });

  it('refuses to send without a valid token, with the send-code error, and sends with one', async () => {
    const missing = await sendWith({ phone: randomPhone() });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      'Failed to send code. Please try again.',
    );
    const refused = await sendWith({ phone: randomPhone(), turnstile_token: 'fail-token' });
    expect(refused.status).toBe(400);
    const ok = await sendWith({ phone: randomPhone(), turnstile_token: 'good-token' });
    expect(ok.status).toBe(200);
  });
});
