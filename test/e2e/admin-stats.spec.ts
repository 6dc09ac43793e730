/**
 * What operators learn (issue 21, docs/decisions/034): an operator opens the dashboard, picks a
 * city and reads its last 12 weeks as charts (each an image named by its numbers, the numbers in
 * a table behind "Show the numbers"); opens a dinner's Feedback tab and reads the responses and
 * who wrote them; and the hosts page with the host's ratings and latest note. Axe at a phone's
 * width and a desktop's on each of the three pages.
 *
 * Seeded straight into the e2e stack's D1: a hidden city of its own (a random tag) with two dinners,
 * hidden from guests, two and one weeks ago, so no other spec's list or count sees them.
 */
import type { Page } from '@playwright/test';
import { CONSOLE_COPY } from '../../worker/domain/copy-console.ts';
import { formatCalendarDate, istToUtc } from '../../worker/domain/time.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { grantRole } from './helpers/tables.ts';

const S = CONSOLE_COPY.stats;
const F = CONSOLE_COPY.feedback;
const DAY = 86_400_000;

const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
const addDays = (date: string, n: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + n * DAY).toISOString().slice(0, 10);

/** This IST week's Monday, as the API counts weeks. */
function thisMonday() {
  const ist = new Date(Date.now() + 330 * 60_000);
  return addDays(ist.toISOString().slice(0, 10), -((ist.getUTCDay() + 6) % 7));
}

type Guest = { id: string; name: string };

/**
 * Two dinners of a new hidden city on the Wednesdays of the last two weeks, hosted by one host:
 * the first with three guests who came (two answered; two said 'dine again' of each other) and a
 * no-show; the second with a guest back from the first, a newcomer and a couple (one answered).
 */
