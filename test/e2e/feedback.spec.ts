/**
 * The morning after (issue 21) in Chromium: a dinner happened (three guests checked in at one
 * table, a fourth a no-show); the cron's run after 10:00 IST the next day puts "How was the
 * evening?" in the sandbox outbox with the feedback page's link (not for the no-show); two guests
 * both say 'Would dine again' and each then sees the contact the other chose, on the page and on
 * /profile; the third says 'Rather not be seated together', and the JSON the others get shows no
 * sign of it. axe at phone and desktop widths on the feedback page.
 */
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { expectNoOverflow } from './helpers/layout.ts';
import { localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { E2E_WORKER_PORT } from './playwright.config.ts';

const IST_MS = 330 * 60_000;
const DAY_MS = 24 * 3_600_000;
const istDate = (at: number) => new Date(at + IST_MS).toISOString().slice(0, 10);
const istToUtc = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

/**
 * A dinner of this test's own (hidden from other specs' lists) whose morning after has come: last
 * night's if it is past 10:00 IST now, else the night before's. Three guests checked in at table 1
 * (confirmed emails, so both channels go), one no-show at the same table.
 */
async function dinnerThatHappened() {
  const tag = Math.random().toString(36).slice(2, 8);
  const now = Date.now();
  const pastTen = new Date(now + IST_MS).getUTCHours() >= 10;
  const date = istDate(now - (pastTen ? 1 : 2) * DAY_MS);
  const startsAt = istToUtc(date, '19:00');
  const endsAt = istToUtc(date, '22:00');
  const id = `e2e-feedback-${tag}`;
  const title = `Morning After Supper ${tag}`;
  const phone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const guest = (key: string, name: string, status: 'checked_in' | 'no_show') => ({
    userId: `${id}-${key}`,
    bookingId: `${id}-${key}-b`,
    name,
    first: name.split(' ')[0],
    phone: phone(),
    email: `${id}-${key}@example.com`,
    status,
  });
  const guests = {
    ananya: guest('a', 'Ananya Mehta', 'checked_in'),
    vikram: guest('v', 'Vikram Rao', 'checked_in'),
    sana: guest('s', 'Sana Iyer', 'checked_in'),
    dev: guest('d', 'Dev Nair', 'no_show'),
  };
  await localD1(
    `INSERT INTO events (id, city, title, description, location, date, starts_at, ends_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity, venue_name, venue_address, tables_published_at)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${date}', '${startsAt}', '${endsAt}',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 8, 'The Long Table', '1 Test Lane', '${startsAt}');` +
      Object.values(guests)
        .map(
          (g) => `INSERT INTO users (id, phone) VALUES ('${g.userId}', '+91${g.phone}');
    INSERT INTO user_profiles (id, user_id, full_name, email, email_verified_at, phone_number, sex, date_of_birth)
      VALUES ('${g.userId}-p', '${g.userId}', '${g.name}', '${g.email}', '${startsAt}', '+91${g.phone}', 'female', '1994-03-12');
    INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at)
      VALUES ('${g.userId}-o', '${g.userId}-r', '${g.userId}', '${id}', 'female', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z');
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
      ticket_type, seats, amount, payment_id, status, ticket_code, table_number, checked_in_at)
      VALUES ('${g.bookingId}', '${g.userId}', '${g.userId}-o', '${id}', '${title}', 'Gurugram', '${date}', 'female', 1, 499,
      'pay_${g.userId}', '${g.status}', '${g.userId.slice(-12).toUpperCase()}', 1,
      ${g.status === 'checked_in' ? `'${startsAt}'` : 'NULL'});`,
        )
        .join('\n'),
  );
  return { id, title, guests };
}

type View = {
  tablemates: { ref: string; name: string; verdict: string | null; contact: { kind: string; value: string } | null }[];
};

test('the morning after: the request, a mutual "dine again" with contacts, a private "rather not"', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three sign-ins, a cron run, five axe runs.
  test.setTimeout(180_000);
  const { title, guests } = await dinnerThatHappened();
  const { ananya, vikram, sana, dev } = guests;
  const origin = baseURL ?? `http://localhost:${E2E_WORKER_PORT}`;

  // The cron's run after 10:00 IST (local dev runs it only when asked).
  const cron = await fetch(`${origin}/cdn-cgi/local/scheduled`);
  expect(cron.ok, await cron.text()).toBe(true);
  const link = (g: typeof ananya) => `${origin}/feedback/${g.bookingId}`;
  await expect
    .poll(
      async () =>
        (await outbox()).filter((m) => m.to === `+91${ananya.phone}` && m.body.startsWith('[template dinner_feedback]'))
          .length,
    )
    .toBe(1);
  const sent = await outbox();
  const request = sent.filter((m) => m.to === `+91${ananya.phone}` && m.body.startsWith('[template dinner_feedback]'));
  expect(request).toHaveLength(1);
  expect(request[0].body).toContain(`Ananya | ${title} | `);
  expect(request[0].body.endsWith(link(ananya))).toBe(true);
  const mail = sent.filter((m) => m.to === ananya.email && m.subject === `How was ${title}?`);
  expect(mail).toHaveLength(1);
  expect(mail[0].body).toContain(link(ananya));
  // The no-show is asked nothing.
  expect(sent.filter((m) => m.to === `+91${dev.phone}` || m.to === dev.email)).toEqual([]);

  // Ananya, on a laptop, opens the link: her tablemates, without the no-show.
  await signInByApi(page, ananya.phone);
  await page.goto(link(ananya));
  await expect(page.getByRole('heading', { level: 1, name: 'How was the evening?' })).toBeVisible();
  const mates = page.getByTestId('tablemate');
  await expect(mates).toHaveCount(2);
  await expect(mates).toHaveText([/Sana I\./, /Vikram R\./]);
  // 'Report a problem' is on the feedback page too.
  await expect(page.getByRole('region', { name: 'Report a problem' })).toBeVisible();
  await expectAccessible(page);

  // Nothing rated: the form says what is missing, and saves nothing.
  await page.getByRole('button', { name: 'Save feedback' }).click();
  await expect(page.getByText('Rate the evening from 1 to 5 stars.')).toBeVisible();
  await expectAccessible(page);

  const rate = async (p: typeof page, stars: [string, string][]) => {
    // A guest taps the star: the radio's label (the radio itself is visually hidden).
    for (const [legend, star] of stars) {
      const radio = p.getByRole('group', { name: legend }).getByRole('radio', { name: star });
      await radio.locator('xpath=..').click();
      await expect(radio).toBeChecked();
    }
  };
  await rate(page, [
    ['The evening', '5 stars: Wonderful'],
    ['Your host', '4 stars: Great'],
    ['The venue', '4 stars: Great'],
  ]);
  await page.getByLabel('Anything else you would like us to know? (optional)').fill('A lovely long table.');
  await page.getByRole('group', { name: 'Vikram R.' }).getByRole('radio', { name: 'Would dine again' }).check();
  const share = page.getByRole('group', { name: 'If a "dine again" is mutual, share my…' });
  await share.getByRole('radio', { name: 'Instagram' }).check();
  await page.getByLabel('Your Instagram handle').fill('@Ananya.Eats');
  await page.getByRole('button', { name: 'Save feedback' }).click();
  await expect(page.getByTestId('feedback-saved')).toContainText('Thank you! Your feedback is saved.');
  // One-sided so far: nothing to see.
  await expect(page.getByTestId('mutual')).toHaveCount(0);

  // Vikram, on a phone, says it too, sharing his WhatsApp (his sign-in number, filled in).
  const vikramContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const vikramPage = await vikramContext.newPage();
  await signInByApi(vikramPage, vikram.phone);
  await vikramPage.goto(`/booking/${vikram.bookingId}`);
  const section = vikramPage.getByRole('region', { name: 'How was the evening?' });
  await section.getByRole('link', { name: 'Share your feedback' }).click();
  await expect(vikramPage).toHaveURL(new RegExp(`/feedback/${vikram.bookingId}$`));
  await rate(vikramPage, [
    ['The evening', '4 stars: Great'],
    ['Your host', '5 stars: Wonderful'],
    ['The venue', '3 stars: Good'],
  ]);
  await vikramPage.getByRole('group', { name: 'Ananya M.' }).getByRole('radio', { name: 'Would dine again' }).check();
  await expect(vikramPage.getByLabel('Your WhatsApp number')).toHaveValue(`+91${vikram.phone}`);
  await expectAccessible(vikramPage);
  await vikramPage.getByRole('button', { name: 'Save feedback' }).click();
  await expect(vikramPage.getByTestId('feedback-saved')).toBeVisible();
  const vikramSees = vikramPage.getByTestId('mutual');
  await expect(vikramSees).toContainText("You and Ananya M. both said you'd dine again.");
  await expect(vikramSees.getByRole('link', { name: '@ananya.eats' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/ananya.eats/',
  );
  await expectAccessible(vikramPage);
  await expectNoOverflow(vikramPage, 'the feedback page');

  // Ananya sees his WhatsApp, on the page and in 'Your connections'.
  await page.reload();
  const ananyaSees = page.getByTestId('mutual');
  await expect(ananyaSees).toContainText('Vikram R. shared:');
  await expect(ananyaSees.getByRole('link', { name: `+91${vikram.phone}` })).toHaveAttribute(
    'href',
    `https://wa.me/91${vikram.phone}`,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const connections = page.getByRole('region', { name: 'Your connections' });
  await expect(connections).toContainText('Vikram');
  await expect(connections).toContainText(title);
  await expect(connections.getByRole('link', { name: `+91${vikram.phone}` })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Both were told, once each, by WhatsApp (and email); Sana nothing.
  await expect
    .poll(async () =>
      (await outbox())
        .filter((m) => m.body.startsWith('[template dine_again_match]'))
        .map((m) => m.to)
        .filter((to) => [ananya, vikram, sana].some((g) => to === `+91${g.phone}`))
        .sort(),
    )
    .toEqual([`+91${ananya.phone}`, `+91${vikram.phone}`].sort());

  // Sana would rather not be seated with Ananya again, and says nothing of Vikram.
  const sanaContext = await browser.newContext();
  const sanaPage = await sanaContext.newPage();
  await signInByApi(sanaPage, sana.phone);
  await sanaPage.goto(link(sana));
  await rate(sanaPage, [
    ['The evening', '2 stars: Fair'],
    ['Your host', '3 stars: Good'],
    ['The venue', '3 stars: Good'],
  ]);
  await sanaPage
    .getByRole('group', { name: 'Ananya M.' })
    .getByRole('radio', { name: 'Rather not be seated together' })
    .check();
  // No 'again': no contact asked for.
  await expect(sanaPage.getByLabel('Your WhatsApp number')).toHaveCount(0);
  await sanaPage.getByRole('button', { name: 'Save feedback' }).click();
  await expect(sanaPage.getByTestId('feedback-saved')).toBeVisible();

  // What the API tells each of them: Sana's verdict nowhere but her own; no contact without the double yes.
  const json = async (p: typeof page, path: string) => {
    const res = await p.request.get(path);
    expect(res.status()).toBe(200);
    return res.text();
  };
  const forAnanya = await json(page, `/api/bookings/${ananya.bookingId}/feedback`);
  const forVikram = await json(vikramPage, `/api/bookings/${vikram.bookingId}/feedback`);
  const forSana = await json(sanaPage, `/api/bookings/${sana.bookingId}/feedback`);
  const connectionsOf = {
    ananya: await json(page, '/api/connections'),
    vikram: await json(vikramPage, '/api/connections'),
    sana: await json(sanaPage, '/api/connections'),
  };
  for (const text of [forAnanya, forVikram, connectionsOf.ananya, connectionsOf.vikram]) {
    expect(text).not.toContain('rather_not');
    expect(text).not.toContain(sana.userId);
  }
  const sanaOn = (text: string) => (JSON.parse(text) as View).tablemates.find((t) => t.name === 'Sana I.');
  expect(sanaOn(forAnanya)).toMatchObject({ verdict: null, contact: null });
  expect(sanaOn(forVikram)).toMatchObject({ verdict: null, contact: null });
  expect((JSON.parse(forSana) as View).tablemates.map((t) => [t.name, t.verdict, t.contact])).toEqual([
    ['Ananya M.', 'rather_not', null],
    ['Vikram R.', null, null],
  ]);
  for (const other of [ananya, vikram]) {
    expect(forSana).not.toContain(other.userId);
    expect(forSana).not.toContain(other.phone);
  }
  expect(forSana).not.toContain('ananya.eats');
  expect(JSON.parse(connectionsOf.sana)).toEqual({ connections: [] });
  expect(connectionsOf.ananya).not.toContain(vikram.userId);
  expect(connectionsOf.vikram).toContain('ananya.eats');

  await vikramContext.close();
  await sanaContext.close();
});
