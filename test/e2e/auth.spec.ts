import { expect, expectAccessible, test } from './fixtures.ts';
import { randomPhone, signInWithPhone } from './helpers/sign-in.ts';

test('the sign-in page is accessible and shows both steps', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await expectAccessible(page);
});

test('phone sign-in reads the code from the sandbox outbox and lands on /quiz for a new guest', async ({ page }) => {
  await signInWithPhone(page, randomPhone());
  await expect(page).toHaveURL(/\/quiz$/);
});
