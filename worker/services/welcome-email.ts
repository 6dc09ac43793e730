import { welcomeEmail } from '../domain/booking-messages';
import type { Config } from '../env';
import { sendEmail } from '../providers/email';

/**
 * The welcome email sent once after a guest first saves a profile with an email (SPEC §7
 * "welcome-email function"). The caller guards "once" with user_profiles.welcome_sent_at; the
 * idempotency key makes a retried request send nothing twice at the provider either.
 * Failure is only logged: it must never fail the profile save (SPEC §7: failure ignored).
 */
export async function sendWelcomeEmail(
  env: Pick<Config, 'EMAIL_BASE_URL' | 'EMAIL_API_KEY' | 'EMAIL_FROM' | 'APP_ORIGIN'>,
  guest: { userId: string; name: string; email: string },
): Promise<boolean> {
  const eventsUrl = `${env.APP_ORIGIN.replace(/\/$/, '')}/events`;
  const result = await sendEmail(
    env,
    { to: guest.email, ...welcomeEmail({ name: guest.name, eventsUrl }) },
    `welcome-${guest.userId}`,
  );
  if (!result.ok) {
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'welcome email failed', userId: guest.userId, error: result.error }),
    );
    return false;
  }
  return true;
}
