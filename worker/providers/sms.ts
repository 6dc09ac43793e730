import type { Config } from '../env';
import { call, fail, ok, type ProviderResult, providerTimeout, type TimeoutEnv } from './result';

type SmsConfig = Pick<
  Config,
  | 'SMS_PROVIDER'
  | 'TWILIO_BASE_URL'
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM'
  | 'MSG91_BASE_URL'
  | 'MSG91_AUTH_KEY'
  | 'MSG91_TEMPLATE_ID'
> &
  TimeoutEnv;

const trim = (u: string) => u.replace(/\/$/, '');

/** The text sent where we write it ourselves (Twilio); MSG91 renders its DLT template instead. */
export const otpText = (code: string) =>
  `Your Tablemates sign-in code is ${code}. It expires in 5 minutes. Do not share it.`;

/**
 * Twilio Messages API: form-encoded To/From/Body, HTTP Basic AccountSid:AuthToken, 201 with a
 * message resource. https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 */
async function sendTwilio(env: SmsConfig, to: string, code: string): Promise<ProviderResult<{ id: string }>> {
  const url = `${trim(env.TWILIO_BASE_URL)}/2010-04-01/Accounts/${encodeURIComponent(env.TWILIO_ACCOUNT_SID)}/Messages.json`;
  const res = await call(
    url,
    {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: env.TWILIO_FROM, Body: otpText(code) }).toString(),
    },
    providerTimeout(env, 'sms'),
  );
  if (!res.ok) return res;
  const body = (await res.value.json().catch(() => null)) as { sid?: string; message?: string; code?: number } | null;
  if (res.value.status !== 201 || !body?.sid)
    return fail(
      `twilio answered ${res.value.status}: ${body?.code ?? ''} ${body?.message ?? ''}`.trim(),
      res.value.status,
    );
  return ok({ id: body.sid });
}

/**
 * MSG91 flow API (India; the message is the DLT-registered template whose id we send, with the
 * code in its `otp` variable): `POST /api/v5/flow`, `authkey` header, JSON body, mobiles as
 * country code + number without "+". https://docs.msg91.com/sms/send-sms
 */
async function sendMsg91(env: SmsConfig, to: string, code: string): Promise<ProviderResult<{ id: string }>> {
  const res = await call(
    `${trim(env.MSG91_BASE_URL)}/api/v5/flow`,
    {
      method: 'POST',
      headers: { authkey: env.MSG91_AUTH_KEY, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        template_id: env.MSG91_TEMPLATE_ID,
        short_url: '0',
        recipients: [{ mobiles: to.replace(/^\+/, ''), otp: code }],
      }),
    },
    providerTimeout(env, 'sms'),
  );
  if (!res.ok) return res;
  const body = (await res.value.json().catch(() => null)) as { type?: string; message?: string } | null;
  if (!res.value.ok || body?.type !== 'success')
    return fail(`msg91 answered ${res.value.status}: ${body?.message ?? 'no message'}`, res.value.status);
  return ok({ id: body.message ?? '' });
}

/**
 * Sends a sign-in code by SMS through the provider SMS_PROVIDER names.
 * @example await sendOtpSms(env, '+919876543210', '123456')
 */
export function sendOtpSms(env: SmsConfig, to: string, code: string): Promise<ProviderResult<{ id: string }>> {
  return env.SMS_PROVIDER === 'twilio' ? sendTwilio(env, to, code) : sendMsg91(env, to, code);
}
