import type { Config } from '../env';
import { sendEmail } from '../providers/email';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

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
  const firstName = guest.name.trim().split(/\s+/)[0] || 'there';
  const eventsUrl = `${env.APP_ORIGIN.replace(/\/$/, '')}/events`;
  const text = [
    `Hi ${firstName},`,
    '',
    "Welcome to Tablemates, where strangers become friends. Your vibe check and profile are in, so we can match you with a table of 6-8 people who get it.",
    '',
    `Pick your weekend dinner: ${eventsUrl}`,
    '',
    'See you at the table,',
    'Team Tablemates',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>Welcome to Tablemates, where strangers become friends. Your vibe check and profile are in, so we can match you with a table of 6-8 people who get it.</p>
<p><a href="${escapeHtml(eventsUrl)}">Pick your weekend dinner</a></p>
<p>See you at the table,<br>Team Tablemates</p>`;
  const result = await sendEmail(env, { to: guest.email, subject: 'Welcome to Tablemates!', html, text }, `welcome-${guest.userId}`);
  if (!result.ok) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'welcome email failed', userId: guest.userId, error: result.error }));
    return false;
  }
  return true;
}
