import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { cookiesFrom, latestCode, ORIGIN, postJson, randomIp, randomPhone, signIn } from './helpers/auth';

const send = (phone: string, ip = randomIp()) => postJson('/api/auth/otp/send', { phone }, { 'CF-Connecting-IP': ip });
const verify = (phone: string, code: string, ip = randomIp()) => postJson('/api/auth/otp/verify', { phone, code }, { 'CF-Connecting-IP': ip });
const _errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('phone sign-in codes', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('sends a code to a 10-digit Indian mobile as +91 and signs in with it', async () => {
    const phone = randomPhone();
    const res = await send(phone);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, phone: `+91${phone}` });
    const ok = await verify(phone, await latestCode(`+91${phone}`));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { user: { phone: string }; next: string };
    expect(body.user.phone).toBe(`+91${phone}`);
    expect(body.next).toBe('/quiz');
    const me = await SELF.fetch(`${ORIGIN}/api/auth/me`, { headers: { cookie: cookiesFrom(ok) } });
    expect(me.status).toBe(200);
    const profile = await env.DB.prepare('SELECT phone_number FROM user_profiles WHERE user_id = ?').bind((body.user as unknown as { id: string }).id).first();
    expect(profile).toEqual({ phone_number: `+91${phone}` });
  });

  it('the signIn helper returns a working cookie', async () => {
    const { cookie, user } = await signIn();
    const me = await SELF.fetch(`${ORIGIN}/api/auth/me`, { headers: { cookie } });
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.id);
  });
});
