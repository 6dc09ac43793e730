/**
 * Google sign-in: the OpenID Connect code flow with state, nonce and PKCE. The flow's secrets
 * travel in a short-lived signed cookie (the route sets and reads it), so no server state is kept.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import type { Env } from '../env';
import { randomToken } from '../lib/crypto';
import { authorizeUrl, discover, exchangeCode, pkceChallenge } from '../providers/google';
import { userForGoogle } from './accounts';
import { consume } from './rate-limit';

const OIDC_AUDIENCE = 'tablemates-oidc';
/** Seconds the guest has to come back from Google. */
export const GOOGLE_FLOW_TTL_S = 600;
const flowKey = (secret: string) => new TextEncoder().encode(`oidc:${secret}`);

/** Where Google sends the guest back: registered in the Google console (README, Deploy). */
export const googleRedirectUri = (env: Env) => `${env.APP_ORIGIN.replace(/\/$/, '')}/api/auth/google/callback`;

/**
 * The consent URL and the signed flow token to keep in a cookie until the callback, or null when
 * the provider's discovery document cannot be read.
 */
export async function beginGoogleSignIn(env: Env): Promise<{ url: string; flowToken: string } | null> {
  const d = await discover(env);
  if (!d.ok) {
    console.error(JSON.stringify({ level: 'error', msg: 'google discovery failed', error: d.error }));
    return null;
  }
  const state = randomToken(24);
  const nonce = randomToken(24);
  const verifier = randomToken(48);
  const flowToken = await new SignJWT({ state, nonce, verifier })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(OIDC_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${GOOGLE_FLOW_TTL_S}s`)
    .sign(flowKey(env.SESSION_SECRET));
  return {
    url: authorizeUrl(d.value, env, {
      redirectUri: googleRedirectUri(env),
      state,
      nonce,
      challenge: await pkceChallenge(verifier),
    }),
    flowToken,
  };
}

/**
 * The user Google vouched for. Throws on anything wrong: no or forged flow token, a state that
 * does not match, an error from Google, a token the issuer's keys do not verify, a wrong nonce.
 */
export async function finishGoogleSignIn(
  env: Env,
  d: Db,
  callback: { flowToken?: string; state?: string; code?: string; error?: string },
): Promise<string> {
  if (!callback.flowToken) throw new Error('no oidc flow cookie');
  const { payload } = await jwtVerify<{ state: string; nonce: string; verifier: string }>(
    callback.flowToken,
    flowKey(env.SESSION_SECRET),
    {
      algorithms: ['HS256'],
      audience: OIDC_AUDIENCE,
    },
  );
  if (callback.error || !callback.code || !callback.state || callback.state !== payload.state) {
    throw new Error(`callback refused: ${callback.error ?? 'state mismatch'}`);
  }
  // One sign-in per flow: a captured callback (code + flow cookie) replayed within the cookie's
  // life must not sign in again, whether or not the provider refuses a used code. The nonce is
  // burnt with the durable counter, one conditional insert; a second use is refused.
  try {
    await consume(d, `oidc-flow:${payload.nonce}`, [{ windowS: GOOGLE_FLOW_TTL_S, max: 1 }]);
  } catch {
    throw new Error('callback refused: flow already used');
  }
  const discovery = await discover(env);
  if (!discovery.ok) throw new Error(discovery.error);
  const identity = await exchangeCode(discovery.value, env, {
    code: callback.code,
    redirectUri: googleRedirectUri(env),
    verifier: payload.verifier,
    nonce: payload.nonce,
  });
  if (!identity.ok) throw new Error(identity.error);
  return userForGoogle(d, identity.value);
}
