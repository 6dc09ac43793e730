import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { basicAuth, escapeHtml, type Route } from './http.ts';
import type { SandboxContext } from './server.ts';

type Grant = {
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: string;
  nonce?: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  expires: number;
  /** What a test asked the ID token to carry instead of the right values (see POST /google/authorize). */
  mint: Mint;
  /** The code may be exchanged again (a provider that fails to burn codes, or a replayed answer). */
  reusable: boolean;
};

/** Claims a test may set wrong on purpose; absent ones are minted correctly. */
type Mint = { aud?: string; iss?: string; expInS?: number; nonce?: string };

/** The only client the stand-in knows (matches .dev.vars.example and the worker tests). */
const CLIENT = { id: 'tablemates-local', secret: 'sandbox_google_secret' };

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Google's OpenID Connect endpoints under `/google`: discovery, an authorize page with a
 * "Continue as test user" button, the token endpoint (PKCE S256 and client secret checked) and
 * the JWKS. ID tokens are RS256-signed with a key made when the sandbox starts.
 *
 * Tests can ask the consent step (`POST /google/authorize`) for a bad ID token by adding fields
 * the real Google has no use for: `id_token_aud`, `id_token_iss`, `id_token_nonce` (the claim's
 * value) and `id_token_exp_in` (seconds from now, negative for an expired token); and
 * `reusable_code=true` lets the code be exchanged more than once, so a replayed callback reaches
 * the Worker with a valid token and the Worker's own replay defence is what gets tested.
 * https://developers.google.com/identity/openid-connect/openid-connect
 */
