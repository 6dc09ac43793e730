import { expect, test } from './fixtures.ts';

test('an unknown page shows the 404 page and Return Home goes home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown API path answers JSON 404', async ({ request }) => {
  const res = await request.get('/api/definitely-not-here');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('not_found');
});
