import { env, SELF } from 'cloudflare:test';
import { CONSENT_NOTICE_VERSION } from '../../../worker/domain/consent';

export const ORIGIN = 'http://localhost:8787';

/** A random Indian mobile (10 digits starting with 9), unique enough for one test run. */
export const randomPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** A random client address, so tests never share a per-IP limit by accident. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 255)).join('.')}`;

/** POST JSON to the Worker the way the web app does (same Origin). */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': randomIp(), ...headers },
    body: JSON.stringify(body),
  });
}

/** The newest 6-digit code the sandbox delivered by SMS to `e164`. */
export async function latestCode(e164: string): Promise<string> {
  const res = await fetch(`${env.SANDBOX_URL}/outbox`);
  const messages = (await res.json()) as Array<{ channel: string; to: string; body: string }>;
  const sms = messages.filter((m) => m.channel === 'sms' && m.to === e164).at(-1);
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the sandbox outbox for ${e164}`);
  return code;
}

/** `name=value; …` from a response's Set-Cookie headers (expired ones dropped). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c) && !/expires=thu, 01 jan 1970/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs in through the real phone flow (send code → read it from the sandbox outbox → verify)
 * and returns the Cookie header for further requests, plus the user. A new guest has agreed to
 * the consent notice afterwards unless `consent: false` (issue 22).
 * @example const { cookie } = await signIn(); await SELF.fetch(url, { headers: { cookie } })
 */
/**
 * Records `userId`'s agreement to the current consent notice (issue 22), as the notice's 'I agree'
 * does: a guest's quiz and profile are stored only after it.
 */
export async function agreeToNotice(userId: string): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO consents (id, user_id, purpose, notice_version, granted, source) VALUES (?, ?, 'service', ?, 1, 'notice')",
  )
    .bind(crypto.randomUUID(), userId, CONSENT_NOTICE_VERSION)
    .run();
}

export async function signIn(
  phone = randomPhone(),
  opts: { consent?: boolean } = {},
): Promise<{
  cookie: string;
  user: { id: string; phone: string | null; email: string | null };
  phone: string;
  next: string;
}> {
  // Signing the same phone in twice within 30 s is rate-limited by design; tests may need to.
  await env.DB.prepare("DELETE FROM rate_events WHERE key LIKE 'otp-send:phone:%'").run();
  const send = await postJson('/api/auth/otp/send', { phone });
  if (send.status !== 200) throw new Error(`otp/send answered ${send.status}: ${await send.text()}`);
  const { phone: e164 } = (await send.json()) as { phone: string };
  const verify = await postJson('/api/auth/otp/verify', { phone, code: await latestCode(e164) });
  if (verify.status !== 200) throw new Error(`otp/verify answered ${verify.status}: ${await verify.text()}`);
  const body = (await verify.json()) as {
    user: { id: string; phone: string | null; email: string | null };
    next: string;
  };
  // A guest who agreed to the notice, unless the test is about the notice (consent: false); `next`
  // is then what the redirect rule says after agreeing.
  if (opts.consent === false || body.next !== '/consent')
    return { cookie: cookiesFrom(verify), user: body.user, phone: e164, next: body.next };
  await agreeToNotice(body.user.id);
  const cookie = cookiesFrom(verify);
  const session = (await (await SELF.fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie } })).json()) as {
    next: string;
  };
  return { cookie, user: body.user, phone: e164, next: session.next };
}

/**
 * Signs up as the booking dialog does (docs/decisions/028): a code to `phone` through sign-in's
 * `/otp/send`, read from the sandbox outbox, then `/api/auth/signup` with the details and that
 * code, both from `ip`. Answers the sign-up's response.
 * @example const res = await signUpWithCode({ full_name: 'Asha Rao', phone, email, password: 'secret1' })
 */
export async function signUpWithCode(
  body: { full_name: string; phone: string; email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  const ip = headers['CF-Connecting-IP'] ?? randomIp();
  await env.DB.prepare('DELETE FROM rate_events WHERE key = ?')
    .bind(`otp-send:phone:${toE164Test(body.phone)}`)
    .run();
  const send = await postJson('/api/auth/otp/send', { phone: body.phone }, { 'CF-Connecting-IP': ip });
  if (send.status !== 200) throw new Error(`otp/send answered ${send.status}: ${await send.text()}`);
  const { phone: e164 } = (await send.json()) as { phone: string };
  return postJson(
    '/api/auth/signup',
    { ...body, code: await latestCode(e164) },
    { ...headers, 'CF-Connecting-IP': ip },
  );
}

/** A test phone as the server stores it: a 10-digit Indian mobile gains +91. */
const toE164Test = (phone: string) => (/^\d{10}$/.test(phone) ? `+91${phone}` : phone);

/**
 * Consents in the sandbox's Google for the flow `authorize` (the Worker's redirect to the issuer),
 * as its consent form would: the flow's own parameters plus `fields` (email, email_verified,
 * id-token overrides…). Answers the sandbox's redirect to our callback.
 */
export function consentInSandbox(authorize: URL, fields: Record<string, string>) {
  const q = authorize.searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id') ?? '',
    redirect_uri: q.get('redirect_uri') ?? '',
    state: q.get('state') ?? '',
    nonce: q.get('nonce') ?? '',
    code_challenge: q.get('code_challenge') ?? '',
    code_challenge_method: q.get('code_challenge_method') ?? '',
    scope: q.get('scope') ?? '',
    decision: 'allow',
    ...fields,
  });
  return fetch(`${env.SANDBOX_URL}/google/authorize`, { method: 'POST', body: form, redirect: 'manual' });
}
