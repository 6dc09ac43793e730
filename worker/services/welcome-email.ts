import { db } from '../../db/client';
import { welcomeEmail } from '@domain/booking-messages';
import type { Config } from '../env';
import { sendEmail } from '../providers/email';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';

/**
 * The welcome email after a guest first saves a profile with an email (SPEC §7 "welcome-email
 * function"), delivered once per guest through `deliverOnce` (`welcome:<user>`): call it after
 * every save that leaves an email on the profile; only the first delivery sends, and a save after
 * a transient failure sends it then. Never throws: it must never fail the profile save (SPEC §7:
 * failure ignored). `confirmUrl`, for an email not confirmed yet, adds its "Confirm your email"
 * button (docs/decisions/026).
 * @returns whether the welcome has been delivered (now or before); false after a failure (logged)
 */
export async function sendWelcomeEmail(
  env: Pick<Config, 'EMAIL_BASE_URL' | 'EMAIL_API_KEY' | 'EMAIL_FROM' | 'APP_ORIGIN'> & { DB: D1Database },
  guest: { userId: string; name: string; email: string; confirmUrl?: string | null },
): Promise<boolean> {
  const eventsUrl = `${env.APP_ORIGIN.replace(/\/$/, '')}/events`;
  try {
    const owed = await deliverOnce(
      db(env.DB),
      { key: DELIVERY_KEYS.welcome(guest.userId), channel: 'email', userId: guest.userId },
      (idempotencyKey) =>
        sendEmail(
          env,
          { to: guest.email, ...welcomeEmail({ name: guest.name, eventsUrl, confirmUrl: guest.confirmUrl }) },
          idempotencyKey,
        ),
    );
    return !owed;
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'welcome email threw', userId: guest.userId, error: String(e) }));
    return false;
  }
}
