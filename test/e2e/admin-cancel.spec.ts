/**
 * Cancelling a dinner and messaging its guests from the console (docs/decisions/016): an operator
 * (given the role as `npm run role` gives it) opens a dinner with a booked guest, writes to its
 * guests after seeing the preview and the count, cancels it through the confirmation dialog, and the guest's emails
 * arrive in the sandbox outbox through the real queue. axe at phone width with the dialog open.
 */
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';

/** A dinner of this test's own (hidden, so other specs' lists never see it) with one booked guest. */
async function dinnerWithGuest() {
  const tag = Math.random().toString(36).slice(2, 8);
  const [saturday] = nextSaturdays(new Date(), 1);
  const sunday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const id = `e2e-cancel-${tag}`;
  const title = `Cancelled Supper ${tag}`;
  const u = `${id}-u`;
  const guest = {
    name: `Meera Iyer ${tag}`,
    email: `cancel-${tag}@example.com`,
    phone: `+9194${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  };
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${sunday}', '${startsAtUtc(sunday)}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
    INSERT INTO users (id, phone) VALUES ('${u}', '${guest.phone}');
    INSERT INTO user_profiles (id, user_id, full_name, email, email_verified_at, phone_number)
      VALUES ('${u}-p', '${u}', '${guest.name}', '${guest.email}', '2026-01-01T00:00:00.000Z', '${guest.phone}');
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
      VALUES ('${u}-o', '${u}-r', '${u}', '${id}', 'female', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status)
      VALUES ('${u}-b', '${u}', '${u}-o', '${id}', '${title}', 'Gurugram', '${sunday}', 'female', 1, 499,
      'pay_${u}', 'confirmed');`);
  return { id, title, guest };
}

/** The guest's messages in the sandbox outbox whose subject (email) or body (WhatsApp) matches. */
const sentTo = async (to: string, match: RegExp) =>
  (await outbox()).filter((m) => m.to === to && match.test(m.channel === 'email' ? (m.subject ?? '') : m.body));

test('an operator messages a dinner’s guests, then cancels it through one dialog; the guest is told', async ({
  page,
}) => {
  const dinner = await dinnerWithGuest();
  const phone = await signInByApi(page);
  await grantRole(phone, 'operator');

  await page.goto(`/admin/events/${dinner.id}`);
  const actions = page.getByRole('region', { name: 'Dinner actions' });
  await expect(actions).toContainText('1 confirmed guest would be told.');

  // Message guests: the preview is what the guest receives, with the count, then a confirmation.
  const compose = actions.getByRole('region', { name: 'Message guests' });
  await expect(compose.getByRole('status')).toHaveText('Goes to 1 confirmed guest.');
  await compose.getByLabel('Subject').fill('Parking tonight');
  await compose.getByLabel('Message').fill('Use gate 2.\nThe lift is on the left.');
  const emailPreview = compose.getByRole('figure', { name: 'Email' });
  await expect(emailPreview).toContainText('Parking tonight');
  await expect(emailPreview).toContainText('Hi Asha,');
  const whatsappPreview = compose.getByRole('figure', { name: 'WhatsApp' });
  await expect(whatsappPreview).toContainText(`a message from Tablemates about ${dinner.title}`);
  await expect(whatsappPreview).toContainText('Subject: *Parking tonight*');
  await expect(whatsappPreview).toContainText('— Team Tablemates');
  await compose.getByRole('button', { name: 'Send to 1 confirmed guest…' }).click();
  await expect(compose.getByRole('group')).toContainText(
    'Send this message to 1 confirmed guest by email and WhatsApp?',
  );
  await expect(compose.getByRole('button', { name: 'Yes, send it' })).toBeFocused();
  await compose.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.getByText('Message sent to 1 guest by email and WhatsApp.')).toBeVisible();
  await expect
    .poll(async () => (await sentTo(dinner.guest.email, /^Parking tonight$/)).length, { timeout: 30_000 })
    .toBe(1);
  await expect
    .poll(async () => (await sentTo(dinner.guest.phone, /^\[template guest_announcement\]/)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await expect(actions.getByRole('region', { name: 'Messages sent' })).toContainText('Parking tonight');

  // Cancel: one dialog, at phone width, accessible, Escape closes it without cancelling.
  await page.setViewportSize({ width: 375, height: 812 });
  await actions.getByRole('button', { name: 'Cancel dinner' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${dinner.title}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 confirmed guest will be told by email and WhatsApp');
  await dialog.getByLabel('Reason (guests read it)').fill('Our chef is unwell. We are very sorry.');
  await expect(dialog.getByLabel('Reason (guests read it)')).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 375px').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const cancelledNote = actions.getByRole('status').filter({ hasText: 'Reason:' });
  await expect(cancelledNote).toHaveCount(0);

  await actions.getByRole('button', { name: 'Cancel dinner' }).click();
  await dialog.getByLabel('Reason (guests read it)').fill('Our chef is unwell. We are very sorry.');
  await dialog.getByRole('button', { name: 'Cancel dinner and tell 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancelledNote).toContainText('Cancelled on');
  await expect(cancelledNote).toContainText('Reason: Our chef is unwell. We are very sorry.');
  await expect(actions.getByRole('button', { name: 'Cancel dinner' })).toBeDisabled();
  await expect(actions.getByLabel('Subject')).toBeDisabled();

  await expect.poll(async () => (await sentTo(dinner.guest.email, /^Cancelled: /)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await sentTo(dinner.guest.email, /^Cancelled: /);
  expect(mail.subject).toContain(dinner.title);
  expect(mail.body).toContain('Why: Our chef is unwell. We are very sorry.');
  expect(mail.body).toContain('You may take a full refund or reschedule to a future dinner');
  await expect
    .poll(async () => (await sentTo(dinner.guest.phone, /^\[template dinner_cancelled\]/)).length, { timeout: 30_000 })
    .toBe(1);
  await expectAccessible(page);
});
