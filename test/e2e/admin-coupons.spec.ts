/**
 * Coupons end to end (docs/decisions/015): an operator creates one in the console (the form's own
 * check and the server's 409 each land on their input), a guest applies it in the checkout, sees
 * the price struck through beside the discounted one, and pays the discounted amount in the
 * Razorpay sandbox; the console then counts the redemption. axe on the page at phone width.
 */
import type { Page } from '@playwright/test';
import { nextSaturdays } from '../../db/seed.ts';
import { expect, expectAccessible, SANDBOX_URL, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { randomPhone, signInByApi } from './helpers/sign-in.ts';
import { E2E_WORKER_PORT } from './playwright.config.ts';

const makeOperator = (phone: string) => grantRole(phone, 'operator');

/** Completes the guest's profile through the API the profile form uses. */
async function completeProfile(page: Page, phone: string) {
  const res = await page.request.put('/api/profile', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      full_name: 'Meera Iyer',
      email: `coupon-${phone}@example.com`,
      phone_number: phone,
      date_of_birth: '1993-08-02',
      sex: 'male',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The sandbox's record of a Razorpay order (its REST API, with the stack's test keys). */
async function razorpayOrder(id: string) {
  const res = await fetch(`${SANDBOX_URL}/v1/orders/${id}`, {
    headers: { Authorization: `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}` },
  });
  return (await res.json()) as { amount: number; notes: Record<string, string> };
}

test('an operator creates a coupon; a guest applies it, sees the price struck through and pays the discounted amount', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `E2E-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  // The seeded Gurugram dinner of the next Saturday (db/seed.ts), ₹499 a single ticket.
  const dinnerId = `gurugram-${nextSaturdays(new Date(), 1)[0]}`;

  await makeOperator(await signInByApi(page));
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Coupons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();

  // Phone width: nothing scrolls sideways, and axe finds nothing serious.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'New coupon' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 375px').toBeLessThanOrEqual(0);
  await expectAccessible(page);

  const form = page.getByRole('region', { name: 'New coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Discount').selectOption('percent');
  // 150% first: the domain's schema refuses it in the browser, under the input.
  await form.getByLabel('Value').fill('150');
  await form.getByLabel('Dinner').selectOption(dinnerId);
  await form.getByLabel('Usage cap').fill('5');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.locator('#coupon-value-error')).toHaveText('A percent coupon takes 1 to 100% off.');
  await expect(form.getByLabel('Value')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Value').fill('20');
  await form.getByRole('button', { name: 'Create coupon' }).click();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: code }) });
  await expect(card).toContainText('20% off');
  await expect(card).toContainText('Every ticket');
  await expect(card).toContainText('0 of 5');
  await expect(card.getByRole('switch', { name: new RegExp(`^Active\\W+${code}$`) })).toBeChecked();

  // The same code again: the server's 409 lands on the code input.
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Value').fill('10');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.locator('#coupon-code-error')).toHaveText('A coupon with this code already exists.');
  await expectAccessible(page);

  // The guest, in a browser of their own.
  const guestContext = await browser.newContext({ baseURL: `http://localhost:${E2E_WORKER_PORT}` });
  const guest = await guestContext.newPage();
  const phone = randomPhone();
  await signInByApi(guest, phone);
  await guest.goto(`/event/${dinnerId}`);
  await completeProfile(guest, phone);
  await guest.goto(`/event/${dinnerId}`);
  await expect(guest.getByText('Choose your ticket')).toBeVisible();

  await guest.getByLabel('Coupon code').fill('NOT-A-COUPON');
  await guest.getByRole('button', { name: 'Apply' }).click();
  await expect(guest.getByText('Invalid Coupon: This coupon code is not valid.')).toBeVisible();

  await guest.getByLabel('Coupon code').fill(code.toLowerCase());
  await guest.getByRole('button', { name: 'Apply' }).click();
  await expect(guest.getByText(`Coupon ${code} applied: 20% off.`)).toBeVisible();
  const male = guest.getByRole('radio', { name: /^Male 1 seat/ });
  // Struck through with "was" for screen readers, the discounted price beside it.
  await expect(male).toHaveAccessibleName(/was ₹499\s*now ₹399/);
  const maleRow = guest.locator('label').filter({ has: male });
  await expect(maleRow.locator('s')).toHaveText(/₹499/);
  await expect(maleRow.getByTestId('coupon-price')).toContainText('₹399');
  await expectAccessible(guest);

  await male.check();
  const created = guest.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await guest.getByRole('button', { name: 'Book Now' }).click();
  const placed = (await (await created).json()) as {
    order: { id: string; amount: number };
    checkout: { amount_paise: number };
  };
  expect(placed.order.amount).toBe(399);
  expect(placed.checkout.amount_paise).toBe(39900);
  const rzp = await razorpayOrder(placed.order.id);
  expect(rzp.amount).toBe(39900);
  expect(rzp.notes.coupon).toBe(code);

  const checkout = guest.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText('399');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(guest).toHaveURL(/\/confirmation\?order=order_/, { timeout: 15_000 });
  await expect(guest.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 15_000 });
  await guestContext.close();

  // The console counts the redemption; the operator raises the cap, then pauses the coupon.
  await page.reload();
  await expect(card).toContainText('1 of 5');
  await card.getByRole('button', { name: `Edit ${code}` }).click();
  const editHeading = page.getByRole('heading', { name: `Edit ${code}` });
  await expect(editHeading).toBeFocused();
  const editForm = page.getByRole('region', { name: `Edit ${code}` });
  await expect(editForm.getByLabel('Code', { exact: true })).toHaveValue(code);
  await editForm.getByLabel('Usage cap').fill('10');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(card).toContainText('1 of 10');
  await expect(page.getByRole('heading', { name: 'New coupon' })).toBeVisible();
  const active = card.getByRole('switch', { name: new RegExp(`^Active\\W+${code}$`) });
  await active.focus();
  await page.keyboard.press('Space');
  await expect(active).not.toBeChecked();
  await expect(card).toContainText('Paused');
  await expectAccessible(page);
});
