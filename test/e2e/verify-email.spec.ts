/**
 * A profile email is confirmed by the link we mail to it (docs/decisions/026): a guest saves a new
 * email, /profile says 'Not confirmed yet' and sends the link again on request, the link from the
 * sandbox outbox confirms it, and /profile stops saying so. axe on both pages.
 */
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { confirmationLinkFor, submitQuiz } from './helpers/guest-api.ts';
import { ORIGIN, signInByApi } from './helpers/sign-in.ts';

test('a guest saves a profile email, opens the link from the outbox and sees it confirmed on /profile', async ({
  page,
}) => {
  const phone = await signInByApi(page);
  await submitQuiz(page, ORIGIN);
  const email = `confirm.${phone}.${Date.now()}@example.com`;
  const saved = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Meera Iyer',
      email,
      phone_number: phone,
      date_of_birth: '1993-02-11',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/profile');
  const info = page.getByTestId('personal-info');
  await expect(info).toContainText(email);
  await expect(info.getByText('Not confirmed yet')).toBeVisible();
  const resend = info.getByRole('button', { name: 'Resend confirmation email' });
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: 'Confirmation email sent' })).toBeVisible();
  await expect
    .poll(async () => (await outbox()).filter((m) => m.to === email && m.subject === 'Confirm your email').length)
    .toBe(1);
  await expectAccessible(page);

  // The link as mailed names the production origin: open its path here.
  const link = new URL(await confirmationLinkFor(email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is confirmed' })).toBeFocused();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Booking emails will now reach you at this address.',
  );
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('personal-info')).toContainText(email);
  await expect(page.getByText('Not confirmed yet')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toHaveCount(0);
});

test('an invalid link says so and points to /profile', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-token');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't confirm your email" })).toBeVisible();
  // The page's one live region, its words changed from 'Confirming your email...' to the reason.
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'This confirmation link is invalid or has expired.',
  );
  // The answer took focus to its heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Go to your profile' })).toBeVisible();
  await expectAccessible(page);
});
