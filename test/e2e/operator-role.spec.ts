/**
 * The operator console end to end (docs/decisions/013): a guest is made operator with the real
 * `npm run role` against this stack's D1, hides a dinner and finds it gone from /events and in the
 * audit log. The command writes the D1 file the stack holds, so this spec runs alone
 * (playwright.config.ts).
 */
import { execFileSync } from 'node:child_process';
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { root } from '../stack/stack.ts';
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
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
