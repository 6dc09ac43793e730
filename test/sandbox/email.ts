import type { Route } from './http.ts';
import type { SandboxContext } from './server.ts';

/** Resend: `POST /resend/emails` with a Bearer key; answers `{ id }` like the real API. */
export function emailRoutes(ctx: SandboxContext): Route[] {
  const seen = new Map<string, string>();
  return [
    {
      method: 'POST',
      pattern: '/resend/emails',
      handler: (req) => {
        if (!req.headers.authorization?.startsWith('Bearer re_')) {
          return {
            status: 401,
            json: { statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header.' },
          };
        }
        const b = req.body as {
          from?: string;
          to?: string[] | string;
          subject?: string;
          html?: string;
          text?: string;
          attachments?: Array<{ filename?: string; content?: string }>;
        };
        const to = Array.isArray(b.to) ? b.to : b.to ? [b.to] : [];
        if (!b.from || to.length === 0 || !b.subject || !(b.html || b.text)) {
          return {
            status: 422,
            json: { statusCode: 422, name: 'validation_error', message: 'Missing `from`, `to`, `subject` or content.' },
          };
        }
        // Resend refuses an attachment without a name or without content (base64) or a path.
        if (b.attachments?.some((a) => !a.filename || !(a.content || (a as { path?: string }).path))) {
          return {
            status: 422,
            json: {
              statusCode: 422,
              name: 'validation_error',
              message: 'Each attachment needs a `filename` and `content`.',
            },
          };
        }
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && seen.has(key)) return { json: { id: seen.get(key) } };
        const id = crypto.randomUUID();
        if (typeof key === 'string') seen.set(key, id);
        for (const addr of to)
          ctx.outbox.push({
            channel: 'email',
            to: addr,
            subject: b.subject,
            body: b.text ?? b.html ?? '',
            // Kept as sent, so a test (or a person at the outbox page) sees what the guest sees.
            ...(b.html ? { html: b.html } : {}),
            provider: 'resend',
            // Decoded, so a test can read an attached calendar file as the guest's mail app would;
            // and as sent (base64), so a binary one (an invoice's PDF) keeps its bytes.
            ...(b.attachments?.length
              ? {
                  attachments: b.attachments.map((a) => ({
                    filename: a.filename ?? '',
                    content: Buffer.from(a.content ?? '', 'base64').toString('utf8'),
                    base64: a.content ?? '',
                    size: Buffer.from(a.content ?? '', 'base64').length,
                  })),
                }
              : {}),
          });
        return { json: { id } };
      },
    },
  ];
}
