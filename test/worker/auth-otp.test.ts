import { createExecutionContext, env, SELF } from 'cloudflare:test';
import worker from '../../worker/index';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_AFTER_S, OTP_SENDS_PER_HOUR } from '../../worker/domain/auth';
import { LIMITS } from '../../worker/services/phone-sign-in';
import { cookiesFrom, latestCode, ORIGIN, postJson, randomIp, randomPhone, signIn } from './helpers/auth';

const send = (phone: string, ip = randomIp()) => postJson('/api/auth/otp/send', { phone }, { 'CF-Connecting-IP': ip });
/** The same request to a Worker configured with `settings` (e.g. other served countries). */
const sendWith = (settings: Partial<typeof env>, phone: string, ip = randomIp()) =>
  worker.fetch(
    new Request(`${ORIGIN}/api/auth/otp/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': ip },
      body: JSON.stringify({ phone }),
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...settings },
    createExecutionContext(),
  );
const verify = (phone: string, code: string, ip = randomIp()) =>
  postJson('/api/auth/otp/verify', { phone, code }, { 'CF-Connecting-IP': ip });
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sending a sign-in code', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('normalises a 10-digit Indian mobile to +91 and delivers a 6-digit code', async () => {
    const phone = randomPhone();
    const res = await send(phone);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, phone: `+91${phone}`, resend_in: 30 });
    expect(await latestCode(`+91${phone}`)).toMatch(/^\d{6}$/);
  });

  it('sends codes only to the countries we serve: India by default, others when configured', async () => {
    const refused = await send('+44 7700 900123');
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({
      code: 'country_not_served',
      message: "We can't send sign-in codes to numbers from this country yet.",
    });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM otp_codes WHERE phone = '+447700900123'").first('n')).toBe(
      0,
    );
    const served = await sendWith({ SMS_COUNTRIES: '+91, +44' }, '+44 7700 900123');
    expect(served.status).toBe(200);
    expect(((await served.json()) as { phone: string }).phone).toBe('+447700900123');
  });

  it('stops every send at the hourly cap with an alert line, whoever asks', async () => {
    const alerts: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void alerts.push(String(line)));
    try {
      const capped = { SMS_HOURLY_CAP: '2' };
      expect((await sendWith(capped, randomPhone())).status).toBe(200);
      expect((await sendWith(capped, randomPhone())).status).toBe(200);
      const third = await sendWith(capped, randomPhone());
      expect(third.status).toBe(429);
      expect((await errorOf(third)).message).toBe('Too many attempts. Please try again later.');
      expect(alerts.some((line) => /"level":"alert".*SMS hourly cap/.test(line))).toBe(true);
      // The default cap is far above two: the same guests' numbers are not blocked for everyone else.
      expect((await send(randomPhone())).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });

  it.each(['12345', 'abcdefghijk', '+0123456789', ''])('refuses %j with the field message', async (phone) => {
    const res = await send(phone);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.message).toBe('Please enter a valid phone number');
    expect(err.fields?.phone).toBe('Please enter a valid phone number');
  });

  it('stores only a keyed hash of the code', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = await latestCode(`+91${phone}`);
    const row = await env.DB.prepare('SELECT code_hash FROM otp_codes WHERE phone = ? ORDER BY created_at DESC')
      .bind(`+91${phone}`)
      .first<{ code_hash: string }>();
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    const { sha256Hex } = await import('../../worker/lib/crypto');
    expect(row?.code_hash).not.toBe(await sha256Hex(`+91${phone}:${code}`));
  });

  it('allows one send per phone per 30 seconds, answering 429 with Retry-After', async () => {
    const phone = randomPhone();
    expect((await send(phone)).status).toBe(200);
    const res = await send(phone);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).message).toBe('Too many attempts. Please try again later.');
    const retry = Number(res.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(30);
  });

  it('allows five sends per phone per hour', async () => {
    const phone = randomPhone();
    const key = `otp-send:phone:+91${phone}`;
    // Five earlier sends, each more than 30 s ago but inside the hour.
    for (let i = 1; i <= 5; i++) {
      await env.DB.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)')
        .bind(key, new Date(Date.now() - i * 60_000).toISOString())
        .run();
    }
    const res = await send(phone);
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(30);
    expect(retry).toBeLessThanOrEqual(3600);
  });

  it('says when the code step may resend: the server then accepts it, and not a second earlier', async () => {
    const phone = randomPhone();
    const key = `otp-send:phone:+91${phone}`;
    const first = (await (await send(phone)).json()) as { resend_in: number };
    expect(first.resend_in).toBe(OTP_RESEND_AFTER_S);
    // Still inside the countdown (the send was 25 s ago): refused, with the time that is left.
    await env.DB.prepare('UPDATE rate_events SET at = ? WHERE key = ?')
      .bind(new Date(Date.now() - 25_000).toISOString(), key)
      .run();
    const early = await send(phone);
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('Retry-After'))).toBeLessThanOrEqual(5);
    // The countdown has run out (31 s ago): the resend goes through and delivers a new code.
    await env.DB.prepare('UPDATE rate_events SET at = ? WHERE key = ?')
      .bind(new Date(Date.now() - 31_000).toISOString(), key)
      .run();
    const before = await latestCode(`+91${phone}`);
    const resent = await send(phone);
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { resend_in: number }).resend_in).toBe(OTP_RESEND_AFTER_S);
    expect(await latestCode(`+91${phone}`)).not.toBe(before);
  });

  it("after the hour's last allowed send, counts down to when the oldest send ages out", async () => {
    const phone = randomPhone();
    const key = `otp-send:phone:+91${phone}`;
    // Four sends 10 to 40 minutes ago: the fifth is allowed, and then none until the 40-minute-old one is an hour old.
    for (const minutes of [10, 20, 30, 40]) {
      await env.DB.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)')
        .bind(key, new Date(Date.now() - minutes * 60_000).toISOString())
        .run();
    }
    const res = await send(phone);
    expect(res.status).toBe(200);
    const { resend_in } = (await res.json()) as { resend_in: number };
    expect(resend_in).toBeGreaterThan(19 * 60);
    expect(resend_in).toBeLessThanOrEqual(20 * 60);
    expect(OTP_SENDS_PER_HOUR).toBe(5);
  });

  it('limits sends per client address across phones (send flooding)', async () => {
    const ip = '203.0.113.9';
    const { max } = LIMITS.sendPerIp[0];
    expect((await send(randomPhone(), ip)).status).toBe(200);
    // The rest of the allowance, spent moments ago from this address on other phones.
    const at = new Date(Date.now() - 5_000).toISOString();
    await env.DB.batch(
      Array.from({ length: max - 1 }, () =>
        env.DB.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)').bind(`otp-send:ip:${ip}`, at),
      ),
    );
    const res = await send(randomPhone(), ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(3000);
    // Another address is unaffected.
    expect((await send(randomPhone())).status).toBe(200);
  });

  it('answers 502 with the SPEC message when the SMS provider refuses, and the code cannot be used', async () => {
    const res = await sendWith({ SMS_COUNTRIES: '+91,+1' }, '+15005550001');
    expect(res.status).toBe(502);
    expect((await errorOf(res)).message).toBe('Failed to send code. Please try again.');
    const pending = await env.DB.prepare('SELECT count(*) AS n FROM otp_codes WHERE phone = ? AND consumed_at IS NULL')
      .bind('+15005550001')
      .first<{ n: number }>();
    expect(pending?.n).toBe(0);
  });
});

describe('checking a sign-in code', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('signs in a new guest, creates the profile row with the phone and answers next = /consent (the notice before the quiz)', async () => {
    const phone = randomPhone();
    await send(phone);
    const ok = await verify(phone, await latestCode(`+91${phone}`));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { user: { id: string; phone: string }; next: string };
    expect(body.user.phone).toBe(`+91${phone}`);
    // Issue 22: a new guest reads the consent notice first; the quiz comes after it.
    expect(body.next).toBe('/consent');
    const me = await SELF.fetch(`${ORIGIN}/api/profile`, { headers: { cookie: cookiesFrom(ok) } });
    expect(me.status).toBe(200);
    const profile = await env.DB.prepare('SELECT phone_number FROM user_profiles WHERE user_id = ?')
      .bind(body.user.id)
      .first();
    expect(profile).toEqual({ phone_number: `+91${phone}` });
  });

  it('finds the same user on a second sign-in and updates the existing profile phone', async () => {
    const first = await signIn();
    await env.DB.prepare('UPDATE user_profiles SET phone_number = NULL, full_name = ? WHERE user_id = ?')
      .bind('Asha Rao', first.user.id)
      .run();
    const again = await signIn(first.phone);
    expect(again.user.id).toBe(first.user.id);
    const profile = await env.DB.prepare('SELECT phone_number, full_name FROM user_profiles WHERE user_id = ?')
      .bind(first.user.id)
      .first();
    expect(profile).toEqual({ phone_number: first.phone, full_name: 'Asha Rao' });
  });

  it('refuses a code that is not six digits', async () => {
    const res = await verify(randomPhone(), '12a4');
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.message).toBe('Please enter the 6-digit code.');
    expect(err.fields?.code).toBe('Please enter the 6-digit code.');
  });

  it('asks for a new code when none is pending', async () => {
    const res = await verify(randomPhone(), '123456');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Please request a new code.');
  });

  it('refuses a wrong code with "Invalid code"', async () => {
    const phone = randomPhone();
    await send(phone);
    const res = await verify(phone, wrongCode(await latestCode(`+91${phone}`)));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'invalid_code', message: 'Invalid code' });
  });

  it('refuses an expired code with 410 and the expiry message', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = await latestCode(`+91${phone}`);
    await env.DB.prepare('UPDATE otp_codes SET expires_at = ? WHERE phone = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), `+91${phone}`)
      .run();
    const res = await verify(phone, code);
    expect(res.status).toBe(410);
    expect((await errorOf(res)).message).toBe('This code has expired. Please request a new one.');
  });

  it('kills the code after five wrong tries, so even the right code then fails (brute force)', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = await latestCode(`+91${phone}`);
    for (let i = 0; i < 4; i++) expect((await verify(phone, wrongCode(code))).status).toBe(400);
    const fifth = await verify(phone, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect((await errorOf(fifth)).message).toBe('Too many attempts. Please try again later.');
    expect(fifth.headers.get('Retry-After')).toBeTruthy();
    const right = await verify(phone, code);
    expect(right.status).toBe(400);
    expect((await errorOf(right)).message).toBe('Please request a new code.');
  });

  it('a code works once only', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = await latestCode(`+91${phone}`);
    expect((await verify(phone, code)).status).toBe(200);
    expect((await verify(phone, code)).status).toBe(400);
  });

  it('only the newest code counts', async () => {
    const phone = randomPhone();
    await send(phone);
    const old = await latestCode(`+91${phone}`);
    await env.DB.prepare('DELETE FROM rate_events').run();
    await send(phone);
    const fresh = await latestCode(`+91${phone}`);
    if (old !== fresh) expect((await verify(phone, old)).status).toBe(400);
    expect((await verify(phone, fresh)).status).toBe(200);
  });
});
