/**
 * 'Share my dinner' (issue 21) in Chromium: a guest makes a link on My Booking and copies it; a
 * trusted contact opens it signed out, in a browser of their own, and sees whose dinner, when and
 * where (the venue is revealed: the dinner is tomorrow), and nothing about the other guests; the
 * guest turns it off, and the same page then says the link is no longer active. axe at phone and
 * desktop widths on both pages.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { expectNoOverflow } from './helpers/layout.ts';
import { ORIGIN, signInByApi } from './helpers/sign-in.ts';
import { seedMatchingDinner } from './helpers/tables.ts';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/** axe at a phone's width (where nothing may spill sideways) and at a desktop's, leaving the page at the desktop's. */
async function accessibleAtBothWidths(page: Page) {
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await expectNoOverflow(page, new URL(page.url()).pathname);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
}

test('a guest shares their dinner with a trusted contact, who sees it signed out until the guest turns the link off', async ({
  page,
  browser,
  context,
}) => {
  // A sign-in, two browsers, eight axe runs.
  test.setTimeout(120_000);
  // Tomorrow at 7 PM IST: inside the 48 hours, so the venue is revealed. Two guests, both seated.
  const dinner = await seedMatchingDinner({ singles: 2, couples: 0, startsInDays: 1 });
  const [guest, other] = dinner.guests;
  const firstName = guest.name.split(' ')[0];
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, guest.phone);
  await page.goto(`/booking/${guest.bookingId}`);
  const section = page.getByRole('region', { name: 'Share my dinner' });
  await expect(section).toContainText('It shows nothing about the other guests');
  await accessibleAtBothWidths(page);

  // Create the link: it takes focus, selected, ready to copy.
  await section.getByRole('button', { name: 'Create a link' }).click();
  const field = section.getByRole('textbox', { name: 'Your link' });
  await expect(field).toBeFocused();
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${ORIGIN}/shared/[A-Za-z0-9_-]{43}$`));
  await expect(section).toContainText(/can see your dinner's date, time and venue \(once revealed\) until the end of/);
  await section.getByRole('button', { name: 'Copy link' }).click();
  await expect(section.getByTestId('share-notice')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // A second visit shows the same link (one per booking).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Share my dinner' }).getByRole('textbox')).toHaveValue(link);
  await accessibleAtBothWidths(page);

  // The contact opens it signed out, in a browser of their own.
  const contact = await browser.newContext({ baseURL: ORIGIN, viewport: DESKTOP });
  const visitor = await contact.newPage();
  const response = await visitor.goto(link);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(visitor.getByRole('heading', { level: 1, name: `${firstName}'s dinner` })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(visitor.getByRole('heading', { level: 2, name: dinner.title })).toBeVisible();
  await expect(visitor.getByTestId('shared-by')).toHaveText(
    `${firstName} shared this page with you, so you know when and where their dinner is. It stops working if they turn it off, and at the end of the day after the dinner.`,
  );
  await expect(visitor.getByTestId('shared-time')).toHaveText('7:00\u00a0PM\u00a0- 10:00\u00a0PM');
  const venue = visitor.getByTestId('shared-venue');
  await expect(venue).toContainText('The Long Table');
  await expect(venue).toContainText('1 Test Lane');
  await expect(visitor.getByRole('link', { name: /Open in Google Maps/ })).toHaveAttribute('rel', 'noreferrer');
  // Nothing about anyone else, nor the guest's own surname, phone or ticket.
  const text = (await visitor.locator('body').textContent()) ?? '';
  for (const words of [other.name, other.name.split(' ')[0], other.phone, guest.phone, guest.ticketCode])
    expect(text).not.toContain(words);
  expect(text).not.toContain(guest.name.split(' ')[1]);
  expect(text).not.toMatch(/\bTable \d/);
  // No sign-in offered: the contact has nothing to sign in to.
  await expect(visitor.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await accessibleAtBothWidths(visitor);

  // The guest turns it off, after the confirmation.
  const shared = page.getByRole('region', { name: 'Share my dinner' });
  await shared.getByRole('button', { name: 'Turn off link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off this link?' });
  await expect(dialog.getByRole('button', { name: 'Keep it on' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Turn it off' }).click();
  await expect(shared.getByTestId('share-notice')).toHaveText('Your link is off: nobody can open it any more.');
  await expect(shared.getByTestId('share-notice')).toBeFocused();
  await expect(shared.getByRole('textbox')).toHaveCount(0);
  await expect(shared.getByRole('button', { name: 'Create a link' })).toBeVisible();

  // The contact's page, opened again, says so; nothing of the dinner is left on it.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();
  await expect(visitor.getByTestId('shared-inactive')).toContainText('Whoever shared it may have turned it off');
  await expect(visitor.locator('body')).not.toContainText('The Long Table');
  await expect(visitor.locator('body')).not.toContainText(firstName);
  await accessibleAtBothWidths(visitor);
  await contact.close();
});
