import type { Route } from './http.ts';
import type { SandboxContext } from './server.ts';
import { TEMPLATE_BODIES, URL_BUTTON_TEMPLATES } from './whatsapp-templates.ts';

/** Meta refuses a template message whose body, parameters filled in, is longer than this. */
const BODY_MAX = 1024;

/** One component of a template message: the body's parameters, or one button's. */
type Component = {
  type?: string;
  sub_type?: string;
  index?: string | number;
  parameters?: { type?: string; text?: string }[];
};

const invalidParameter = () => ({
  status: 400,
  json: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } },
});

/**
 * WhatsApp Cloud API: `POST /whatsapp/:version/:phone_number_id/messages` (Bearer token), answered
 * like Graph does. The template name and its body parameters land in the outbox, and the URLs of
 * its URL buttons (each button's `{{1}}` filled with the parameter its component sent, by index).
 * A button component must name a URL button the template has (`URL_BUTTON_TEMPLATES`), and every
 * URL button must get its parameter, else Graph's #132000.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 * https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates#url-buttons
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
          template?: { name?: string; components?: Component[] };
          text?: { body?: string };
        };
        if (b.messaging_product !== 'whatsapp' || !b.to || (b.type !== 'template' && b.type !== 'text')) {
          return invalidParameter();
        }
        const components = b.template?.components ?? [];
        const params = components
          .filter((c) => c.type === undefined || c.type === 'body')
          .flatMap((c) => c.parameters ?? [])
          .map((p) => p.text ?? '');
        const buttonComponents = components.filter((c) => c.type === 'button');
        // A URL button's component: its index (0-9, as Graph documents it, a string) and one text parameter.
        if (
          buttonComponents.some(
            (c) =>
              c.sub_type !== 'url' ||
              !/^\d$/.test(String(c.index ?? '')) ||
              c.parameters?.length !== 1 ||
              c.parameters[0].type !== 'text' ||
              !c.parameters[0].text,
          )
        )
          return invalidParameter();
        const urlButtons = b.type === 'template' ? (URL_BUTTON_TEMPLATES[b.template?.name ?? '']?.buttons ?? []) : [];
        const buttonParams = urlButtons.map(
          (_, i) => buttonComponents.find((c) => String(c.index) === String(i))?.parameters?.[0]?.text,
        );
        if (buttonComponents.length !== urlButtons.length || buttonParams.some((p) => p === undefined)) {
          return {
            status: 400,
            json: {
              error: {
                message: '(#132000) Number of parameters does not match the expected number of params',
                type: 'OAuthException',
                code: 132000,
                error_data: { details: `buttons: expected number of params (${urlButtons.length})` },
              },
            },
          };
        }
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
        const name = b.template?.name ?? '';
        const words = b.type === 'template' ? (TEMPLATE_BODIES[name] ?? URL_BUTTON_TEMPLATES[name]?.body) : undefined;
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
        // The deploy's origin in the approved URLs: the Worker's here, when the sandbox knows it.
        const origin = (ctx.workerUrl ?? 'https://tablemates.in').replace(/\/+$/, '');
        const buttons = urlButtons.map((button, i) => ({
          text: button.text,
          url: button.url.replace('APP_ORIGIN', origin).replace('{{1}}', buttonParams[i] ?? ''),
        }));
        ctx.outbox.push({
          channel: 'whatsapp',
          to: `+${b.to.replace(/^\+/, '')}`,
          body,
          provider: 'whatsapp',
          ...(buttons.length ? { buttons } : {}),
        });
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
