import { expect, type Page } from '@playwright/test';
import { E2E_WORKER_PORT } from '../playwright.config.ts';
import { codeFromOutbox, randomPhone } from './sign-in.ts';
import { grantRole } from './tables.ts';

const ORIGIN = `http://localhost:${E2E_WORKER_PORT}`;

/**
 * Signs `page`'s browser in as a new operator through the API (the code from the sandbox outbox),
 * so a spec about the console does not depend on a guest's first-sign-in screens, then grants the
 * role as a fresh deploy's first operator gets it (`npm run role`).
 */
export async function operatorPage(page: Page): Promise<void> {
  const phone = randomPhone();
  const started = Date.now() - 1000;
  const sent = await page.request.post('/api/auth/otp/send', { headers: { Origin: ORIGIN }, data: { phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeFromOutbox(`+91${phone}`, started);
  const verified = await page.request.post('/api/auth/otp/verify', {
    headers: { Origin: ORIGIN },
    data: { phone, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  grantRole(phone, 'operator');
}
