import { env, SELF } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../worker/lib/access-token';
import { cookiesFrom, latestCode, ORIGIN, postJson, signIn } from './helpers/auth';

/** GET /api/profile, the plainest route behind `requireUser`: 200 signed in, 401 signed out. */
const me = (cookie: string) => SELF.fetch(`${ORIGIN}/api/profile`, { headers: { cookie } });
/** The signed-in user's id as GET /api/auth/session reports it, or null. */
const userIdOf = async (cookie: string) =>
  (
    (await (await SELF.fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie } })).json()) as {
      user: { id: string } | null;
    }
  ).user?.id ?? null;
const cookieValue = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? '';
const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const sessionIdOf = (token: string) =>
  (JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sid: string }).sid;

describe('access tokens', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('a valid access cookie alone reaches a protected route', async () => {
    const { cookie, user } = await signIn();
    const res = await me(`tm_at=${cookieValue(cookie, 'tm_at')}`);
    expect(res.status).toBe(200);
    expect(await userIdOf(`tm_at=${cookieValue(cookie, 'tm_at')}`)).toBe(user.id);
  });

  it('no cookie → 401 on a protected route, and the session answer is user: null', async () => {
    expect((await me('')).status).toBe(401);
    expect(await (await SELF.fetch(`${ORIGIN}/api/auth/session`)).json()).toEqual({ user: null });
  });

  it('a tampered token (payload swapped to another user) → 401', async () => {
    const a = await signIn();
    const b = await signIn();
    const [h, , s] = cookieValue(a.cookie, 'tm_at').split('.');
    const payloadB = cookieValue(b.cookie, 'tm_at').split('.')[1];
    expect((await me(`tm_at=${h}.${payloadB}.${s}`)).status).toBe(401);
  });

  it('an expired token → 401', async () => {
    const { cookie } = await signIn();
    const sid = sessionIdOf(cookieValue(cookie, 'tm_at'));
    const user = { id: (await userIdOf(cookie)) as string };
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('tablemates')
      .setAudience('tablemates-web')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(env.SESSION_SECRET));
    expect((await me(`tm_at=${expired}`)).status).toBe(401);
  });

  it('an alg:none token → 401', async () => {
    const { cookie } = await signIn();
    const payload = cookieValue(cookie, 'tm_at').split('.')[1];
    expect((await me(`tm_at=${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).status).toBe(401);
  });

  it('a token signed with another key → 401', async () => {
    const { cookie, user } = await signIn();
    const sid = sessionIdOf(cookieValue(cookie, 'tm_at'));
    const forged = await signAccessToken('some-other-secret-0123456789abcdef', user.id, sid);
    expect((await me(`tm_at=${forged}`)).status).toBe(401);
    // The same claims under the real key do pass: the key is what failed.
    expect((await me(`tm_at=${await signAccessToken(env.SESSION_SECRET, user.id, sid)}`)).status).toBe(200);
  });

  it('a disabled user is signed out on the next request', async () => {
    const { cookie, user } = await signIn();
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(new Date().toISOString(), user.id).run();
    expect((await me(cookie)).status).toBe(401);
  });

  it('an access token near expiry is renewed with fresh cookies', async () => {
    const { cookie, user } = await signIn();
    const sid = sessionIdOf(cookieValue(cookie, 'tm_at'));
    const nearlyExpired = await signAccessToken(env.SESSION_SECRET, user.id, sid, 120);
    const res = await me(`tm_at=${nearlyExpired}; tm_rt=${cookieValue(cookie, 'tm_rt')}`);
    expect(res.status).toBe(200);
    const renewed = cookiesFrom(res);
    expect(cookieValue(renewed, 'tm_at')).not.toBe('');
    expect(cookieValue(renewed, 'tm_rt')).not.toBe(cookieValue(cookie, 'tm_rt'));
  });
});

describe('refresh tokens', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('rotate: the refresh cookie alone yields a new access and refresh cookie', async () => {
    const { cookie, user } = await signIn();
    const rt = cookieValue(cookie, 'tm_rt');
    const res = await me(`tm_rt=${rt}`);
    expect(res.status).toBe(200);
    expect(await userIdOf(cookiesFrom(res))).toBe(user.id);
    const next = cookiesFrom(res);
    expect(cookieValue(next, 'tm_rt')).toMatch(/.+/);
    expect(cookieValue(next, 'tm_rt')).not.toBe(rt);
    expect((await me(`tm_rt=${cookieValue(next, 'tm_rt')}`)).status).toBe(200);
  });

  it('reuse of a rotated token (after the grace moment) revokes the whole session', async () => {
    const { cookie } = await signIn();
    const rt = cookieValue(cookie, 'tm_rt');
    const rotated = cookiesFrom(await me(`tm_rt=${rt}`));
    // Age the first use beyond the grace window for concurrent tabs.
    await env.DB.prepare('UPDATE refresh_tokens SET used_at = ? WHERE used_at IS NOT NULL')
      .bind(new Date(Date.now() - 60_000).toISOString())
      .run();
    const reuse = await me(`tm_rt=${rt}`);
    expect(reuse.status).toBe(401);
    // The thief's replay also killed the legitimate holder's newer tokens.
    expect((await me(rotated)).status).toBe(401);
    const sid = sessionIdOf(cookieValue(cookie, 'tm_at'));
    const row = await env.DB.prepare('SELECT revoked_at FROM sessions WHERE id = ?')
      .bind(sid)
      .first<{ revoked_at: string | null }>();
    expect(row?.revoked_at).toBeTruthy();
  });

  it('a replayed refresh token presented during renewal ends the session there and then', async () => {
    const { cookie, user } = await signIn();
    const rt = cookieValue(cookie, 'tm_rt');
    const sid = sessionIdOf(cookieValue(cookie, 'tm_at'));
    await me(`tm_rt=${rt}`);
    await env.DB.prepare('UPDATE refresh_tokens SET used_at = ? WHERE used_at IS NOT NULL')
      .bind(new Date(Date.now() - 60_000).toISOString())
      .run();
    const nearlyExpired = await signAccessToken(env.SESSION_SECRET, user.id, sid, 120);
    expect((await me(`tm_at=${nearlyExpired}; tm_rt=${rt}`)).status).toBe(401);
  });

  it('an unknown refresh token → 401 and the cookies are cleared', async () => {
    const res = await me('tm_rt=not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('tm_rt=;') || /tm_rt=.*max-age=0/i.test(c))).toBe(true);
  });
});

describe('sign-out', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('revokes the session server-side: the old cookies no longer work', async () => {
    const { cookie } = await signIn();
    const res = await postJson('/api/auth/signout', {}, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/tm_at=;/);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(`tm_rt=${cookieValue(cookie, 'tm_rt')}`)).status).toBe(401);
  });

  it('succeeds when not signed in', async () => {
    expect((await postJson('/api/auth/signout', {})).status).toBe(200);
  });

  it('a cross-origin POST is refused with 403', async () => {
    const { cookie } = await signIn();
    const res = await SELF.fetch(`${ORIGIN}/api/auth/signout`, {
      method: 'POST',
      headers: { cookie, Origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
    const send = await SELF.fetch(`${ORIGIN}/api/auth/otp/send`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '9876543210' }),
    });
    expect(send.status).toBe(403);
  });
});

describe('the session answer', () => {
  it("never returns another user's data", async () => {
    const a = await signIn();
    const b = await signIn();
    await env.DB.prepare('UPDATE user_profiles SET full_name = ? WHERE user_id = ?').bind('Asha Rao', a.user.id).run();
    await env.DB.prepare('UPDATE user_profiles SET full_name = ? WHERE user_id = ?')
      .bind('Vikram Shah', b.user.id)
      .run();
    const sa = (await (await SELF.fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie: a.cookie } })).json()) as {
      user: { id: string };
      profile: { full_name: string; phone_number: string };
    };
    const sb = (await (await SELF.fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie: b.cookie } })).json()) as {
      user: { id: string };
      profile: { full_name: string; phone_number: string };
    };
    expect(sa.user.id).toBe(a.user.id);
    expect(sa.profile).toMatchObject({ full_name: 'Asha Rao', phone_number: a.phone });
    expect(sb.user.id).toBe(b.user.id);
    expect(sb.profile).toMatchObject({ full_name: 'Vikram Shah', phone_number: b.phone });
  });

  it('next follows the redirect rule: no quiz → /quiz', async () => {
    const a = await signIn();
    const s = (await (await SELF.fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie: a.cookie } })).json()) as {
      next: string;
      quiz_completed: boolean;
    };
    expect(s).toMatchObject({ quiz_completed: false, next: '/quiz' });
  });
});

describe('signing in again', () => {
  it('ends the session the browser already had', async () => {
    const first = await signIn();
    await env.DB.prepare('DELETE FROM rate_events').run();
    const send = await postJson('/api/auth/otp/send', { phone: first.phone });
    expect(send.status).toBe(200);
    const again = await postJson(
      '/api/auth/otp/verify',
      { phone: first.phone, code: await latestCode(first.phone) },
      { cookie: first.cookie },
    );
    expect(again.status).toBe(200);
    expect((await me(first.cookie)).status).toBe(401);
    expect((await me(cookiesFrom(again))).status).toBe(200);
  });
});

describe('cookie security', () => {
  const signUpAt = async (origin: string) => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    // A sign-up carries the code sent to its phone (docs/decisions/028).
    await postJson('/api/auth/otp/send', { phone }, { 'CF-Connecting-IP': ip });
    return SELF.fetch(`${origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, 'CF-Connecting-IP': ip },
      body: JSON.stringify({
        full_name: 'Asha Rao',
        phone,
        email: `secure-${crypto.randomUUID()}@example.com`,
        password: 'secret1',
        code: await latestCode(`+91${phone}`),
      }),
    });
  };

  it('sets every cookie Secure, under the __Host- prefix, on any host but plain-http localhost', async () => {
    for (const origin of ['https://tablemates.example', 'http://tablemates.example', 'http://192.168.1.20:8787']) {
      const res = await signUpAt(origin);
      expect(res.status, origin).toBe(201);
      const cookies = res.headers.getSetCookie();
      expect(cookies.length, origin).toBeGreaterThanOrEqual(2);
      for (const cookie of cookies) expect(cookie, origin).toMatch(/;\s*Secure/i);
      expect(cookies.some((c) => c.startsWith('__Host-tm_at='))).toBe(true);
      expect(cookies.some((c) => c.startsWith('__Secure-tm_rt=') && /Path=\/api/i.test(c))).toBe(true);
    }
  });

  it('leaves Secure off only for plain-http localhost, where a browser could not store it', async () => {
    const res = await signUpAt(ORIGIN);
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('tm_at='))).toBe(true);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
