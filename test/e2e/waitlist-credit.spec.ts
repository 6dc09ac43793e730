import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { confirmEmailFromOutbox } from './helpers/guest-api.ts';
import { d1Rows, localD1 } from './helpers/local-d1.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';

/**
 * Issue 20 "A full table every night", end to end in Chromium: a dinner sells out; a guest joins the
 * waitlist; another guest can't make it; the first gets the offer, pays, and is seated; the second
 * sees their credit and spends it on another dinner (part credit, part Razorpay); a third pays
 * entirely with credit. The dinners live in a city of their own (hidden), so no other spec sees them.
 */

const tag = Math.random().toString(36).slice(2, 8);
const city = `e2e-wl-${tag}`;
const HOUR = 3_600_000;

/** A dinner `inHours` ahead (IST date derived), its prices and capacity; returns its id. */
async function seedDinner(name: string, inHours: number, capacity: number, single: number) {
  const startsAt = new Date(Math.floor((Date.now() + inHours * HOUR) / 60_000) * 60_000).toISOString();
  const date = new Date(new Date(startsAt).getTime() + 5.5 * HOUR).toISOString().slice(0, 10);
  const id = `e2e-wl-${name}-${tag}`;
  await localD1(`INSERT OR IGNORE INTO cities (slug, name, blurb, status) VALUES ('${city}', 'Waitlist Town', 'A test city.', 'hidden');
    INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
    VALUES ('${id}', '${city}', '${name} Supper ${tag}', 'A test dinner.', 'Gurugram', '${date}', '${startsAt}',
      '/images/events/gurugram.svg', 1, ${single}, ${single * 2}, ${single * 2}, ${capacity});`);
  return { id, title: `${name} Supper ${tag}` };
}

/** A guest signed in by phone (through the API) in a fresh context, with a complete profile (female) and a confirmed email. */
async function newGuest(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const phone = randomPhone();
  await signInByApi(page, phone);
  const email = `wl-${name.toLowerCase()}-${phone}@example.com`;
  const res = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: `${name} Verma`,
      email,
      phone_number: phone,
      date_of_birth: '1995-04-12',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await confirmEmailFromOutbox(page, ORIGIN, email);
  const [user] = await d1Rows<{ id: string }>(`SELECT id FROM users WHERE phone = '+91${phone}'`);
  return { page, email, phone, userId: user.id };
}

/** A paid, confirmed booking of `userId` at the dinner (a Female ticket at ₹312), as the pipeline leaves one. */
async function seedBooking(userId: string, dinner: { id: string; title: string }) {
  const b = `bkg_e2e_${tag}_${Math.random().toString(36).slice(2, 6)}`;
  await localD1(`INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at, payment_id)
      VALUES ('${b}-o', '${b}-r', '${userId}', '${dinner.id}', 'female', 1, 312, 'confirmed', '2000-01-01T00:00:00.000Z', 'pay_${b}');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type, seats, amount,
      payment_id, status, ticket_code)
      VALUES ('${b}', '${userId}', '${b}-o', '${dinner.id}', '${dinner.title}', 'Gurugram', '2026-01-01', 'female', 1, 312,
      'pay_${b}', 'confirmed', 'TC${tag}${Math.random().toString(36).slice(2, 8)}');`);
  return b;
}

async function payInSandbox(page: Page, amount: string) {
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText(amount);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 20_000 });
}

test('a sold-out dinner: a guest waits, another can’t make it, the first is seated; credit is spent in part and in full', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Inside 48 hours (so "can't make it" is open) and more than 24 away (the offer holds 2 hours).
  const full = await seedDinner('Full', 30, 1, 499);
  const next = await seedDinner('Next', 200, 8, 999);

  const leaver = await newGuest(browser, 'Bela');
  const leaverBooking = await seedBooking(leaver.userId, full);
  const waiter = await newGuest(browser, 'Anya');

  // The dinner is sold out: the booking box offers the waitlist instead.
  await waiter.page.goto(`/event/${full.id}`);
  const box = waiter.page.getByRole('complementary', { name: 'Book this dinner' });
  await box.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await box.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(box.getByText("You're number 1 in line.").first()).toBeVisible();
  await expectAccessible(waiter.page);

  // The other guest can't make it: told before confirming that credit comes only if the seat sells.
  await leaver.page.goto(`/booking/${leaverBooking}`);
  await leaver.page.getByRole('button', { name: "Can't make it" }).click();
  const dialog = leaver.page.getByRole('dialog');
  await expect(dialog).toContainText('If nobody does, there is no credit and no refund.');
  await dialog.getByRole('button', { name: 'Release my seats' }).click();
  await expect(leaver.page.getByTestId('release-done')).toBeVisible();
  await expect(leaver.page.getByTestId('release-credit')).toContainText('₹312');
  await expect(leaver.page.getByText('Show this code to your host')).toHaveCount(0);
  await expectAccessible(leaver.page);

  // The waiting guest gets the offer by email (and WhatsApp), opens it, and pays.
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox()).find((m) => m.to === waiter.email && m.subject?.startsWith('A seat opened up'));
        link = mail?.body.match(/\/offers\/[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await waiter.page.goto(link);
  await expect(waiter.page.getByRole('heading', { name: full.title })).toBeVisible();
  await expect(waiter.page.getByText(/Your seats are held until/)).toBeVisible();
  await expectAccessible(waiter.page);
  await waiter.page.getByRole('button', { name: 'Take the seat' }).click();
  await payInSandbox(waiter.page, '312');

  // Seated again: the guest who released sees their credit on /profile.
  await expect
    .poll(
      async () => {
        await leaver.page.goto('/profile');
        return leaver.page
          .getByTestId('credit-balance')
          .textContent({ timeout: 3_000 })
          .catch(() => '');
      },
      { timeout: 30_000 },
    )
    .toContain('₹312 credit');
  await expect(leaver.page.getByRole('list', { name: 'Credit history' })).toContainText('Your seat was taken again');

  // Spent on another dinner: ₹312 of credit, the rest (₹312) through Razorpay.
  await leaver.page.goto(`/event/${next.id}`);
  const nextBox = leaver.page.getByRole('complementary', { name: 'Book this dinner' });
  await nextBox.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await expect(nextBox.getByLabel(/Use my credit \(₹312\)/)).toBeChecked();
  await nextBox.getByRole('button', { name: 'Book Now' }).click();
  await payInSandbox(leaver.page, '312');
  await leaver.page.goto('/profile');
  await expect(leaver.page.getByTestId('credit-balance')).toContainText('₹0 credit');

  // A third guest, with credit from the team, pays entirely with it: no payment window at all.
  const third = await newGuest(browser, 'Chitra');
  await localD1(`INSERT INTO credit_entries (id, user_id, kind, amount, note, expires_at)
    VALUES ('cr_e2e_${tag}', '${third.userId}', 'operator', 700, 'Welcome back', '2099-01-01T00:00:00.000Z')`);
  await third.page.goto(`/event/${next.id}`);
  const thirdBox = third.page.getByRole('complementary', { name: 'Book this dinner' });
  await thirdBox.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await expect(thirdBox.getByLabel(/Use my credit \(₹700\)/)).toBeChecked();
  await thirdBox.getByRole('button', { name: 'Book Now' }).click();
  await expect(third.page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 20_000 });
  await expect(third.page.getByRole('dialog', { name: 'Razorpay sandbox checkout' })).toHaveCount(0);
  await third.page.goto('/profile');
  await expect(third.page.getByTestId('credit-balance')).toContainText('₹76 credit');
});
