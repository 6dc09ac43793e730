import { env, SELF } from 'cloudflare:test';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { newsletterSignups } from '../../db/schema';
import { notFound, onError } from '../../worker/middleware/errors';
import { ApiError } from '../../worker/lib/errors';
import pageHeaders from '../../web/public/_headers?raw';
import wranglerToml from '../../wrangler.toml?raw';
import { ORIGIN } from './helpers/session-cookie';

const subscribe = (headers: Record<string, string>) =>
  SELF.fetch(`${ORIGIN}/api/newsletter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'guest@example.com' }),
  });
const stored = async () => (await db(env.DB).select().from(newsletterSignups)).length;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM newsletter_signups').run();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('security headers', () => {
  it('sends a locked-down Content-Security-Policy and the other security headers on API answers', async () => {
    for (const res of [
      await SELF.fetch(`${ORIGIN}/api/health`),
      await SELF.fetch(`${ORIGIN}/api/nope`),
      await subscribe({ Origin: 'https://evil.example' }),
    ]) {
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('pins https with HSTS in production but never on plain-http localhost', async () => {
    expect((await SELF.fetch('https://tablemates.example/api/health')).headers.get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await SELF.fetch(`${ORIGIN}/api/health`)).headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('serves static files with a production Content-Security-Policy: no inline or eval script, no framing, no local hosts', () => {
    // The assets binding serves web/public/_headers with static files and any page served without
    // the Worker (dist/ may not be built yet here). Pages get theirs from the config: csp.test.ts.
    expect(pageHeaders).not.toMatch(/127\.0\.0\.1|localhost/);
    const block = pageHeaders.split(/\n(?=\S)/).find((b) => b.startsWith('/*\n')) ?? '';
    const csp = /Content-Security-Policy: (.+)/.exec(block)?.[1] ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toMatch(/^script-src 'self'/);
    expect(directive('script-src')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(block).toContain('X-Content-Type-Options: nosniff');
  });
});

describe('cross-site request forgery', () => {
  it('refuses a POST from another origin with 403 and stores nothing', async () => {
    const res = await subscribe({ Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'forbidden_origin', message: 'Cross-origin request refused.' } });
    expect(await stored()).toBe(0);
  });

  it('refuses a POST with neither Origin nor Fetch Metadata', async () => {
    expect((await subscribe({})).status).toBe(403);
    expect(await stored()).toBe(0);
  });

  it('refuses a POST marked cross-site by Fetch Metadata when Origin is missing', async () => {
    expect((await subscribe({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await stored()).toBe(0);
  });

  it('accepts a POST from our own origin, or marked same-origin by Fetch Metadata', async () => {
    expect((await subscribe({ Origin: ORIGIN })).status).toBe(200);
    expect((await subscribe({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect(await stored()).toBe(1);
  });

  it('does not apply to safe methods', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/health`, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE'])('answer %s with the JSON 404 shape, never the SPA', async (method) => {
    const res = await SELF.fetch(`${ORIGIN}/api/does/not/exist`, { method, headers: { Origin: ORIGIN } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });
});

describe('request records', () => {
  it('leaves them to Workers Logs: observability stays on, and no request writes a log line of ours', async () => {
    // Workers Logs' invocation logs record each request's method, URL, status and duration; a
    // console.log per request of our own only cost throughput (docs/decisions/009, the note on it).
    expect(wranglerToml).toMatch(/\[observability\]\s*\nenabled = true/);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await SELF.fetch(`${ORIGIN}/api/events/no-such-event`);
    expect(log.mock.calls.filter((args) => String(args[0]).includes('/api/events/no-such-event'))).toEqual([]);
  });
});

describe('error middleware', () => {
  const app = new Hono()
    .get('/api-error', () => {
      throw new ApiError(429, 'rate_limited', 'Too many attempts.', undefined, { 'Retry-After': '30' });
    })
    .get('/http-error', () => {
      throw new HTTPException(401, { message: 'Nope.' });
    })
    .get('/bug', () => {
      throw new Error('secret internal detail');
    });
  app.onError(onError);
  app.notFound(notFound);

  it('answers an ApiError with its status, code, spec message and headers', async () => {
    const res = await app.request('/api-error');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many attempts.' } });
  });

  it('maps a plain HTTPException onto the error shape', async () => {
    const res = await app.request('/http-error');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Nope.' } });
  });

  it('answers an unexpected failure with a generic 500, logging the detail but never sending it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/bug');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong. Please try again.' },
    });
    expect(text).not.toContain('secret internal detail');
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0][0])).toContain('secret internal detail');
  });
});
