import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import type { Config } from '../env';

type PolicyConfig = Pick<Config, 'RAZORPAY_BASE_URL' | 'RAZORPAY_CHECKOUT_URL' | 'TURNSTILE_BASE_URL'>;

/**
 * Hosts a third party's own script reaches beyond the URLs in our config, by the origin it is
 * loaded from. Razorpay's checkout reports to its logging host.
 */
const EXTRA_CONNECT: Record<string, string[]> = {
  'https://checkout.razorpay.com': ['https://lumberjack.razorpay.com'],
};

const origin = (url: string) => new URL(url).origin;
const sources = (...list: string[]) => [...new Set(list)].join(' ');

/**
 * The Content-Security-Policy of every HTML page, built from the config: the third parties the
 * page talks to are the ones the Worker's adapters are pointed at. In production those are
 * Razorpay's and Cloudflare's hosts; locally and in the end-to-end tests they are the sandbox,
 * so its origin is allowed there and nowhere else. No inline or eval script, no framing.
 *
 * With the production config this is exactly the policy web/public/_headers gives static files
 * and any page served without the Worker (test/worker/csp.test.ts holds the two together).
 */
export function pageContentSecurityPolicy(config: PolicyConfig): string {
  const checkout = origin(config.RAZORPAY_CHECKOUT_URL);
  const api = origin(config.RAZORPAY_BASE_URL);
  const turnstile = origin(config.TURNSTILE_BASE_URL);
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", checkout, turnstile)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${sources("'self'", api, ...(EXTRA_CONNECT[checkout] ?? []))}`,
    `frame-src ${sources(api, checkout, turnstile)}`,
    "form-action 'self'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Policies by env object: the config does not change within an isolate. */
const policies = new WeakMap<object, string>();

/**
 * Security headers for the HTML pages the Worker serves (wrangler.toml `run_worker_first` sends
 * every page here; static files are served directly with web/public/_headers). Answers under
 * `/api` keep their own stricter headers (security-headers.ts); other non-HTML answers pass as is.
 */
export const pageSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return;
  if (!c.res.headers.get('Content-Type')?.includes('text/html')) return;
  let csp = policies.get(c.env);
  if (!csp) {
    csp = pageContentSecurityPolicy(c.env);
    policies.set(c.env, csp);
  }
  // A copy: responses from the assets binding may have immutable headers.
  c.res = new Response(c.res.body, c.res);
  const h = c.res.headers;
  h.set('Content-Security-Policy', csp);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
});
