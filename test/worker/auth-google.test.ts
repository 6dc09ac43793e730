import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { consentInSandbox, cookiesFrom, ORIGIN, postJson, randomPhone, signUpWithCode } from './helpers/auth';

const get = (path: string, cookie = '') => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie }, redirect: 'manual' });

/**
 * What the sandbox should put in the ID token instead of the right value (test/sandbox/google.ts):
 * another audience, another issuer, an expiry `exp_in` seconds from now, another nonce; and
 * `reusable` keeps the code valid after its first exchange.
 */
type Mint = { aud?: string; iss?: string; exp_in?: number; nonce?: string; reusable?: boolean };

/** Starts the flow, consents on the sandbox page as `email`, and returns the callback URL and the flow cookie. */
async function consent(email: string, opts: { verified?: boolean; sub?: string; mint?: Mint } = {}) {
  const start = await get('/api/auth/google');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('Location') as string);
  const flowCookie = cookiesFrom(start);
  const back = await consentInSandbox(authorize, {
    email,
    sub: opts.sub ?? '',
    ...(opts.verified === false ? {} : { email_verified: 'true' }),
    ...(opts.mint?.aud ? { id_token_aud: opts.mint.aud } : {}),
    ...(opts.mint?.iss ? { id_token_iss: opts.mint.iss } : {}),
    ...(opts.mint?.exp_in !== undefined ? { id_token_exp_in: String(opts.mint.exp_in) } : {}),
    ...(opts.mint?.nonce ? { id_token_nonce: opts.mint.nonce } : {}),
    ...(opts.mint?.reusable ? { reusable_code: 'true' } : {}),
  });
  expect(back.status).toBe(302);
  return { callback: new URL(back.headers.get('Location') as string), flowCookie, authorize };
}

