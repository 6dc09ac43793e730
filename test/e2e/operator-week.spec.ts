/**
 * An operator's week, end to end (issue 11): an operator made with `npm run role` creates a weekly
 * series and a coupon for its first dinner in the console; a guest, in a browser of their own,
 * books that dinner with the coupon and pays the discounted price in the Razorpay sandbox; the
 * operator finds the guest in the guest list, downloads the CSV, cancels the dinner through its
 * one dialog, and the guest's cancellation email arrives through the real queue. Nothing here is
 * written with SQL: every step is the browser or the API the browser uses.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { root } from '../stack/stack.ts';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { confirmEmailFromOutbox } from './helpers/guest-api.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';
import { E2E_STATE_DIR, E2E_WORKER_PORT } from './playwright.config.ts';

/** Completes the guest's profile through the API the profile form uses. */
async function completeProfile(page: Page, phone: string, name: string, email: string) {
  const res = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: name,
      email,
      phone_number: phone,
      date_of_birth: '1994-02-11',
      sex: 'male',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  // Booking emails go only to a confirmed email: the guest opens the welcome email's link.
  await confirmEmailFromOutbox(page, ORIGIN, email);
}

test('an operator creates a series and a coupon; a guest books with it; the operator lists, exports and cancels; the guest is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const title = `Operator Week ${tag} — Gurugram`;
  const code = `WEEK-${tag.toUpperCase()}`;

  // The operator: signed in once, then given the role from the command line.
  const operatorPhone = await signInByApi(page);
  execFileSync('npm', ['run', '--silent', 'role', '--', operatorPhone, 'operator', '--persist-to', E2E_STATE_DIR], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // A weekly series of two Sunday dinners; prices come from Gurugram's last dinner.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'New dinner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New dinner' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Two long tables, one week apart.');
  await page.getByLabel('City', { exact: true }).selectOption('gurugram');
  await page.getByLabel('Area').fill('Golf Course Road');
  await page.getByLabel('Repeat weekly for N weeks').check();
  await page.getByLabel('Weekday').selectOption('sunday');
  await page.getByLabel('Number of weeks').fill('2');
  await page.getByLabel('Time (IST)').fill('19:00');
  await page.getByLabel('Capacity').fill('8');
  await page.getByRole('button', { name: 'Create series' }).click();
  // The dashboard, searched for the series' title: its two dinners are the table's rows.
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  const cards = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  await expect(cards).toHaveCount(2);

  const listed = (await (await page.request.get('/api/admin/events')).json()) as {
    events: Array<{ id: string; title: string; starts_at: string }>;
  };
  const [first] = listed.events.filter((e) => e.title === title).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const editable = (await (await page.request.get(`/api/admin/events/${first.id}`)).json()) as {
    event: { ticket_price_single: number };
  };
  const price = editable.event.ticket_price_single;
  expect(price).toBeGreaterThan(100);
  const discounted = Math.floor((price * 80 + 50) / 100);

  // A 20% coupon for that first dinner, capped at 3 redemptions.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Coupons' }).click();
  const form = page.getByRole('region', { name: 'New coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Discount').selectOption('percent');
  await form.getByLabel('Value').fill('20');
  await form.getByLabel('Dinner').selectOption(first.id);
  await form.getByLabel('Usage cap').fill('3');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  const coupon = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: code }) });
  await expect(coupon).toContainText('0 of 3');

  // The guest, in a browser of their own, books the first dinner with the coupon.
  const guestContext = await browser.newContext({ baseURL: `http://localhost:${E2E_WORKER_PORT}` });
  const guest = await guestContext.newPage();
  const guestPhone = randomPhone();
  const guestName = 'Ira Kapoor';
  const guestEmail = `week-${tag}@example.com`;
  await signInByApi(guest, guestPhone);
  await completeProfile(guest, guestPhone, guestName, guestEmail);
  await guest.goto(`/event/${first.id}`);
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();
  await guest.getByLabel('Coupon code').fill(code.toLowerCase());
  await guest.getByRole('button', { name: 'Apply' }).click();
  await expect(guest.getByText(`Coupon ${code} applied: 20% off.`)).toBeVisible();
  const male = guest.getByRole('radio', { name: /^Male 1 seat/ });
  await expect(male).toHaveAccessibleName(new RegExp(`was ₹${price}\\s*now ₹${discounted}`));
  await male.check();
  await guest.getByRole('button', { name: 'Book Now' }).click();
  const checkout = guest.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toContainText(String(discounted));
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(guest.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 20_000 });

  // The operator sees the redemption, then the guest in the dinner's guest list, and exports it.
  await page.reload();
  await expect(coupon).toContainText('1 of 3');
  await page.goto(`/admin/events/${first.id}`);
  const table = page.getByRole('table', { name: `Guests of ${title}` });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: guestName }) });
  await expect(row).toContainText(`₹${discounted}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path())
    .subarray(3)
    .toString('utf8')
    .split('\r\n');
  const line = csv.find((l) => l.startsWith(`${guestName},`));
  // A single ticket: the second guest's two columns are empty.
  expect(line, csv.join('\n')).toContain(`'+91${guestPhone},${guestEmail},,,Male,1,${discounted},confirmed`);

  // Cancel through the one dialog; the guest's email arrives, and the dinner leaves /events.
  const actions = page.getByRole('region', { name: 'Dinner actions' });
  await actions.getByRole('button', { name: 'Cancel dinner' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${title}?` });
  await dialog.getByLabel('Reason (guests read it)').fill('The venue flooded. We are so sorry.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel dinner and tell 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(actions.getByRole('status').filter({ hasText: 'Reason:' })).toContainText('The venue flooded.');

  const subjectsTo = async (to: string) => (await outbox()).filter((m) => m.to === to).map((m) => m.subject ?? '');
  await expect
    .poll(async () => (await subjectsTo(guestEmail)).filter((s) => s.startsWith('Cancelled: ')).length, {
      timeout: 30_000,
      message: `the cancellation email to ${guestEmail}`,
    })
    .toBe(1);
  const events = (await (await guest.request.get('/api/events')).json()) as { events: Array<{ id: string }> };
  expect(events.events.map((e) => e.id)).not.toContain(first.id);
  await guestContext.close();
});
