import type { Locator, Page } from '@playwright/test';
import { nextSaturdays } from '../../db/seed.ts';
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { expectNoOverflow, overlap, wordsTooWide } from './helpers/layout.ts';
import { agreeToNoticeIfShown, codeFromOutbox, ORIGIN, randomPhone } from './helpers/sign-in.ts';
import { submitQuiz } from './helpers/guest-api.ts';

// What a guest sees as pages move: with motion on, as most guests have it (the suite's default is off).
test.use({ reducedMotion: 'no-preference' });

/**
 * Issue 14, "Layout details" and "Toasts": nothing overflows on any guest page at a phone's and a
 * desktop's size; toasts keep clear of the primary action, never stack twice and do not follow the
 * guest to the next page; opening the booking dialog does not move the page.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const INFO_PAGES = [
  '/about-us',
  '/terms-and-conditions',
  '/payment-refund',
  '/privacy-policy',
  '/shipping-policy',
  '/contact',
  '/gallery',
];

/** A page is drawn: the SPA has taken over, its first heading is up and the fonts are in. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await spaRendered(page);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const quizStep = (page: Page) => page.getByTestId('quiz-step');

/** Answers the quiz's current step (a valid answer) and goes on with Next. */
async function answerAndNext(page: Page, step: number) {
  if (step === 7) await page.getByRole('checkbox', { name: 'Desi/Bollywood' }).check();
  if (step === 8)
    for (const g of ['Documentary', 'K-Drama / K-Movies', 'Musical / Bollywood'])
      await page.getByRole('checkbox', { name: g }).check();
  await next(page).click();
  await expect(quizStep(page)).toHaveAttribute('data-step', String(step + 1));
}

/** The quiz up to its music step (7), where Next with nothing picked fails. */
async function quizToMusic(page: Page) {
  await open(page, '/quiz');
  for (let step = 1; step < 7; step++) await answerAndNext(page, step);
}

/** A guest with a quiz and a profile, through the product's own API. */
async function completeGuest(page: Page, phone: string) {
  await submitQuiz(page, ORIGIN, {
    social_battery: 'ambivert',
    life_progress: 'on_way',
    music_genres: ['Desi/Bollywood'],
    movie_genres: ['Documentary', 'Drama', 'K-Drama / K-Movies'],
  });
  const profile = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      // A long name and email: the cards must wrap them, not spill.
      full_name: 'Venkataramanan Subramaniam-Raghunathan',
      email: `layout.check.with.a.rather.long.address-${phone}@example.com`,
      phone_number: phone,
      date_of_birth: '1991-08-23',
      sex: 'male',
      relationship_status: 'prefer_not_to_say',
      work_profile: 'startup',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
}

