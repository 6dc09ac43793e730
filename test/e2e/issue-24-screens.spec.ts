/**
 * The before/after pictures issue 24 asks for, at 390×844 and 1366×900: the home dialog's sign-up,
 * a 1:00 PM Thursday dinner, a booking whose dinner was cancelled (then refunded), the bars of
 * /events and the event page, /profile and the quiz's character step on a phone, and the console
 * with many dinners, its create form's errors, a guest list and 'Needs attention'.
 *
 * Pictures only with `SCREENSHOTS=1`, into docs/screenshots/issue-24/$SCREENSHOT_SET (default
 * `after`); without it the spec only walks the screens. Each test seeds rows of its own (a random
 * tag) and removes what other specs could see. The 1 PM dinner is on sale for the length of its
 * test (a hidden city, so the home page never shows it; /events does), hence the shared-state list.
 * @example SCREENSHOTS=1 SCREENSHOT_SET=before npx playwright test --config test/e2e/playwright.config.ts issue-24-screens --project=chromium
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, SANDBOX_URL, spaRendered, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { screenshotForNote } from './helpers/screenshots.ts';
import { randomPhone, signInWithPhone } from './helpers/sign-in.ts';
import { grantRole, seedMatchingDinner } from './helpers/tables.ts';
import { E2E_WORKER_PORT } from './playwright.config.ts';

const SET = process.env.SCREENSHOT_SET ?? 'after';
const SHOTS = `docs/screenshots/issue-24/${SET}`;
const ORIGIN = `http://localhost:${E2E_WORKER_PORT}`;
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const PHONE = SIZES[0];

test.describe.configure({ mode: 'parallel' });

const shot = (page: Page, name: string, fullPage = false) =>
  screenshotForNote(page, { path: `${SHOTS}/${name}.png`, fullPage });

/** Page heights worth quoting in the note (the dashboard, the quiz step), beside the pictures. */
function noteHeight(key: string, px: number) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  const file = `${SHOTS}/heights-${key}.txt`;
  writeFileSync(file, `${px}\n`);
}

const tag = () => Math.random().toString(36).slice(2, 8);
const istToday = () => new Date(Date.now() + 5.5 * 3_600_000);
/** The IST calendar date `days` ahead. */
const istDate = (days: number) => new Date(istToday().getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** The first Thursday at least 3 days ahead (IST). */
function nextThursday(): string {
  for (let d = 3; ; d++) {
    const date = istDate(d);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 4) return date;
  }
}

const razorpay = { Authorization: `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}` };

/** A paid sandbox order (no webhook): what a seeded booking's payment_id can point at. */
async function sandboxPayment(paise: number) {
  const created = await fetch(`${SANDBOX_URL}/v1/orders`, {
    method: 'POST',
    headers: { ...razorpay, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: paise, currency: 'INR', receipt: `rcpt_${tag()}`, notes: {} }),
  });
  const { id: orderId } = (await created.json()) as { id: string };
  const paid = await fetch(`${SANDBOX_URL}/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, outcome: 'success', webhooks: false }),
  });
  const { razorpay_payment_id: paymentId } = (await paid.json()) as { razorpay_payment_id: string };
  return { orderId, paymentId };
}

/** Signs in a fresh account and makes it an operator (`npm run role`). */
async function signInOperator(page: Page) {
  const phone = await signInWithPhone(page);
  grantRole(phone, 'operator');
  return phone;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
}

test("the home page's Book Your Spot dialog: the sign-up step, then what Sign Up leads to", async ({ page }) => {
  for (const size of SIZES) {
    await page.context().clearCookies();
    await page.setViewportSize(size);
    await page.goto('/');
    await spaRendered(page);
    const gurugram = page
      .locator('#upcoming-events article')
      .filter({ has: page.getByRole('heading', { name: 'Gurugram' }) });
    await gurugram.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Spot' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Full name').fill('Meera Kapoor');
    await dialog.getByLabel('Phone number').fill(randomPhone());
    await dialog.getByLabel('Email').fill(`screens-${tag()}@example.com`);
    await dialog.getByLabel('Password').fill('secret1');
    await shot(page, `signup-${size.name}`);
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await settle(page);
    await page.waitForTimeout(700);
    await shot(page, `signup-submitted-${size.name}`);
  }
});

test('a dinner created for 1:00 PM on a Thursday, on its event page and on /events', async ({ page }) => {
  const t = tag();
  const id = `e2e-screens-1pm-${t}`;
  const title = `Thursday Lunch Table ${t}`;
  const date = nextThursday();
  // 13:00 IST. A hidden city's slug: never on the home page; on sale only while this test runs.
  localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'screens-${t}', '${title}', 'A lunch table at one.', 'Gurugram', '${date}',
      '${date}T07:30:00.000Z', '/images/events/gurugram.svg', 1, 499, 899, 749, 8);`);
  try {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/event/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
      await settle(page);
      await shot(page, `one-pm-event-${size.name}`, true);
      await page.goto('/events');
      const card = page.getByRole('main').getByRole('listitem').filter({ hasText: title });
      await expect(card).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await settle(page);
      await shot(page, `one-pm-events-list-${size.name}`);
    }
  } finally {
    localD1(`UPDATE events SET available = 0 WHERE id = '${id}';`);
  }
});

