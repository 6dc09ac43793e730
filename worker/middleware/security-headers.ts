import { createMiddleware } from 'hono/factory';

/**
 * Security headers for API answers. HTML pages get theirs from content-security-policy.ts
 * (built from the config); static files from `web/public/_headers`.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  // API answers can depend on the session cookie, so nothing may be stored by shared caches.
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  // HSTS only means something over https; plain-http localhost must not be pinned.
  if (new URL(c.req.url).protocol === 'https:')
    h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
});
