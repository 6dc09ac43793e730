/**
 * A dinner's tables in the console (issue 13): an operator opens the Tables tab of a dinner with
 * fourteen paid guests (profiles and quiz answers, a couple among them), runs the matching (tables
 * of 6-8, each guest once), moves a guest with the "Move to table…" select and another by drag
 * and drop, locks a table, re-runs (the locked table keeps its guests), and publishes. Every
 * change is checked in D1 too, not only on screen. axe at phone and desktop width.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { grantRole, type SeededDinner, seatingInD1, seedMatchingDinner } from './helpers/tables.ts';

const tableCard = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Table ${n}\\b`) });
const guestsAt = (page: Page, n: number) => page.getByRole('list', { name: `Guests at table ${n}` });
const seatsOf = async (card: Locator) =>
  Number(((await card.getByText(/^\d+ seats?/).textContent()) ?? '').match(/^\d+/)?.[0]);

/** The names at table `n` as the page lists them, in order. */
async function namesAt(page: Page, n: number) {
  return (await guestsAt(page, n).getByRole('listitem').locator('p.font-semibold').allInnerTexts()).sort();
}

/**
 * Drags `source` onto `target` as a hand would: the drag starts before the page scrolls to the
 * target. (`locator.dragTo` scrolls to the target between pressing and moving, and Chromium then
 * starts the drag from whatever lies under the pointer after the scroll: another guest.)
 */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  await source.hover();
  await page.mouse.down();
  const box = await source.boundingBox();
  if (!box) throw new Error('the dragged guest is not on screen');
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  await target.hover();
  await page.mouse.up();
}

/** Each table's booking ids as D1 holds them. */
async function tablesInD1(dinner: SeededDinner) {
  const seating = await seatingInD1(dinner.id);
  const byTable = new Map<number | null, string[]>();
  for (const [id, table] of seating) byTable.set(table, [...(byTable.get(table) ?? []), id].sort());
  return byTable;
}

