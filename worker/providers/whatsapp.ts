/**
 * WhatsApp Cloud API adapter: one approved template message.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates
 */
import type { Config } from '../env';
import { call, fail, ok, type ProviderResult, providerTimeout, type TimeoutEnv } from './result';

type WhatsAppEnv = Pick<Config, 'WHATSAPP_BASE_URL' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID'> & TimeoutEnv;

const GRAPH_VERSION = 'v21.0';

/**
 * Sends template `name` with positional body parameters to an E.164 phone number. `buttons` fills
 * the template's URL buttons, in order: each the one variable at the end of that button's URL
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates#url-buttons).
 * @example await sendWhatsAppTemplate(env, { to: '+919876543210', name: 'booking_confirmed', params: ['Asha', 'Sat 6 Dec'] })
 */
export async function sendWhatsAppTemplate(
  env: WhatsAppEnv,
  msg: { to: string; name: string; params: string[]; buttons?: readonly string[]; language?: string },
): Promise<ProviderResult<{ id: string }>> {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return fail('whatsapp is not configured');
  const res = await call(
    `${env.WHATSAPP_BASE_URL.replace(/\/$/, '')}/${GRAPH_VERSION}/${env.WHATSAPP_PHONE_NUMBER_ID}/messages`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.WHATSAPP_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: msg.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: msg.name,
          language: { code: msg.language ?? 'en' },
          components: [
            { type: 'body', parameters: msg.params.map((text) => ({ type: 'text', text })) },
            ...(msg.buttons ?? []).map((text, index) => ({
              type: 'button',
              sub_type: 'url',
              index: String(index),
              parameters: [{ type: 'text', text }],
            })),
          ],
        },
      }),
    },
    providerTimeout(env, 'whatsapp'),
  );
  if (!res.ok) return res;
  const body = (await res.value.json().catch(() => null)) as {
    messages?: { id: string }[];
    error?: { message?: string };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (!res.value.ok || !id)
    return fail(`whatsapp answered ${res.value.status}: ${body?.error?.message ?? 'no message id'}`, res.value.status);
  return ok({ id });
}
