import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { signInByApi } from './helpers/sign-in.ts';

test.describe('home page (signed out)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await spaRendered(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Tablemates' })).toBeVisible();
  });

  test('hero shows the name, tagline and description; Book Now / Sign Up goes to /quiz', async ({ page }) => {
    await expect(page.getByText('Where strangers become friends', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Join intimate dinner gatherings over food, drinks, and authentic conversation. Every weekend, new connections await.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Book Now / Sign Up' }).click();
    await expect(page).toHaveURL('/quiz');
  });

  test("the header's Sign In carries its tooltip and goes to /auth", async ({ page }) => {
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect(signIn).toHaveAccessibleDescription('Already registered? Sign in here');
    const tip = page.getByRole('tooltip');
    await expect(tip).toHaveText('Already registered? Sign in here');
    // Shown while the link is pointed at or has the keyboard's focus, faded out otherwise.
    await expect(tip).toHaveCSS('opacity', '0');
    await signIn.hover();
    await expect(tip).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 400);
    await expect(tip).toHaveCSS('opacity', '0');
    for (let i = 0; i < 5 && !(await signIn.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(signIn).toBeFocused();
    await expect(tip).toHaveCSS('opacity', '1');
    await signIn.click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('How It Works and the city cards sit at their anchors', async ({ page }) => {
    const how = page.locator('section#how-it-works');
    await expect(how.getByRole('heading', { name: 'Five simple steps to an unforgettable evening' })).toBeVisible();
    const steps = how.getByRole('listitem');
    await expect(steps).toHaveCount(5);
    for (const title of [
      'Share Your Story',
      'Join Our Community',
      'Reserve Your Seat',
      'Arrive & Discover',
      'Connect Authentically',
    ]) {
      await expect(how.getByRole('heading', { name: title })).toBeVisible();
    }
    const events = page.locator('section#upcoming-events');
    for (const city of ['Gurugram', 'Noida', 'Delhi NCR'])
      await expect(events.getByRole('heading', { name: city, exact: true })).toBeVisible();
    await expect(events.getByText('Available Now')).toBeVisible();
    await expect(events.getByText('Join us for an amazing evening')).toBeVisible();
    await expect(events.getByText('Coming soon to your area')).toBeVisible();
    await expect(events.getByText('Expanding to more locations')).toBeVisible();
    // The Gurugram card names the next seeded dinner, read from GET /api/events/gurugram.
    await expect(events.getByText('Saturday Night Soirée — Gurugram')).toBeVisible();
  });

  test('the How It Works steps lay out 3 + 2 on a desktop screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const tops = await page
      .locator('#how-it-works li')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBe(tops[4]);
    expect(tops[3]).toBeGreaterThan(tops[0]);
  });

  test("Notify Me on an unavailable city shows 'We'll keep you posted!'", async ({ page }) => {
    const noida = page
      .locator('#upcoming-events article')
      .filter({ has: page.getByRole('heading', { name: 'Noida' }) });
    await noida.getByRole('button', { name: 'Notify Me' }).click();
    const toast = page.getByRole('status').filter({ hasText: "We'll keep you posted!" });
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('WhatsApp');
  });

  test('the Gurugram card opens the Book Your Spot dialog', async ({ page }) => {
    const gurugram = page
      .locator('#upcoming-events article')
      .filter({ has: page.getByRole('heading', { name: 'Gurugram' }) });
    await gurugram.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Gurugram');
    await expect(dialog).toContainText('499');
    // Closing must stick (a click inside the dialog must not bubble back to the card), and the
    // card opens it again afterwards.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(300);
    await expect(dialog).toBeHidden();
    await gurugram.getByRole('heading', { name: 'Gurugram' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the FAQ opens one answer at a time', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Got Questions?' })).toBeVisible();
    const first = page.getByRole('button', { name: 'What happens at my first event?' });
    const price = page.getByRole('button', { name: 'What does the ticket price cover?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'What happens at my first event?' })).toBeVisible();
    await price.click();
    await expect(price).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'What happens at my first event?' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'What does the ticket price cover?' })).toContainText('₹499');
    // Keyboard: focus moves with the arrow key and Enter opens.
    await price.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: "I'm an introvert. Will I enjoy it?" })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(price).toHaveAttribute('aria-expanded', 'false');
  });

  test("the newsletter refuses a bad email with 'Invalid email'", async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email address').fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email' });
    await expect(alert).toContainText('Please enter a valid email');
  });

  test('the newsletter stores the email, toasts Subscribed! and clears the field; a repeat also succeeds', async ({
    page,
  }) => {
    const footer = page.getByRole('contentinfo');
    const email = `e2e-${Date.now()}@example.com`;
    for (let round = 0; round < 2; round++) {
      await footer.getByLabel('Email address').fill(`  ${email} `);
      const stored = page.waitForResponse(
        (r) => r.url().endsWith('/api/newsletter') && r.request().method() === 'POST',
      );
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(footer.getByRole('button', { name: /Subscribing/ })).toBeDisabled();
      const res = await stored;
      expect(res.ok()).toBe(true);
      expect(res.request().postDataJSON()).toEqual({ email });
      await expect(page.getByRole('status').filter({ hasText: 'Subscribed!' }).last()).toContainText(
        "You'll receive updates about our upcoming events.",
      );
      await expect(footer.getByLabel('Email address')).toHaveValue('');
    }
  });

  test('the footer links the info pages, the contact mail and real social accounts only', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    for (const href of [
      '/about-us',
      '/terms-and-conditions',
      '/payment-refund',
      '/privacy-policy',
      '/shipping-policy',
      '/contact',
      '/gallery',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('link', { name: 'hello@tablemates.in' })).toHaveAttribute(
      'href',
      'mailto:hello@tablemates.in',
    );
    for (const name of ['Instagram', 'LinkedIn', 'WhatsApp', 'Threads'])
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
    for (const name of ['Facebook', 'Twitter']) {
      await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
      await expect(footer.getByRole('img', { name: `${name} (coming soon)` })).toBeVisible();
    }
    await expect(footer).toContainText('© 2025 Tablemates');
    await footer.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/about-us');
  });

  test('has no serious or critical accessibility violation', async ({ page }) => {
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Can I come alone?' }).click();
    await expectAccessible(page);
  });
});

test('on a phone the home page has no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await spaRendered(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Tablemates' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('signed in: the hero books through /events, greets by name, and Notify Me records the city', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/');
  await spaRendered(page);
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  // No profile name yet, so the greeting falls back to 'Guest' (SPEC §8).
  await expect(page.getByRole('link', { name: 'Hey! Guest' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('link', { name: 'Book Now / Sign Up' })).toHaveAttribute('href', '/events');

  const delhi = page
    .locator('#upcoming-events article')
    .filter({ has: page.getByRole('heading', { name: 'Delhi NCR' }) });
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
  await delhi.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('status').filter({ hasText: "We'll keep you posted!" })).toHaveCount(1);
  const res = await recorded;
  expect(res.request().postDataJSON()).toEqual({ city: 'delhi-ncr' });
  expect(res.ok()).toBe(true);

  await page.getByRole('link', { name: 'Book Now / Sign Up' }).click();
  await expect(page).toHaveURL('/events');
});
