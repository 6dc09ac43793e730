/**
 * Issue 24 "The dinner's own time", in Chromium: a Thursday dinner stored at 1:00 PM - 4:00 PM is
 * shown as such on its page (hero, facts, the evening's timeline), on the confirmation page after a
 * sandbox payment, in the .ics it downloads (DTSTART and DTEND from the stored times) and on My
 * Booking; nowhere '7:00 PM' or 'Saturday'.
 *
 * The dinner is on sale in a hidden city while this runs, so the spec is a shared-state one
 * (playwright.config.ts): /events of the other specs never sees it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CONSOLE_COPY } from '../../worker/domain/copy-console.ts';
import { istDate, istToUtc, weekdayOf } from '../../worker/domain/time.ts';
import { expect, spaRendered, test } from './fixtures.ts';
import { grantRole } from './helpers/tables.ts';
import { confirmEmailFromOutbox } from './helpers/guest-api.ts';
import { d1Rows, localD1 } from './helpers/local-d1.ts';
import { ORIGIN, randomPhone, signInByApi } from './helpers/sign-in.ts';

const DAY = 86_400_000;

/** The first Thursday (IST) at least a week ahead: the venue is still a secret. */
function nextThursday(): string {
  for (let d = 7; ; d++) {
    const date = istDate(new Date(Date.now() + d * DAY));
    if (weekdayOf(date) === 'Thursday') return date;
  }
}

/** A 1:00 PM - 4:00 PM Thursday dinner in a hidden city of its own. */
async function seedLunch() {
  const tag = Math.random().toString(36).slice(2, 8);
  const city = `e2e-lunch-${tag}`;
  const date = nextThursday();
  const dinner = {
    id: `${city}-1`,
    title: `Thursday Long Lunch ${tag}`,
    date,
    startsAt: istToUtc(date, '13:00'),
    endsAt: istToUtc(date, '16:00'),
  };
  await localD1(
    `INSERT INTO cities (slug, name, blurb, status) VALUES ('${city}', 'Lunch City', 'A test city.', 'hidden');
     INSERT INTO events (id, city, title, description, location, date, starts_at, ends_at, image_url, available,
       ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${dinner.id}', '${city}', '${dinner.title}', 'A long lunch with strangers.', 'Sector 29, Gurugram',
       '${date}', '${dinner.startsAt}', '${dinner.endsAt}', '/images/events/gurugram.svg', 1, 499, 899, 749, 8);`,
  );
  return dinner;
}

/** A guest signed in with a complete profile and a confirmed email, through the API. */
async function readyGuest(page: Page) {
  const phone = randomPhone();
  await signInByApi(page, phone);
  const email = `lunch-${phone}@example.com`;
  const res = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Asha Verma',
      email,
      phone_number: phone,
      date_of_birth: '1995-04-12',
      sex: 'male',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await confirmEmailFromOutbox(page, ORIGIN, email);
}

const HOURS = '1:00 PM - 4:00 PM';
const icsStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

test('a 1:00 PM Thursday dinner says 1:00 PM - 4:00 PM on its page, its confirmation, its .ics and My Booking', async ({
  page,
}) => {
  const dinner = await seedLunch();
  await readyGuest(page);

  // The event page: the hero and the facts, the day it falls on, and the evening's timeline.
  await page.goto(`/event/${dinner.id}`);
  await spaRendered(page);
  const main = page.locator('main');
  await expect(main.locator('header').first()).toContainText(/1:00\sPM\s- 4:00\sPM/);
  await expect(main.getByText(HOURS, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(/^Thursday, /).first()).toBeVisible();
  await expect(main.getByText('3:30 PM', { exact: true })).toBeVisible();
  await expect(main).not.toContainText('7:00 PM');
  await expect(main).not.toContainText('Saturday');

  // Book it: the sandbox checkout, then the confirmation page.
  await page.getByRole('radio', { name: /^Male 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/confirmation\?order=order_/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(HOURS, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Thursday, /).first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('7:00 PM');

  // The calendar file: the stored start and end, not 7 PM and not three hours by rule.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Ticket' }).click(),
  ]);
  const ics = readFileSync(await download.path(), 'utf8').replace(/\r\n /g, '');
  expect(ics).toContain(`DTSTART:${icsStamp(dinner.startsAt)}`);
  expect(ics).toContain(`DTEND:${icsStamp(dinner.endsAt)}`);
  expect(ics).toContain(HOURS);
  expect(ics).not.toContain('7:00 PM');

  // My Booking: its 'When and where' says the same.
  await page.getByRole('link', { name: 'View My Booking' }).click();
  await expect(page).toHaveURL(/\/booking\/bkg_/);
  const whenWhere = page.getByRole('region', { name: 'When and where' });
  await expect(whenWhere).toContainText(/1:00\sPM\s- 4:00\sPM/);
  await expect(whenWhere).toContainText('Thursday');
});

test("the console's new dinner starts at 7:00 PM - 10:00 PM, refuses an end before the start, and keeps a 1:00 PM one's hours", async ({
  page,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const city = `e2e-lunch-${tag}`;
  await localD1(
    `INSERT INTO cities (slug, name, blurb, status) VALUES ('${city}', 'Lunch City ${tag}', 'A test city.', 'hidden');`,
  );
  const phone = await signInByApi(page);
  await grantRole(phone, 'operator');

  await page.goto('/admin');
  await page.getByRole('link', { name: 'New dinner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New dinner' })).toBeVisible();
  // SPEC's hours are the default a new dinner starts with.
  await expect(page.getByLabel('Start time (IST)')).toHaveValue('19:00');
  await expect(page.getByLabel('Ends at (IST)')).toHaveValue('22:00');

  const date = nextThursday();
  await page.getByLabel('Title').fill(`Thursday Lunch ${tag}`);
  await page.getByLabel('Description').fill('A long lunch with strangers.');
  await page.getByLabel('City', { exact: true }).selectOption(city);
  await page.getByLabel('Area').fill('Sector 29');
  await page.getByLabel('Date (IST)').fill(date);
  await page.getByLabel('Start time (IST)').fill('13:00');
  await page.getByLabel('Ends at (IST)').fill('12:00');
  for (const [label, price] of [
    [/^Male ticket/, '499'],
    [/^Couple/, '899'],
    [/^Female duo/, '749'],
  ] as const)
    await page.getByLabel(label).fill(price);
  await page.getByRole('button', { name: 'Create dinner' }).click();
  await expect(page.locator('#dinner-end_time-error')).toHaveText(CONSOLE_COPY.dinner.endBeforeStart);

  await page.getByLabel('Ends at (IST)').fill('16:00');
  await page.getByRole('button', { name: 'Create dinner' }).click();
  // The operator lands on the new dinner; it is stored at 1:00 PM - 4:00 PM IST.
  // Not /admin/events/new, the form itself: the new dinner's own page, once it is stored.
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);
  const [created] = await d1Rows<{ id: string; starts_at: string; ends_at: string }>(
    `SELECT id, starts_at, ends_at FROM events WHERE city = '${city}';`,
  );
  expect(created).toMatchObject({ starts_at: istToUtc(date, '13:00'), ends_at: istToUtc(date, '16:00') });

  // The editor reads them back.
  await page.goto(`/admin/events/${created.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit dinner' })).toBeVisible();
  await expect(page.getByLabel('Start time (IST)')).toHaveValue('13:00');
  await expect(page.getByLabel('Ends at (IST)')).toHaveValue('16:00');
});
