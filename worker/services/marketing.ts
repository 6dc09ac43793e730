/**
 * Marketing (issue 22): the one way a newsletter or a promotional message leaves the Worker.
 * Every marketing email goes through {@link sendMarketingEmail}: it checks that the address may
 * receive marketing (on the newsletter list, or a guest whose marketing consent is on), and adds
 * the unsubscribe link (footer and `List-Unsubscribe`) to the one email layout. A promotional
 * WhatsApp goes through {@link sendMarketingWhatsApp}, which checks the guest's marketing consent.
 * Booking messages (confirmations, reminders, offers) are the service and never come here.
 *
 * Today the only marketing message is the newsletter's welcome (below); no promotional WhatsApp
 * is sent yet: one must be sent through sendMarketingWhatsApp, with a template of Meta's
 * MARKETING category. The city "Notify Me" list (city_waitlist) sends nothing today; the one
 * notice its guest asked for (the city opening) is theirs, anything more promotional comes here.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSignups } from '../../db/schema';
import { CONSENT_COPY } from '@domain/copy-consent';
import { type EmailBlock, emailLayout } from '@domain/email-layout';
import type { Config } from '../env';
import { sha256Hex } from '../lib/crypto';
import { signUnsubscribeToken, unsubscribeOneClickUrl, unsubscribeUrl } from '../lib/unsubscribe-token';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { marketingAllowed } from './consents';
import { deliverOnce } from './deliveries';

type MarketingEnv = Pick<Config, 'EMAIL_BASE_URL' | 'EMAIL_API_KEY' | 'EMAIL_FROM' | 'APP_ORIGIN' | 'SESSION_SECRET'>;

const E = CONSENT_COPY.email;

/** Whether `email` may get marketing: on the newsletter list, or `userId`'s marketing consent is on. */
async function mayEmail(d: Db, email: string, userId: string | null): Promise<boolean> {
  if (userId && (await marketingAllowed(d, userId))) return true;
  return Boolean(
    await d
      .select({ email: newsletterSignups.email })
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, email))
      .get(),
  );
}

/**
 * Renders a marketing email: the house layout with the unsubscribe footer, the same link in the
 * text part, and `List-Unsubscribe` with one-click (RFC 2369, RFC 8058) for mail apps.
 */
export async function marketingEmail(
  env: Pick<MarketingEnv, 'APP_ORIGIN' | 'SESSION_SECRET'>,
  m: { to: string; userId: string | null; subject: string; blocks: EmailBlock[] },
) {
  const token = await signUnsubscribeToken(env.SESSION_SECRET, m.to);
  const href = unsubscribeUrl(env.APP_ORIGIN, token);
  const text = m.blocks.map((b) => ('href' in b ? `${b.label}: ${b.href}` : b.text)).join('\n\n');
  return {
    to: m.to,
    subject: m.subject,
    text: `${text}\n\n--\n${E.why}\n${E.unsubscribe}: ${href}`,
    html: emailLayout({ blocks: m.blocks, unsubscribe: { why: E.why, label: E.unsubscribe, href } }),
    headers: {
      'List-Unsubscribe': `<${unsubscribeOneClickUrl(env.APP_ORIGIN, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Sends one marketing email once per `key` (deliverOnce), only when `to` may get marketing.
 * @returns whether it was sent now or before (false: not allowed, or failed and logged)
 */
export async function sendMarketingEmail(
  env: MarketingEnv,
  d: Db,
  m: { key: string; to: string; userId: string | null; subject: string; blocks: EmailBlock[] },
): Promise<boolean> {
  const to = m.to.toLowerCase();
  if (!(await mayEmail(d, to, m.userId))) return false;
  const mail = await marketingEmail(env, { ...m, to });
  try {
    const owed = await deliverOnce(d, { key: m.key, channel: 'email', userId: m.userId }, (idempotencyKey) =>
      sendEmail(env, mail, idempotencyKey),
    );
    return !owed;
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'marketing email threw', key: m.key, error: String(e) }));
    return false;
  }
}

/**
 * A promotional WhatsApp to a guest: sent only with their marketing consent on.
 * @returns false, sending nothing, without consent
 */
export async function sendMarketingWhatsApp(
  env: Pick<Config, 'WHATSAPP_BASE_URL' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID'>,
  d: Db,
  m: { userId: string; to: string; template: string; params: string[] },
): Promise<boolean> {
  if (!(await marketingAllowed(d, m.userId))) return false;
  const res = await sendWhatsAppTemplate(env, { to: m.to, name: m.template, params: m.params });
  if (!res.ok)
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'marketing whatsapp failed', userId: m.userId, error: res.error }),
    );
  return res.ok;
}

/**
 * The newsletter welcome's delivery key for `email`: a hash, not the address (the erasure of an
 * account deletes it too, services/data-rights.ts).
 */
export const newsletterWelcomeKey = async (email: string) =>
  `marketing:newsletter-welcome:${(await sha256Hex(email.toLowerCase())).slice(0, 32)}`;

/**
 * The newsletter's welcome, once per address ever (the key holds a hash, not the address): the
 * first newsletter email, with its unsubscribe link like every other.
 */
export async function sendNewsletterWelcome(env: MarketingEnv, d: Db, email: string, userId: string | null) {
  const key = await newsletterWelcomeKey(email);
  return sendMarketingEmail(env, d, {
    key,
    to: email,
    userId,
    subject: E.welcomeSubject,
    blocks: [
      ...E.welcomeText.map((text) => ({ text })),
      { label: E.welcomeButton, href: `${env.APP_ORIGIN.replace(/\/$/, '')}/events` },
    ],
  });
}
