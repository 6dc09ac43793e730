import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request as sandbox handlers see it: raw body kept for signature-style checks. */
export type SandboxRequest = {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  rawBody: Buffer;
  /** JSON or form-encoded body, parsed by content type; {} when empty. */
  body: Record<string, unknown>;
  params: Record<string, string>;
};

export type SandboxReply = {
  status?: number;
  json?: unknown;
  html?: string;
  text?: string;
  js?: string;
  headers?: Record<string, string>;
  redirect?: string;
};
export type Handler = (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>;
export type Route = { method: string; pattern: string; handler: Handler };

/** `/v1/orders/:id` → regex with named groups. */
export function compile(pattern: string): RegExp {
  const src = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${src}$`);
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function parseBody(raw: Buffer, type: string | undefined): Record<string, unknown> {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function send(res: ServerResponse, reply: SandboxReply) {
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': '*', ...reply.headers };
  if (reply.redirect) {
    res.writeHead(reply.status ?? 302, { ...headers, Location: reply.redirect });
    res.end();
    return;
  }
  let body = '';
  if (reply.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(reply.json);
  } else if (reply.html !== undefined) {
    headers['Content-Type'] = 'text/html; charset=utf-8';
    body = reply.html;
  } else if (reply.js !== undefined) {
    headers['Content-Type'] = 'application/javascript; charset=utf-8';
    body = reply.js;
  } else if (reply.text !== undefined) {
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    body = reply.text;
  }
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}

/** Basic auth `user:pass` from an Authorization header, or null. */
export function basicAuth(headers: IncomingMessage['headers']): [string, string] | null {
  const h = headers.authorization;
  if (!h?.startsWith('Basic ')) return null;
  const [u, ...p] = Buffer.from(h.slice(6), 'base64').toString('utf8').split(':');
  return [u ?? '', p.join(':')];
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
