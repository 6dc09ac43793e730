/**
 * The night from the host's side (docs/decisions/019): an operator assigns a host to a dinner
 * with a booked guest from its guest list page; the host signs in, opens /host, opens the dinner,
 * checks the guest in by typing the ticket code (lower case, spaces), sees them checked in, and a
 * second attempt says 'Already checked in'. axe at phone width (hosts use phones at the venue) and
 * at desktop width.
 */
import { expect, expectAccessible, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ticketCode = () =>
  Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join(''),
  ).join('-');

/** A dinner of this test's own starting in an hour (hidden from other specs' lists) with one booked guest. */
async function tonightWithGuest() {
  const tag = Math.random().toString(36).slice(2, 8);
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(startsAt));
  const id = `e2e-host-${tag}`;
  const title = `Host Night ${tag}`;
  const u = `${id}-u`;
  const guest = {
    name: `Kabir Mehta ${tag}`,
    phone: `+9193${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  };
  const second = { name: `Tara Sen ${tag}`, phone: `+9192${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` };
  const code = ticketCode();
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity, venue_name, venue_address)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${date}', '${startsAt}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8, 'The Long Table', '1 Test Lane');
    INSERT INTO users (id, phone) VALUES ('${u}', '${guest.phone}');
    INSERT INTO user_profiles (id, user_id, full_name, phone_number)
      VALUES ('${u}-p', '${u}', '${guest.name}', '${guest.phone}');
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
      VALUES ('${u}-o', '${u}-r', '${u}', '${id}', 'male', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code)
      VALUES ('${u}-b', '${u}', '${u}-o', '${id}', '${title}', 'Gurugram', '${date}', 'male', 1, 499,
      'pay_${u}', 'confirmed', '${code}');
    INSERT INTO users (id, phone) VALUES ('${u}2', '${second.phone}');
    INSERT INTO user_profiles (id, user_id, full_name, phone_number)
      VALUES ('${u}2-p', '${u}2', '${second.name}', '${second.phone}');
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
      VALUES ('${u}2-o', '${u}2-r', '${u}2', '${id}', 'couple', 2, 899, 'confirmed', '2000-01-01T00:00:00.000Z');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code)
      VALUES ('${u}2-b', '${u}2', '${u}2-o', '${id}', '${title}', 'Gurugram', '${date}', 'couple', 2, 899,
      'pay_${u}2', 'confirmed', '${ticketCode()}');`);
  return { id, title, guest, second, code };
}

test('an operator assigns a host; the host checks the guest in by typing the code, once', async ({ page, browser }) => {
  // Two sign-ins, two role grants and five axe runs.
  test.setTimeout(120_000);
  const dinner = await tonightWithGuest();

  // The host has signed in once, and holds the host role.
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  const hostPhone = await signInByApi(hostPage);
  await grantRole(hostPhone, 'host');

  // The operator adds them on the dinner's guest list page, by their 10-digit phone.
  const operatorPhone = await signInByApi(page);
  await grantRole(operatorPhone, 'operator');
  await page.goto(`/admin/events/${dinner.id}`);
  const hosts = page.getByRole('region', { name: 'Hosts' });
  await expect(hosts).toContainText('No host yet');
  await hosts.getByLabel('Add a host').fill(hostPhone);
  await hosts.getByRole('button', { name: 'Add host' }).click();
  await expect(hosts.getByRole('listitem')).toContainText(`+91${hostPhone}`);
  await expect(page.getByText('Host assigned.')).toBeVisible();
  await expectAccessible(page);

  // The host's dinners, at phone width.
  await hostPage.setViewportSize({ width: 375, height: 812 });
  await hostPage.goto('/host');
  await expect(hostPage.getByRole('heading', { name: 'Your dinners' })).toBeVisible();
  await expectAccessible(hostPage);
  await hostPage.getByRole('link', { name: new RegExp(dinner.title) }).click();
  await expect(hostPage.getByRole('heading', { name: dinner.title, level: 1 })).toBeVisible();
  const guestRow = hostPage.getByRole('button', { name: `Check in ${dinner.guest.name}` });
  await expect(guestRow).toContainText('Expected');
  await expectAccessible(hostPage);

  // Typed as a host might read it aloud: lower case, spaces instead of dashes.
  const typed = dinner.code.toLowerCase().replace(/-/g, ' ');
  await hostPage.getByLabel('Type the code').fill(typed);
  await hostPage.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(hostPage.getByRole('status').filter({ hasText: 'Checked in:' })).toContainText(dinner.guest.name);
  const guests = hostPage.getByRole('region', { name: 'Guests' });
  const row = guests.getByRole('listitem').filter({ hasText: dinner.guest.name });
  await expect(row).toContainText('Checked in');
  await expect(guestRow).toHaveCount(0);
  await expect(hostPage.getByRole('region', { name: 'Head count' })).toContainText('1Checked in');

  // A second attempt changes nothing and says so.
  await hostPage.getByLabel('Type the code').fill(dinner.code);
  await hostPage.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(hostPage.getByRole('status').filter({ hasText: 'Already checked in' })).toContainText(dinner.guest.name);
  const overflow = await hostPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 375px').toBeLessThanOrEqual(0);
  await expectAccessible(hostPage);

  // Tapping a name: a confirmation dialog, then checked in (a couple: two seats).
  await guests.getByLabel('Find a guest by name').fill('tara');
  await expect(guests.getByRole('status')).toHaveText('1 of 2 guests match');
  await guests.getByRole('button', { name: `Check in ${dinner.second.name}` }).click();
  const confirm = hostPage.getByRole('dialog', { name: `Check in ${dinner.second.name}?` });
  await expect(confirm).toContainText('2 seats · Table —');
  await expectAccessible(hostPage);
  await confirm.getByRole('button', { name: 'Check in' }).click();
  await expect(confirm).toBeHidden();
  await expect(guests.getByRole('listitem').filter({ hasText: dinner.second.name })).toContainText('Checked in');
  await expect(hostPage.getByRole('region', { name: 'Head count' })).toContainText('3Checked in');

  // At desktop width too; and the console's guest list shows them checked in.
  await hostPage.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(hostPage);
  await page.goto(`/admin/events/${dinner.id}`);
  await expect(page.getByRole('row', { name: new RegExp(dinner.guest.name) })).toContainText('Checked in');
  await hostContext.close();
});
