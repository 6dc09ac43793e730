import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { OTP_RESEND_AFTER_S } from '../../worker/domain/auth';
import { PHONE_VERIFICATION_COPY } from '../../worker/services/phone-verification';
import {
  cookiesFrom,
  latestCode,
  ORIGIN,
  postJson,
  randomIp,
  randomPhone,
  signIn,
  signUpWithCode,
} from './helpers/auth';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * A guest with an email + password account and no verified phone: one made in the booking dialog
 * before sign-up verified its phone (issue 24, docs/decisions/028), signed in.
 */
async function emailGuest() {
  const phone = randomPhone();
  const email = `verify-${phone}@example.com`;
  const res = await signUpWithCode({ full_name: 'Asha Rao', phone, email, password: 'secret1' });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { user: { id: string; phone: string | null } };
  await env.DB.prepare('UPDATE users SET phone = NULL WHERE id = ?').bind(body.user.id).run();
  // The sign-up's own code started this phone's resend wait; the tests start from none.
  await env.DB.prepare("DELETE FROM rate_events WHERE key LIKE 'otp-send:phone:%'").run();
  return { cookie: cookiesFrom(res), userId: body.user.id, typedPhone: phone, email };
}

const send = (cookie: string, phone: string, ip = randomIp()) =>
  postJson('/api/auth/phone/send', { phone }, { cookie, 'CF-Connecting-IP': ip });
const verify = (cookie: string, phone: string, code: string, ip = randomIp()) =>
  postJson('/api/auth/phone/verify', { phone, code }, { cookie, 'CF-Connecting-IP': ip });

const accountPhone = (userId: string) =>
  env.DB.prepare('SELECT phone FROM users WHERE id = ?').bind(userId).first<string | null>('phone');
const profilePhone = (userId: string) =>
  env.DB.prepare('SELECT phone_number FROM user_profiles WHERE user_id = ?')
    .bind(userId)
    .first<string | null>('phone_number');

