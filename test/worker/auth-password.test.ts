import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DUMMY_HASH,
  hashPassword,
  PBKDF2_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  verifyPassword,
} from '../../worker/lib/password';
import { cookiesFrom, ORIGIN, postJson, randomIp, randomPhone, signUpWithCode } from './helpers/auth';

const email = () => `guest.${crypto.randomUUID().slice(0, 8)}@example.com`;
const signup = (body: Record<string, unknown>, ip = randomIp()) =>
  postJson('/api/auth/signup', body, { 'CF-Connecting-IP': ip });
const signin = (body: Record<string, unknown>, ip = randomIp()) =>
  postJson('/api/auth/signin', body, { 'CF-Connecting-IP': ip });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('password hashing', () => {
  it('uses PBKDF2 at the Workers cap of 100,000 iterations, and never above it', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    const stored = await hashPassword('secret1');
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    await expect(hashPassword('secret1', 100_001)).rejects.toThrow(/cap/);
    expect(await verifyPassword('secret1', stored.replace('$100000$', '$200000$'))).toBe(false);
  });

  it('salts per hash and verifies only the right password', async () => {
    const a = await hashPassword('secret1');
    const b = await hashPassword('secret1');
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret1', a)).toBe(true);
    expect(await verifyPassword('secret2', a)).toBe(false);
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
  });
});

describe('sign-up (booking dialog)', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('keeps full_name as sign-up metadata and phone_number on the profile, leaving the profile to complete, and signs in', async () => {
    const address = email();
    const phone = randomPhone();
    const res = await signUpWithCode({
      full_name: 'Asha Rao',
      phone,
      email: address.toUpperCase(),
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { id: string; email: string }; next: string };
    expect(body.user.email).toBe(address);
    // Issue 22: the consent notice before anything else is stored.
    expect(body.next).toBe('/consent');
    const profile = await env.DB.prepare('SELECT full_name, phone_number, email FROM user_profiles WHERE user_id = ?')
      .bind(body.user.id)
      .first();
    // A profile counts as complete only once saved: the name waits on the account to prefill the form.
    expect(profile).toEqual({ full_name: null, phone_number: `+91${phone}`, email: address });
    const user = await env.DB.prepare('SELECT password_hash, phone, full_name FROM users WHERE id = ?')
      .bind(body.user.id)
      .first<{ password_hash: string; phone: string | null; full_name: string }>();
    expect(user?.full_name).toBe('Asha Rao');
    expect(user?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(user?.password_hash).not.toContain('secret1');
    // The code sent to it proved the phone, so the account carries it (docs/decisions/028).
    expect(user?.phone).toBe(`+91${phone}`);
    const me = await SELF.fetch(`${ORIGIN}/api/profile`, { headers: { cookie: cookiesFrom(res) } });
    expect(me.status).toBe(200);
  });

  it('counts sign-ups against the per-email guessing allowance', async () => {
    const address = email();
    await signUpWithCode({ full_name: 'Asha Rao', phone: randomPhone(), email: address, password: 'secret1' });
    let last: Response | undefined;
    // Counted before the code is looked at, so even sign-ups without a right code spend it.
    for (let i = 0; i < 11; i++)
      last = await signup({
        full_name: 'Guess Er',
        phone: randomPhone(),
        email: address,
        password: `guess-${i}`,
        code: '000000',
      });
    expect(last?.status).toBe(429);
    // The right password is refused too until the window passes: the limit is on the email.
    expect((await signin({ email: address, password: 'secret1' })).status).toBe(429);
  });

  it('validates every field and stores nothing when invalid', async () => {
    const address = email();
    const res = await signup({ full_name: '', phone: '123', email: 'not-an-email', password: '12345' });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.fields).toMatchObject({
      full_name: 'Please enter your full name',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    const short = await signup({
      full_name: 'Asha Rao',
      phone: randomPhone(),
      email: address,
      password: '12345',
      code: '123456',
    });
    expect(short.status).toBe(400);
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(address).first()).toBeNull();
  });
});

describe('password sign-in', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('signs in with the right password', async () => {
    const address = email();
    await signUpWithCode({ full_name: 'Asha Rao', phone: randomPhone(), email: address, password: 'secret1' });
    const res = await signin({ email: address, password: 'secret1' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(address);
    expect(cookiesFrom(res)).toMatch(/tm_at=/);
  });

  it('answers a wrong password and an unknown email identically (no user enumeration)', async () => {
    const address = email();
    await signUpWithCode({ full_name: 'Asha Rao', phone: randomPhone(), email: address, password: 'secret1' });
    const wrong = await signin({ email: address, password: 'wrong-password' });
    const unknown = await signin({ email: email(), password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual(b);
    expect(a).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password.' } });
    // No session cookie (the D1 bookmark cookie of the rate-limit write may come, for both alike).
    expect(cookiesFrom(wrong)).not.toMatch(/tm_at|tm_rt/);
    expect(cookiesFrom(unknown)).not.toMatch(/tm_at|tm_rt/);
  });

  it('a phone-only account (no password) cannot be signed into by email', async () => {
    const res = await signin({ email: email(), password: 'x' });
    expect(res.status).toBe(401);
  });

  it('a disabled account cannot sign in, with the same message', async () => {
    const address = email();
    await signUpWithCode({ full_name: 'Asha Rao', phone: randomPhone(), email: address, password: 'secret1' });
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE email = ?')
      .bind(new Date().toISOString(), address)
      .run();
    const res = await signin({ email: address, password: 'secret1' });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe('Invalid email or password.');
  });

  it('limits password guessing per email with 429 and Retry-After', async () => {
    const address = email();
    await signUpWithCode({ full_name: 'Asha Rao', phone: randomPhone(), email: address, password: 'secret1' });
    // Ten password attempts per email in 15 minutes, the sign-up that made the account among them.
    for (let i = 0; i < 9; i++) expect((await signin({ email: address, password: `guess-${i}` })).status).toBe(401);
    const res = await signin({ email: address, password: 'secret1' });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});
