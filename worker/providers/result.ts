/** What every provider adapter returns: never throws for a provider's own failure. */
export type ProviderResult<T = undefined> = { ok: true; value: T } | { ok: false; error: string; status?: number };

export const ok = <T>(value: T): ProviderResult<T> => ({ ok: true, value });
export const fail = (error: string, status?: number): ProviderResult<never> => ({ ok: false, error, status });

/**
 * How long each provider gets for one call, headers and body together. A guest waits on the SMS
 * send, the Razorpay order and Google; the queue consumer waits on email and WhatsApp. Each is
 * well above the provider's usual answer time and well below what a guest would sit through.
 */
export const PROVIDER_TIMEOUTS_MS = {
  razorpay: 8_000,
  sms: 8_000,
  email: 10_000,
  whatsapp: 10_000,
  google: 8_000,
  turnstile: 5_000,
} as const;
export type ProviderName = keyof typeof PROVIDER_TIMEOUTS_MS;

/** The optional var that overrides every provider's deadline (tests use it; a deploy need not set it). */
export type TimeoutEnv = { PROVIDER_TIMEOUT_MS?: string | number };

/**
 * The deadline for one call to `provider`: PROVIDER_TIMEOUT_MS when set to a positive number,
 * otherwise the provider's default.
 * @example providerTimeout(env, 'sms') // 8000
 */
export function providerTimeout(env: TimeoutEnv, provider: ProviderName): number {
  const override = Number(env.PROVIDER_TIMEOUT_MS);
  return env.PROVIDER_TIMEOUT_MS !== '' && Number.isFinite(override) && override > 0
    ? override
    : PROVIDER_TIMEOUTS_MS[provider];
}

/** The deadline of a call that names none. */
const DEFAULT_TIMEOUT_MS = 8_000;

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * fetch with a deadline that turns network errors and timeouts into a failed result instead of a
 * throw. The whole body is read under the same deadline, so a provider that sends its headers
 * and then stalls cannot hang the caller either; the Response handed back is already complete.
 */
export async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
): Promise<ProviderResult<Response>> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal });
    const body = NULL_BODY.has(res.status) ? null : await res.arrayBuffer();
    return ok(new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers }));
  } catch (e) {
    if (signal.aborted) return fail(`timed out after ${timeoutMs} ms`);
    return fail(`network error: ${String(e)}`);
  }
}
