import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIGN_UP_COPY } from '../../worker/domain/auth';
import { cookiesFrom, latestCode, postJson, randomIp, randomPhone, signIn, signUpWithCode } from './helpers/auth';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const email = () => `one-${crypto.randomUUID().slice(0, 8)}@example.com`;
const details = (phone = randomPhone(), address = email()) => ({
  full_name: 'Asha Rao',
  phone,
  email: address,
  password: 'secret1',
});

/** Sends sign-in's code to `phone` from `ip` and answers it (read from the sandbox outbox). */
async function codeFor(phone: string, ip: string) {
  await env.DB.prepare("DELETE FROM rate_events WHERE key LIKE 'otp-send:phone:%'").run();
  const send = await postJson('/api/auth/otp/send', { phone }, { 'CF-Connecting-IP': ip });
  expect(send.status).toBe(200);
  return latestCode(`+91${phone}`);
}
const signup = (body: Record<string, unknown>, ip: string) =>
  postJson('/api/auth/signup', body, { 'CF-Connecting-IP': ip });
const usersWith = (column: 'email' | 'phone', value: string) =>
  env.DB.prepare(`SELECT count(*) AS n FROM users WHERE ${column} = ?`).bind(value).first<number>('n');

describe('sign-up: one person, one account (issue 24)', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('needs the code sent to the phone: without one it is refused on `code` and nothing is created', async () => {
    const body = details();
    const res = await signup(body, randomIp());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.code).toBeTruthy();
    const blank = await signup({ ...body, code: '' }, randomIp());
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).fields).toMatchObject({ code: 'Please enter the 6-digit code.' });
    expect(await usersWith('email', body.email)).toBe(0);
  });

  it('makes the account with the phone the code verified, on the user and the profile', async () => {
    const body = details();
    const res = await signUpWithCode(body);
    expect(res.status).toBe(201);
    const { user, next } = (await res.json()) as { user: { id: string; phone: string; email: string }; next: string };
    expect(user).toMatchObject({ phone: `+91${body.phone}`, email: body.email });
    // Issue 22: a new account reads the consent notice before anything else.
    expect(next).toBe('/consent');
    expect(
      await env.DB.prepare('SELECT phone_number, email FROM user_profiles WHERE user_id = ?').bind(user.id).first(),
    ).toEqual({ phone_number: `+91${body.phone}`, email: body.email });
    expect(cookiesFrom(res)).toMatch(/tm_at=/);
  });

  it('refuses a wrong code and an expired one, and creates nothing', async () => {
    const ip = randomIp();
    const body = details();
    const code = await codeFor(body.phone, ip);
    const wrong = await signup({ ...body, code: wrongCode(code) }, ip);
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'invalid_code', message: 'Invalid code' });

    await env.DB.prepare('UPDATE otp_codes SET expires_at = ? WHERE phone = ? AND consumed_at IS NULL')
      .bind(new Date(Date.now() - 1000).toISOString(), `+91${body.phone}`)
      .run();
    const expired = await signup({ ...body, code }, ip);
    expect(expired.status).toBe(410);
    expect((await errorOf(expired)).message).toBe('This code has expired. Please request a new one.');

    expect(await usersWith('email', body.email)).toBe(0);
    expect(await usersWith('phone', `+91${body.phone}`)).toBe(0);
  });

  it('a code sent to another phone proves nothing about this one', async () => {
    const ip = randomIp();
    const body = details();
    const otherCode = await codeFor(randomPhone(), ip);
    const res = await signup({ ...body, code: otherCode }, ip);
    expect(res.status).toBe(400);
    expect(await usersWith('email', body.email)).toBe(0);
  });

  it('refuses a phone that has an account with the way to sign in, and that same code then signs in to it', async () => {
    const existing = await signIn();
    const ip = randomIp();
    const typed = existing.phone.slice(3);
    const code = await codeFor(typed, ip);
    const res = await signup({ ...details(typed), code }, ip);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'phone_has_account',
      message: SIGN_UP_COPY.phoneHasAccount,
      fields: { phone: SIGN_UP_COPY.phoneHasAccount },
    });
    expect(cookiesFrom(res)).not.toMatch(/tm_at|tm_rt/);
    expect(await usersWith('phone', existing.phone)).toBe(1);
    // The code is left for the sign-in the refusal offers.
    const verify = await postJson('/api/auth/otp/verify', { phone: typed, code }, { 'CF-Connecting-IP': ip });
    expect(verify.status).toBe(200);
    expect(((await verify.json()) as { user: { id: string } }).user.id).toBe(existing.user.id);
  });

  it('a wrong code for a phone that has an account gets the same answer as for any phone', async () => {
    const existing = await signIn();
    const ip = randomIp();
    const typed = existing.phone.slice(3);
    const code = await codeFor(typed, ip);
    const res = await signup({ ...details(typed), code: wrongCode(code) }, ip);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_code');
  });

  it('refuses an email that has an account with how to sign in instead, and creates nothing', async () => {
    const address = email();
    expect((await signUpWithCode(details(randomPhone(), address))).status).toBe(201);
    const body = details(randomPhone(), address.toUpperCase());
    const res = await signUpWithCode({ ...body, password: 'another-pass' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'email_has_account',
      message: 'This email already has an account. Sign in with your email and password, or with a code to your phone.',
      fields: { email: SIGN_UP_COPY.emailHasAccount },
    });
    expect(cookiesFrom(res)).not.toMatch(/tm_at|tm_rt/);
    expect(await usersWith('email', address)).toBe(1);
    expect(await usersWith('phone', `+91${body.phone}`)).toBe(0);
  });

  it('after sign-up, a code sign-in with the same phone reaches the same account', async () => {
    const body = details();
    const res = await signUpWithCode(body);
    const { user } = (await res.json()) as { user: { id: string } };
    const again = await signIn(body.phone);
    expect(again.user.id).toBe(user.id);
    expect(again.user.email).toBe(body.email);
    expect(await usersWith('phone', `+91${body.phone}`)).toBe(1);
  });

  it('validates every field with the form’s words', async () => {
    const res = await signup(
      { full_name: '', phone: '123', email: 'not-an-email', password: '12345', code: '12' },
      randomIp(),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toMatchObject({
      full_name: 'Please enter your full name',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      code: 'Please enter the 6-digit code.',
    });
  });
});
