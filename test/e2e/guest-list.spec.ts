/**
 * A dinner's guest list in the operator console: an operator (made with `npm run role`) opens a
 * dinner's guest list from /admin, finds a guest who booked it, searches, and downloads the CSV.
 */
import { readFileSync } from 'node:fs';
import { nextSaturdays, startsAtUtc } from '../../db/seed.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';

/** A dinner of this test's own (Gurugram, the Sunday after the first seeded Saturday) with two booked guests. */
async function dinnerWithGuests() {
  const tag = Math.random().toString(36).slice(2, 8);
  const [saturday] = nextSaturdays(new Date(), 1);
  const sunday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const id = `e2e-guests-${tag}`;
  const title = `Guest List Supper ${tag} — Gurugram`;
  const guests = [
    { name: `Kavya Śarmā ${tag}`, phone: `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
    { name: `Rohan Mehta ${tag}`, phone: `+9195${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
  ];
  const rows = guests.map((g, i) => {
    const u = `${id}-u${i}`;
    return `INSERT INTO users (id, phone) VALUES ('${u}', '${g.phone}');
      INSERT INTO user_profiles (id, user_id, full_name, email, phone_number)
        VALUES ('${u}-p', '${u}', '${g.name}', 'guest${i}-${tag}@example.com', '${g.phone}');
      INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
        VALUES ('${u}-o', '${u}-r', '${u}', '${id}', 'female', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z');
      INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
        ticket_type, seats, amount, payment_id, status)
        VALUES ('${u}-b', '${u}', '${u}-o', '${id}', '${title}', 'Gurugram', '${sunday}', 'female', 1, 499,
        'pay_${u}', 'confirmed');`;
  });
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${sunday}', '${startsAtUtc(sunday)}',
      '/images/events/gurugram.svg', 1, 499, 899, 749, 8);
     ${rows.join('\n')}`);
  return { id, title, guests };
}

test('an operator opens a dinner’s guest list, searches it and downloads it as CSV', async ({ page }) => {
  const dinner = await dinnerWithGuests();
  const phone = await signInByApi(page);
  await grantRole(phone, 'operator');

  await page.goto('/admin');
  // Found by name in the dashboard's table; its title links to the guest list.
  await page.getByLabel('Search by title, area, city or id').fill(dinner.title);
  await page.getByRole('table', { name: 'Dinners' }).getByRole('link', { name: dinner.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest list' })).toBeVisible();
  const table = page.getByRole('table', { name: `Guests of ${dinner.title}` });
  const [kavya, rohan] = dinner.guests;
  await expect(table.getByRole('rowheader', { name: kavya.name })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: '2 bookings · 2 seats' })).toBeVisible();

  await page.getByLabel('Search by name, phone or email').fill(rohan.phone.slice(-6));
  await expect(page.getByRole('status').filter({ hasText: '1 of 2 bookings match' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: rohan.name })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: kavya.name })).toHaveCount(0);
  await page.getByLabel('Search by name, phone or email').fill('');
  await expect(table.getByRole('row')).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^guests-.*${dinner.id}\\.csv$`));
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    'Name,Phone,Email,Second guest,Second guest phone,Ticket,Seats,Amount (INR),Status,Table,Checked in,Booking ID,Booked at',
  );
  expect(lines[1]).toContain(`${kavya.name},'${kavya.phone},`);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(table).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});
