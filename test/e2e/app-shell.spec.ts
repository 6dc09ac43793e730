import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { codeFromOutbox, ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';
import { screenshotForNote } from './helpers/screenshots.ts';
import { submitQuiz } from './helpers/guest-api.ts';
import { localD1 } from './helpers/local-d1.ts';

/**
 * Issue 14, "Navigation and shell" and "The guest owns their data": one header on the guest's own
 * pages and the console's, titles per route, profile editing, the resend countdown.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = 'docs/screenshots/issue-14';

const email = (tag: string) => `shell.${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A complete guest (quiz and profile through the product's own API), signed in on `page`. */
async function completeGuest(page: Page, profile: { full_name?: string; email?: string; date_of_birth?: string } = {}) {
  const phone = await signInByApi(page, randomPhone());
  await submitQuiz(page, ORIGIN);
  const values = {
    full_name: 'Kabir Mehta',
    email: email('guest'),
    phone_number: `+91${phone}`,
    date_of_birth: '1994-03-12',
    sex: 'male',
    relationship_status: 'single',
    work_profile: 'job',
    ...profile,
  };
  const res = await page.request.put('/api/profile', { headers: { Origin: ORIGIN }, data: values });
  expect(res.status(), await res.text()).toBe(200);
  return { phone, ...values };
}

/** The page's header: the one holding the logo's link home. */
const header = (page: Page) =>
  page.locator('header').filter({ has: page.getByRole('link', { name: 'Tablemates home' }) });

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
/**
 * Its box, once on screen: right after a client-side navigation the page left may still be
 * unmounting (its heading seen, then gone), and the new page's takes its place a moment later.
 */
const boxOf = async (l: Locator): Promise<Box> => {
  const seen: { box: Box | null } = { box: null };
  await expect
    .poll(
      async () => {
        seen.box = await l.boundingBox();
        return seen.box !== null;
      },
      { message: 'on screen' },
    )
    .toBe(true);
  return seen.box as Box;
};

/**
 * The header is there, a bar in the flow (never fixed over the page), with the logo linking home
 * and the profile menu, 'Sign In' or neither; it ends above the page's first heading.
 */
async function expectHeader(page: Page, account: 'menu' | 'sign-in' | 'none') {
  const bar = header(page);
  await expect(bar).toHaveCount(1);
  await expect(bar.getByRole('link', { name: 'Tablemates home' })).toHaveAttribute('href', '/');
  const menu = bar.getByRole('button', { name: 'Open profile menu' });
  const signIn = bar.getByRole('link', { name: 'Sign In' });
  if (account === 'menu') await expect(menu).toBeVisible();
  else await expect(menu).toHaveCount(0);
  if (account === 'sign-in') await expect(signIn).toBeVisible();
  else await expect(signIn).toHaveCount(0);
  expect(await bar.evaluate((el) => getComputedStyle(el).position)).not.toMatch(/fixed|sticky|absolute/);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  const [h, hd] = [await boxOf(bar), await boxOf(heading)];
  expect(h.y + h.height, 'the header ends above the first heading').toBeLessThanOrEqual(hd.y + 0.5);
  // Scrolled, it stays behind: nothing of the header floats over the content.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await bar.boundingBox())?.y ?? -1).toBeLessThan(0.5);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Toasts dismissed, so a screenshot shows the page. One may leave on its own timer meanwhile. */
async function clearToasts(page: Page) {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0)
    await toasts
      .first()
      .getByRole('button')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

/** On a wide screen the header's right edge is the content column's. */
async function expectAlignedRight(control: Locator, column: Locator) {
  const [c, col] = [await boxOf(control), await boxOf(column)];
  expect(Math.abs(c.x + c.width - (col.x + col.width))).toBeLessThanOrEqual(1);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('one header on every page of the guest and the console, and each page names itself', async ({ page }) => {
      test.setTimeout(90_000);
      // Signed out: the home page's header is in the flow and covers nothing; /auth has no 'Sign In' of its own.
      await page.goto('/');
      await expectHeader(page, 'sign-in');
      await expect(page).toHaveTitle('Tablemates — Where strangers become friends');
      await clearToasts(page);
      await screenshotForNote(page, { path: `${SHOTS}/home-header-${size.name}.png` });
      await page.goto('/auth');
      await expectHeader(page, 'none');
      await expect(page).toHaveTitle('Sign in — Tablemates');

      await completeGuest(page);
      const pages: Array<[string, string | RegExp]> = [
        ['/', 'Tablemates — Where strangers become friends'],
        ['/profile', 'Your profile — Tablemates'],
        ['/profile-details?edit=true', 'Edit your profile — Tablemates'],
        ['/confirmation', 'No booking to show — Tablemates'],
        // Not the guest's booking: My Booking's 404 page, in the shell, named as such (a real one: below).
        ['/booking/bkg_not_a_booking', 'Page not found — Tablemates'],
        ['/admin', 'Console — Tablemates'],
        ['/admin/coupons', 'Console — Tablemates'],
        ['/host', 'Your dinners — Tablemates'],
        ['/events', 'Upcoming dinners — Tablemates'],
        ['/event/gurugram', /^Gurugram · \d{1,2} [A-Z][a-z]{2} — Tablemates$/],
        ['/about-us', 'Our Story — Tablemates'],
        ['/no-such-page', 'Page not found — Tablemates'],
      ];
      for (const [path, title] of pages) {
        await page.goto(path);
        await expect(page, path).toHaveTitle(title);
        // /events and the event page carry the site's header too (issue 24).
        if (['/about-us', '/no-such-page'].includes(path)) continue;
        await expectHeader(page, 'menu');
      }
      // /auth, signed in, leaves by the redirect rule; the menu from the header reaches the profile.
      await page.goto('/profile');
      await header(page).getByRole('button', { name: 'Open profile menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
      await page.keyboard.press('Escape');

      if (size.name === 'desktop') {
        const menu = header(page).getByRole('button', { name: 'Open profile menu' });
        await expectAlignedRight(menu, page.locator('main > div').first());
        await page.goto('/profile-details?edit=true');
        await expectAlignedRight(menu, page.locator('main > div').first());
      }
      await expectAccessible(page);
    });

    test("a guest edits their profile: the same rules, another guest's email refused, saved with a calm toast", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      // Someone else already holds this email.
      const other = await browser.newPage();
      const taken = (await completeGuest(other, { full_name: 'Riya Kapoor' })).email;
      await other.close();

      const me = await completeGuest(page, { full_name: 'Kabir Mehta', date_of_birth: '1994-03-12' });
      await page.goto('/profile');
      const info = page.getByTestId('personal-info');
      await expect(info).toContainText('12 Mar 1994');
      await expect(info).not.toContainText('1994-03-12');
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expectHeader(page, 'menu');

      await page.getByRole('link', { name: 'Edit personal information' }).click();
      await expect(page).toHaveURL(/\/profile-details\?edit=true$/);
      await expect(page.getByRole('heading', { name: 'Edit your profile' })).toBeVisible();
      await expect(page.getByLabel('Full name')).toHaveValue('Kabir Mehta');
      await expect(page.getByLabel('Email')).toHaveValue(me.email);
      await expect(page.getByLabel('Date of birth')).toHaveValue('1994-03-12');
      await expect(page.getByText('Profile already complete!')).toHaveCount(0);
      await expectAccessible(page);
      await clearToasts(page);
      await screenshotForNote(page, { path: `${SHOTS}/profile-details-edit-${size.name}.png`, fullPage: true });

      // The domain's rules, before any request.
      await page.getByLabel('Full name').fill('asdf qwrtz');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Please enter a valid full name (first and last name, no gibberish)')).toBeVisible();

      // Another guest's email: refused by the server with the domain's message; nothing changes.
      await page.getByLabel('Full name').fill('Kabir Malhotra');
      await page.getByLabel('Email').fill(taken);
      await page.getByRole('button', { name: 'Save changes' }).click();
      const duplicate = 'This email is already registered. Please use a different email address.';
      await expect(page.getByText(duplicate).first()).toBeVisible();
      await expect(page).toHaveURL(/\/profile-details\?edit=true$/);
      const unchanged = (await (await page.request.get('/api/profile')).json()).profile;
      expect(unchanged).toMatchObject({ full_name: 'Kabir Mehta', email: me.email });

      // A fixed email saves, and the guest is back on /profile with the new details.
      const fixed = email('fixed');
      await page.getByLabel('Email').fill(fixed);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Profile updated' })).toBeVisible();
      await expect(page.getByText('Profile already complete!')).toHaveCount(0);
      await expect(info).toContainText('Kabir Malhotra');
      await expect(info).toContainText(fixed);
      expect((await (await page.request.get('/api/profile')).json()).profile).toMatchObject({
        full_name: 'Kabir Malhotra',
        email: fixed,
      });

      // Landing on /profile-details with nothing to do still says so, and moves on.
      await page.goto('/profile-details');
      await expect(page.getByText('Profile already complete!').first()).toBeVisible();
      await expect(page).toHaveURL(/\/events$/);
    });

    test('/profile lists each booking with its ticket, date and time, and a link to My Booking', async ({ page }) => {
      test.setTimeout(120_000);
      await completeGuest(page, { full_name: 'Kabir Mehta' });
      await page.goto('/event/gurugram');
      const ticket = page.getByRole('radio', { name: /^Male 1 seat/ });
      await ticket.check();
      // The picker's own 'Book Now' (a phone also has the sticky bar's, which only scrolls to the picker).
      await ticket
        .locator('xpath=ancestor::*[.//button[normalize-space()="Book Now"]][1]')
        .getByRole('button', { name: 'Book Now' })
        .click();
      await page
        .getByRole('dialog', { name: 'Razorpay sandbox checkout' })
        .getByRole('button', { name: 'Pay' })
        .click();
      await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 30_000 });
      await expectHeader(page, 'menu');

      await page.goto('/profile');
      const card = page.getByTestId('booking').first();
      await expect(card).toContainText('Male · 1 seat');
      await expect(card).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4} · 7:00\sPM/);
      await expectAccessible(page);
      await clearToasts(page);
      await screenshotForNote(page, { path: `${SHOTS}/profile-${size.name}.png`, fullPage: true });
      await card.getByRole('link', { name: /^View booking/ }).click();
      await expect(page).toHaveURL(/\/booking\/bkg_[\w-]+$/);
      await expectHeader(page, 'menu');
      await expect(page).toHaveTitle('My Booking — Tablemates');
    });

    test('the code step counts down to when the server will resend, then resends', async ({ page }) => {
      const phone = randomPhone();
      const e164 = `+91${phone}`;
      // The browser's clock is the test's to move (below); it runs on as usual until then.
      await page.clock.install();
      await page.goto('/auth');
      await page.getByLabel('Phone number').fill(phone);
      const first = Date.now() - 1000;
      await page.getByRole('button', { name: 'Send Code' }).click();
      const firstCode = await codeFromOutbox(e164, first);

      const resend = page.getByRole('button', { name: /^Resend code/ });
      await expect(resend).toBeDisabled();
      await expect(resend).toHaveText(/^Resend code in 0:(2\d|30)$/);
      await expectHeader(page, 'none');
      await expectAccessible(page);
      await clearToasts(page);
      await screenshotForNote(page, { path: `${SHOTS}/auth-code-step-${size.name}.png`, fullPage: true });
      // It counts down.
      const seconds = async () => Number((await resend.textContent())?.match(/0:(\d\d)$/)?.[1] ?? -1);
      const before = await seconds();
      await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(before);

      // At zero the server accepts it: a new code arrives, and it signs in. Half a minute passes
      // for both sides at once, rather than in real time: the server's record of the first code
      // moves 30 s into the past as the browser's clock moves 30 s on.
      await localD1(
        `UPDATE rate_events SET at = strftime('%Y-%m-%dT%H:%M:%fZ', at, '-30 seconds') WHERE key = 'otp-send:phone:${e164}'`,
      );
      await page.clock.fastForward(30_000);
      await expect(resend).toHaveText('Resend code');
      await expect(resend).toBeEnabled();
      const second = Date.now() - 500;
      await resend.click();
      await expect(page.getByTestId('toast').filter({ hasText: 'New code sent' })).toBeVisible();
      const newCode = await codeFromOutbox(e164, second);
      const sms = (await outbox()).filter((m) => m.channel === 'sms' && m.to === e164);
      expect(sms.length).toBe(2);
      await expect(resend).toHaveText(/^Resend code in 0:(2\d|30)$/);
      await expect(page.getByText('Too many attempts. Please try again later.')).toHaveCount(0);
      if (newCode === firstCode) return; // one in a million: the same six digits twice
      await page.getByLabel('Verification code').fill(newCode);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 15_000 });
    });
  });
}

test('a shared event link previews the dinner from the served HTML (no script run), with a picture previewers show', async ({
  browser,
  request,
}) => {
  const html = await (await request.get('/event/gurugram')).text();
  const content = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  expect(html).toMatch(/<title>Gurugram · \d{1,2} [A-Z][a-z]{2} — Tablemates<\/title>/);
  expect(content('og:title')).toMatch(/^Saturday Night Soirée — Gurugram · \d{1,2} [A-Z][a-z]{2}$/);
  expect(content('description')).toContain('Saturday Night Soirée — Gurugram: dinner with six to eight strangers');
  expect(content('og:description')).toBe(content('description'));
  expect(content('og:url')).toBe(`${ORIGIN}/event/gurugram`);
  const image = content('og:image') ?? '';
  expect(image).toBe(`${ORIGIN}/images/events/gurugram.jpg`);
  const picture = await request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');

  // The same page in Chromium, with JavaScript off: what a link previewer sees.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto('/event/gurugram');
  await expect(bare.locator('meta[property="og:image"]')).toHaveAttribute('content', image);
  expect(await bare.title()).toMatch(/^Gurugram · \d{1,2} [A-Z][a-z]{2} — Tablemates$/);
  await context.close();
});
