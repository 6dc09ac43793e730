import type { Page } from '@playwright/test';
import { nextSaturdays } from '../../db/seed.ts';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { ORIGIN, signInByApi, signInWithPhone } from './helpers/sign-in.ts';
import { confirmEmailFromOutbox, submitQuiz } from './helpers/guest-api.ts';

/** 'Saturday, 5 December 2026' for an IST calendar date, as the page writes it. */
const longDate = (date: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
      .formatToParts(new Date(`${date}T12:00:00+05:30`))
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
};
/** '5 Dec 2026', as /profile writes an event date. */
const shortDate = (date: string) =>
  new Date(`${date}T12:00:00+05:30`).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** Quiz and profile through the product's own API, so the sign-in redirect honours `redirect`. */
async function completeGuest(page: Page, phone: string) {
  await submitQuiz(page, ORIGIN, {
    social_battery: 'extrovert',
    life_progress: 'on_way',
    family_guy_character: 'lois',
  });
  const email = `my-booking-${phone}@example.com`;
  const profile = await page.request.put('/api/profile', {
    headers: { Origin: ORIGIN },
    data: {
      full_name: 'Meera Iyer',
      email,
      phone_number: phone,
      date_of_birth: '1993-02-11',
      sex: 'female',
      relationship_status: 'single',
      work_profile: 'job',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  // Booking emails go only to a confirmed email: the guest opens the welcome email's link.
  await confirmEmailFromOutbox(page, ORIGIN, email);
  return email;
}

test('a guest books, opens My Booking from /profile, sees the QR ticket, moves to the next week and sees the new date', async ({
  page,
  browser,
}) => {
  // The seeded Gurugram dinners are on the next four Saturdays: book the second (more than 48
  // hours away whatever the day) and move to the third, a week later.
  // Booking, paying, moving and signing in twice on a 2-core CI machine: more than the default 45 s.
  test.setTimeout(120_000);
  const [, booked, nextWeek] = nextSaturdays(new Date(), 3);
  const phone = await signInByApi(page);
  const email = await completeGuest(page, phone);

  await page.goto(`/event/gurugram-${booked}`);
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'View My Booking' })).toHaveAttribute('href', /^\/booking\/bkg_/);

  // From /profile to My Booking.
  await page.goto('/profile');
  const card = page.getByTestId('booking').filter({ hasText: shortDate(booked) });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: /^View booking/ }).click();
  await expect(page).toHaveURL(/\/booking\/bkg_[\w-]+$/);
  const bookingUrl = page.url();
  const bookingId = bookingUrl.split('/').at(-1) as string;

  await expect(page.getByRole('heading', { level: 1, name: 'Saturday Night Soirée — Gurugram' })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('booking-date')).toHaveText(longDate(booked));
  await expect(page.getByText(/The exact venue is revealed 48 hours before: /)).toBeVisible();
  const code = (await page.getByTestId('ticket-code').textContent()) ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  expect(code).not.toContain(bookingId.replace(/^bkg_/, '').slice(0, 4).toUpperCase());
  await expect(page.getByRole('img', { name: `QR code of your ticket ${code}` })).toBeVisible();
  await expect(page.getByText(/Cancelling your own booking is not refunded/)).toBeVisible();
  await expect(page.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  await expectAccessible(page);

  // Add to calendar: the booking's .ics.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`tablemates-${bookingId}.ics`);

  // Reschedule to next week's dinner.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const picker = page.getByRole('group', { name: 'Choose your new dinner' });
  await expect(picker).toBeVisible();
  await expectAccessible(page);
  await picker.getByRole('radio', { name: new RegExp(longDate(nextWeek)) }).check();
  await page.getByRole('button', { name: 'Confirm new date' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Moved to ${longDate(nextWeek)}` })).toBeVisible();
  await expect(page.getByTestId('booking-date')).toHaveText(longDate(nextWeek));
  // The same ticket: the code the host scans does not change.
  await expect(page.getByTestId('ticket-code')).toHaveText(code);

  // The new confirmation reaches the guest (through the queue), linking back here.
  await expect
    .poll(
      async () =>
        (await outbox()).find(
          (m) => m.channel === 'email' && m.to === email && m.subject?.startsWith('Your dinner moved to'),
        )?.body ?? '',
      { timeout: 30_000 },
    )
    .toContain(`/booking/${bookingId}`);

  // /profile shows the new date.
  await page.goto('/profile');
  await expect(page.getByTestId('booking').filter({ hasText: shortDate(nextWeek) })).toBeVisible();
  await expect(page.getByTestId('booking').filter({ hasText: shortDate(booked) })).toHaveCount(0);

  // On a phone: the page (and its QR) still passes axe.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(bookingUrl);
  await expect(page.getByRole('img', { name: `QR code of your ticket ${code}` })).toBeVisible();
  await expectAccessible(page);

  // A link from an email, opened signed out: sign in, and land back on My Booking.
  const fresh = await browser.newContext({ baseURL: ORIGIN });
  const visitor = await fresh.newPage();
  await visitor.goto(`/booking/${bookingId}`);
  await expect(visitor).toHaveURL(/\/auth\?redirect=/);
  // One sign-in code per phone per 30 seconds (services/rate-limit.ts): let the first one's window
  // pass rather than wait it out on the clock.
  await localD1(`DELETE FROM rate_events WHERE key = 'otp-send:phone:+91${phone}'`);
  await signInWithPhone(visitor, phone);
  await expect(visitor).toHaveURL(new RegExp(`/booking/${bookingId}$`));
  await expect(visitor.getByTestId('booking-date')).toHaveText(longDate(nextWeek));
  await fresh.close();
});

test("a booking that is not the guest's own (unknown, or another guest's) is the 404 page", async ({ page }) => {
  await signInByApi(page);
  await page.goto('/booking/bkg_someone_elses');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
