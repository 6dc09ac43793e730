import { expect, type Page } from '@playwright/test';
import { SANDBOX_URL } from '../fixtures.ts';

/** A random Indian mobile (10 digits starting with 9). */
export const randomPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The newest 6-digit code the sandbox delivered by SMS to `e164`, waiting for it to arrive. */
export async function codeFromOutbox(e164: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${SANDBOX_URL}/outbox`)).json()) as Array<{
          channel: string;
          to: string;
          body: string;
          at: string;
        }>;
        const sms = messages.filter((m) => m.channel === 'sms' && m.to === e164 && Date.parse(m.at) >= after).at(-1);
        code = sms?.body.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `waiting for an SMS code to ${e164}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/**
 * Signs in through the real /auth UI: enters `phone` (10-digit Indian mobile by default),
 * 'Send Code', reads the code from the sandbox outbox, 'Verify', and waits until the app has
 * left /auth (the redirect rule decides where to). Returns the phone used.
 * @example await signInWithPhone(page); await page.goto('/profile');
 */
export async function signInWithPhone(page: Page, phone = randomPhone()): Promise<string> {
  const e164 = /^\d{10}$/.test(phone) ? `+91${phone}` : phone;
  if (!new URL(page.url() === 'about:blank' ? 'http://x/' : page.url()).pathname.startsWith('/auth'))
    await page.goto('/auth');
  const started = Date.now() - 1000;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = await codeFromOutbox(e164, started);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 15_000 });
  return phone;
}
