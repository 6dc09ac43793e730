/**
 * Local stand-ins for every third party, speaking each one's real wire format (DESIGN.md
 * "The local sandbox"). Run alone with `npm run sandbox`; `npm start` and the tests start it too.
 */
import { createServer } from 'node:http';
import { Faults } from './faults.ts';
import { compile, parseBody, readBody, type Route, send } from './http.ts';
import { Outbox } from './outbox.ts';
import { providerRoutes } from './providers.ts';

export type SandboxOptions = {
  port: number;
  host?: string;
  /** Where Razorpay webhooks are POSTed (the Worker's origin), or null to send none. */
  workerUrl: string | null;
};

export type SandboxContext = SandboxOptions & { outbox: Outbox; faults: Faults; baseUrl: string };

export async function startSandbox(opts: SandboxOptions) {
  const host = opts.host ?? '127.0.0.1';
  const ctx: SandboxContext = {
    ...opts,
    host,
    outbox: new Outbox(),
    faults: new Faults(),
    baseUrl: `http://${host}:${opts.port}`,
  };
  const routes: Route[] = [...ctx.outbox.routes(), ...ctx.faults.routes(), ...providerRoutes(ctx)];
  const compiled = routes.map((r) => ({ ...r, re: compile(r.pattern) }));

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', ctx.baseUrl);
      if (req.method === 'OPTIONS') {
        send(res, {
          status: 204,
          headers: { 'Access-Control-Allow-Methods': 'GET,POST,DELETE', 'Access-Control-Allow-Headers': '*' },
        });
        return;
      }
      const rawBody = await readBody(req);
      // An outage a test asked for (test/sandbox/faults.ts) comes before any provider's own answer.
      const fault = ctx.faults.take(`${url.pathname}${url.search}`, rawBody);
      if (fault) {
        ctx.faults.apply(fault, req, res);
        return;
      }
      for (const r of compiled) {
        const m = r.method === req.method ? r.re.exec(url.pathname) : null;
        if (!m) continue;
        const reply = await r.handler({
          method: req.method ?? 'GET',
          url,
          headers: req.headers,
          rawBody,
          body: parseBody(rawBody, req.headers['content-type']),
          params: { ...(m.groups ?? {}) },
        });
        send(res, reply);
        return;
      }
      send(res, {
        status: 404,
        json: { error: { code: 'NOT_FOUND', description: `No sandbox route for ${req.method} ${url.pathname}` } },
      });
    } catch (err) {
      console.error('[sandbox]', err);
      send(res, { status: 500, json: { error: { code: 'SERVER_ERROR', description: String(err) } } });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  return {
    ctx,
    url: ctx.baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        ctx.faults.releaseAll();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.SANDBOX_PORT ?? 8790);
  const workerUrl = process.env.WORKER_URL ?? 'http://localhost:8787';
  const s = await startSandbox({ port, workerUrl });
  console.log(`sandbox listening on ${s.url} (webhooks → ${workerUrl})`);
}
