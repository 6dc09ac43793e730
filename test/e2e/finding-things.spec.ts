import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { submitQuiz } from './helpers/guest-api.ts';
import { expectNoOverflow } from './helpers/layout.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';

/**
 * Issue 24, "Finding things", on a phone (390×844): the menu's 'My bookings', one header on /events
 * and the event page, the quiz's characters as a compact grid, one toast at a time, and a page
 * change that clears the last page's toasts.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The page's header: the one holding the logo's link home. */
const header = (page: Page) =>
  page.locator('header').filter({ has: page.getByRole('link', { name: 'Tablemates home' }) });

const boxOf = async (l: Locator) => {
  const box = await l.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

async function open(page: Page, path: string) {
  await page.goto(path);
  await spaRendered(page);
  await expect(page.locator('h1').first()).toBeVisible();
}

test("the menu's 'My bookings' opens /profile on the bookings, above the personal information", async ({ page }) => {
  test.setTimeout(90_000);
  const phone = await signInByApi(page, randomPhone());
  await submitQuiz(page, ORIGIN);
  const res = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Meera Iyer',
      email: `finding.${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone_number: `+91${phone}`,
      date_of_birth: '1993-07-21',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  // From /events, whose header is the site's, with the profile menu.
  await open(page, '/events');
  await expect(header(page)).toHaveCount(1);
  await header(page).getByRole('button', { name: 'Open profile menu' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['View Upcoming Events', 'My bookings', 'View Profile', 'Sign out']);
  await page.getByRole('menuitem', { name: 'My bookings' }).click();
  await expect(page).toHaveURL(/\/profile#bookings$/);

  const bookings = page.getByRole('heading', { level: 2, name: 'Your bookings' });
  await expect(bookings).toBeInViewport();
  const info = page.getByRole('heading', { level: 2, name: 'Personal information' });
  await expect(info).toBeVisible();
  expect((await boxOf(bookings)).y, 'the bookings come before the profile').toBeLessThan((await boxOf(info)).y);
  await expectAccessible(page);
});

test('/events and the event page carry the site header and no bar of their own, in their first frame too', async ({
  page,
  request,
}) => {
  for (const path of ['/events', '/event/gurugram']) {
    // The HTML the Worker serves (before any script) already has the site's bar.
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('aria-label="Tablemates home"');

    await open(page, path);
    const bar = header(page);
    await expect(bar, path).toHaveCount(1);
    await expect(bar.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Site' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Back to Home|All events/ })).toHaveCount(0);
    const heading = page.getByRole('heading', { level: 1 }).first();
    const [h, hd] = [await boxOf(bar), await boxOf(heading)];
    expect(h.y + h.height, `${path}: the header ends above the first heading`).toBeLessThanOrEqual(hd.y + 0.5);
    await expectNoOverflow(page, path);
    await expectAccessible(page);
  }
});

test("the quiz's character step is a compact two-column grid: short, whole, and still a keyboard radio group", async ({
  page,
}) => {
  await open(page, '/quiz');
  const step = page.getByTestId('quiz-step');
  for (let n = 1; n < 10; n++) {
    if (n === 7) await page.getByRole('checkbox', { name: 'Desi/Bollywood' }).check();
    if (n === 8)
      for (const g of ['Documentary', 'K-Drama / K-Movies', 'Musical / Bollywood'])
        await page.getByRole('checkbox', { name: g }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(step).toHaveAttribute('data-step', String(n + 1));
  }
  const peter = page.getByRole('radio', { name: /^Peter/ });
  await expect(peter).toBeVisible();
  const grid = page.locator('fieldset').filter({ has: peter });
  const tiles = grid.locator('label');
  await expect(tiles).toHaveCount(9);

  const height = (await boxOf(grid)).height;
  expect(height, `the character grid is ${height} px tall`).toBeLessThan(1_200);
  // Two columns: the first two tiles side by side, the third below them.
  const [a, b, c] = [await boxOf(tiles.nth(0)), await boxOf(tiles.nth(1)), await boxOf(tiles.nth(2))];
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  expect(c.y).toBeGreaterThan(a.y + a.height - 1);
  await expectNoOverflow(page, '/quiz characters at 390');
  // Every trait is on screen in full, at a readable size.
  for (const trait of await tiles.locator('span > span:last-child').all()) {
    const size = await trait.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(14);
  }

  // The keyboard: the arrows move the choice, and the focus is shown on the tile.
  await peter.check();
  await peter.focus();
  await page.keyboard.press('ArrowRight');
  const lois = page.getByRole('radio', { name: /^Lois/ });
  await expect(lois).toBeChecked();
  await expect(lois).toBeFocused();
  await expect(async () => {
    const outline = await tiles.nth(1).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
  }).toPass();
  await expectAccessible(page);
});

test('one toast at a time on a phone, and a page change takes the last page’s away', async ({ page }) => {
  await open(page, '/');
  const toasts = page.getByTestId('toast');

  // An error, then a notice: the notice takes its place.
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText('Invalid email');
  await page.getByRole('button', { name: 'Notify Me' }).first().click();
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("We'll keep you posted!");
  await expectAccessible(page);

  // Leaving the page (a client-side link) takes the notice with it, well inside its 5 s.
  await page.waitForTimeout(1_600); // past the moment a notice counts as the next page's
  await header(page).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toasts).toHaveCount(0, { timeout: 2_000 });
});
