/**
 * The before/after pictures issue 24 asks for, at 390×844 and 1366×900: the home dialog's sign-up,
 * a 1:00 PM Thursday dinner, a booking whose dinner was cancelled (then refunded), the bars of
 * /events and the event page, /profile and the quiz's character step on a phone, and the console
 * with many dinners, its create form's errors, a guest list and 'Needs attention'.
 *
 * Pictures only with `SCREENSHOTS=1`, into docs/screenshots/issue-24/$SCREENSHOT_SET (default
 * `after`); without it the spec only walks the screens. Everything is seeded once, in one
 * transaction (a random tag), and what other specs could see is removed at the end. The
 * 1 PM dinner is on sale while the spec runs (a hidden city's, so the home page never shows it;
 * /events does), hence the shared-state list in playwright.config.ts.
 * @example SCREENSHOTS=1 SCREENSHOT_SET=after npx playwright test --config test/e2e/playwright.config.ts issue-24-screens --project=shared-state --no-deps
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Cookie, Page } from '@playwright/test';
import { expect, SANDBOX_URL, spaRendered, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { screenshotForNote } from './helpers/screenshots.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';

const SET = process.env.SCREENSHOT_SET ?? 'after';
const SHOTS = `docs/screenshots/issue-24/${SET}`;
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const PHONE = SIZES[0];

const shot = (page: Page, name: string, fullPage = false) =>
  screenshotForNote(page, { path: `${SHOTS}/${name}.png`, fullPage });

/** Page heights worth quoting in the note (the dashboard, the quiz step), beside the pictures. */
function noteHeight(key: string, px: number) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/heights-${key}.txt`, `${px}\n`);
}

/** Lets a page come to rest before its picture; a walk without pictures asserts what it waits for. */
async function settle(page: Page) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
}

const T = Math.random().toString(36).slice(2, 8);
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
/** The IST calendar date `days` ahead. */
const istDate = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** The first Thursday at least 3 days ahead (IST). */
function nextThursday(): string {
  for (let d = 3; ; d++) {
    const date = istDate(d);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 4) return date;
  }
}

const razorpay = { Authorization: `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}` };

/** A paid sandbox order (no webhook): what a seeded booking's payment_id points at, so a refund goes through. */
async function sandboxPayment(paise: number) {
  const created = await fetch(`${SANDBOX_URL}/v1/orders`, {
    method: 'POST',
    headers: { ...razorpay, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: paise, currency: 'INR', receipt: `rcpt_${T}_${digits(4)}`, notes: {} }),
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

type Guest = { userId: string; bookingId: string; name: string; phone: string };
type Dinner = { id: string; title: string; date: string; guests: Guest[] };

const NAMES = ['Kavya Sharma', 'Arjun Mehta', 'Ananya Iyer', 'Rohan Rao', 'Ishita Kapoor', 'Kabir Sen'];
const NAMES2 = ['Meera Nair', 'Vikram Gupta', 'Riya Bose', 'Aditya Reddy', 'Sana Sharma', 'Dev Mehta'];

/**
 * SQL for a hidden dinner (not on sale) `days` ahead at 7 PM IST with `n` paid, confirmed one-seat
 * guests, each with a profile and the quiz done (so a guest's sign-in lands on the site, not the quiz).
 */
function dinnerSql(key: string, days: number, n: number, payments: { orderId: string; paymentId: string }[] = []) {
  const id = `e2e-i24-${key}-${T}`;
  const title = `${key === 'cancel' ? 'Cancelled' : 'Long Table'} Supper ${T}`;
  const date = istDate(days);
  const guests: Guest[] = [];
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const userId = `${id}-u${i}`;
    const sex = i % 2 ? 'male' : 'female';
    const name = `${[...NAMES, ...NAMES2][i % 12]} ${T}`;
    const phone = `9${digits(9)}`;
    const pay = payments[i] ?? { orderId: `order_${userId}`, paymentId: `pay_${userId}` };
    guests.push({ userId, bookingId: `${userId}-b`, name, phone });
    rows.push(`INSERT INTO users (id, phone) VALUES ('${userId}', '+91${phone}');
      INSERT INTO user_profiles (id, user_id, full_name, email, phone_number, sex, date_of_birth, work_profile)
        VALUES ('${userId}-p', '${userId}', '${name}', '${userId}@example.com', '+91${phone}', '${sex}', '199${i % 10}-0${1 + (i % 9)}-1${i % 10}', 'job');
      INSERT INTO quiz_responses (id, user_id, name, age_range, dietary_preferences, interests, personality_type,
        conversation_style, answers)
        VALUES ('${userId}-q', '${userId}', '${name}', '25-34', 'non_vegetarian', '[]', 'extrovert', 'listener', '{}');
      INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount, status,
        hold_expires_at, payment_id)
        VALUES ('${userId}-o', '${pay.orderId}', '${userId}-r', '${userId}', '${id}', '${sex}', 1, 499, 'confirmed',
        '2000-01-01T00:00:00.000Z', '${pay.paymentId}');
      INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
        ticket_type, seats, amount, payment_id, status, ticket_code)
        VALUES ('${userId}-b', '${userId}', '${userId}-o', '${id}', '${title}', 'Gurugram', '${date}', '${sex}', 1, 499,
        '${pay.paymentId}', 'confirmed', 'I24${T.slice(0, 1).toUpperCase()}-${digits(4)}-${digits(4)}-${digits(4)}');`);
  }
  const sql = `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${date}', '${date}T13:30:00.000Z',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 20);
    ${rows.join('\n')}`;
  return { dinner: { id, title, date, guests } satisfies Dinner, sql };
}

/** What the tests share: seeded once per worker in beforeAll. */
const seeded = {} as {
  onePm: { id: string; title: string };
  list: Dinner;
  cancelled: Dinner;
  manyPrefix: string;
  flaggedOrder: string;
  operator: Cookie[];
  guest: Cookie[];
  cancelledGuest: Cookie[];
};

/** Signs in `phone` in a context of its own and returns its cookies. */
async function cookiesOf(browser: import('@playwright/test').Browser, phone: string) {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await signInByApi(page, phone);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const pay = await sandboxPayment(49_900);
  const list = dinnerSql('list', 10, 12);
  const cancelled = dinnerSql('cancel', 11, 1, [pay]);
  const onePm = { id: `e2e-i24-1pm-${T}`, title: `Thursday Lunch Table ${T}` };
  const thursday = nextThursday();
  const manyPrefix = `e2e-i24-many-${T}`;
  const many = Array.from({ length: 150 }, (_, i) => {
    const date = istDate(3 + i);
    return `('${manyPrefix}-${i}', 'gurugram', 'Long Table ${i + 1} ${T}', 'A seeded dinner.', 'Gurugram', '${date}',
      '${date}T13:30:00.000Z', '/images/events/gurugram.svg', 0, 499, 899, 749, 20)`;
  });
  const operatorPhone = `9${digits(9)}`;
  const operatorId = `e2e-i24-op-${T}`;
  const flaggedOrder = `ord_i24_${T}`;
  await localD1(`${list.sql}
    ${cancelled.sql}
    INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${onePm.id}', 'i24-${T}', '${onePm.title}', 'A lunch table at one.', 'Gurugram', '${thursday}',
      '${thursday}T07:30:00.000Z', '/images/events/gurugram.svg', 1, 499, 899, 749, 8);
    INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity) VALUES ${many.join(',\n')};
    INSERT INTO users (id, phone, role) VALUES ('${operatorId}', '+91${operatorPhone}', 'operator');
    INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount,
      status, hold_expires_at, payment_id, failure_reason, keeps_seat)
     VALUES ('${flaggedOrder}', 'order_i24_${T}', 'rcpt_i24_${T}', '${list.dinner.guests[1].userId}', '${list.dinner.id}',
      'male', 1, 499, 'needs_attention', '2000-01-01T00:00:00.000Z', 'pay_i24_${T}',
      'Booking creation failed after payment.', 0);`);
  Object.assign(seeded, {
    onePm,
    list: list.dinner,
    cancelled: cancelled.dinner,
    manyPrefix,
    flaggedOrder,
    operator: await cookiesOf(browser, operatorPhone),
    guest: await cookiesOf(browser, list.dinner.guests[0].phone),
    cancelledGuest: await cookiesOf(browser, cancelled.dinner.guests[0].phone),
  });
  // The operator cancels the dinner of the cancelled guest through the console's API.
  const context = await browser.newContext({ baseURL: ORIGIN });
  await context.addCookies(seeded.operator);
  const res = await context.request.post(`/api/admin/events/${cancelled.dinner.id}/cancel`, {
    headers: { Origin: ORIGIN },
    data: { reason: 'Our chef is unwell. We are very sorry.' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
});

test.afterAll(async () => {
  if (!seeded.onePm) return;
  await localD1(`UPDATE events SET available = 0 WHERE id = '${seeded.onePm.id}';
    DELETE FROM events WHERE id LIKE '${seeded.manyPrefix}-%';
    DELETE FROM payment_orders WHERE id = '${seeded.flaggedOrder}';`);
});

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
    await dialog.getByLabel('Email').fill(`i24-${T}-${size.name}@example.com`);
    await dialog.getByLabel('Password').fill('secret1');
    await shot(page, `signup-${size.name}`);
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    // What Sign Up leads to: the code step, once the server has sent the code.
    await expect(dialog.getByLabel('Verification code')).toBeVisible();
    await settle(page);
    await shot(page, `signup-submitted-${size.name}`);
  }
});

test('a dinner created for 1:00 PM on a Thursday, on its event page and on /events', async ({ page }) => {
  const { id, title } = seeded.onePm;
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
});

test("a cancelled dinner's guest list in the console", async ({ page }) => {
  await page.context().addCookies(seeded.operator);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/admin/events/${seeded.cancelled.id}`);
    await expect(page.getByRole('table')).toContainText(seeded.cancelled.guests[0].name);
    await settle(page);
    await shot(page, `cancelled-guest-list-${size.name}`, true);
  }
});

