/**
 * "Still coming?" on the night (issue 20): a guest who answered yes shows on the host's guest list
 * as 'Coming ✓' with when they said it (text, not colour alone), and the head count says how many
 * of the expected seats said so; a guest who did not answer shows nothing of the kind. axe at phone
 * width.
 */
import { expect, expectAccessible, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';

/** A dinner of this test's own starting in two hours (hidden from other specs' lists): one guest said yes, one did not. */
async function dinnerWithAnswers() {
  const tag = Math.random().toString(36).slice(2, 8);
  const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const saidAt = new Date(Date.now() - 20 * 3_600_000).toISOString();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(startsAt));
  const id = `e2e-coming-${tag}`;
  const title = `Still Coming ${tag}`;
  const guests = [
    { u: `${id}-y`, name: `Meera Iyer ${tag}`, saidAt: `'${saidAt}'` },
    { u: `${id}-n`, name: `Dev Malhotra ${tag}`, saidAt: 'NULL' },
  ];
  const phone = () => `+9194${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await localD1(
    `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity, venue_name, venue_address)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${date}', '${startsAt}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8, 'The Long Table', '1 Test Lane');` +
      guests
        .map(
          (g) => `INSERT INTO users (id, phone) VALUES ('${g.u}', '${phone()}');
    INSERT INTO user_profiles (id, user_id, full_name) VALUES ('${g.u}-p', '${g.u}', '${g.name}');
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
      VALUES ('${g.u}-o', '${g.u}-r', '${g.u}', '${id}', 'male', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code, attendance_confirmed_at)
      VALUES ('${g.u}-b', '${g.u}', '${g.u}-o', '${id}', '${title}', 'Gurugram', '${date}', 'male', 1, 499,
      'pay_${g.u}', 'confirmed', '${g.u.slice(-16).toUpperCase()}', ${g.saidAt});`,
        )
        .join('\n'),
  );
  return { id, title, yes: guests[0].name, silent: guests[1].name };
}

test("the host sees who said they're still coming", async ({ page }) => {
  test.setTimeout(90_000);
  const dinner = await dinnerWithAnswers();
  // An operator runs every dinner's night (no assignment needed).
  const phone = await signInByApi(page);
  await grantRole(phone, 'operator');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/host/events/${dinner.id}`);
  await expect(page.getByRole('heading', { name: dinner.title, level: 1 })).toBeVisible();
  const guests = page.getByRole('region', { name: 'Guests' });
  const yes = guests.getByRole('button', { name: `Check in ${dinner.yes}` });
  await expect(yes).toContainText('Coming ✓');
  await expect(yes).toContainText('said yes to "Still coming?" on');
  const silent = guests.getByRole('button', { name: `Check in ${dinner.silent}` });
  await expect(silent).toContainText('Expected');
  await expect(silent).not.toContainText('Coming');
  await expect(page.getByText('Still coming: 1 of 2 expected seats said yes.')).toBeVisible();
  await expectAccessible(page);
});
