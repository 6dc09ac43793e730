import { expect, type Page } from '@playwright/test';
import { CONSENT_NOTICE_VERSION } from '../../../worker/domain/consent.ts';
import { SANDBOX_URL } from '../fixtures.ts';
import { E2E_WORKER_PORT } from '../playwright.config.ts';

/** The app's origin, which the Worker checks on every write (the `Origin` header). */
export const ORIGIN = `http://localhost:${E2E_WORKER_PORT}`;

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
 * Signs `page`'s browser context in by a phone code through the API the /auth page calls
 * (`POST /api/auth/otp/send`, the code from the sandbox outbox, `POST /api/auth/otp/verify`):
 * `page.request` shares the context's cookies, so the session is the page's. Agrees to nothing and
 * does not navigate. Returns the session as the verify answers it (`consent_required`, `next`).
 * For an account whose first-sign-in screens are not the point (an operator, a seeded host); a
 * guest signs in with {@link signInByApi}.
 */
export async function signInByCode(
  page: Page,
  phone: string,
): Promise<{ consent_required: boolean; next: string; user: { id: string } }> {
  const e164 = /^\d{10}$/.test(phone) ? `+91${phone}` : phone;
  const started = Date.now() - 1000;
  const sent = await page.request.post('/api/auth/otp/send', { headers: { Origin: ORIGIN }, data: { phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeFromOutbox(e164, started);
  const verified = await page.request.post('/api/auth/otp/verify', {
    headers: { Origin: ORIGIN },
    data: { phone, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return verified.json();
}

/**
 * Signs `page`'s browser context in as {@link signInWithPhone} leaves a guest, without the /auth
 * page: a code through the API ({@link signInByCode}), then, when the session asks for the consent
 * notice, agreement to its current version as the notice's 'I agree' sends it
 * (`PUT /api/me/consents`), so no later page is sent to /consent. Does not navigate: the caller
 * goes where the test goes next. For specs whose subject is not sign-in, its redirects or the
 * notice (those walk the UI). Returns the phone used.
 * @example await signInByApi(page); await page.goto('/profile');
 */
export async function signInByApi(page: Page, phone = randomPhone()): Promise<string> {
  const session = await signInByCode(page, phone);
  if (session.consent_required) {
    const agreed = await page.request.put('/api/me/consents', {
      headers: { Origin: ORIGIN },
      data: { notice_version: CONSENT_NOTICE_VERSION },
    });
    expect(agreed.status(), await agreed.text()).toBe(200);
  }
  return phone;
}

/**
 * Signs in through the real /auth UI: enters `phone` (10-digit Indian mobile by default),
 * 'Send Code', reads the code from the sandbox outbox, 'Verify', and waits until the app has
 * left /auth (the redirect rule decides where to); a guest shown the consent notice agrees to it
 * (issue 22) and the app moves on by the same rule. Returns the phone used.
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
  await agreeToNoticeIfShown(page);
  return phone;
}

/**
 * The consent notice (issue 22) comes after sign-in for a guest who has not agreed to its current
 * version: agrees ('I agree') and waits until the app has moved on to where the guest was going.
 * Call it after any sign-in that leaves /auth (or the booking dialog) for a page; a guest who
 * agreed before goes straight on and this does nothing.
 */
export async function agreeToNoticeIfShown(page: Page): Promise<void> {
  // The redirect lands either on the notice or on the page after it; wait for the app to settle.
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 15_000 });
  if (!new URL(page.url()).pathname.startsWith('/consent')) return;
  await agreeToNotice(page);
}

/** On the notice: 'I agree', then waits until the app has left /consent. */
export async function agreeToNotice(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Before we save your answers' })).toBeVisible();
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page).not.toHaveURL(/\/consent(\?|$)/, { timeout: 15_000 });
}