test('a booking whose dinner was cancelled: My Booking and /profile; then refunded', async ({ page }) => {
  const [guest] = seeded.cancelled.guests;
  await page.context().addCookies(seeded.cancelledGuest);
  const both = async (state: string) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/booking/${guest.bookingId}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(seeded.cancelled.title);
      await settle(page);
      await shot(page, `${state}-my-booking-${size.name}`, true);
      await page.goto('/profile');
      await expect(page.getByText(seeded.cancelled.title).first()).toBeVisible();
      await settle(page);
      await shot(page, `${state}-profile-${size.name}`, true);
    }
  };
  await both('cancelled');
  // The guest takes the refund; the sandbox refunds it through the queue.
  const choice = await page.request.post(`/api/bookings/${guest.bookingId}/cancellation-choice`, {
    headers: { Origin: ORIGIN },
    data: { choice: 'refund' },
  });
  expect(choice.status(), await choice.text()).toBeLessThan(300);
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get(`/api/bookings/${guest.bookingId}`)).json()), {
      timeout: 30_000,
    })
    .toContain('"status":"refunded"');
  await both('refunded');
});

test('the bars of /events and of an event page (the top of each, signed in)', async ({ page }) => {
  await page.context().addCookies(seeded.guest);
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
  }
});

test('/profile on a phone, for a guest with a booking', async ({ page }) => {
  await page.context().addCookies(seeded.guest);
  await page.setViewportSize(PHONE);
  await page.goto('/profile');
  await expect(page.getByText(seeded.list.title).first()).toBeAttached();
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

test('the console: the dashboard with 150 more upcoming dinners', async ({ page }) => {
  await page.context().addCookies(seeded.operator);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await settle(page);
    noteHeight(`console-dashboard-${size.name}`, await page.evaluate(() => document.documentElement.scrollHeight));
    await shot(page, `console-dashboard-${size.name}`);
  }
});

test("the console's create-dinner form, submitted empty", async ({ page }) => {
  await page.context().addCookies(seeded.operator);
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
  await page.context().addCookies(seeded.operator);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/admin/events/${seeded.list.id}`);
    await expect(page.getByRole('table')).toContainText(seeded.list.guests[0].name);
    await settle(page);
    await shot(page, `console-guest-list-${size.name}`, true);
  }
});

test("the console's 'Needs attention'", async ({ page }) => {
  await page.context().addCookies(seeded.operator);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    const section = page.getByRole('region', { name: 'Needs attention' });
    await expect(section).toContainText(seeded.flaggedOrder);
    await section.scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, `console-needs-attention-${size.name}`);
  }
});
