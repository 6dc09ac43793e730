/**
 * Issue 22, "The guest's own data", end to end in Chromium: a guest with a booking downloads their
 * data from /profile (the JSON parsed here), reads what deleting the account would do (the booking
 * given up, what the law keeps), deletes it, is signed out with a plain confirmation and an email,
 * and signing in again with the same phone starts a new, empty account.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { nextSaturdays } from '../../db/seed.ts';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { confirmEmailFromOutbox, submitQuiz } from './helpers/guest-api.ts';
import { columnsNaming } from './helpers/d1-scan.ts';
import { ORIGIN, signInByApi } from './helpers/sign-in.ts';

type Export = { tables: Record<string, { rows: Record<string, unknown>[] }> };

async function completeGuest(page: Page, phone: string) {
  await submitQuiz(page, ORIGIN);
  const email = `data-rights-${phone}@example.com`;
  const profile = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Lalita Deshpande',
      email,
      phone_number: phone,
      date_of_birth: '1991-07-21',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await confirmEmailFromOutbox(page, ORIGIN, email);
  return email;
}

test('a guest downloads their data, deletes the account after reading the notice, and a new sign-in starts afresh', async ({
  page,
}) => {
  // Two sign-ins by SMS code (through the API), a payment and an erasure on a 2-core machine.
  test.setTimeout(120_000);
  const [, , booked] = nextSaturdays(new Date(), 3);
  const phone = await signInByApi(page);
  const email = await completeGuest(page, phone);

  await page.goto(`/event/gurugram-${booked}`);
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByRole('dialog', { name: 'Razorpay sandbox checkout' }).getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 30_000 });
  const first = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };

  // Download my data: one JSON file with the account, the profile and the booking.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tablemates-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as Export;
  expect(data.tables.users.rows[0]).toMatchObject({ id: first.user.id, phone: `+91${phone}` });
  expect(data.tables.user_profiles.rows[0]).toMatchObject({ full_name: 'Lalita Deshpande', email });
  expect(data.tables.event_bookings.rows).toHaveLength(1);
  expect(data.tables.event_bookings.rows[0]).toMatchObject({ event_date: booked, status: 'confirmed' });

  // Delete my account: the notice first, then the confirmation.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByTestId('erasure-booking')).toContainText('go back on sale');
  await expect(dialog).toContainText('Invoices and payment records, for 8 years');
  await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tick the box to confirm you want your account deleted.');
  await dialog.getByRole('checkbox', { name: /I understand: delete my account/ }).check();
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

  const done = page.getByRole('dialog', { name: 'Your account is deleted' });
  await expect(done).toContainText('Signing in again starts a new account.');
  await done.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();
  await expect
    .poll(async () =>
      (await outbox()).some((m) => m.to === email && m.subject === 'Your Tablemates account is deleted'),
    )
    .toBe(true);

  // Nothing in D1 names them any more: not their phone, email or name, in any column of any table.
  expect(await columnsNaming([`+91${phone}`, email, 'Lalita Deshpande'])).toEqual([]);

  // The same phone again: a new account, with nothing of the old one.
  await signInByApi(page, phone);
  const again = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  expect(again.user.id).not.toBe(first.user.id);
  const fresh = (await (await page.request.get('/api/me/export')).json()) as Export;
  expect(fresh.tables.event_bookings.rows).toEqual([]);
  expect(fresh.tables.quiz_responses.rows).toEqual([]);
  expect(fresh.tables.user_profiles.rows.filter((r) => r.full_name)).toEqual([]);
});
