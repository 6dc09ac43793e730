import { basicAuth, type Route, type SandboxRequest } from './http.ts';
import type { SandboxContext } from './server.ts';

/** The last raw request each SMS provider received, so worker tests can assert the exact wire format. */
export type CapturedRequest = {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
};

/**
 * Twilio's magic "invalid number" (https://www.twilio.com/docs/iam/test-credentials): both
 * stand-ins refuse it, so tests can exercise the send-failure path.
 */
export const UNDELIVERABLE = '+15005550001';

/** The DLT-registered template text the MSG91 stand-in renders (`##otp##` is the flow variable). */
const MSG91_TEMPLATE = 'Your Tablemates sign-in code is ##otp##. It expires in 5 minutes. Do not share it.';

function capture(req: SandboxRequest): CapturedRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  return {
    method: req.method,
    path: req.url.pathname,
    query: req.url.search,
    headers,
    body: req.rawBody.toString('utf8'),
  };
}

/**
 * SMS stand-ins: Twilio's Messages API and MSG91's flow API (v5), each storing the delivered
 * text in the outbox. `GET /__last/:provider[?contains=text]` answers the newest raw request
 * (whose body contains `text`, since test files run side by side), 404 when none.
 */
export function smsRoutes(ctx: SandboxContext): Route[] {
  const captured = new Map<string, CapturedRequest[]>();
  const last = {
    set(provider: string, r: CapturedRequest) {
      const list = captured.get(provider) ?? [];
      list.push(r);
      captured.set(provider, list.slice(-200));
    },
  };
  return [
    {
      method: 'GET',
      pattern: '/__last/:provider',
      handler: (req) => {
        const needle = req.url.searchParams.get('contains') ?? '';
        const r = (captured.get(req.params.provider) ?? []).filter((c) => c.body.includes(needle)).at(-1);
        return r ? { json: r } : { status: 404, json: { error: 'nothing captured' } };
      },
    },
    {
      // https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
      method: 'POST',
      pattern: '/twilio/2010-04-01/Accounts/:sid/Messages.json',
      handler: (req) => {
        last.set('twilio', capture(req));
        const auth = basicAuth(req.headers);
        if (!auth || auth[0] !== req.params.sid || !auth[1]) {
          return {
            status: 401,
            json: {
              code: 20003,
              message: 'Authenticate',
              more_info: 'https://www.twilio.com/docs/errors/20003',
              status: 401,
            },
          };
        }
        const { To: to, From: from, Body: body } = req.body as Record<string, string | undefined>;
        if (!to || !/^\+[1-9]\d{6,14}$/.test(to) || to === UNDELIVERABLE) {
          return {
            status: 400,
            json: {
              code: 21211,
              message: `The 'To' number ${to ?? ''} is not a valid phone number.`,
              more_info: 'https://www.twilio.com/docs/errors/21211',
              status: 400,
            },
          };
        }
        if (!from || !body)
          return { status: 400, json: { code: 21602, message: 'Message body is required.', status: 400 } };
        const sid = `SM${crypto.randomUUID().replaceAll('-', '')}`;
        ctx.outbox.push({ channel: 'sms', to, body, provider: 'twilio' });
        const now = new Date().toUTCString();
        return {
          status: 201,
          json: {
            account_sid: req.params.sid,
            api_version: '2010-04-01',
            body,
            date_created: now,
            date_sent: null,
            date_updated: now,
            direction: 'outbound-api',
            error_code: null,
            error_message: null,
            from,
            messaging_service_sid: null,
            num_media: '0',
            num_segments: '1',
            price: null,
            price_unit: 'USD',
            sid,
            status: 'queued',
            to,
            uri: `/2010-04-01/Accounts/${req.params.sid}/Messages/${sid}.json`,
          },
        };
      },
    },
    {
      // https://docs.msg91.com/sms/send-sms (OneAPI flow): authkey header, JSON body.
      method: 'POST',
      pattern: '/msg91/api/v5/flow',
      handler: (req) => {
        last.set('msg91', capture(req));
        if (!req.headers.authkey) return { status: 401, json: { type: 'error', message: 'Authentication failure' } };
        const b = req.body as { template_id?: string; recipients?: Array<Record<string, string>> };
        if (!b.template_id) return { status: 400, json: { type: 'error', message: 'template_id missing' } };
        if (!Array.isArray(b.recipients) || b.recipients.length === 0)
          return { status: 400, json: { type: 'error', message: 'recipients missing' } };
        for (const r of b.recipients) {
          if (!r.mobiles || !/^[1-9]\d{9,14}$/.test(r.mobiles) || `+${r.mobiles}` === UNDELIVERABLE) {
            return { status: 400, json: { type: 'error', message: 'Mobile no. not found or invalid' } };
          }
        }
        for (const r of b.recipients) {
          const text = MSG91_TEMPLATE.replace(/##(\w+)##/g, (_, name: string) => r[name] ?? '');
          ctx.outbox.push({ channel: 'sms', to: `+${r.mobiles}`, body: text, provider: 'msg91' });
        }
        return { json: { type: 'success', message: crypto.randomUUID().replaceAll('-', '').slice(0, 24) } };
      },
    },
  ];
}