for (const [size, viewport] of SIZES) {
  test.describe(`${size} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('nothing overflows on the public pages', async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of ['/', '/events', '/event/gurugram', '/auth', ...INFO_PAGES, '/no-such-page']) {
        await open(page, path);
        await expectNoOverflow(page, path);
      }
    });

    test('nothing overflows on any step of the quiz, and the tiles keep their words whole', async ({ page }) => {
      await open(page, '/quiz');
      for (let step = 1; step <= 11; step++) {
        await expect(quizStep(page)).toHaveAttribute('data-step', String(step));
        await expectNoOverflow(page, `/quiz step ${step}`);
        if (step === 7 || step === 8)
          expect(await wordsTooWide(page.locator('fieldset label > span:last-child'))).toEqual([]);
        if (step < 11) await answerAndNext(page, step);
      }
    });

    test('a signed-in guest: nothing overflows on /auth’s code step, /profile-details, /confirmation, My Booking and /profile', async ({
      page,
    }) => {
      // Signing in, booking and paying on a 2-core machine: more than the default 45 s.
      test.setTimeout(150_000);
      const phone = randomPhone();
      await open(page, '/auth');
      const sentAfter = Date.now() - 1000;
      await page.getByLabel('Phone number').fill(phone);
      await page.getByRole('button', { name: 'Send Code' }).click();
      await expect(page.getByLabel('Verification code')).toBeVisible();
      await expectNoOverflow(page, '/auth (code step)');
      await page.getByLabel('Verification code').fill(await codeFromOutbox(`+91${phone}`, sentAfter));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 15_000 });
      // Issue 22: the consent notice comes first for a new guest.
      await agreeToNoticeIfShown(page);

      await open(page, '/profile-details');
      await expect(page.getByLabel('Email')).toBeVisible();
      await expectNoOverflow(page, '/profile-details');

      await completeGuest(page, phone);
      // The last of the seeded Saturdays: the one the other specs leave alone.
      const saturday = nextSaturdays(new Date(), 4)[3];
      await open(page, `/event/gurugram-${saturday}`);
      await expectNoOverflow(page, '/event (signed in)');

      // Book Now with no ticket: the toast keeps clear of the button the guest just tapped.
      const bookNow = page.getByRole('button', { name: 'Book Now', exact: true });
      await page.getByRole('radio', { name: /^Male 1 seat/ }).scrollIntoViewIfNeeded();
      await expect(bookNow).toHaveCount(1);
      await bookNow.click();
      const selectTicket = page.getByTestId('toast').filter({ hasText: 'Select a ticket' });
      await expect(selectTicket).toBeVisible();
      await expectSettled(selectTicket);
      expect(overlap((await selectTicket.boundingBox())!, (await bookNow.boundingBox())!), 'toast over Book Now').toBe(
        false,
      );

      await page.getByRole('radio', { name: /^Male 1 seat/ }).check();
      await bookNow.click();
      await page
        .getByRole('dialog', { name: 'Razorpay sandbox checkout' })
        .getByRole('button', { name: 'Pay' })
        .click();
      await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(/\/confirmation\?order=/);
      await expectNoOverflow(page, '/confirmation');

      const bookings = (await (await page.request.get('/api/bookings')).json()) as { bookings: Array<{ id: string }> };
      const [booking] = bookings.bookings;
      await open(page, `/booking/${booking.id}`);
      await expectNoOverflow(page, '/booking/<id>');

      await open(page, '/profile');
      await expect(page.getByText('Venkataramanan Subramaniam-Raghunathan').first()).toBeVisible();
      await expectNoOverflow(page, '/profile');
    });

    test('a failed quiz step: SPEC’s toast, once however often Next is pressed, clear of Back and Next; the limit stays under the tiles', async ({
      page,
    }) => {
      await quizToMusic(page);
      await next(page).click();
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText('Please complete this question');
      await expect(toast).toContainText('All questions are mandatory');
      await expect(toast).not.toContainText('Pick at least 1');
      await expect(page.getByRole('alert').filter({ hasText: 'Pick at least 1' })).toBeVisible();

      // The same message again: still one toast.
      await next(page).click();
      await next(page).click();
      await expect(toast).toHaveCount(1);

      await expectSettled(toast);
      const toastBox = (await toast.boundingBox())!;
      // On a phone the toasts sit at the top: no bar or button along the bottom can be under them.
      if (size === 'phone') expect(toastBox.y + toastBox.height).toBeLessThan(viewport.height / 4);
      for (const name of ['Back', 'Next']) {
        const button = page.getByRole('button', { name, exact: true });
        await expect(button).toBeInViewport();
        expect(overlap(toastBox, (await button.boundingBox())!), `toast over ${name}`).toBe(false);
      }
      await expectCloseButtonShows(toast);
      await expectAccessible(page);
      const close = toast.getByRole('button', { name: 'Dismiss notification' });

      // A fourth tile is refused under the tiles, with no toast of its own. A toast lives 5 s, which
      // the checks above can outlast on a loaded machine: asked for again, it stays (its timer starts
      // again), and is closed at once.
      await next(page).click();
      await expect(toast).toHaveCount(1);
      await close.click();
      await expect(toast).toHaveCount(0);
      for (const g of ['Rock', 'Jazz', 'Ghazal']) await page.getByRole('checkbox', { name: g }).check();
      await page.getByRole('checkbox', { name: 'Metal' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Pick up to 3' })).toBeVisible();
      await expect(toast).toHaveCount(0);
    });

    test('a notice (the dark toast) shows its close button, and axe finds nothing', async ({ page }) => {
      await open(page, '/');
      await page.getByRole('button', { name: 'Notify Me' }).first().click();
      const toast = page.getByTestId('toast').filter({ hasText: "We'll keep you posted!" });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveAttribute('data-variant', 'default');
      await expectSettled(toast);
      await expectCloseButtonShows(toast);
      await expectAccessible(page);
    });

    test('a toast raised under an open dialog shows on top of it and can be closed (Book Your Spot sign-in error)', async ({
      page,
    }) => {
      await open(page, '/');
      await page.getByRole('button', { name: 'View Details' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await dialog.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
      await dialog.getByLabel('Password').fill('wrong-one');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      // Inside the modal, so neither inert nor dimmed by its backdrop: read out, and closable.
      const toast = dialog.getByTestId('toast').filter({ hasText: 'Invalid email or password.' });
      await expect(toast).toBeVisible();
      await expectSettled(toast);
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
      await toast.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect(toast).toHaveCount(0);
      await expect(dialog).toBeVisible();
      // Closed, the dialog gives the toasts back to the page.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Notify Me' }).first().click();
      await expect(page.getByTestId('toast').filter({ hasText: "We'll keep you posted!" })).toBeVisible();
    });

    test('an error toast does not follow the guest to the next page', async ({ page }) => {
      await quizToMusic(page);
      await next(page).click();
      await expect(page.getByTestId('toast')).toHaveCount(1);
      await page.getByRole('link', { name: /Back to Home/ }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('h1').first()).toBeVisible();
      // Gone at once, well inside the 5 s a toast lives (waiting longer would prove nothing).
      await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 2_000 });

      // An error raised on the way to a page is for that page: an unknown dinner says so on /events.
      await open(page, '/events');
      await page.evaluate(() => {
        // A client-side navigation, as a link to a dinner that has gone would make.
        history.pushState({}, '', '/event/no-such-dinner');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page).toHaveURL(/\/events$/);
      await expect(page.getByTestId('toast').filter({ hasText: "This event doesn't exist" })).toBeVisible();
    });
  });
}

/** The close button is drawn in the toast's own text colour, never its background's. */
async function expectCloseButtonShows(toast: Locator) {
  const close = toast.getByRole('button', { name: 'Dismiss notification' });
  await expect(close).toBeVisible();
  const colours = await close.evaluate((b) => {
    const card = b.closest('[data-testid="toast"]') as Element;
    return {
      button: getComputedStyle(b).color,
      text: getComputedStyle(card).color,
      background: getComputedStyle(card).backgroundColor,
    };
  });
  expect(colours.button).toBe(colours.text);
  expect(colours.button).not.toBe(colours.background);
}

/** Waits until a toast has finished sliding in (its box is where it will stay). */
async function expectSettled(locator: Locator) {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

test('the quiz tiles fit a 320 px phone: no overflow, no word broken', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await quizToMusic(page);
  const tiles = page.locator('fieldset label > span:last-child');
  await expectNoOverflow(page, '/quiz music at 320');
  expect(await wordsTooWide(tiles)).toEqual([]);
  await answerAndNext(page, 7);
  await expectNoOverflow(page, '/quiz movies at 320');
  expect(await wordsTooWide(tiles)).toEqual([]);
});

test('no orphan PM: the dinner hours wrap only after the dash', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, '/event/gurugram');
  const hours = page.getByText(/^7:00\sPM\s-\s10:00\sPM$/).first();
  await expect(hours).toBeVisible();
  const text = (await hours.textContent()) ?? '';
  // Non-breaking spaces inside '7:00 PM -' and '10:00 PM': no line can start with 'PM'.
  expect(text).toBe('7:00\u00a0PM\u00a0- 10:00\u00a0PM');
  // Squeezed to the narrowest, the only break left is after the dash.
  const lines = await hours.evaluate((el) => {
    const probe = el.cloneNode(true) as HTMLElement;
    probe.style.cssText = 'display:block;width:1px;position:absolute;visibility:hidden';
    document.body.appendChild(probe);
    const range = document.createRange();
    range.selectNodeContents(probe);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    probe.remove();
    return tops.size;
  });
  expect(lines).toBe(2);
});

test('the phone field on /auth shows one focus ring, not two', async ({ page }) => {
  await open(page, '/auth');
  const input = page.getByLabel('Phone number');
  await page.keyboard.press('Tab');
  await input.focus();
  const rings = await input.evaluate((el) => {
    const ring = (e: Element) => {
      const s = getComputedStyle(e);
      return s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0 ? s.outlineColor : null;
    };
    return { input: ring(el), field: ring(el.parentElement as Element) };
  });
  expect(rings.input).toBeNull();
  expect(rings.field).not.toBeNull();
});

test('opening the booking dialog does not move the page (desktop, real scrollbars)', async ({ playwright }) => {
  // Playwright hides scrollbars in headless Chromium; this test needs them, as a desktop has them.
  const browser = await playwright.chromium.launch({
    ...test.info().project.use.launchOptions,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    const page = await browser.newPage({ viewport: DESKTOP, baseURL: ORIGIN });
    await open(page, '/');
    const viewDetails = page.getByRole('button', { name: 'View Details' }).first();
    const heading = page.locator('#upcoming-events').getByRole('heading', { level: 2 }).first();
    // The section's heading near the top and its first card's button below it, both in view, so
    // the click scrolls nothing. (Centring the button put the heading above the fold once a card
    // grew a line, its dinner within 48 hours.)
    await heading.evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 120));
    await expect(heading).toBeInViewport();
    await expect(viewDetails).toBeInViewport({ ratio: 1 });
    const scrollbar = await page.evaluate(() => innerWidth - document.documentElement.clientWidth);
    expect(scrollbar, 'the page shows a classic scrollbar').toBeGreaterThan(0);
    const before = (await heading.boundingBox())!;
    await viewDetails.click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
    await expect(dialog).toBeVisible();
    await expectSettled(page.locator('dialog[open]'));
    const after = (await heading.boundingBox())!;
    expect(after.x).toBeCloseTo(before.x, 1);
    expect(after.y).toBeCloseTo(before.y, 1);

    // A checkout overlay that locks the page's scrolling from the body, as payment overlays do,
    // does not move it either.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.evaluate(() => {
      document.body.style.overflow = 'hidden';
    });
    const locked = (await heading.boundingBox())!;
    expect(locked.x).toBeCloseTo(before.x, 1);
  } finally {
    await browser.close();
  }
});
