import type { Config } from '../env';
import { call, fail, ok, type ProviderResult, providerTimeout, type TimeoutEnv } from './result';

/** A file sent with an email: its name and its bytes as base64 (Resend's `attachments[]`). */
export type EmailAttachment = { filename: string; content: string };
export type Email = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** Extra headers (Resend's `headers`), e.g. a marketing email's `List-Unsubscribe`. */
  headers?: Record<string, string>;
};

/** Bytes as base64, for an {@link EmailAttachment} (e.g. an invoice's PDF). */
export const base64Bytes = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** UTF-8 text as base64, for an {@link EmailAttachment} (e.g. a booking's .ics). */
export const base64Utf8 = (text: string) => base64Bytes(new TextEncoder().encode(text));

/**
 * Sends one email through Resend's HTTP API (`POST /emails`, Bearer key).
 * https://resend.com/docs/api-reference/emails/send-email
 * @example await sendEmail(env, { to: 'a@b.in', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' })
 */
export async function sendEmail(
  env: Pick<Config, 'EMAIL_BASE_URL' | 'EMAIL_API_KEY' | 'EMAIL_FROM'> & TimeoutEnv,
  email: Email,
  idempotencyKey?: string,
): Promise<ProviderResult<{ id: string }>> {
  const res = await call(
    `${env.EMAIL_BASE_URL.replace(/\/$/, '')}/emails`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.EMAIL_API_KEY}`,
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: JSON.stringify({
        from: env.EMAIL_FROM,
        to: [email.to],
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.attachments?.length ? { attachments: email.attachments } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
      }),
    },
    providerTimeout(env, 'email'),
  );
  if (!res.ok) return res;
  const body = (await res.value.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!res.value.ok || !body?.id)
    return fail(`email provider answered ${res.value.status}: ${body?.message ?? 'no id'}`, res.value.status);
  return ok({ id: body.id });
}
