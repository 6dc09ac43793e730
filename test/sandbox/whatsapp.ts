import type { Route } from './http.ts';
import type { SandboxContext } from './server.ts';
import { TEMPLATE_BODIES } from './whatsapp-templates.ts';

/** Meta refuses a template message whose body, parameters filled in, is longer than this. */
const BODY_MAX = 1024;

/**
 * WhatsApp Cloud API: `POST /whatsapp/:version/:phone_number_id/messages` (Bearer token), answered
 * like Graph does. The template name and its body parameters land in the outbox.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 */
export function whatsappRoutes(ctx: SandboxContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/whatsapp/:version/:phoneNumberId/messages',
      handler: (req) => {
        if (!req.headers.authorization?.startsWith('Bearer ')) {
          return {
            status: 401,
            json: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
          };
        }
        const b = req.body as {
          messaging_product?: string;
          to?: string;
          type?: string;
          template?: { name?: string; components?: { parameters?: { text?: string }[] }[] };
          text?: { body?: string };
        };
        if (b.messaging_product !== 'whatsapp' || !b.to || (b.type !== 'template' && b.type !== 'text')) {
          return {
            status: 400,
            json: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } },
          };
        }
        const params = b.template?.components?.flatMap((c) => c.parameters ?? []).map((p) => p.text ?? '') ?? [];
        // Graph refuses a body parameter with a newline, a tab or more than 4 spaces in a row.
        if (params.some((p) => /[\n\t]| {5,}/.test(p))) {
          return {
            status: 400,
            json: {
              error: {
                message: '(#132018) There was an issue with the parameters in your template.',
                type: 'OAuthException',
                code: 132018,
                error_data: {
                  details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
                },
              },
            },
          };
        }
        // Graph refuses a template whose body, filled in, is over 1,024 characters (#132005).
        const words = b.type === 'template' ? TEMPLATE_BODIES[b.template?.name ?? ''] : undefined;
        const filled = words
          ? words.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '')
          : params.join('');
        if (filled.length > BODY_MAX) {
          return {
            status: 400,
            json: {
              error: {
                message: '(#132005) Translated text too long',
                type: 'OAuthException',
                code: 132005,
                error_data: { details: 'Template hydrated text too long: the body is over 1024 characters.' },
              },
            },
          };
        }
        const body =
          b.type === 'template' ? `[template ${b.template?.name}] ${params.join(' | ')}` : (b.text?.body ?? '');
        ctx.outbox.push({ channel: 'whatsapp', to: `+${b.to.replace(/^\+/, '')}`, body, provider: 'whatsapp' });
        const id = `wamid.${crypto.randomUUID().replace(/-/g, '')}`;
        return {
          json: {
            messaging_product: 'whatsapp',
            contacts: [{ input: b.to, wa_id: b.to.replace(/^\+/, '') }],
            messages: [{ id }],
          },
        };
      },
    },
  ];
}
