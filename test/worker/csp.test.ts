import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import pageHeaders from '../../web/public/_headers?raw';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { pageContentSecurityPolicy } from '../../worker/middleware/content-security-policy';
import template from '../../wrangler.toml?raw';

/** The committed wrangler.toml's `[vars]`: the production hosts. */
const productionVars = Object.fromEntries(
  [...(template.split(/^\[vars\]$/m)[1] ?? '').matchAll(/^([A-Z0-9_]+) = "(.*)"$/gm)].map(([, k, v]) => [k, v]),
);

/** The policy web/public/_headers gives static files (and pages served without the Worker). */
const fallbackPolicy = /^\/\*\n(?:.*\n)*? {2}Content-Security-Policy: (.+)$/m.exec(pageHeaders)?.[1] ?? '';

/** Every source the policy allows besides keywords and data: — that is, every other origin. */
const origins = (csp: string) =>
  new Set(
    csp
      .split(';')
      .flatMap((d) => d.trim().split(/\s+/).slice(1))
      .filter((s) => !s.startsWith("'") && s !== 'data:'),
  );
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

/** The built SPA as the assets binding serves it: HTML for pages (with _headers' policy), the file otherwise. */
const ASSETS = {
  fetch: async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    if (path === '/favicon.svg') return new Response('<svg/>', { headers: { 'Content-Type': 'image/svg+xml' } });
    return new Response('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': fallbackPolicy },
    });
  },
  connect: () => {
    throw new Error('not used');
  },
} as unknown as Fetcher;

const PAGES = ['/', '/events', '/event/no-such-event', '/profile', '/auth', '/index.html'];

async function pagePolicies(vars: Record<string, string>) {
  const bindings = { ...env, ...vars, ASSETS } as Env;
  const policies = new Set<string>();
  for (const path of PAGES) {
    const res = await app.request(`https://tablemates.example${path}`, {}, bindings);
    expect(res.headers.get('Content-Type'), path).toContain('text/html');
    expect(res.headers.get('X-Frame-Options'), path).toBe('DENY');
    expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
    policies.add(res.headers.get('Content-Security-Policy') ?? '');
  }
  return policies;
}

describe('the Content-Security-Policy of HTML pages comes from the config', () => {
  it('with the production config, allows no local host and is exactly the _headers fallback', async () => {
    expect(fallbackPolicy).toMatch(/^default-src 'self'/);
    const policies = await pagePolicies(productionVars);
    expect(policies.size).toBe(1);
    const [csp] = policies;
    expect(csp).toBe(fallbackPolicy);
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' https://checkout.razorpay.com https://challenges.cloudflare.com",
    );
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    );
  });

  it('with the sandbox config, allows exactly the sandbox origin and nothing else', async () => {
    const sandbox = new URL(env.RAZORPAY_CHECKOUT_URL).origin;
    expect(sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const policies = await pagePolicies({});
    expect(policies.size).toBe(1);
    const [csp] = policies;
    expect(origins(csp)).toEqual(new Set([sandbox]));
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${sandbox}`);
    expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ${sandbox}`);
    expect(directive(csp, 'frame-src')).toBe(`frame-src ${sandbox}`);
    // Another sandbox port is another origin: no wildcard port.
    expect(csp).not.toContain(':*');
  });

  it('keeps no inline or eval script and no framing, whatever the config', () => {
    for (const vars of [productionVars, env]) {
      const csp = pageContentSecurityPolicy(vars as Env);
      expect(directive(csp, 'script-src')).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
    }
  });

  it('leaves API answers their own locked-down policy and other files as they are', async () => {
    const bindings = { ...env, ASSETS } as Env;
    const api = await app.request('https://tablemates.example/api/health', {}, bindings);
    expect(api.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const icon = await app.request('https://tablemates.example/favicon.svg', {}, bindings);
    expect(icon.headers.get('Content-Security-Policy')).toBeNull();
  });
});
