/**
 * Safety (issue 21) in Chromium: during a dinner, a guest reports a tablemate from My Booking
 * (harassment: the answer says what to do right now); the report is at once in the console's
 * needs attention and on /admin/reports, urgent; the operator suspends the guest concerned through
 * a dialog that says what will happen, and that guest's future booking (a real payment in the
 * Razorpay sandbox) is refunded in full through the real queue, once, and they are told in
 * neutral words. axe at phone and desktop widths on the new section, the reports page and the
 * suspension dialog.
 */
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { expect, expectAccessible, outbox, SANDBOX_URL, test } from './fixtures.ts';
import { d1Rows, localD1 } from './helpers/local-d1.ts';
import { operatorPage } from './helpers/operator.ts';
import { signInByApi } from './helpers/sign-in.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const IST_MS = 330 * 60_000;
const istDate = (at: number) => new Date(at + IST_MS).toISOString().slice(0, 10);

const basic = `Basic ${Buffer.from('rzp_test_sandbox:sandbox_key_secret').toString('base64')}`;
const razorpay = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
  (
    await fetch(`${SANDBOX_URL}${path}`, {
      method,
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  ).json() as Promise<T>;

const tenDigits = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/**
 * A dinner under way (started an hour ago; hidden, so no other spec's list sees it) with Asha and
 * Ravi checked in at table 1, and Ravi's booking at a dinner next weekend, paid for real in the
 * Razorpay sandbox.
 */
async function dinnerUnderWay() {
  const tag = Math.random().toString(36).slice(2, 8);
  const startsAt = new Date(Date.now() - 60 * 60_000);
  const date = istDate(startsAt.getTime());
  const tonight = `e2e-report-${tag}`;
  const tonightTitle = `Report Supper ${tag}`;
  const [saturday] = nextSaturdays(new Date(), 1);
  const later = `e2e-report-later-${tag}`;
  const laterTitle = `Next Week Supper ${tag}`;
  const asha = { id: `${tonight}-a`, phone: tenDigits(), email: `${tonight}-a@example.com`, name: 'Asha Rao' };
  const ravi = { id: `${tonight}-r`, phone: tenDigits(), email: `${tonight}-r@example.com`, name: 'Ravi Kumar' };
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
      body: JSON.stringify({ order_id: order.id, outcome: 'success', webhooks: false }),
    })
  ).json()) as { razorpay_payment_id: string };
  const person = (g: typeof asha, sex: string) => `INSERT INTO users (id, phone) VALUES ('${g.id}', '+91${g.phone}');
    INSERT INTO user_profiles (id, user_id, full_name, email, email_verified_at, phone_number, sex, date_of_birth)
      VALUES ('${g.id}-p', '${g.id}', '${g.name}', '${g.email}', '2026-01-01T00:00:00.000Z', '+91${g.phone}', '${sex}', '1993-05-10');
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
      VALUES ('${g.id}-o', '${g.id}-rc', '${g.id}', '${tonight}', '${sex}', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type,
      seats, amount, payment_id, status, ticket_code, table_number, checked_in_at)
      VALUES ('${g.id}-b', '${g.id}', '${g.id}-o', '${tonight}', '${tonightTitle}', 'Gurugram', '${date}', '${sex}', 1, 499,
      'pay_${g.id}', 'checked_in', '${g.id.slice(-12).toUpperCase()}', 1, '${startsAt.toISOString()}');`;
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity, venue_name, venue_address)
     VALUES ('${tonight}', 'gurugram', '${tonightTitle}', 'A test dinner.', 'Gurugram', '${date}', '${startsAt.toISOString()}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8, 'The Long Table', '1 Test Lane'),
      ('${later}', 'gurugram', '${laterTitle}', 'A test dinner.', 'Gurugram', '${saturday}', '${startsAtUtc(saturday)}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8, 'The Long Table', '1 Test Lane');
    ${person(asha, 'female')}
    ${person(ravi, 'male')}
    INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount, status,
      hold_expires_at, payment_id)
      VALUES ('${ravi.id}-o2', '${order.id}', '${ravi.id}-rc2', '${ravi.id}', '${later}', 'male', 1, 499, 'confirmed',
      '2000-01-01T00:00:00.000Z', '${paid.razorpay_payment_id}');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type,
      seats, amount, payment_id, status, ticket_code)
      VALUES ('${ravi.id}-b2', '${ravi.id}', '${ravi.id}-o2', '${later}', '${laterTitle}', 'Gurugram', '${saturday}', 'male',
      1, 499, '${paid.razorpay_payment_id}', 'confirmed', 'LATER${tag.toUpperCase()}');`);
  return {
    tag,
    tonightTitle,
    laterTitle,
    asha: { ...asha, bookingId: `${asha.id}-b` },
    ravi: { ...ravi, futureBookingId: `${ravi.id}-b2`, paymentId: paid.razorpay_payment_id },
  };
}

const bookingStatus = async (id: string) => {
  const [booking] = await d1Rows<{ status: string }>(`SELECT status FROM event_bookings WHERE id = '${id}'`);
  return booking?.status;
};

test('a guest reports a tablemate from My Booking; the operator sees it at once and suspends them, refunding their future booking', async ({
  page,
  browser,
}) => {
  // Two sign-ins, a queue run, eight axe runs.
  test.setTimeout(180_000);
  const dinner = await dinnerUnderWay();
  const { asha, ravi } = dinner;
  const words = `He kept touching my arm after I asked him to stop (${dinner.tag}).`;

  // Asha, on her phone, during the dinner: My Booking has 'Report a problem'.
  await page.setViewportSize(PHONE);
  await signInByApi(page, asha.phone);
  await page.goto(`/booking/${asha.bookingId}`);
  const section = page.getByRole('region', { name: 'Report a problem' });
  await expect(section).toBeVisible();
  await expectAccessible(page);
  await section.getByRole('button', { name: 'Report a problem' }).click();
  const first = section.getByRole('radio', { name: /Harassment or unwanted behaviour/ });
  await expect(first).toBeFocused();

  // Sent empty: the first question is focused again, with its message.
  await section.getByRole('button', { name: 'Send report' }).click();
  await expect(section.getByText('Please choose what happened.')).toBeVisible();
  await expect(first).toBeFocused();
  await expectAccessible(page);

  await first.check();
  await expect(section.getByText('If you need help right now')).toBeVisible();
  await expect(section.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
  await section.getByLabel('Tell us more').fill(words);
  const picker = section.getByLabel('The guest concerned (optional)');
  await expect(picker.getByRole('option')).toHaveText(['Nobody in particular', 'Ravi K.']);
  await picker.selectOption({ label: 'Ravi K.' });
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 375px').toBeLessThanOrEqual(0);
  await section.getByRole('button', { name: 'Send report' }).click();
  const done = section.getByTestId('report-filed');
  await expect(done).toBeFocused();
  await expect(done).toContainText("We've got it");
  await expect(done).toContainText('You will not be seated with Ravi K. at a Tablemates dinner again.');
  await expect(done).toContainText('call 112');
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);

  // The operator, in a browser of their own: needs attention has it, urgent, at once.
  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  try {
    await operatorPage(admin);
    await admin.goto('/admin');
    const attention = admin.getByRole('region', { name: 'Needs attention' });
    const item = attention.getByTestId('needs-attention-report').filter({ hasText: dinner.tag });
    await expect(item).toContainText('Harassment or unwanted behaviour');
    await expect(item).toContainText('Urgent');
    await expect(item).toContainText('Asha Rao');
    await expect(item).toContainText('Ravi Kumar');
    await expect(item).toContainText(dinner.tonightTitle);

    // /admin/reports, from the console's menu.
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
    await expect(admin).toHaveURL(/\/admin\/reports$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const card = admin.getByTestId('report').filter({ hasText: dinner.tag });
    await expect(card).toContainText('Urgent');
    await expect(card).toContainText(words);
    await expectAccessible(admin);
    await admin.setViewportSize(PHONE);
    await expectAccessible(admin);
    const narrow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(narrow, 'horizontal overflow at 375px').toBeLessThanOrEqual(0);

    // Suspending says first what it will do; a reason is required.
    await card.getByRole('button', { name: 'Suspend guest: Ravi Kumar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Suspend Ravi Kumar?' });
    await expect(dialog.getByTestId('suspension-effects')).toContainText(
      'cancels their upcoming booking and refunds ₹499 in full',
    );
    await expect(dialog).toContainText(dinner.laterTitle);
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Suspend guest' }).click();
    await expect(dialog.getByLabel('Reason (for the audit log)')).toBeFocused();
    await dialog.getByLabel('Reason (for the audit log)').fill('Reported for harassment during a dinner.');
    await admin.setViewportSize(DESKTOP);
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Suspend guest' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('Ravi Kumar is suspended; one refund is on the way.')).toBeVisible();
    await expect(card).toContainText('Suspended');

    // The queue asks Razorpay: one full refund; the booking ends refunded.
    await expect
      .poll(
        async () =>
          (
            await razorpay<{ items: Array<{ amount: number; status: string }> }>(
              'GET',
              `/v1/payments/${ravi.paymentId}/refunds`,
            )
          ).items.map((r) => `${r.amount}:${r.status}`),
        { timeout: 30_000 },
      )
      .toEqual(['49900:processed']);
    await expect.poll(() => bookingStatus(ravi.futureBookingId), { timeout: 30_000 }).toBe('refunded');

    // Ravi is told once, in neutral words: never the report, never who.
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === ravi.email).map((m) => m.subject), { timeout: 30_000 })
      .toEqual(['Your Tablemates account is paused']);
    const toRavi = (await outbox()).filter((m) => m.to === ravi.email || m.to === `+91${ravi.phone}`);
    expect(toRavi.map((m) => m.body).join('\n')).not.toMatch(/Asha|harass|report|touching/i);

    // Mark resolved: it leaves needs attention.
    await card.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(admin.getByText('Report marked resolved')).toBeVisible();
    await expect(admin.getByTestId('report').filter({ hasText: dinner.tag })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