const finish = async (callback: URL, cookie: string) => get(`${callback.pathname}${callback.search}`, cookie);
const email = () => `g.${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('Google sign-in (OIDC code flow)', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM rate_events').run();
  });

  it('redirects to the issuer with state, nonce and an S256 PKCE challenge, kept in a signed short-lived cookie', async () => {
    const start = await get('/api/auth/google');
    const url = new URL(start.headers.get('Location') as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.SANDBOX_URL}/google/authorize`);
    expect(url.searchParams.get('client_id')).toBe('tablemates-local');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8787/api/auth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
    const setCookie = start.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/tm_oidc=[^;]+; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax/);
    // The verifier never goes to Google or the URL (only its challenge does); it rides in the signed, HttpOnly flow cookie.
    expect(start.headers.get('Location')).not.toContain('code_verifier');
  });

  it('signs in a new user, creates the profile with the email, and lands on /auth', async () => {
    const address = email();
    const { callback, flowCookie } = await consent(address);
    const done = await finish(callback, flowCookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/auth');
    const me = await get('/api/auth/session', cookiesFrom(done));
    expect(me.status).toBe(200);
    const { user } = (await me.json()) as { user: { id: string; email: string } };
    expect(user.email).toBe(address);
    // Google verified the address, so the profile's email is confirmed as written (decision 026).
    const profile = await env.DB.prepare(
      'SELECT email, email_verified_at IS NOT NULL AS confirmed FROM user_profiles WHERE user_id = ?',
    )
      .bind(user.id)
      .first();
    expect(profile).toEqual({ email: address, confirmed: 1 });
  });

  it('finds the same user by Google subject next time', async () => {
    const address = email();
    const sub = `10${Date.now()}`;
    const first = await consent(address, { sub });
    const a = (await (
      await get('/api/auth/session', cookiesFrom(await finish(first.callback, first.flowCookie)))
    ).json()) as { user: { id: string } };
    const second = await consent(address, { sub });
    const b = (await (
      await get('/api/auth/session', cookiesFrom(await finish(second.callback, second.flowCookie)))
    ).json()) as { user: { id: string } };
    expect(b.user.id).toBe(a.user.id);
  });

  it('takes the account from whoever signed up first with the address: their password and sessions end (pre-hijacking)', async () => {
    const address = email();
    const squatter = await signUpWithCode({
      full_name: 'Sly Squatter',
      phone: randomPhone(),
      email: address,
      password: 'squat-pass',
    });
    expect(squatter.status).toBe(201);
    const squatterCookie = cookiesFrom(squatter);
    const { user: squatted } = (await squatter.json()) as { user: { id: string } };
    const confirmed = async () =>
      (
        (await (await get('/api/profile', cookiesFrom(owner ?? squatter))).json()) as {
          profile: { email_verified: boolean };
        }
      ).profile.email_verified;
    let owner: Response | undefined;
    expect((await get('/api/profile', squatterCookie)).status).toBe(200);
    // A sign-up proves nothing about the address: its profile email starts unconfirmed (decision 026).
    expect(await confirmed()).toBe(false);

    // The address's owner signs in with Google, which has verified the address.
    const { callback, flowCookie } = await consent(address);
    owner = await finish(callback, flowCookie);
    expect(owner.headers.get('Location')).toBe('/auth');
    // ...and so the profile email that is this address is confirmed now.
    expect(await confirmed()).toBe(true);
    const me = (await (await get('/api/auth/session', cookiesFrom(owner))).json()) as { user: { id: string } };
    expect(me.user.id).toBe(squatted.id);

    // The squatter's session is over, and their password no longer opens the account.
    expect((await get('/api/profile', squatterCookie)).status).toBe(401);
    const again = await postJson('/api/auth/signin', { email: address, password: 'squat-pass' });
    expect(again.status).toBe(401);
    // The owner's own session still works.
    expect((await get('/api/profile', cookiesFrom(owner))).status).toBe(200);
  });

  it('links to an existing account with the same verified email and fills a missing profile email', async () => {
    const address = email();
    const signup = await signUpWithCode({
      full_name: 'Asha Rao',
      phone: randomPhone(),
      email: address,
      password: 'secret1',
    });
    const existing = (await signup.json()) as { user: { id: string } };
    await env.DB.prepare('UPDATE user_profiles SET email = NULL WHERE user_id = ?').bind(existing.user.id).run();
    const { callback, flowCookie } = await consent(address);
    const me = (await (await get('/api/auth/session', cookiesFrom(await finish(callback, flowCookie)))).json()) as {
      user: { id: string };
    };
    expect(me.user.id).toBe(existing.user.id);
    const profile = await env.DB.prepare(
      'SELECT email, phone_number IS NOT NULL AS has_phone FROM user_profiles WHERE user_id = ?',
    )
      .bind(existing.user.id)
      .first();
    expect(profile).toEqual({ email: address, has_phone: 1 });
  });

  it('does not link on an unverified email', async () => {
    const address = email();
    const signup = await signUpWithCode({
      full_name: 'Asha Rao',
      phone: randomPhone(),
      email: address,
      password: 'secret1',
    });
    const existing = (await signup.json()) as { user: { id: string } };
    const { callback, flowCookie } = await consent(address, { verified: false });
    const me = (await (await get('/api/auth/session', cookiesFrom(await finish(callback, flowCookie)))).json()) as {
      user: { id: string };
    };
    expect(me.user.id).not.toBe(existing.user.id);
  });

  it('fails to /auth?error=google on a state mismatch, a missing flow cookie, a replayed code or a refusal', async () => {
    const one = await consent(email());
    const two = await consent(email());
    // Another flow's cookie: the state does not match.
    const mismatch = await finish(one.callback, two.flowCookie);
    expect(mismatch.headers.get('Location')).toBe('/auth?error=google');
    expect(cookiesFrom(mismatch)).not.toMatch(/tm_at=/);
    // No cookie at all.
    expect((await finish(two.callback, '')).headers.get('Location')).toBe('/auth?error=google');
    // The right pair works once; the code cannot be replayed.
    expect((await finish(one.callback, one.flowCookie)).headers.get('Location')).toBe('/auth');
    expect((await finish(one.callback, one.flowCookie)).headers.get('Location')).toBe('/auth?error=google');
    // The guest pressed Cancel.
    const start = await get('/api/auth/google');
    const state = new URL(start.headers.get('Location') as string).searchParams.get('state');
    expect(
      (await get(`/api/auth/google/callback?error=access_denied&state=${state}`, cookiesFrom(start))).headers.get(
        'Location',
      ),
    ).toBe('/auth?error=google');
  });

  /** Finishes a flow and says whether it signed anyone in: the redirect and the session cookie. */
  async function outcome(callback: URL, flowCookie: string) {
    const done = await finish(callback, flowCookie);
    const cookie = cookiesFrom(done);
    const session = cookie.includes('tm_at=')
      ? ((await (await get('/api/auth/session', cookie)).json()) as { user: { id: string } | null })
      : { user: null };
    return { location: done.headers.get('Location'), signedIn: /tm_at=|tm_rt=/.test(cookie), user: session.user };
  }
  const refused = { location: '/auth?error=google', signedIn: false, user: null };

  describe('ID tokens the Worker must refuse', () => {
    it('a correctly minted token (the control case) signs in', async () => {
      const { callback, flowCookie } = await consent(email(), { mint: { exp_in: 120 } });
      expect(await outcome(callback, flowCookie)).toMatchObject({ location: '/auth', signedIn: true });
    });

    it('the wrong audience (a token Google issued to another app)', async () => {
      const { callback, flowCookie } = await consent(email(), { mint: { aud: 'someone-elses-app.apps.example' } });
      expect(await outcome(callback, flowCookie)).toEqual(refused);
    });

    it('the wrong issuer', async () => {
      const { callback, flowCookie } = await consent(email(), { mint: { iss: 'https://evil.example' } });
      expect(await outcome(callback, flowCookie)).toEqual(refused);
    });

    it('an expired token', async () => {
      const { callback, flowCookie } = await consent(email(), { mint: { exp_in: -30 } });
      expect(await outcome(callback, flowCookie)).toEqual(refused);
    });

    it("a replayed nonce: a token carrying an earlier flow's nonce", async () => {
      const earlier = await consent(email());
      const oldNonce = earlier.authorize.searchParams.get('nonce') ?? '';
      expect(oldNonce).not.toBe('');
      const { callback, flowCookie } = await consent(email(), { mint: { nonce: oldNonce } });
      expect(await outcome(callback, flowCookie)).toEqual(refused);
    });

    it('no nonce at all', async () => {
      // The sandbox leaves the claim out when the authorize request carried none.
      const start = await get('/api/auth/google');
      const q = new URL(start.headers.get('Location') as string).searchParams;
      const form = new URLSearchParams({
        client_id: q.get('client_id') ?? '',
        redirect_uri: q.get('redirect_uri') ?? '',
        state: q.get('state') ?? '',
        code_challenge: q.get('code_challenge') ?? '',
        code_challenge_method: q.get('code_challenge_method') ?? '',
        email: email(),
        email_verified: 'true',
        decision: 'allow',
      });
      const back = await fetch(`${env.SANDBOX_URL}/google/authorize`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      expect(await outcome(new URL(back.headers.get('Location') as string), cookiesFrom(start))).toEqual(refused);
    });

    it('the same callback (code + flow cookie) used twice signs in once (the provider burns the code)', async () => {
      const { callback, flowCookie } = await consent(email());
      const first = await outcome(callback, flowCookie);
      expect(first).toMatchObject({ location: '/auth', signedIn: true });
      expect(await outcome(callback, flowCookie)).toEqual(refused);
    });

    // Skipped until worker/services/google-sign-in.ts burns each flow once it is used (a D1 row
    // per flow nonce, INSERT … ON CONFLICT DO NOTHING, refuse when nothing was inserted): today the
    // Worker keeps no state per flow and relies on the provider refusing a second exchange of the
    // code. With a code the provider lets through twice, a captured callback signs in again.
    it('the same callback used twice signs in once even when the provider answers the code again', async () => {
      const { callback, flowCookie } = await consent(email(), { mint: { reusable: true } });
      expect(await outcome(callback, flowCookie)).toMatchObject({ location: '/auth', signedIn: true });
      expect(await outcome(callback, flowCookie)).toEqual(refused);
    });
  });

  it('a forged flow cookie is refused', async () => {
    const { callback } = await consent(email());
    const forged = `tm_oidc=${btoa(JSON.stringify({ alg: 'none' }))}.${btoa(JSON.stringify({ state: callback.searchParams.get('state'), nonce: 'x', verifier: 'y' }))}.`;
    expect((await finish(callback, forged)).headers.get('Location')).toBe('/auth?error=google');
  });
});
