/**
 * The operator console end to end (docs/decisions/013): a guest is refused, a visitor is sent to
 * sign in, and an operator creates a weekly series. The operator made with the real `npm run role`
 * is operator-role.spec.ts.
 */
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { signInByApi } from './helpers/sign-in.ts';

test('a guest is refused: /admin says not allowed and the API answers 403', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('Operator console')).toHaveCount(0);
  expect((await page.request.get('/api/admin/events')).status()).toBe(403);
  await expectAccessible(page);
});

test('a visitor is sent to sign in, and back to /admin after', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);
});

test('an operator creates a weekly series of 2 dinners in Gurugram, sees them on the dashboard and /events, edits one', async ({
  page,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const title = `Sunday Series ${tag} — Gurugram`;
  const phone = await signInByApi(page);
  await grantRole(phone, 'operator');

  await page.goto('/admin');
  await page.getByRole('link', { name: 'New dinner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New dinner' })).toBeVisible();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Long table, new faces.');
  await page.getByLabel('City', { exact: true }).selectOption('gurugram');
  await page.getByLabel('Area').fill('Gurugram');
  await page.getByLabel('Repeat weekly for N weeks').check();
  await page.getByLabel('Weekday').selectOption('sunday');
  await page.getByLabel('Number of weeks').fill('2');
  await page.getByLabel('Time (IST)').fill('19:00');
  await page.getByLabel('Capacity').fill('10');
  // A bad capacity first: the server's message lands on the input, nothing is written.
  await page.getByLabel('Capacity').fill('0');
  await page.getByRole('button', { name: 'Create series' }).click();
  await expect(page.locator('#dinner-capacity-error')).toHaveText('Capacity must be a whole number from 1 to 200.');
  await expect(page.getByLabel('Capacity')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel('Capacity').fill('10');
  await page.getByRole('button', { name: 'Create series' }).click();

  // A series lands on the dashboard searched for its title: both its dinners in the table.
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByLabel('Search by title, area, city or id')).toHaveValue(title);
  const cards = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('0 / 10');

  await page.goto('/events');
  await spaRendered(page);
  await expect(page.getByRole('main').getByText(title)).toHaveCount(2);

  await page.goto('/admin');
  await page.getByLabel('Search by title, area, city or id').fill(title);
  await cards.first().getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit dinner' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByTestId('venue-reveal')).toContainText('The venue is revealed to guests on');
  await page.getByLabel('Capacity').fill('6');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await page.getByLabel('Search by title, area, city or id').fill(title);
  await expect(cards.filter({ hasText: '0 / 6' })).toHaveCount(1);
  await expect(cards.filter({ hasText: '0 / 10' })).toHaveCount(1);
});
