import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../env';
import { toBase64Url } from '../lib/crypto';
import { call, fail, ok, type ProviderResult, providerTimeout, type TimeoutEnv } from './result';

type GoogleConfig = Pick<Config, 'GOOGLE_ISSUER' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'> & TimeoutEnv;

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean };

/**
 * OpenID Connect discovery for the configured issuer (Google in production, the sandbox locally).
 * https://developers.google.com/identity/openid-connect/openid-connect#discovery
 */
export async function discover(env: GoogleConfig): Promise<ProviderResult<Discovery>> {
  const res = await call(
    `${env.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
    {
      headers: { accept: 'application/json' },
    },
    providerTimeout(env, 'google'),
  );
  if (!res.ok) return res;
  const doc = (await res.value.json().catch(() => null)) as Partial<Discovery> | null;
  if (!res.value.ok || !doc?.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri || !doc.issuer)
    return fail(`discovery answered ${res.value.status}`);
  return ok(doc as Discovery);
}

/**
 * The `iss` values an ID token may carry: the discovery document's and the configured issuer's.
 * Google also signs some tokens with the scheme-less `accounts.google.com`, which its own
 * documentation says to accept as the same issuer.
 * https://developers.google.com/identity/openid-connect/openid-connect#validatinganidtoken
 */
function acceptedIssuers(...issuers: string[]): string[] {
  const all = new Set(issuers);
  if (all.has('https://accounts.google.com')) all.add('accounts.google.com');
  return [...all];
}

/** PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return toBase64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

/** The provider's consent URL for an authorization-code request with state, nonce and PKCE. */
export function authorizeUrl(
  d: Discovery,
  env: GoogleConfig,
  p: { redirectUri: string; state: string; nonce: string; challenge: string },
): string {
  const u = new URL(d.authorization_endpoint);
  u.search = new URLSearchParams({
    response_type: 'code',
    client_id: env.GOOGLE_CLIENT_ID,
    redirect_uri: p.redirectUri,
    scope: 'openid email',
    state: p.state,
    nonce: p.nonce,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return u.toString();
}

/**
 * Exchanges the code (with the PKCE verifier) and verifies the ID token against the issuer's
 * JWKS: signature, issuer, audience, expiry and our nonce.
 */
export async function exchangeCode(
  d: Discovery,
  env: GoogleConfig,
  p: { code: string; redirectUri: string; verifier: string; nonce: string },
): Promise<ProviderResult<GoogleIdentity>> {
  const res = await call(
    d.token_endpoint,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: p.redirectUri,
        client_id: env.GOOGLE_CLIENT_ID,
        client_secret: env.GOOGLE_CLIENT_SECRET,
        code_verifier: p.verifier,
      }).toString(),
    },
    providerTimeout(env, 'google'),
  );
  if (!res.ok) return res;
  const body = (await res.value.json().catch(() => null)) as { id_token?: string; error?: string } | null;
  if (!res.value.ok || !body?.id_token)
    return fail(`token endpoint answered ${res.value.status}: ${body?.error ?? 'no id_token'}`, res.value.status);
  try {
    const jwks = createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: providerTimeout(env, 'google') });
    const { payload } = await jwtVerify(body.id_token, jwks, {
      issuer: acceptedIssuers(d.issuer, env.GOOGLE_ISSUER),
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.nonce !== p.nonce) return fail('id token nonce mismatch');
    // Several audiences: the token must have been issued to us (OIDC Core §3.1.3.7, points 4–5).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== env.GOOGLE_CLIENT_ID)
      return fail('id token issued to another party');
    if (!payload.sub) return fail('id token without sub');
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
    return ok({
      sub: payload.sub,
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    });
  } catch (e) {
    // jose's error code (ERR_JWT_EXPIRED, …), not its class name: the deployed bundle is minified
    // without names (wrangler.toml), so String(e) would say "Qe: …".
    const code = (e as { code?: unknown } | null)?.code;
    return fail(
      `id token rejected: ${typeof code === 'string' ? `${code}: ` : ''}${(e as Error)?.message ?? String(e)}`,
    );
  }
}
