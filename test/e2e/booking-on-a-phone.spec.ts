/**
 * Issue 14 "Booking on a phone", in Chromium at 390×844 and 1366×900: the event page's price near the
 * top and its sticky 'Book Now' bar, a couple's second guest, "You're going", the truth about seats
 * on /events and a full dinner's page, and how soon 'You're All Set!' follows a payment (10 runs,
 * median printed and held to 1.5 s).
 *
 * It adds dinners that are sold out to /events, so it runs in the `shared-state` project, after the
 * specs that assert the seeded list (playwright.config.ts). Screenshots: docs/screenshots/issue-14/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { root } from '../stack/stack.ts';
import { expect, expectAccessible, spaRendered, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';
import { screenshotForNote } from './helpers/screenshots.ts';

const SHOTS = `${root}docs/screenshots/issue-14`;
mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A city of this test's own (hidden from the home page) with dinners on the next Saturdays. */
async function seedCity(dinners: Array<{ capacity: number; booked?: number }>) {
  const tag = Math.random().toString(36).slice(2, 8);
  const city = `e2e-phone-${tag}`;
  const saturdays = nextSaturdays(new Date(), dinners.length);
  const rows = dinners.map((d, i) => ({
    id: `${city}-${i}`,
    title: `Phone Supper ${i + 1} ${tag}`,
    date: saturdays[i],
    ...d,
  }));
  const statements = rows.flatMap((r) => [
    `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${r.id}', '${city}', '${r.title}', 'A long table, good food, better company.', 'Sector 29, Gurugram',
      '${r.date}', '${startsAtUtc(r.date)}', '/images/events/gurugram.svg', 1, 499, 899, 749, ${r.capacity});`,
    // Seats already sold, as the pipeline leaves them (couples: two seats each).
    ...Array.from({ length: Math.floor((r.booked ?? 0) / 2) }, (_, j) => {
      const u = `${r.id}-u${j}`;
      return `INSERT INTO users (id, phone) VALUES ('${u}', '+9190${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}');
        INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at, party_name)
          VALUES ('${u}-o', '${u}-r', '${u}', '${r.id}', 'couple', 2, 899, 'confirmed', '2000-01-01T00:00:00.000Z', 'Priya');`;
    }),
  ]);
  await localD1(
    `INSERT INTO cities (slug, name, blurb, status) VALUES ('${city}', 'Phone City', 'A test city.', 'hidden');
     ${statements.join('\n')}`,
  );
  return rows;
}

/** A guest signed in with a complete profile, both through the API (the sign-in and the profile form have their own specs). */
async function readyGuest(page: Page) {
  const phone = randomPhone();
  await signInByApi(page, phone);
  const res = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Asha Verma',
      email: `phone-${phone}@example.com`,
      phone_number: phone,
      date_of_birth: '1995-04-12',
      sex: 'male',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return phone;
}

const bar = (page: Page) => page.getByTestId('book-now-bar');
const box = (page: Page) => page.getByRole('complementary', { name: 'Book this dinner' });