export function googleRoutes(ctx: SandboxContext): Route[] {
  // One signing key per sandbox run, made on first use (route lists are built synchronously).
  const keys = (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = b64url(randomBytes(8));
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    return { privateKey, kid, jwk };
  })();
  const issuer = `${ctx.baseUrl}/google`;
  const grants = new Map<string, Grant>();

  const errorRedirect = (redirectUri: string, state: string | null, error: string) => {
    const u = new URL(redirectUri);
    u.searchParams.set('error', error);
    if (state) u.searchParams.set('state', state);
    return { redirect: u.toString() };
  };

  return [
    {
      method: 'GET',
      pattern: '/google/.well-known/openid-configuration',
      handler: () => ({
        json: {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub', 'nonce'],
        },
      }),
    },
    { method: 'GET', pattern: '/google/jwks', handler: async () => ({ json: { keys: [(await keys).jwk] } }) },
    {
      method: 'GET',
      pattern: '/google/authorize',
      handler: (req) => {
        const q = req.url.searchParams;
        const clientId = q.get('client_id') ?? '';
        const redirectUri = q.get('redirect_uri') ?? '';
        if (clientId !== CLIENT.id || !/^https?:\/\//.test(redirectUri)) {
          return {
            status: 400,
            html: '<!doctype html><html lang="en"><title>Error</title><h1>Error 400: invalid_request</h1><p>Unknown client or redirect_uri.</p></html>',
          };
        }
        if (q.get('response_type') !== 'code' || !q.get('code_challenge'))
          return errorRedirect(redirectUri, q.get('state'), 'invalid_request');
        const email = q.get('login_hint') ?? 'test.user@example.com';
        const hidden = [
          'client_id',
          'redirect_uri',
          'state',
          'nonce',
          'code_challenge',
          'code_challenge_method',
          'scope',
        ]
          .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
          .join('');
        return {
          html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – Google sandbox</title>
<style>body{font:16px system-ui;margin:3rem auto;max-width:26rem}label{display:block;margin:.75rem 0}input[type=text],input[type=email]{width:100%;padding:.5rem}button{padding:.6rem 1rem;margin-right:.5rem}</style></head>
<body><main><h1>Choose an account</h1><p>Sandbox stand-in for Google sign-in.</p>
<form method="post" action="/google/authorize">${hidden}
<label>Email <input type="email" name="email" value="${escapeHtml(email)}"></label>
<label>Subject (sub) <input type="text" name="sub" value="${escapeHtml(q.get('sub') ?? '')}" placeholder="derived from the email"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
<button type="submit" name="decision" value="allow">Continue as test user</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`,
        };
      },
    },
    {
      method: 'POST',
      pattern: '/google/authorize',
      handler: (req) => {
        const b = req.body as Record<string, string | undefined>;
        const redirectUri = b.redirect_uri ?? '';
        if (b.client_id !== CLIENT.id || !/^https?:\/\//.test(redirectUri))
          return { status: 400, text: 'invalid_request' };
        if (b.decision !== 'allow') return errorRedirect(redirectUri, b.state ?? null, 'access_denied');
        const email = (b.email ?? 'test.user@example.com').trim().toLowerCase();
        const sub =
          b.sub?.trim() || `1${createHash('sha256').update(email).digest('hex').replace(/\D/g, '').slice(0, 20)}`;
        const code = `4/${b64url(randomBytes(24))}`;
        grants.set(code, {
          clientId: CLIENT.id,
          redirectUri,
          challenge: b.code_challenge ?? '',
          method: b.code_challenge_method ?? 'plain',
          nonce: b.nonce || undefined,
          sub,
          email,
          emailVerified: b.email_verified === 'true',
          expires: Date.now() + 60_000,
          mint: {
            aud: b.id_token_aud || undefined,
            iss: b.id_token_iss || undefined,
            nonce: b.id_token_nonce || undefined,
            expInS: b.id_token_exp_in ? Number(b.id_token_exp_in) : undefined,
          },
          reusable: b.reusable_code === 'true',
        });
        const u = new URL(redirectUri);
        u.searchParams.set('code', code);
        if (b.state) u.searchParams.set('state', b.state);
        u.searchParams.set('scope', b.scope ?? 'openid email');
        return { redirect: u.toString() };
      },
    },
    {
      method: 'POST',
      pattern: '/google/token',
      handler: async (req) => {
        const b = req.body as Record<string, string | undefined>;
        const [clientId, clientSecret] = basicAuth(req.headers) ?? [b.client_id, b.client_secret];
        if (clientId !== CLIENT.id || clientSecret !== CLIENT.secret)
          return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } };
        if (b.grant_type !== 'authorization_code') return { status: 400, json: { error: 'unsupported_grant_type' } };
        const grant = b.code ? grants.get(b.code) : undefined;
        if (b.code && !grant?.reusable) grants.delete(b.code); // codes are single-use
        if (!grant || grant.expires < Date.now() || grant.redirectUri !== b.redirect_uri)
          return { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } };
        const verifier = b.code_verifier ?? '';
        const expected = grant.method === 'S256' ? b64url(createHash('sha256').update(verifier).digest()) : verifier;
        if (!verifier || expected !== grant.challenge)
          return { status: 400, json: { error: 'invalid_grant', error_description: 'Missing code verifier.' } };
        const { privateKey, kid } = await keys;
        const { mint } = grant;
        const now = Math.floor(Date.now() / 1000);
        const exp = now + (mint.expInS ?? 3600);
        const nonce = mint.nonce ?? grant.nonce;
        const idToken = await new SignJWT({
          email: grant.email,
          email_verified: grant.emailVerified,
          ...(nonce ? { nonce } : {}),
          azp: mint.aud ?? CLIENT.id,
        })
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .setIssuer(mint.iss ?? issuer)
          .setAudience(mint.aud ?? CLIENT.id)
          .setSubject(grant.sub)
          .setIssuedAt(Math.min(now, exp - 60))
          .setExpirationTime(exp)
          .sign(privateKey);
        return {
          json: {
            access_token: `ya29.${b64url(randomBytes(24))}`,
            expires_in: 3599,
            scope: 'openid email',
            token_type: 'Bearer',
            id_token: idToken,
          },
        };
      },
    },
  ];
}