async function seed() {
  const tag = Math.random().toString(36).slice(2, 8);
  const city = { slug: `e2e-stats-${tag}`, name: `Statsnagar ${tag}` };
  const monday = thisMonday();
  const weeks = { two: addDays(monday, -14), one: addDays(monday, -7) };
  const person = (n: number, name: string): Guest => ({ id: `e2e-stats-${tag}-u${n}`, name: `${name} ${tag}` });
  const [asha, kabir, tara, dev, meera, rohan] = [
    person(1, 'Asha Rao'),
    person(2, 'Kabir Mehta'),
    person(3, 'Tara Sen'),
    person(4, 'Dev Nair'),
    person(5, 'Meera Iyer'),
    person(6, 'Rohan Jain'),
  ];
  const host = person(9, 'Hema Host');
  const first = { id: `e2e-stats-${tag}-d1`, title: `Stats Supper ${tag}`, date: addDays(weeks.two, 2) };
  const second = { id: `e2e-stats-${tag}-d2`, title: `Stats Second ${tag}`, date: addDays(weeks.one, 2) };

  const users = [asha, kabir, tara, dev, meera, rohan, host]
    .map(
      (
        p,
      ) => `INSERT INTO users (id, phone, role) VALUES ('${p.id}', '+919${randomDigits(9)}', '${p === host ? 'host' : 'guest'}');
        INSERT INTO user_profiles (id, user_id, full_name) VALUES ('${p.id}-p', '${p.id}', '${p.name}');`,
    )
    .join('\n');
  const dinner = (d: typeof first) => {
    const startsAt = istToUtc(d.date, '19:00');
    const endsAt = new Date(new Date(startsAt).getTime() + 3 * 3_600_000).toISOString();
    return `INSERT INTO events (id, city, title, description, location, date, starts_at, ends_at, image_url, available,
        ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
      VALUES ('${d.id}', '${city.slug}', '${d.title}', 'A test dinner.', 'Statsnagar', '${d.date}', '${startsAt}', '${endsAt}',
        '/images/events/gurugram.svg', 0, 499, 899, 749, 8);
      INSERT INTO event_hosts (event_id, user_id, assigned_by) VALUES ('${d.id}', '${host.id}', '${host.id}');`;
  };
  const booking = (d: typeof first, p: Guest, status: string, seats = 1) => {
    const id = `${d.id}-${p.id}`;
    const checkedIn = status === 'checked_in' ? `'${istToUtc(d.date, '19:10')}'` : 'NULL';
    return `INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
        VALUES ('${id}-o', '${id}-r', '${p.id}', '${d.id}', '${seats === 2 ? 'couple' : 'male'}', ${seats}, 499, 'confirmed',
          '2000-01-01T00:00:00.000Z');
      INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type,
          seats, amount, payment_id, status, ticket_code, table_number, checked_in_at)
        VALUES ('${id}', '${p.id}', '${id}-o', '${d.id}', '${d.title}', 'Statsnagar', '${d.date}',
          '${seats === 2 ? 'couple' : 'male'}', ${seats}, 499, 'pay_${id}', '${status}', 'T-${id}', 1, ${checkedIn});`;
  };
  const feedback = (d: typeof first, p: Guest, [evening, hostRating, venue]: number[], hour: string, note?: string) =>
    `INSERT INTO dinner_feedback (id, booking_id, user_id, event_id, evening, host, venue, note, created_at)
      VALUES ('${d.id}-${p.id}-f', '${d.id}-${p.id}', '${p.id}', '${d.id}', ${evening}, ${hostRating}, ${venue},
        ${note ? `'${note}'` : 'NULL'}, '${addDays(d.date, 1)}T${hour}:00:00.000Z');`;

  await localD1(`INSERT INTO cities (slug, name, blurb, status, position) VALUES ('${city.slug}', '${city.name}', 'A test city.', 'hidden', 900);
    ${users}
    ${dinner(first)}
    ${dinner(second)}
    ${booking(first, asha, 'checked_in')}
    ${booking(first, kabir, 'checked_in')}
    ${booking(first, tara, 'checked_in')}
    ${booking(first, dev, 'no_show')}
    ${feedback(first, asha, [5, 5, 4], '05', 'Wonderful table, we talked till late.')}
    ${feedback(first, kabir, [4, 3, 4], '06')}
    INSERT INTO tablemate_verdicts (event_id, from_user_id, to_user_id, verdict)
      VALUES ('${first.id}', '${asha.id}', '${kabir.id}', 'again'), ('${first.id}', '${kabir.id}', '${asha.id}', 'again');
    ${booking(second, asha, 'checked_in')}
    ${booking(second, meera, 'checked_in')}
    ${booking(second, rohan, 'checked_in', 2)}
    ${feedback(second, meera, [3, 4, 2], '05', 'The venue was too loud to talk.')}`);
  return { city, weeks, first, second, asha, meera, host };
}

/** Phone, then desktop: no sideways scroll on the phone, and axe clean at both. */
async function accessibleAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 390px').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
}

