import { createMiddleware } from 'hono/factory';

/**
 * Security headers for API answers. The SPA's own headers (and its CSP) come from
 * `web/public/_headers`, which the assets binding serves with every page.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
});
