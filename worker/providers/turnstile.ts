import type { Config } from '../env';
import { call, fail, ok, type ProviderResult, providerTimeout, type TimeoutEnv } from './result';

type TurnstileConfig = Pick<Config, 'TURNSTILE_BASE_URL' | 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY'> & TimeoutEnv;

/** The bot check runs only when both keys are configured (locally and in tests it is off). */
export const turnstileEnabled = (env: TurnstileConfig) => Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);

/**
 * Verifies a Turnstile token with siteverify.
 * https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
export async function verifyTurnstile(
  env: TurnstileConfig,
  token: string,
  remoteIp?: string,
): Promise<ProviderResult<true>> {
  const form = new URLSearchParams({ secret: env.TURNSTILE_SECRET_KEY, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  const res = await call(
    `${env.TURNSTILE_BASE_URL.replace(/\/$/, '')}/v0/siteverify`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    },
    providerTimeout(env, 'turnstile'),
  );
  if (!res.ok) return res;
  const body = (await res.value.json().catch(() => null)) as { success?: boolean; 'error-codes'?: string[] } | null;
  if (!body?.success)
    return fail(`turnstile refused: ${(body?.['error-codes'] ?? []).join(',') || res.value.status}`, res.value.status);
  return ok(true);
}
