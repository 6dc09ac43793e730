/**
 * A booking's real state, and a checkout closed half-way (issue 24). A dinner we cancel: its
 * booking reads as cancelled on /profile, My Booking and the console's guest list, with no QR and
 * no 'Add to calendar', then as refunded with the amount. A guest who closes the payment window:
 * Book Now resumes the held order ('Finish paying: your seat is held until …', the same Razorpay
 * order, never a second hold), and 'Let the seat go' frees it.
 */
import type { Page } from '@playwright/test';
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { HOLD_COPY } from '../../worker/domain/copy-hold.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';

/** A dinner of this test's own (hidden, so no list shows it) and a paid booking on it for the guest `phone`. */
async function bookedDinner(phone: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [, saturday] = nextSaturdays(new Date(), 2);
  const id = `e2e-state-${tag}`;
  const title = `Terrace Supper ${tag}`;
  const user = `(SELECT id FROM users WHERE phone = '${phone}')`;
  const booking = `bkg_state_${tag}`;
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${saturday}', '${startsAtUtc(saturday)}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
    INSERT INTO user_profiles (id, user_id, full_name, phone_number)
      VALUES ('p-${tag}', ${user}, 'Meera Iyer', '${phone}')
      ON CONFLICT (user_id) DO UPDATE SET full_name = 'Meera Iyer';
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at, payment_id)
      VALUES ('o-${tag}', 'r-${tag}', ${user}, '${id}', 'male', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z', 'pay_state_${tag}');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code)
      VALUES ('${booking}', ${user}, 'o-${tag}', '${id}', '${title}', 'Gurugram', '${saturday}', 'male', 1, 499,
      'pay_state_${tag}', 'confirmed', 'E2ES${tag.toUpperCase()}');`);
  return { id, title, booking };
}

/** The booking's badge on My Booking and on /profile, and the seat's ticket (QR, code, calendar) absent or present. */
async function expectBookingReads(page: Page, dinner: { title: string; booking: string }, label: string) {
  await page.goto(`/booking/${dinner.booking}`);
  await expect(page.getByRole('heading', { level: 1, name: dinner.title })).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText(label);
  await expect(page.getByText('Confirmed', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expect(page.getByTestId('ticket-code')).toHaveCount(0);
  await expect(page.getByText(/Show this code to your host/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(page.getByTestId('no-ticket')).toBeVisible();

  await page.goto('/profile');
  const card = page.getByTestId('booking').filter({ hasText: dinner.title });
  await expect(card.getByTestId('booking-status')).toHaveText(label);
}

test('a dinner we cancel: the booking reads as cancelled, then refunded, everywhere, and shows no ticket', async ({
  page,
}) => {
  const phone = await signInByApi(page);
  const e164 = /^\d{10}$/.test(phone) ? `+91${phone}` : phone;
  const dinner = await bookedDinner(e164);

  // Before: a seat, its QR and the calendar.
  await page.goto(`/booking/${dinner.booking}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();

  // The operator cancels it (the console's API; its dialog has its own spec, admin-cancel.spec.ts).
  await grantRole(phone, 'operator');
  const cancelled = await page.request.post(`/api/admin/events/${dinner.id}/cancel`, {
    data: { reason: 'Our chef is unwell.' },
    headers: { Origin: ORIGIN },
  });
  expect(cancelled.status()).toBe(200);

  const choose = 'Dinner cancelled · choose a refund or a move';
  await expectBookingReads(page, dinner, choose);
  await expectAccessible(page);
  await page.goto(`/admin/events/${dinner.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Meera Iyer' })).toContainText(choose);

  // Refunded (the refund itself has its own spec, cancellation-choice.spec.ts): the amount, in words.
  await localD1(`UPDATE event_bookings SET status = 'refunded', cancellation_choice = 'refund',
      cancellation_choice_at = '${new Date().toISOString()}', refunded_at = '${new Date().toISOString()}'
    WHERE id = '${dinner.booking}';`);
  await expectBookingReads(page, dinner, 'Refunded ₹499');
  await page.goto(`/admin/events/${dinner.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Meera Iyer' })).toContainText('Refunded ₹499');
});

test('a checkout closed half-way: Book Now resumes the held order, and the seat can be let go', async ({ page }) => {
  const phone = randomPhone();
  await signInByApi(page, phone);
  const profile = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Asha Verma',
      email: `held-${phone}@example.com`,
      phone_number: phone,
      date_of_birth: '1995-04-12',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  await page.goto('/event/gurugram');
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  const orders: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/orders')) orders.push(r.url());
  });
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const wire = (await (await created).json()) as {
    order: { id: string; hold_expires_at: string };
    event: { id: string };
  };
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel' }).click();

  // The seat is held: the box says until when (IST), instead of 'Sold out' or a second hold.
  const held = page.getByTestId('held-order');
  const finishWords = HOLD_COPY.finishPaying(wire.order.hold_expires_at);
  await expect(held).toContainText(finishWords);
  await expectAccessible(page);

  // Finish paying opens the same order again; closed again, and after a reload still there.
  await held.getByRole('button', { name: 'Finish paying' }).click();
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText('Female');
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  expect(orders).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId('held-order')).toContainText(finishWords);

  // Let the seat go: the hold ends now, the tickets are back.
  await page.getByTestId('held-order').getByRole('button', { name: 'Let the seat go' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: HOLD_COPY.letGoDone })).toBeVisible();
  await expect(page.getByTestId('held-order')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  const after = await page.request.get(`/api/orders/held/${wire.event.id}`);
  expect(await after.json()).toEqual({ hold: null });
  const order = (await (await page.request.get(`/api/orders/${wire.order.id}`)).json()) as {
    order: { hold_expires_at: string };
  };
  expect(Date.parse(order.order.hold_expires_at)).toBeLessThanOrEqual(Date.now());
});
