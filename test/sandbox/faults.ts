/**
 * Outages on demand: a test tells the sandbox to make one provider hang or fail, and only for the
 * requests it names, so test files running side by side never see each other's outages.
 *
 * `POST /__control { provider?, path?, match?, mode, times?, hang_ms?, status? }` → `{ id }`
 * - provider: razorpay | sms | twilio | msg91 | email | whatsapp | google | turnstile (its paths)
 * - path: a path prefix instead of (or inside) the provider's, e.g. `/google/token`
 * - match: text the request's path, query or raw body must contain (a phone, an event id, a code)
 * - mode: `hang` (no answer until hang_ms, then the socket is dropped), `stall` (200 and headers
 *   at once, then the body never finishes), `fail` (status, default 500, with a JSON error body),
 *   or `ok` (removes the matching rules instead of adding one)
 * - times: how many requests the rule catches before it lapses (default: all)
 * `DELETE /__control/:id` removes one rule, `DELETE /__control` every rule.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route } from './http.ts';

export type FaultMode = 'hang' | 'stall' | 'fail';
export type FaultRule = {
  id: string;
  prefixes: string[];
  match?: string;
  mode: FaultMode;
  times?: number;
  hangMs: number;
  status: number;
};

/** Where each provider lives in the sandbox (its base URL's path). */
export const PROVIDER_PATHS: Record<string, string[]> = {
  razorpay: ['/v1/'],
  sms: ['/twilio/', '/msg91/'],
  twilio: ['/twilio/'],
  msg91: ['/msg91/'],
  email: ['/resend/'],
  resend: ['/resend/'],
  whatsapp: ['/whatsapp/'],
  google: ['/google'],
  turnstile: ['/turnstile/'],
};

/** Longest a hung request is held by default: far beyond any adapter timeout. */
const DEFAULT_HANG_MS = 60_000;

export class Faults {
  rules: FaultRule[] = [];
  private hung = new Set<ServerResponse>();

  /** The rule that catches this request, if any (counting it against `times`). */
  take(path: string, rawBody: Buffer): FaultRule | null {
    if (path.startsWith('/__')) return null; // the sandbox's own controls never fail
    const text = `${path}\n${rawBody.toString('utf8')}`;
    const rule = this.rules.find(
      (r) => r.prefixes.some((p) => path.startsWith(p)) && (!r.match || text.includes(r.match)),
    );
    if (!rule) return null;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    return rule;
  }

  /** Answers (or pointedly does not answer) a request caught by `rule`. */
  apply(rule: FaultRule, req: IncomingMessage, res: ServerResponse) {
    if (rule.mode === 'fail') {
      res.writeHead(rule.status, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: 'SERVER_ERROR', description: 'Sandbox outage (fault injected by a test)' },
          message: 'Sandbox outage (fault injected by a test)',
        }),
      );
      return;
    }
    if (rule.mode === 'stall') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"id":'); // …and never the rest
    }
    this.hung.add(res);
    const timer = setTimeout(() => {
      this.hung.delete(res);
      req.socket.destroy();
    }, rule.hangMs);
    res.on('close', () => {
      clearTimeout(timer);
      this.hung.delete(res);
    });
  }

  /** Drops every held connection (the server is closing). */
  releaseAll() {
    for (const res of this.hung) res.socket?.destroy();
    this.hung.clear();
  }

  routes(): Route[] {
    return [
      {
        method: 'POST',
        pattern: '/__control',
        handler: (req) => {
          const b = req.body as {
            provider?: string;
            path?: string;
            match?: string;
            mode?: string;
            times?: number;
            hang_ms?: number;
            status?: number;
          };
          const base = b.provider ? PROVIDER_PATHS[b.provider] : undefined;
          if (b.provider && !base) return { status: 400, json: { error: `unknown provider ${b.provider}` } };
          const prefixes = b.path ? [b.path] : (base ?? []);
          if (prefixes.length === 0) return { status: 400, json: { error: 'name a provider or a path' } };
          if (b.mode === 'ok') {
            const before = this.rules.length;
            this.rules = this.rules.filter(
              (r) => !(r.prefixes.join() === prefixes.join() && (!b.match || r.match === b.match)),
            );
            return { json: { removed: before - this.rules.length } };
          }
          if (b.mode !== 'hang' && b.mode !== 'stall' && b.mode !== 'fail')
            return { status: 400, json: { error: 'mode is hang, stall, fail or ok' } };
          const rule: FaultRule = {
            id: crypto.randomUUID(),
            prefixes,
            match: b.match || undefined,
            mode: b.mode,
            times: typeof b.times === 'number' && b.times > 0 ? b.times : undefined,
            hangMs: typeof b.hang_ms === 'number' && b.hang_ms > 0 ? b.hang_ms : DEFAULT_HANG_MS,
            status: typeof b.status === 'number' ? b.status : 500,
          };
          this.rules.push(rule);
          return { status: 201, json: { id: rule.id } };
        },
      },
      { method: 'GET', pattern: '/__control', handler: () => ({ json: this.rules }) },
      {
        method: 'DELETE',
        pattern: '/__control/:id',
        handler: (req) => {
          this.rules = this.rules.filter((r) => r.id !== req.params.id);
          return { status: 204 };
        },
      },
      {
        method: 'DELETE',
        pattern: '/__control',
        handler: () => {
          this.rules = [];
          return { status: 204 };
        },
      },
    ];
  }
}
