/** What every provider adapter returns: never throws for a provider's own failure. */
export type ProviderResult<T = undefined> = { ok: true; value: T } | { ok: false; error: string; status?: number };

export const ok = <T>(value: T): ProviderResult<T> => ({ ok: true, value });
export const fail = (error: string, status?: number): ProviderResult<never> => ({ ok: false, error, status });

/** fetch that turns network errors into a failed result instead of a throw. */
export async function call(url: string, init: RequestInit): Promise<ProviderResult<Response>> {
  try {
    return ok(await fetch(url, init));
  } catch (e) {
    return fail(`network error: ${String(e)}`);
  }
}
