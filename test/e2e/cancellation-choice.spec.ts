/**
 * When we cancel a dinner (DESIGN.md "My Booking", SPEC §4): an operator cancels it (the console's
 * API, as an operator made with `npm run role`), the guest opens My Booking, reads why, chooses a
 * full refund through its confirmation step, sees "Refund on its way" while Razorpay holds the
 * refund pending, and "Refunded" once the sandbox processes it and delivers `refund.processed` to
 * the Worker. The payment is a real one in the Razorpay sandbox; the refund goes through the real
 * queue. On the night, the guest says they are running late and the dinner's host gets the
 * WhatsApp. axe at 375px and on desktop.
 */
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { istDate } from '../../worker/domain/time.ts';
import { expect, expectAccessible, outbox, SANDBOX_URL, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { E2E_WORKER_PORT } from './playwright.config.ts';

const basic = `Basic ${Buffer.from('rzp_test_sandbox:sandbox_key_secret').toString('base64')}`;
const razorpay = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
  (
    await fetch(`${SANDBOX_URL}${path}`, {
      method,
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  ).json() as Promise<T>;

/**
 * A dinner of this test's own (hidden, so other specs' lists never see it) and a booking on it for
 * the signed-in guest `phone`, paid for real in the Razorpay sandbox (its refunds held pending
 * until the test processes them, as a bank would take its time).
 */
async function bookedDinner(phone: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [, saturday] = nextSaturdays(new Date(), 2);
  const id = `e2e-choice-${tag}`;
  const title = `Rooftop Supper ${tag}`;
  const order = await razorpay<{ id: string }>('POST', '/v1/orders', {
    amount: 49900,
    currency: 'INR',
    receipt: `rcpt-${tag}`,
    notes: {},
  });
  const paid = (await (
    await fetch(`${SANDBOX_URL}/checkout/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order_id: order.id, outcome: 'success', webhooks: false, refunds: 'pending' }),
    })
  ).json()) as { razorpay_payment_id: string };
  const paymentId = paid.razorpay_payment_id;
  const user = `(SELECT id FROM users WHERE phone = '${phone}')`;
  const booking = `bkg_e2e_${tag}`;
  const email = `choice-${tag}@example.com`;
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${saturday}', '${startsAtUtc(saturday)}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
    INSERT INTO user_profiles (id, user_id, full_name, email, email_verified_at, phone_number)
      VALUES ('p-${tag}', ${user}, 'Meera Iyer', '${email}', '2026-01-01T00:00:00.000Z', '${phone}')
      ON CONFLICT (user_id) DO UPDATE SET full_name = 'Meera Iyer', email = '${email}',
        email_verified_at = '2026-01-01T00:00:00.000Z';
    INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at, payment_id)
      VALUES ('o-${tag}', '${order.id}', 'r-${tag}', ${user}, '${id}', 'male', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z', '${paymentId}');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code)
      VALUES ('${booking}', ${user}, 'o-${tag}', '${id}', '${title}', 'Gurugram', '${saturday}', 'male', 1, 499,
      '${paymentId}', 'confirmed', 'E2E${tag.toUpperCase()}');`);
  return { id, title, booking, paymentId, email };
}

test('we cancel a dinner; the guest chooses a full refund on My Booking and sees it refunded', async ({ page }) => {
  const phone = await signInByApi(page);
  const dinner = await bookedDinner(/^\d{10}$/.test(phone) ? `+91${phone}` : phone);
  await grantRole(phone, 'operator');

  // The operator cancels it (the console's API; its dialog has its own spec, admin-cancel.spec.ts).
  const reason = 'Our chef is unwell. We are very sorry.';
  const cancelled = await page.request.post(`/api/admin/events/${dinner.id}/cancel`, {
    data: { reason },
    headers: { Origin: `http://localhost:${E2E_WORKER_PORT}` },
  });
  expect(cancelled.status()).toBe(200);

  // The guest opens My Booking at phone width.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/booking/${dinner.booking}`);
  const card = page.getByRole('region', { name: 'We cancelled this dinner' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Why: ${reason}`);
  await expect(card).toContainText('we will refund you in full automatically');
  await expect(card.getByRole('button', { name: 'Move to another dinner' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 375px').toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // 'Move to another dinner' opens the dinners it may move to; Back returns to the two choices.
  await card.getByRole('button', { name: 'Move to another dinner' }).click();
  await expect(card.getByRole('group', { name: 'Choose a dinner' })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Back' }).click();

  // Full refund, confirmed with the keyboard.
  await card.getByRole('button', { name: 'Full refund' }).click();
  const confirm = card.getByRole('group', { name: /Refund ₹499 in full/ });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/Refund ₹499 in full/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Yes, refund me' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Requested through the queue; Razorpay holds it pending.
  const pending = page.getByRole('region', { name: 'Refund on its way' });
  await expect(pending).toBeVisible();
  await expect(pending.getByRole('status')).toContainText('Banks usually credit it within 7 working days');
  await expectAccessible(page);
  let refundId = '';
  await expect
    .poll(
      async () => {
        const refunds = await razorpay<{ items: Array<{ id: string; status: string }> }>(
          'GET',
          `/v1/payments/${dinner.paymentId}/refunds`,
        );
        refundId = refunds.items[0]?.id ?? '';
        return refunds.items.map((r) => r.status);
      },
      { timeout: 30_000 },
    )
    .toEqual(['pending']);

  // The bank is done: the sandbox delivers refund.processed to the Worker, the page follows.
  await fetch(`${SANDBOX_URL}/checkout/refunds/${refundId}/process`, { method: 'POST' });
  const refunded = page.getByRole('region', { name: 'Refunded' });
  await expect(refunded).toBeVisible({ timeout: 30_000 });
  await expect(refunded.getByRole('status')).toContainText('₹499 was refunded to your original payment method');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);

  // Told once by email; one refund at Razorpay.
  await expect
    .poll(
      async () =>
        (await outbox()).filter((m) => m.to === dinner.email && m.subject === `Refunded: ${dinner.title}`).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  const refunds = await razorpay<{ count: number }>('GET', `/v1/payments/${dinner.paymentId}/refunds`);
  expect(refunds.count).toBe(1);
});

test('on the night, the guest says they are running late and the host is told by WhatsApp', async ({ page }) => {
  const phone = await signInByApi(page);
  const e164 = /^\d{10}$/.test(phone) ? `+91${phone}` : phone;
  const tag = Math.random().toString(36).slice(2, 8);
  // Tonight in IST: started five minutes ago, or (just after IST midnight) starting in a minute.
  const now = Date.now();
  const earlier = new Date(now - 5 * 60_000);
  const startsAt = istDate(earlier) === istDate(new Date(now)) ? earlier : new Date(now + 60_000);
  const id = `e2e-late-${tag}`;
  const title = `Late Supper ${tag}`;
  const host = { id: `host-${tag}`, phone: `+9193${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` };
  const user = `(SELECT id FROM users WHERE phone = '${e164}')`;
  const booking = `bkg_late_${tag}`;
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${istDate(startsAt)}', '${startsAt.toISOString()}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
    INSERT INTO users (id, phone, role) VALUES ('${host.id}', '${host.phone}', 'host');
    INSERT INTO user_profiles (id, user_id, full_name) VALUES ('${host.id}-p', '${host.id}', 'Kabir Host');
    INSERT INTO event_hosts (event_id, user_id, assigned_by) VALUES ('${id}', '${host.id}', '${host.id}');
    INSERT INTO user_profiles (id, user_id, full_name, phone_number) VALUES ('p-${tag}', ${user}, 'Meera Iyer', '${e164}')
      ON CONFLICT (user_id) DO UPDATE SET full_name = 'Meera Iyer';
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at, payment_id)
      VALUES ('o-${tag}', 'r-${tag}', ${user}, '${id}', 'couple', 2, 899, 'confirmed', '2000-01-01T00:00:00.000Z', 'pay_late_${tag}');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code)
      VALUES ('${booking}', ${user}, 'o-${tag}', '${id}', '${title}', 'Gurugram', '${istDate(startsAt)}', 'couple', 2, 899,
      'pay_late_${tag}', 'confirmed', 'LATE${tag.toUpperCase()}');`);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/booking/${booking}`);
  const late = page.getByRole('region', { name: 'Running late?' });
  await expect(late).toBeVisible();
  await expect(late.getByRole('button', { name: 'Running late' })).toBeDisabled();
  await late.getByRole('radio', { name: '20 minutes' }).check();
  await late.getByRole('button', { name: 'Running late' }).click();
  await expect(late.getByText('Tell your host you will be about 20 minutes late?')).toBeFocused();
  await expectAccessible(page);
  await late.getByRole('button', { name: 'Yes, tell my host' }).click();
  await expect(late.getByTestId('running-late-sent')).toContainText(
    'Your host knows you will be about 20 minutes late',
  );
  await expectAccessible(page);

  await expect
    .poll(async () => (await outbox()).filter((m) => m.to === host.phone).map((m) => m.body), { timeout: 30_000 })
    .toEqual([`[template running_late] Kabir | Meera Iyer | 20 | ${title} | 2`]);

  // A second press within minutes is refused, and said so.
  await late.getByRole('radio', { name: '30 minutes' }).check();
  await late.getByRole('button', { name: 'Running late' }).click();
  await late.getByRole('button', { name: 'Yes, tell my host' }).click();
  await expect(late.getByRole('alert')).toContainText('You told your host just now');
  expect((await outbox()).filter((m) => m.to === host.phone)).toHaveLength(1);
});
