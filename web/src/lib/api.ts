import { hc } from 'hono/client';
import type { AppType } from '../../../worker/api';
import { COPY } from '@domain/copy';

/**
 * Typed client for `/api` (Hono RPC). Cookies ride along (fetch's default credentials mode is
 * same-origin); the Worker checks Origin on writes.
 */
export const api = hc<AppType>('/api');

/** A non-2xx answer from the API, carrying the spec's message and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * Awaits an RPC call and returns its JSON, or throws `ApiRequestError` with the server's message.
 * @example const { events } = await unwrap(api.events.$get());
 */
type JsonOf<R> = R extends { json(): Promise<infer T> } ? T : never;
export type Success<R> = Exclude<JsonOf<R>, { error: unknown }>;

export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  call: Promise<R>,
): Promise<Success<R>> {
  let res: R;
  try {
    res = await call;
  } catch {
    throw new ApiRequestError(0, 'network', COPY.common.network);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)
      ?.error;
    throw new ApiRequestError(res.status, err?.code ?? 'error', err?.message ?? COPY.common.failed, err?.fields);
  }
  return body as Success<R>;
}