test('an operator reads a city’s last 12 weeks as charts, a dinner’s feedback and the hosts’ ratings', async ({
  page,
}) => {
  // A sign-in, a role grant, three pages and six axe runs.
  test.setTimeout(150_000);
  const world = await seed();
  await grantRole(await signInByApi(page), 'operator');
  const two = formatCalendarDate(world.weeks.two, { year: false });
  const one = formatCalendarDate(world.weeks.one, { year: false });

  // The dashboard's charts, narrowed to the seeded city.
  await page.goto('/admin');
  const section = page.getByRole('region', { name: S.heading(12) });
  await expect(section.getByRole('figure', { name: S.seatsTitle })).toBeVisible();
  await section.getByLabel(S.cityLabel).selectOption({ label: world.city.name });
  const seats = section.getByRole('figure', { name: S.seatsTitle });
  await expect(seats.getByRole('img')).toHaveAttribute(
    'aria-label',
    new RegExp(`: 8 seats in all\\. Most: 4, in the week of ${one}\\. This week: 0\\.$`),
  );
  // Twelve weeks, two of them with a bar.
  await expect(seats.locator('svg[role="img"] rect[data-value]')).toHaveCount(12);
  await expect(seats.locator('svg[role="img"] rect[data-value="4"]')).toHaveCount(2);

  // The show rate: 3 of 4 seats two weeks ago, 4 of 4 last week.
  const show = section.getByRole('figure', { name: S.showTitle });
  await expect(show.getByRole('img')).toHaveAttribute('aria-label', /88% overall, 7 of 8 seats checked in/);
  await show.getByText(S.showNumbers).click();
  const showTable = show.getByRole('table', { name: `${S.showTitle}, week by week` });
  await expect(showTable.getByRole('row', { name: new RegExp(`^${two} `) })).toContainText('75%');
  await expect(showTable.getByRole('row', { name: new RegExp(`^${one} `) })).toContainText('100%');

  const ratings = section.getByRole('figure', { name: S.ratingsTitle });
  await expect(ratings.getByRole('img')).toHaveAttribute(
    'aria-label',
    /from 3 responses: evening 4\.0, host 4\.0, venue 3\.3\./,
  );
  await expect(ratings.getByRole('list', { name: 'Legend' })).toContainText('Host');
  // The widest table (five columns), open on the phone too: it scrolls inside its own region.
  await ratings.getByText(S.showNumbers).click();
  await expect(ratings.getByRole('table').getByRole('row', { name: new RegExp(`^${two} `) })).toContainText('4.50');
  await expect(section.getByRole('figure', { name: S.repeatTitle }).getByRole('img')).toHaveAttribute(
    'aria-label',
    /: 1 repeat guest in all\./,
  );
  await expect(section.getByRole('figure', { name: S.matchesTitle }).getByRole('img')).toHaveAttribute(
    'aria-label',
    new RegExp(`: 1 pair in all\\. Most: 1, in the week of ${two}\\.`),
  );
  await accessibleAtBothWidths(page);

  // A dinner's Feedback tab: who answered, the averages, the notes and who wrote them.
  await page.goto(`/admin/events/${world.first.id}`);
  await page.getByRole('navigation', { name: 'Dinner' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${world.first.id}/feedback$`));
  await expect(page.getByRole('heading', { level: 1, name: F.title })).toBeVisible();
  const summary = page.getByRole('region', { name: F.summaryHeading });
  await expect(summary).toContainText(F.responses(2, 3));
  const stat = (label: string) => summary.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(stat('Evening')).toHaveText('4.5 / 5');
  await expect(stat('Host')).toHaveText('4.0 / 5');
  await expect(stat('Venue')).toHaveText('4.0 / 5');
  await expect(stat(F.mutual)).toHaveText('1');
  const responses = page.getByRole('region', { name: `${F.notesHeading} (2)` }).getByRole('listitem');
  await expect(responses).toHaveCount(2);
  await expect(responses.nth(1)).toContainText(world.asha.name);
  await expect(responses.nth(1)).toContainText('Wonderful table, we talked till late.');
  await expect(responses.nth(0)).toContainText(F.noNote);
  await accessibleAtBothWidths(page);

  // The hosts page, from the console's menu: the host's dinners, ratings and latest notes.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Hosts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: F.hostsTitle })).toBeVisible();
  const card = page.getByRole('article', { name: world.host.name });
  const hostStat = (label: string) =>
    card.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(hostStat('Dinners hosted')).toHaveText('2');
  await expect(hostStat('Responses')).toHaveText('3');
  await expect(hostStat('Host rating')).toHaveText('4.0 / 5');
  const notes = card.getByRole('listitem');
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText('The venue was too loud to talk.');
  await expect(notes.nth(0)).toContainText(world.meera.name);
  await notes
    .nth(1)
    .getByRole('link', { name: new RegExp(world.first.title) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${world.first.id}/feedback$`));
  await page.goBack();
  await expect(card).toBeVisible();
  await accessibleAtBothWidths(page);
});