describe("verifying a phone on a signed-in guest's account", () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('sends a code as sign-in does, then sets the account and profile phone and answers the session', async () => {
    const guest = await emailGuest();
    const phone = randomPhone();
    const sent = await send(guest.cookie, `0${phone}`);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true, phone: `+91${phone}`, resend_in: OTP_RESEND_AFTER_S });

    const ok = await verify(guest.cookie, phone, await latestCode(`+91${phone}`));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      user: { id: string; phone: string };
      profile: { phone_number: string };
      next: string;
    };
    expect(body.user).toMatchObject({ id: guest.userId, phone: `+91${phone}` });
    expect(body.profile.phone_number).toBe(`+91${phone}`);
    // A new account that has not agreed to the consent notice yet (issue 22): the notice is next.
    expect(body.next).toBe('/consent');
    expect(await accountPhone(guest.userId)).toBe(`+91${phone}`);
    expect(await profilePhone(guest.userId)).toBe(`+91${phone}`);

    // The session says so from now on, on this very account (no second account made, no sign-in).
    const session = await SELF.fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie: guest.cookie } });
    expect(((await session.json()) as { user: { id: string; phone: string } }).user).toMatchObject({
      id: guest.userId,
      phone: `+91${phone}`,
    });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE phone = ?').bind(`+91${phone}`).first('n')).toBe(
      1,
    );
  });

  it('creates the profile row with the phone when the account has none yet (a Google guest)', async () => {
    const guest = await emailGuest();
    await env.DB.prepare('DELETE FROM user_profiles WHERE user_id = ?').bind(guest.userId).run();
    const phone = randomPhone();
    await send(guest.cookie, phone);
    expect((await verify(guest.cookie, phone, await latestCode(`+91${phone}`))).status).toBe(200);
    expect(await profilePhone(guest.userId)).toBe(`+91${phone}`);
  });

  it('refuses a wrong code with "Invalid code" and leaves the account without a phone', async () => {
    const guest = await emailGuest();
    const phone = randomPhone();
    await send(guest.cookie, phone);
    const res = await verify(guest.cookie, phone, wrongCode(await latestCode(`+91${phone}`)));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'invalid_code', message: 'Invalid code' });
    expect(await accountPhone(guest.userId)).toBeNull();
  });

  it('asks for a new code when none was sent', async () => {
    const guest = await emailGuest();
    const res = await verify(guest.cookie, randomPhone(), '123456');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'no_pending_code', message: 'Please request a new code.' });
  });

  it('refuses an expired code with 410 and the expiry message', async () => {
    const guest = await emailGuest();
    const phone = randomPhone();
    await send(guest.cookie, phone);
    const code = await latestCode(`+91${phone}`);
    await env.DB.prepare('UPDATE otp_codes SET expires_at = ? WHERE phone = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), `+91${phone}`)
      .run();
    const res = await verify(guest.cookie, phone, code);
    expect(res.status).toBe(410);
    expect((await errorOf(res)).message).toBe('This code has expired. Please request a new one.');
    expect(await accountPhone(guest.userId)).toBeNull();
  });

  it('kills the code after five wrong tries, so even the right code then fails', async () => {
    const guest = await emailGuest();
    const phone = randomPhone();
    await send(guest.cookie, phone);
    const code = await latestCode(`+91${phone}`);
    for (let i = 0; i < 4; i++) expect((await verify(guest.cookie, phone, wrongCode(code))).status).toBe(400);
    const fifth = await verify(guest.cookie, phone, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect((await errorOf(fifth)).message).toBe('Too many attempts. Please try again later.');
    expect(fifth.headers.get('Retry-After')).toBeTruthy();
    expect((await errorOf(await verify(guest.cookie, phone, code))).message).toBe('Please request a new code.');
    expect(await accountPhone(guest.userId)).toBeNull();
  });

  it('shares the resend wait with sign-in: one code per phone per 30 seconds, whichever flow asked', async () => {
    const guest = await emailGuest();
    const phone = randomPhone();
    expect((await send(guest.cookie, phone)).status).toBe(200);
    const again = await send(guest.cookie, phone);
    expect(again.status).toBe(429);
    expect((await errorOf(again)).message).toBe('Too many attempts. Please try again later.');
    const retry = Number(again.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(OTP_RESEND_AFTER_S);
    // The sign-in form is no way around it either: the limit is the phone's.
    expect((await postJson('/api/auth/otp/send', { phone })).status).toBe(429);
  });

  it('counts sends per client address and verifies per address, as sign-in does', async () => {
    const guest = await emailGuest();
    const ip = '203.0.113.77';
    const at = new Date(Date.now() - 5_000).toISOString();
    await env.DB.batch(
      Array.from({ length: 100 }, () =>
        env.DB.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)').bind(`otp-send:ip:${ip}`, at),
      ),
    );
    const refused = await send(guest.cookie, randomPhone(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000);

    await env.DB.batch(
      Array.from({ length: 100 }, () =>
        env.DB.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)').bind(`otp-verify:ip:${ip}`, at),
      ),
    );
    const phone = randomPhone();
    await send(guest.cookie, phone);
    const blocked = await verify(guest.cookie, phone, await latestCode(`+91${phone}`), ip);
    expect(blocked.status).toBe(429);
    expect(await accountPhone(guest.userId)).toBeNull();
  });

  it('refuses, after a right code, a phone another account holds: 409, no merge, nothing changed', async () => {
    const owner = await signIn();
    const guest = await emailGuest();
    await env.DB.prepare('DELETE FROM rate_events').run();
    // Sending tells nothing: the answer is the same as for any phone.
    const sent = await send(guest.cookie, owner.phone);
    expect(sent.status).toBe(200);
    const res = await verify(guest.cookie, owner.phone, await latestCode(owner.phone));
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err).toEqual({
      code: 'phone_taken',
      message: PHONE_VERIFICATION_COPY.phoneTaken,
      fields: { phone: PHONE_VERIFICATION_COPY.phoneTaken },
    });
    expect(err.message).toMatch(/sign in with this phone number/i);
    // Who holds it is not said: no id, name or email of theirs in the answer.
    expect(JSON.stringify(err)).not.toContain(owner.user.id);
    expect(await accountPhone(guest.userId)).toBeNull();
    expect(await profilePhone(guest.userId)).toBe(`+91${guest.typedPhone}`);
    expect(await accountPhone(owner.user.id)).toBe(owner.phone);
  });

  it('a wrong code for a phone another account holds gets the wrong-code answer, never the 409', async () => {
    const owner = await signIn();
    const guest = await emailGuest();
    await env.DB.prepare('DELETE FROM rate_events').run();
    await send(guest.cookie, owner.phone);
    const res = await verify(guest.cookie, owner.phone, wrongCode(await latestCode(owner.phone)));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_code');
  });

  it('refuses an account that already has a verified phone, before any SMS is sent', async () => {
    const guest = await signIn();
    await env.DB.prepare('DELETE FROM rate_events').run();
    const other = randomPhone();
    const sent = await send(guest.cookie, other);
    expect(sent.status).toBe(409);
    expect(await errorOf(sent)).toEqual({
      code: 'phone_already_verified',
      message: PHONE_VERIFICATION_COPY.alreadyVerified,
    });
    await expect(latestCode(`+91${other}`)).rejects.toThrow(/no code/);
    const verified = await verify(guest.cookie, other, '123456');
    expect(verified.status).toBe(409);
    expect(await accountPhone(guest.user.id)).toBe(guest.phone);
  });

  it('answers 401 to a signed-out visitor, before reading the body', async () => {
    for (const path of ['/api/auth/phone/send', '/api/auth/phone/verify']) {
      const res = await postJson(path, { phone: randomPhone(), code: '123456' });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('unauthorized');
      expect((await postJson(path, { phone: 'nope' })).status).toBe(401);
    }
  });

  it('validates each body with the sign-in rules: a bad phone or code is a 400 on its field', async () => {
    const guest = await emailGuest();
    const badPhone = await send(guest.cookie, '12345');
    expect(badPhone.status).toBe(400);
    expect(await errorOf(badPhone)).toMatchObject({
      code: 'invalid_input',
      fields: { phone: 'Please enter a valid phone number' },
    });
    const badCode = await verify(guest.cookie, randomPhone(), '12a4');
    expect(badCode.status).toBe(400);
    expect((await errorOf(badCode)).fields?.code).toBe('Please enter the 6-digit code.');
    const notServed = await send(guest.cookie, '+44 7700 900123');
    expect(notServed.status).toBe(400);
    expect((await errorOf(notServed)).code).toBe('country_not_served');
  });

  it('refuses a request from another origin (CSRF), as every write is', async () => {
    const guest = await emailGuest();
    const res = await SELF.fetch(`${ORIGIN}/api/auth/phone/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: 'https://evil.example', cookie: guest.cookie },
      body: JSON.stringify({ phone: randomPhone() }),
    });
    expect(res.status).toBe(403);
  });
});