test('a booking whose dinner was cancelled: My Booking, /profile and the guest list; then refunded', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dinner = seedMatchingDinner({ singles: 1, couples: 0 });
  const [guest] = dinner.guests;
  // A payment the sandbox knows, so the refund the guest later takes goes through.
  const pay = await sandboxPayment(49_900);
  localD1(`UPDATE payment_orders SET razorpay_order_id = '${pay.orderId}', payment_id = '${pay.paymentId}'
      WHERE id = '${guest.userId}-o';
    UPDATE event_bookings SET payment_id = '${pay.paymentId}' WHERE id = '${guest.bookingId}';`);
  await signInOperator(page);
  const cancelled = await page.request.post(`/api/admin/events/${dinner.id}/cancel`, {
    headers: { Origin: ORIGIN },
    data: { reason: 'Our chef is unwell. We are very sorry.' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/admin/events/${dinner.id}`);
    await expect(page.getByRole('table')).toContainText(guest.name);
    await settle(page);
    await shot(page, `cancelled-guest-list-${size.name}`, true);
  }

  await page.context().clearCookies();
  await signInWithPhone(page, guest.phone);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/booking/${guest.bookingId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(dinner.title);
    await settle(page);
    await shot(page, `cancelled-my-booking-${size.name}`, true);
    await page.goto('/profile');
    await expect(page.getByText(dinner.title).first()).toBeVisible();
    await settle(page);
    await shot(page, `cancelled-profile-${size.name}`, true);
  }

  // The guest takes the refund; the sandbox refunds through the queue.
  const choice = await page.request.post(`/api/bookings/${guest.bookingId}/cancellation-choice`, {
    headers: { Origin: ORIGIN },
    data: { choice: 'refund' },
  });
  expect(choice.status(), await choice.text()).toBeLessThan(300);
  await expect
    .poll(
      () =>
        (
          JSON.parse(localD1(`SELECT status FROM event_bookings WHERE id = '${guest.bookingId}'`, { json: true })) as [
            { results: { status: string }[] },
          ]
        )[0].results[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('refunded');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/booking/${guest.bookingId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(dinner.title);
    await settle(page);
    await shot(page, `refunded-my-booking-${size.name}`, true);
    await page.goto('/profile');
    await expect(page.getByText(dinner.title).first()).toBeVisible();
    await settle(page);
    await shot(page, `refunded-profile-${size.name}`, true);
  }
});

test('the bars of /events and of an event page (the top of each, signed in)', async ({ page }) => {
  const phone = await signInWithPhone(page);
  expect(phone).toBeTruthy();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/events');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await settle(page);
    await shot(page, `events-header-${size.name}`);
    await page.goto('/event/gurugram');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(page);
    await shot(page, `event-page-header-${size.name}`);
    // The account menu, open, where there is one.
    const menu = page.getByRole('button', { name: /account|menu/i }).first();
    if (await menu.isVisible().catch(() => false)) {
      await menu.click();
      await page.waitForTimeout(400);
      await shot(page, `event-page-menu-${size.name}`);
      await page.keyboard.press('Escape');
    }
  }
});

test('/profile on a phone, for a guest with a booking', async ({ page }) => {
  const dinner = seedMatchingDinner({ singles: 1, couples: 0 });
  await page.setViewportSize(PHONE);
  await signInWithPhone(page, dinner.guests[0].phone);
  await page.goto('/profile');
  await expect(page.getByText(dinner.title).first()).toBeAttached();
  await settle(page);
  await shot(page, 'profile-phone');
  await shot(page, 'profile-phone-full', true);
});

test("the quiz's character step on a phone (full page)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/quiz');
  await page.getByRole('radio', { name: /Up for an adventure/ }).check();
  const next = page.getByRole('button', { name: 'Next' });
  for (let step = 1; step <= 6; step++) await next.click();
  await expect(page.getByTestId('quiz-step')).toHaveAttribute('data-step', '7');
  await page.getByRole('checkbox', { name: 'Rock' }).check();
  await next.click();
  for (const g of ['Horror', 'Comedy', 'K-Drama / K-Movies']) await page.getByRole('checkbox', { name: g }).check();
  await next.click();
  await page.getByRole('radio', { name: /Matches/ }).check();
  await next.click();
  await expect(page.getByRole('radio', { name: /Stewie/ })).toBeVisible();
  await settle(page);
  noteHeight('quiz-character-phone', await page.evaluate(() => document.documentElement.scrollHeight));
  await shot(page, 'quiz-character-phone', true);
});

test('the console: the dashboard with ~150 upcoming dinners', async ({ page }) => {
  test.setTimeout(90_000);
  const t = tag();
  const prefix = `e2e-many-${t}`;
  const rows = Array.from({ length: 150 }, (_, i) => {
    const date = istDate(3 + i);
    return `('${prefix}-${i}', 'gurugram', 'Long Table ${i + 1} ${t}', 'A seeded dinner.', 'Gurugram', '${date}',
      '${date}T13:30:00.000Z', '/images/events/gurugram.svg', 0, 499, 899, 749, 20)`;
  });
  localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity) VALUES ${rows.join(',\n')};`);
  try {
    await signInOperator(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
      await expect(page.getByText(`Long Table 1 ${t}`).first()).toBeAttached();
      await settle(page);
      noteHeight(`console-dashboard-${size.name}`, await page.evaluate(() => document.documentElement.scrollHeight));
      await shot(page, `console-dashboard-${size.name}`);
    }
  } finally {
    localD1(`DELETE FROM events WHERE id LIKE '${prefix}-%';`);
  }
});

test("the console's create-dinner form, submitted empty", async ({ page }) => {
  await signInOperator(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'New dinner' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New dinner' })).toBeVisible();
    // Emptied: whatever the form starts with (a default time, a capacity) is cleared where it can be.
    for (const label of ['Title', 'Description', 'Area']) await page.getByLabel(label).fill('');
    await page
      .getByRole('button', { name: /^Create/ })
      .first()
      .click();
    await settle(page);
    await shot(page, `console-new-dinner-errors-${size.name}`, true);
  }
});

test("the console: a dinner's guest list", async ({ page }) => {
  const dinner = seedMatchingDinner();
  await signInOperator(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/admin/events/${dinner.id}`);
    await expect(page.getByRole('table')).toContainText(dinner.guests[0].name);
    await settle(page);
    await shot(page, `console-guest-list-${size.name}`, true);
  }
});

test("the console's 'Needs attention'", async ({ page }) => {
  const t = tag();
  const eventId = `e2e-screens-na-${t}`;
  const date = istDate(12);
  const phone = await signInOperator(page);
  const [{ results }] = JSON.parse(localD1(`SELECT id FROM users WHERE phone = '+91${phone}'`, { json: true })) as [
    { results: { id: string }[] },
  ];
  localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${eventId}', 'gurugram', 'Flagged Supper ${t}', 'A test dinner.', 'Gurugram', '${date}',
      '${date}T13:30:00.000Z', '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
    INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount,
      status, hold_expires_at, payment_id, failure_reason, keeps_seat)
     VALUES ('ord_screens_${t}', 'order_screens_${t}', 'rcpt_screens_${t}', '${results[0].id}', '${eventId}', 'male', 1,
      499, 'needs_attention', '2000-01-01T00:00:00.000Z', 'pay_screens_${t}', 'Booking creation failed after payment.', 0);`);
  try {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/admin');
      const section = page.getByRole('region', { name: 'Needs attention' });
      await expect(section).toContainText(`ord_screens_${t}`);
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshotForNote(page, { path: `${SHOTS}/console-needs-attention-${size.name}.png` });
    }
  } finally {
    localD1(`DELETE FROM payment_orders WHERE id = 'ord_screens_${t}'; DELETE FROM events WHERE id = '${eventId}';`);
  }
});
