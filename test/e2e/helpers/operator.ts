import type { Page } from '@playwright/test';
import { randomPhone, signInByCode } from './sign-in.ts';
import { grantRole } from './tables.ts';

/**
 * Signs `page`'s browser in as a new operator through the API (the code from the sandbox outbox),
 * so a spec about the console does not depend on a guest's first-sign-in screens, then grants the
 * role as a fresh deploy's first operator gets it (`npm run role`).
 */
export async function operatorPage(page: Page): Promise<void> {
  const phone = randomPhone();
  await signInByCode(page, phone);
  await grantRole(phone, 'operator');
}
