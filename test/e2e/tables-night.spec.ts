/**
 * The whole matching flow (issue 13) in Chromium: an operator runs and publishes the tables of a
 * dinner with fourteen paid guests; a guest then sees their table number and anonymous hints on
 * My Booking (never another guest's name); the dinner's host sees the guests by table with
 * icebreakers drawn from what each table shares. axe at phone width, where guests and hosts are.
 */
import { expect, expectAccessible, test } from './fixtures.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { grantRole, seatingInD1, seedMatchingDinner } from './helpers/tables.ts';

test('published tables reach the guest (number and hints) and the host (tables and icebreakers)', async ({
  page,
  browser,
}) => {
  // Three sign-ins, two role grants, three axe runs.
  test.setTimeout(150_000);
  const dinner = await seedMatchingDinner();

  // The host has signed in once and holds the host role.
  const hostContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const hostPage = await hostContext.newPage();
  const hostPhone = await signInByApi(hostPage);
  await grantRole(hostPhone, 'host');

  // The operator assigns the host, runs the matching and publishes.
  await grantRole(await signInByApi(page), 'operator');
  await page.goto(`/admin/events/${dinner.id}`);
  const hosts = page.getByRole('region', { name: 'Hosts' });
  await hosts.getByLabel('Add a host').fill(hostPhone);
  await hosts.getByRole('button', { name: 'Add host' }).click();
  await expect(hosts.getByRole('listitem')).toContainText(`+91${hostPhone}`);
  await page.goto(`/admin/events/${dinner.id}/tables`);
  const overview = page.getByRole('region', { name: 'Matching' });
  await overview.getByRole('button', { name: 'Run matching' }).click();
  await expect(page.getByRole('heading', { name: '2 tables' })).toBeVisible();
  await overview.getByRole('button', { name: 'Publish tables' }).click();
  await page
    .getByRole('dialog', { name: 'Publish the tables?' })
    .getByRole('button', { name: 'Publish tables' })
    .click();
  await expect(overview).toContainText(/Published .* IST/);
  const seating = await seatingInD1(dinner.id);

  // A guest signs in and opens My Booking: their table's number, three to five hints, no names.
  const guest = dinner.guests[0];
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guestPage = await guestContext.newPage();
  await signInByApi(guestPage, guest.phone);
  await guestPage.goto(`/booking/${guest.bookingId}`);
  const table = guestPage.getByRole('region', { name: 'Your table' });
  await expect(table.getByTestId('table-number')).toHaveText(String(seating.get(guest.bookingId)));
  const hints = table.getByRole('list', { name: 'About your tablemates' }).getByRole('listitem');
  expect(await hints.count()).toBeGreaterThanOrEqual(3);
  expect(await hints.count()).toBeLessThanOrEqual(5);
  const text = (await guestPage.locator('main').textContent()) ?? '';
  for (const other of dinner.guests.slice(1)) {
    expect(text).not.toContain(other.name.split(' ')[0]);
    expect(text).not.toContain(other.phone);
  }
  await expectAccessible(guestPage);

  // The host's night: guests grouped by table, icebreakers under each.
  await hostPage.goto('/host');
  await hostPage.getByRole('link', { name: new RegExp(dinner.title) }).click();
  await expect(hostPage.getByRole('heading', { name: dinner.title, level: 1 })).toBeVisible();
  for (const n of [...new Set(seating.values())].sort()) {
    const group = hostPage.getByRole('region', { name: new RegExp(`^Table ${n}\\b`) });
    await expect(group).toBeVisible();
    const atTable = dinner.guests.filter((g) => seating.get(g.bookingId) === n);
    for (const g of atTable) await expect(group).toContainText(g.name);
    await group.getByText(`Icebreakers for table ${n}`).click();
    const questions = group.getByRole('group').getByRole('listitem');
    expect(await questions.count()).toBeGreaterThanOrEqual(3);
  }
  await expectAccessible(hostPage);
  // Searching lists the matches together, with their table.
  await hostPage.getByLabel('Find a guest by name').fill(guest.name.split(' ')[0].toLowerCase());
  await expect(
    hostPage.getByRole('region', { name: 'Guests' }).getByRole('listitem').filter({ hasText: guest.name }),
  ).toContainText(`Table ${seating.get(guest.bookingId)}`);
  await hostContext.close();
  await guestContext.close();
});
