/**
 * The operator console end to end (docs/decisions/013): a guest is made operator with the real
 * `npm run role` against this stack's D1, hides a dinner and finds it gone from /events and in the
 * audit log; a guest is refused.
 */
import { execFileSync } from 'node:child_process';
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { root } from '../stack/stack.ts';
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { E2E_STATE_DIR } from './playwright.config.ts';

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * A bookable dinner of this test's own: in Gurugram (the other specs expect only Gurugram on
 * /events) on the Sunday after the first seeded Saturday, so the list's last dinner stays a seeded one.
 */
async function insertDinner() {
  const tag = Math.random().toString(36).slice(2, 8);
  const [saturday] = nextSaturdays(new Date(), 1);
  const sunday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const id = `e2e-admin-${tag}`;
  const title = `Sunday Supper ${tag} — Gurugram`;
  await localD1(
    `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${sunday}', '${startsAtUtc(sunday)}',
      '/images/events/gurugram.svg', 1, 499, 899, 749, 8);`,
  );
  return { id, title, date: sunday };
}

test('an operator made with npm run role hides a dinner: gone from /events, in the audit log', async ({ page }) => {
  test.setTimeout(90_000);
  const dinner = await insertDinner();
  const phone = await signInByApi(page);
  const out = run('npm', ['run', '--silent', 'role', '--', phone, 'operator', '--persist-to', E2E_STATE_DIR]);
  expect(out).toContain(`+91${phone} is now operator`);

  await page.goto('/events');
  await spaRendered(page);
  await expect(page.getByRole('main')).toContainText(dinner.title);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  // The dashboard is a table of the soonest dinners, a page at a time: this one is found by name.
  await page.getByLabel('Search by title, area, city or id').fill(dinner.title);
  const card = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dinner.title }) });
  await expect(card).toContainText('8 left');
  await expect(card).toContainText('0 / 8');
  const shown = card.getByRole('switch', { name: /shown to guests/ });
  await expect(shown).toBeChecked();
  // By keyboard: focus the switch and press Space.
  await shown.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Dinner hidden from guests.' })).toBeVisible();
  await expect(shown).not.toBeChecked();
  await expect(card).toContainText('Hidden');
  const audit = page.getByRole('region', { name: 'Recent activity' });
  await expect(audit).toContainText(`Hid ${dinner.title}`);
  await expect(audit).toContainText('available: true → available: false');

  await page.goto('/events');
  await spaRendered(page);
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(dinner.title);
  expect((await page.request.get(`/api/events/${dinner.id}`)).status()).toBe(404);

  // The whole log, from the console's menu, filtered to this dinner.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Dinner').selectOption({ label: `${dinner.title} (${dinner.date})` });
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?event_id=${dinner.id}$`));
  const entries = page.getByRole('region', { name: 'Entries' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Hid ${dinner.title}`);
  await expect(entries.first()).toContainText('available: true → available: false');
  await expectAccessible(page);
  await page.goto('/admin');

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { name: 'Upcoming dinners' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});

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