test('an operator runs the matching, moves a guest, locks a table, re-runs and publishes', async ({ page }) => {
  // A sign-in, a role grant, several D1 reads and four axe runs.
  test.setTimeout(150_000);
  const dinner = await seedMatchingDinner();
  const seatsOfBooking = new Map(dinner.guests.map((g) => [g.bookingId, g.seats]));
  // As the page writes a booking: the booker, and a couple's second guest after a '+'.
  const nameOf = new Map(dinner.guests.map((g) => [g.bookingId, g.partyName ? `${g.name} + ${g.partyName}` : g.name]));
  const everyone = [...nameOf.values()].sort();
  await grantRole(await signInByApi(page), 'operator');

  // The dinner's page has a Tables tab.
  await page.goto(`/admin/events/${dinner.id}`);
  await page.getByRole('navigation', { name: 'Dinner' }).getByRole('link', { name: 'Tables' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tables' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${dinner.id}/tables$`));
  const overview = page.getByRole('region', { name: 'Matching' });
  await expect(overview).toContainText('14 guests → 2 tables of 6–8');
  await expect(overview).toContainText('No seating yet');
  await expect(overview).toContainText('Nothing yet: tables are not published');
  await expect(page.getByRole('heading', { name: 'Not seated yet (13)' })).toBeVisible();
  const couple = dinner.guests.find((g) => g.partyName) as SeededDinner['guests'][number];
  await expect(page.getByText(`${couple.name} + ${couple.partyName}`)).toBeVisible();

  // Run the matching: no question asked while nobody is seated.
  await overview.getByRole('button', { name: 'Run matching' }).click();
  await expect(page.getByText('Tables matched. Locked tables were kept as they were.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 tables' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Not seated yet/ })).toHaveCount(0);
  await expect(overview).toContainText('lower is better');
  // Each guest exactly once on the page, at a table of 6-8 seats, as D1 has it.
  expect([...(await namesAt(page, 1)), ...(await namesAt(page, 2))].sort()).toEqual(everyone);
  let seated = await tablesInD1(dinner);
  expect([...seated.keys()].sort()).toEqual([1, 2]);
  for (const n of [1, 2]) {
    const seats = (seated.get(n) ?? []).reduce((sum, id) => sum + (seatsOfBooking.get(id) ?? 0), 0);
    expect(seats).toBeGreaterThanOrEqual(6);
    expect(seats).toBeLessThanOrEqual(8);
    expect(await seatsOf(tableCard(page, n))).toBe(seats);
    expect(await namesAt(page, n)).toEqual((seated.get(n) ?? []).map((id) => nameOf.get(id) as string).sort());
  }
  const balance = page.getByRole('list', { name: 'Balance of table 1' });
  await expect(balance).toContainText(/\d+ wom[ae]n · \d+ m[ae]n/);
  await expect(balance).toContainText(/extroverts? · \d+ ambiverts? · \d+ introverts?/);
  await expect(balance).toContainText(/ages? \d+/);

  // Move a one-seat guest from the fuller table to the other with the select (the keyboard's way).
  const [from, to] = (await seatsOf(tableCard(page, 1))) >= (await seatsOf(tableCard(page, 2))) ? [1, 2] : [2, 1];
  const mover = dinner.guests.find(
    (g) => g.seats === 1 && seated.get(from)?.includes(g.bookingId),
  ) as SeededDinner['guests'][number];
  await page.getByLabel(`Move ${mover.name} to table`).selectOption(String(to));
  await page.getByRole('button', { name: `Move ${mover.name}` }).click();
  await expect(guestsAt(page, to).getByText(mover.name, { exact: true })).toBeVisible();
  await expect(guestsAt(page, from).getByText(mover.name, { exact: true })).toHaveCount(0);
  // The focus follows the guest to their new table.
  await expect(guestsAt(page, to).getByText(mover.name, { exact: true })).toBeFocused();
  await expect.poll(async () => (await seatingInD1(dinner.id)).get(mover.bookingId)).toBe(to);

  // Drag another guest across, then back (drag and drop saves the same way).
  const seatedNow = await seatingInD1(dinner.id);
  const dragged = dinner.guests.find(
    (g) => g.seats === 1 && g.bookingId !== mover.bookingId && seatedNow.get(g.bookingId) === from,
  ) as SeededDinner['guests'][number];
  await dragOnto(page, guestsAt(page, from).getByText(dragged.name, { exact: true }), tableCard(page, to));
  await expect(guestsAt(page, to).getByText(dragged.name, { exact: true })).toBeVisible();
  await expect.poll(async () => (await seatingInD1(dinner.id)).get(dragged.bookingId)).toBe(to);
  await dragOnto(page, guestsAt(page, to).getByText(dragged.name, { exact: true }), tableCard(page, from));
  await expect(guestsAt(page, from).getByText(dragged.name, { exact: true })).toBeVisible();
  await expect.poll(async () => (await seatingInD1(dinner.id)).get(dragged.bookingId)).toBe(from);

  // Lock the table the guest moved to.
  await page.getByRole('button', { name: `Lock table ${to}` }).click();
  await expect(page.getByRole('button', { name: `Unlock table ${to}` })).toBeVisible();
  await expect(tableCard(page, to).getByText('Locked', { exact: true })).toBeVisible();
  await expect(tableCard(page, to)).toContainText('a re-run keeps this table');
  const lockedNames = await namesAt(page, to);
  seated = await tablesInD1(dinner);
  const lockedIds = seated.get(to);
  expect(lockedIds).toContain(mover.bookingId);

  // Re-run: asked first; the locked table keeps exactly its guests.
  await overview.getByRole('button', { name: 'Re-run matching' }).click();
  const rerun = page.getByRole('dialog', { name: 'Re-run the matching?' });
  await expect(rerun).toContainText('Re-running reseats every guest not at a locked table');
  await expectAccessible(page);
  await rerun.getByRole('button', { name: 'Re-run matching' }).click();
  await expect(rerun).toBeHidden();
  await expect(page.getByText('Tables matched. Locked tables were kept as they were.')).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Unlock table ${to}` })).toBeVisible();
  expect(await namesAt(page, to)).toEqual(lockedNames);
  expect((await tablesInD1(dinner)).get(to)).toEqual(lockedIds);
  expect([...(await namesAt(page, 1)), ...(await namesAt(page, 2))].sort()).toEqual(everyone);

  // Publish: asked first, then the date and time it happened.
  await overview.getByRole('button', { name: 'Publish tables' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish the tables?' });
  await expect(publish).toContainText('Publishing cannot be undone');
  await publish.getByRole('button', { name: 'Publish tables' }).click();
  await expect(page.getByText('Tables published: guests see their table on My Booking.')).toBeVisible();
  await expect(overview).toContainText(/Published \w+day, \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [AP]M IST/);
  await expect(overview.getByRole('button', { name: 'Publish tables' })).toHaveCount(0);

  // A re-run after publishing warns that guests have seen their tables; keep them.
  await overview.getByRole('button', { name: 'Re-run matching' }).click();
  await expect(rerun).toContainText('Guests have already seen their tables');
  await rerun.getByRole('button', { name: 'Keep these tables' }).click();
  await expect(rerun).toBeHidden();

  // The same page reloaded shows what the server holds.
  await page.reload();
  await expect(overview).toContainText(/Published .* IST/);
  await expect(page.getByRole('button', { name: `Unlock table ${to}` })).toBeVisible();
  expect(await namesAt(page, to)).toEqual(lockedNames);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(tableCard(page, 1)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});