/** Waits until the page's fonts and transitions have settled, for axe and screenshots. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

// Motion on: the bar scrolls the picker into view smoothly and fades away, as most guests see it
// (the suite's default is reduced motion, where the scroll is instant).
test.describe('the sticky Book Now bar with motion on', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('on a phone the price is near the top and the sticky Book Now bar brings the ticket picker into view', async ({
    page,
  }) => {
    const [dinner] = await seedCity([{ capacity: 8, booked: 4 }]);
    await readyGuest(page);
    await page.setViewportSize(PHONE);
    await page.goto(`/event/${dinner.id}`);
    await spaRendered(page);

    // The price and the seats left are in the first screen: in the hero and in the bar.
    const hero = page.locator('main header').first();
    await expect(hero.getByText('₹499')).toBeInViewport();
    await expect(bar(page)).toBeInViewport();
    await expect(bar(page)).toContainText('₹499');
    await expect(bar(page)).toContainText('4 seats left');
    const picker = page.getByRole('radio', { name: /^Male/ });
    await expect(picker).not.toBeInViewport();
    // The booking box follows the facts, above the long read and the terms.
    const boxTop = await box(page).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const termsTop = await page
      .getByRole('heading', { name: 'Terms' })
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(boxTop).toBeLessThan(termsTop);
    expect(boxTop).toBeLessThan(1400);
    await settle(page);
    await screenshotForNote(page, { path: `${SHOTS}/event-page-390.png` });
    await expectAccessible(page);

    await bar(page).getByRole('button', { name: 'Book Now' }).click();
    await expect(picker).toBeInViewport();
    await expect(picker).toBeFocused();
    // The bar steps aside while the box (with its own Book Now) is on screen.
    await expect(bar(page)).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar(page)).toBeVisible();
    // Nothing at the bottom of the page hides behind the bar.
    const overlap = await page.evaluate(() => {
      const footer = document.querySelector('footer');
      const barTop = document.querySelector('[data-testid="book-now-bar"]')?.getBoundingClientRect().top ?? 0;
      const last = footer?.lastElementChild?.getBoundingClientRect().bottom ?? 0;
      return last - barTop;
    });
    expect(overlap).toBeLessThanOrEqual(0);

    // Desktop: the box sits beside the page from the start, sticky; no bar.
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar(page)).toBeHidden();
    await expect(picker).toBeInViewport();
    await settle(page);
    await screenshotForNote(page, { path: `${SHOTS}/event-page-1366.png` });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('a couple names their second guest, sees it confirmed, then "You\'re going" instead of a second checkout', async ({
  page,
}) => {
  // Signing in, a booking paid in the sandbox and a second visit on a 2-core machine: more than the
  // default 45 s.
  test.setTimeout(90_000);
  const [dinner] = await seedCity([{ capacity: 8 }]);
  await readyGuest(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/event/${dinner.id}`);
  await bar(page).getByRole('button', { name: 'Book Now' }).click();

  await page.getByRole('radio', { name: /^Couple/ }).check();
  const name = page.getByRole('textbox', { name: 'Their first name' });
  await expect(name).toBeVisible();
  await box(page).getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText("Please enter your guest's first name")).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: /Their phone/ }).fill('12345');
  await name.fill('Priya');
  await box(page).getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByRole('textbox', { name: /Their phone/ }).fill('98765 43210');
  await expectAccessible(page);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await box(page).getByRole('button', { name: 'Book Now' }).click();
  const sent = (await created).request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ ticket_type: 'couple', party_name: 'Priya', party_phone: '+919876543210' });
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toContainText('899');
  // Hold the booking back (the order reads as still being booked) to see what the page shows meanwhile.
  const holdBack = '**/api/orders/order_*';
  await page.route(holdBack, async (route) => {
    const res = await route.fetch();
    const view = await res.json();
    await route.fulfill({
      response: res,
      json: { ...view, order: { ...view.order, status: 'created' }, booking: null },
    });
  });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  const confirming = page.getByRole('status').filter({ hasText: 'Payment received' });
  await expect(confirming).toBeVisible();
  await expect(page.getByText(dinner.title)).toBeVisible();
  await expect(page.getByText('₹899')).toBeVisible();
  await expect(page.getByText('Couple (male + female) · 2 seats')).toBeVisible();
  await settle(page);
  await screenshotForNote(page, { path: `${SHOTS}/confirmation-confirming-390.png` });
  await expectAccessible(page);
  // Let the request held back finish on its own: unrouting while it is in flight would strand it.
  await page.unrouteAll({ behavior: 'wait' });

  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByText(`You and Priya have your seats at ${dinner.title}.`)).toBeVisible();
  await expect(page.getByText('Couple (male + female) · you + Priya')).toBeVisible();
  // No booking id mid-sentence in monospace; My Booking is a tap away.
  await expect(page.locator('.font-mono')).toHaveCount(0);
  const myBooking = page.getByRole('link', { name: 'View My Booking' });
  await expect(myBooking).toBeVisible();
  await settle(page);
  await screenshotForNote(page, { path: `${SHOTS}/confirmation-390.png`, fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await screenshotForNote(page, { path: `${SHOTS}/confirmation-1366.png`, fullPage: true });
  await expectAccessible(page);
  const bookingUrl = await myBooking.getAttribute('href');
  expect(bookingUrl).toMatch(/^\/booking\/bkg_/);

  await myBooking.click();
  await expect(page.getByText('You + Priya')).toBeVisible();

  // Back on the dinner: "You're going", with the booking, not a second checkout.
  await page.setViewportSize(PHONE);
  await page.goto(`/event/${dinner.id}`);
  const going = page.getByTestId('youre-going');
  await expect(going).toContainText("You're going");
  await expect(going).toContainText('Couple (male + female) with Priya · 2 seats');
  await expect(going.getByRole('link', { name: 'View My Booking' })).toHaveAttribute('href', bookingUrl as string);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(bar(page)).toContainText("You're going");
  await expect(bar(page).getByRole('link', { name: 'My Booking' })).toHaveAttribute('href', bookingUrl as string);
  await expect(bar(page).getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await settle(page);
  await screenshotForNote(page, { path: `${SHOTS}/event-youre-going-390.png` });
  await expectAccessible(page);
  // A second ticket stays possible, deliberately, from a small secondary link.
  await going.getByRole('button', { name: 'Book another ticket' }).click();
  await expect(page.getByRole('radio', { name: /^Male/ })).toBeVisible();
});

test('/events tells the truth about seats, and a full dinner points to the next one in its city with room', async ({
  page,
}) => {
  const [full, fuller, roomy] = await seedCity([
    { capacity: 4, booked: 4 },
    { capacity: 2, booked: 2 },
    { capacity: 8, booked: 6 },
  ]);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/events');
    await spaRendered(page);
    const card = (title: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: title });
    await expect(card(full.title)).toContainText('Sold out');
    await expect(card(full.title)).not.toContainText('Available Now');
    await expect(card(roomy.title)).toContainText('2 seats left');
    await expect(card(roomy.title)).toContainText('Available Now');
    await card(full.title).scrollIntoViewIfNeeded();
    await settle(page);
    await screenshotForNote(page, { path: `${SHOTS}/events-seats-${viewport.width}.png` });
    await expectAccessible(page);
  }

  // The home page's city cards tell the same truth (the seeded Gurugram dinners have room).
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/#upcoming-events');
    const gurugram = page.getByRole('article', { name: 'Gurugram' });
    await expect(gurugram).toContainText(/\d+ seats? left|Sold out/);
    await gurugram.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshotForNote(page, { path: `${SHOTS}/home-city-card-${viewport.width}.png` });
  }

  await page.setViewportSize(PHONE);
  await page.goto(`/event/${full.id}`);
  await expect(page.locator('main header').first()).toContainText('Sold out');
  await expect(bar(page)).toContainText('Sold out');
  const next = box(page).getByRole('link', { name: /See this dinner/ });
  await expect(box(page)).toContainText('Next dinner with room');
  await expect(box(page)).toContainText(roomy.title);
  await expect(box(page)).toContainText('2 seats left');
  await expectAccessible(page);
  // The bar goes straight there too.
  await expect(bar(page).getByRole('link', { name: /Next dinner/ })).toHaveAttribute('href', `/event/${roomy.id}`);
  await settle(page);
  await screenshotForNote(page, { path: `${SHOTS}/event-sold-out-390.png` });
  await next.click();
  await expect(page).toHaveURL(`/event/${roomy.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(roomy.title);
  expect(fuller.id).not.toBe(roomy.id);
});

test("after paying, 'You're All Set!' shows within 1.5 s at the median (10 runs)", async ({ page }) => {
  test.setTimeout(240_000);
  const [dinner] = await seedCity([{ capacity: 40 }]);
  // Marks the checkout's success (Razorpay's handler) and the moment the heading appears, in the page.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    let wrapped: unknown;
    Object.defineProperty(window, 'Razorpay', {
      configurable: true,
      get: () => wrapped,
      set: (Real: new (o: Record<string, unknown>) => unknown) => {
        wrapped = function Razorpay(options: Record<string, unknown>) {
          const handler = options.handler as (r: unknown) => unknown;
          return new Real({
            ...options,
            handler: (response: unknown) => {
              w.__paidAt = performance.now();
              w.__setAt = undefined;
              return handler(response);
            },
          });
        };
      },
    });
    new MutationObserver(() => {
      if (w.__paidAt !== undefined && w.__setAt === undefined) {
        const h1 = document.querySelector('h1');
        if (h1?.textContent === "You're All Set!") w.__setAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await readyGuest(page);

  const times: number[] = [];
  for (let run = 0; run < 10; run++) {
    await page.goto(`/event/${dinner.id}`);
    const another = page.getByRole('button', { name: 'Book another ticket' });
    const male = page.getByRole('radio', { name: /^Male/ });
    await expect(another.or(male)).toBeVisible();
    if (await another.isVisible()) await another.click();
    await male.check();
    await box(page).getByRole('button', { name: 'Book Now' }).click();
    await page.getByRole('dialog', { name: 'Razorpay sandbox checkout' }).getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    const ms = await page.evaluate(() => {
      const w = window as unknown as { __paidAt?: number; __setAt?: number };
      return w.__setAt !== undefined && w.__paidAt !== undefined ? w.__setAt - w.__paidAt : Number.NaN;
    });
    expect(ms).toBeGreaterThan(0);
    times.push(Math.round(ms));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = (sorted[4] + sorted[5]) / 2;
  console.info(
    `checkout success → 'You're All Set!' (ms, 10 runs): ${times.join(', ')}; median ${median}, max ${sorted[9]}`,
  );
  test.info().annotations.push({ type: 'confirmation median (ms)', description: String(median) });
  expect(median).toBeLessThanOrEqual(1500);
});
