import { createMiddleware } from 'hono/factory';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../app-env';
import { COPY } from '@domain/copy';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for JSON routes. Hono's `csrf()` only looks at form content types, so every unsafe
 * method must come from our own origin (Origin header) or, when a browser omits Origin, be marked
 * same-origin by Fetch Metadata. Webhooks are exempt: they are authenticated by signature.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const origin = c.req.header('Origin');
  const self = new URL(c.req.url).origin;
  const allowed = origin === self || origin === c.env.APP_ORIGIN;
  const site = c.req.header('Sec-Fetch-Site');
  if (origin ? !allowed : site !== undefined && site !== 'same-origin') {
    throw new ApiError(403, 'forbidden_origin', COPY.common.crossOrigin);
  }
  if (!origin && site === undefined) {
    throw new ApiError(403, 'forbidden_origin', COPY.common.crossOrigin);
  }
  return next();
});
