/**
 * "Needs attention" in the operator console end to end (docs/decisions/012, 013): a paid order the
 * pipeline flagged is refunded in full from the page, after a confirmation, once at Razorpay (the
 * sandbox), and leaves the list; the audit log records it. The flagged order is made the way
 * admin.spec.ts makes its dinner: a real sandbox payment, and rows written straight into the local D1.
 */
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { expect, expectAccessible, SANDBOX_URL, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { d1Rows, localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';

const razorpay = { Authorization: `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}` };

/** A paid order the pipeline dead-lettered after its hold: needs_attention, no seat kept. */
async function flaggedOrder(phone: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [saturday] = nextSaturdays(new Date(), 1);
  const sunday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // Hidden, so the other specs' lists of Gurugram dinners never see it.
  const eventId = `e2e-flagged-${tag}`;
  const title = `Flagged Supper ${tag}`;
  const created = await fetch(`${SANDBOX_URL}/v1/orders`, {
    method: 'POST',
    headers: { ...razorpay, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 49900, currency: 'INR', receipt: `rcpt_${tag}`, notes: {} }),
  });
  const { id: razorpayOrderId } = (await created.json()) as { id: string };
  // No webhook: the order row below stands for what the dead-letter queue left.
  const paid = await fetch(`${SANDBOX_URL}/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: razorpayOrderId, outcome: 'success', webhooks: false }),
  });
  const { razorpay_payment_id: paymentId } = (await paid.json()) as { razorpay_payment_id: string };
  const [user] = await d1Rows<{ id: string }>(`SELECT id FROM users WHERE phone = '+91${phone}'`);
  const orderId = `ord_e2e_${tag}`;
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${eventId}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${sunday}', '${startsAtUtc(sunday)}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
    INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount,
      status, hold_expires_at, payment_id, failure_reason, keeps_seat)
     VALUES ('${orderId}', '${razorpayOrderId}', 'rcpt_${tag}', '${user.id}', '${eventId}', 'male', 1, 499,
      'needs_attention', '2000-01-01T00:00:00.000Z', '${paymentId}', 'Booking creation failed after payment.', 0);`);
  return { orderId, paymentId, title };
}

const refundsOf = async (paymentId: string) =>
  (
    (await (await fetch(`${SANDBOX_URL}/v1/payments/${paymentId}/refunds`, { headers: razorpay })).json()) as {
      count: number;
    }
  ).count;

test('an operator refunds a flagged order from the console: confirmed first, refunded once, gone from the list', async ({
  page,
}) => {
  const phone = await signInByApi(page);
  await grantRole(phone, 'operator');
  const flagged = await flaggedOrder(phone);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await page.getByRole('link', { name: /show what needs attention/ }).click();
  await expect(page).toHaveURL(/#needs-attention$/);
  const section = page.getByRole('region', { name: 'Needs attention' });
  const card = section.getByRole('listitem').filter({ hasText: flagged.orderId });
  await expect(card).toContainText(flagged.title);
  await expect(card).toContainText(flagged.paymentId);
  await expect(card).toContainText('Booking creation failed after payment.');
  await expect(card).toContainText('Has no seat');
  await expect(card).toContainText('₹499');

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(card.getByRole('button', { name: 'Refund in full' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }

  // A confirmation first; cancelling it refunds nothing.
  await card.getByRole('button', { name: 'Refund in full' }).click();
  await expect(card.getByRole('group')).toContainText('Refund ₹499');
  await expect(card.getByRole('button', { name: 'Yes, refund in full' })).toBeFocused();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Cancel' }).click();
  expect(await refundsOf(flagged.paymentId)).toBe(0);

  await card.getByRole('button', { name: 'Refund in full' }).click();
  await card.getByRole('button', { name: 'Yes, refund in full' }).click();
  await expect(section.getByRole('status')).toContainText(`Refunded in full. ₹499`);
  await expect(section.getByRole('listitem').filter({ hasText: flagged.orderId })).toHaveCount(0);
  expect(await refundsOf(flagged.paymentId)).toBe(1);
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText(
    `Refunded order ${flagged.orderId}`,
  );

  // The API says the same, and a late second click changes nothing.
  const again = await page.request.post(`/api/admin/orders/${flagged.orderId}/refund`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(200);
  expect(await refundsOf(flagged.paymentId)).toBe(1);
});
