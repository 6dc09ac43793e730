/**
 * Issue 21's "Done when", end to end in Chromium, as the people in it would live it:
 *
 * 1. A dinner happens: five guests seated at two published tables; the host checks four in at the
 *    door on their phone (the fifth never comes).
 * 2. The next morning, the cron asks the four how it was (email and WhatsApp, with the feedback
 *    page's link), and not the no-show.
 * 3. Asha and Kunal both say 'Would dine again' (she shares her WhatsApp, he his Instagram) and
 *    each then sees the other's contact, on the feedback page and in /profile's 'Your
 *    connections'; Leela would rather not be seated with Asha. Every JSON answer each browser
 *    received is walked: Leela learns nothing of Asha's or Kunal's verdicts, ratings, notes or
 *    contacts, and Asha nothing of Leela's.
 * 4. A later dinner with Asha, Kunal, Leela and seventeen others: the operator runs the matching
 *    in the console, and the three sit at three different tables, with no warning.
 * 5. Leela reports Asha from My Booking; the report is at once in the console's needs attention
 *    and on /admin/reports; the operator suspends Asha from there; her booking at the later dinner
 *    is refunded in full at Razorpay and says so on her My Booking, and her next 'Book Now' is
 *    refused with the suspension's words.
 *
 * Set-up a person would not do in a browser goes straight in: the dinners, the bookings (one paid
 * for real in the Razorpay sandbox) and the clock (the dinner moved to the night before once the
 * host has checked the guests in). Two local D1 transactions in all.
 */
import type { Page, Response } from '@playwright/test';
import { CONSOLE_COPY } from '../../worker/domain/copy-console.ts';
import { CONNECTIONS_COPY, FEEDBACK_COPY } from '../../worker/domain/copy-feedback.ts';
import { REPORT_COPY, SUSPENSION_COPY } from '../../worker/domain/copy-reports.ts';
import { isMorningAfterDue } from '../../worker/domain/feedback.ts';
import { istDate, istToUtc } from '../../worker/domain/time.ts';
import { expect, expectAccessible, outbox, SANDBOX_URL, test } from './fixtures.ts';
import { localD1 } from './helpers/local-d1.ts';
import { ORIGIN, randomPhone, signInByCode, signInWithPhone } from './helpers/sign-in.ts';
import { matchingDinnerSeed } from './helpers/tables.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ticketCode = () =>
  Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join(''),
  ).join('-');

const basic = `Basic ${Buffer.from('rzp_test_sandbox:sandbox_key_secret').toString('base64')}`;
async function razorpay<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method,
    headers: { Authorization: basic, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** A payment of ₹499 made for real in the Razorpay sandbox (what a guest's checkout leaves behind). */
async function paidInSandbox(receipt: string) {
  const order = await razorpay<{ id: string }>('POST', '/v1/orders', {
    amount: 49900,
    currency: 'INR',
    receipt,
    notes: {},
  });
  const res = await fetch(`${SANDBOX_URL}/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: order.id, outcome: 'success', webhooks: false }),
  });
  const { razorpay_payment_id } = (await res.json()) as { razorpay_payment_id: string };
  return { orderId: order.id, paymentId: razorpay_payment_id };
}

type Person = {
  userId: string;
  name: string;
  /** As the feedback page and the report form name a tablemate. */
  short: string;
  phone: string;
  email: string;
  sex: 'female' | 'male';
  /** Their booking at the first dinner. */
  bookingId: string;
  code: string;
  table: number;
};

/**
 * Everything the journey starts from, in one local D1 transaction: a host and an operator; the
 * first dinner, an hour from now (its check-in is open), with Asha, Kunal, Leela and Omar at
 * table 1 and Farah at table 2, published; a later dinner ten days ahead with seventeen guests
 * (helpers/tables.ts) and Asha's, Kunal's and Leela's bookings, Asha's paid in the sandbox.
 */
async function seedJourney() {
  const tag = Math.random().toString(36).slice(2, 8);
  const base = `e2e-journey-${tag}`;
  const startsAt = new Date(Date.now() + HOUR).toISOString();
  const first = {
    id: `${base}-d1`,
    title: `Journey Supper ${tag}`,
    date: istDate(startsAt),
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3 * HOUR).toISOString(),
  };
  const { dinner: later, sql: laterSql } = matchingDinnerSeed({ singles: 17, couples: 0 });
  const person = (key: string, name: string, sex: Person['sex'], table: number): Person => ({
    userId: `${base}-u${key}`,
    name,
    short: `${name.split(' ')[0]} ${name.split(' ')[1][0]}.`,
    phone: randomPhone(),
    email: `${base}-${key}@example.com`,
    sex,
    bookingId: `${base}-u${key}-b1`,
    code: ticketCode(),
    table,
  });
  const asha = person('a', 'Asha Verma', 'female', 1);
  const kunal = person('k', 'Kunal Desai', 'male', 1);
  const leela = person('l', 'Leela Thomas', 'female', 1);
  const omar = person('o', 'Omar Sheikh', 'male', 1);
  const farah = person('f', 'Farah Khan', 'female', 2);
  const host = { userId: `${base}-host`, name: 'Hema Host', phone: randomPhone() };
  const operator = { userId: `${base}-op`, phone: randomPhone() };
  const paid = await paidInSandbox(`rcpt-${tag}`);
  const laterBooking = (p: Person) => `${p.userId}-b2`;

  const profile = (p: Person) => `INSERT INTO users (id, phone) VALUES ('${p.userId}', '+91${p.phone}');
    INSERT INTO user_profiles (id, user_id, full_name, email, email_verified_at, phone_number, sex, date_of_birth,
      relationship_status, work_profile)
      VALUES ('${p.userId}-p', '${p.userId}', '${p.name}', '${p.email}', '2026-01-01T00:00:00.000Z', '+91${p.phone}',
      '${p.sex}', '1994-03-12', 'single', 'job');`;
  const booking = (
    p: Person,
    d: { id: string; title: string; date: string },
    b: { id: string; code: string; table: number | null; razorpay?: typeof paid },
  ) => `INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount, status,
      hold_expires_at, payment_id)
      VALUES ('${b.id}-o', ${b.razorpay ? `'${b.razorpay.orderId}'` : 'NULL'}, '${b.id}-r', '${p.userId}', '${d.id}',
      '${p.sex}', 1, 499, 'confirmed', '2000-01-01T00:00:00.000Z', ${b.razorpay ? `'${b.razorpay.paymentId}'` : 'NULL'});
    INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date, ticket_type,
      seats, amount, payment_id, status, ticket_code, table_number)
      VALUES ('${b.id}', '${p.userId}', '${b.id}-o', '${d.id}', '${d.title}', 'Gurugram', '${d.date}', '${p.sex}', 1, 499,
      '${b.razorpay?.paymentId ?? `pay_${b.id}`}', 'confirmed', '${b.code}', ${b.table ?? 'NULL'});`;

  await localD1(`${laterSql}
    INSERT INTO users (id, phone, role) VALUES ('${host.userId}', '+91${host.phone}', 'host'),
      ('${operator.userId}', '+91${operator.phone}', 'operator');
    INSERT INTO user_profiles (id, user_id, full_name) VALUES ('${host.userId}-p', '${host.userId}', '${host.name}');
    INSERT INTO events (id, city, title, description, location, date, starts_at, ends_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity, venue_name, venue_address, tables_published_at)
      VALUES ('${first.id}', 'gurugram', '${first.title}', 'A test dinner.', 'Gurugram', '${first.date}', '${first.startsAt}',
      '${first.endsAt}', '/images/events/gurugram.svg', 0, 499, 899, 749, 8, 'The Long Table', '1 Test Lane',
      '${new Date(Date.parse(startsAt) - 2 * DAY).toISOString()}');
    INSERT INTO event_hosts (event_id, user_id, assigned_by) VALUES ('${first.id}', '${host.userId}', '${operator.userId}');
    ${[asha, kunal, leela, omar, farah]
      .map((p) => `${profile(p)}\n${booking(p, first, { id: p.bookingId, code: p.code, table: p.table })}`)
      .join('\n')}
    ${[asha, kunal, leela]
      .map((p) =>
        booking(p, later, {
          id: laterBooking(p),
          code: ticketCode(),
          table: null,
          razorpay: p === asha ? paid : undefined,
        }),
      )
      .join('\n')}`);
  return { tag, first, later, asha, kunal, leela, omar, farah, host, operator, paid, laterBooking };
}

/** Every JSON answer of the app's a page receives, as text, from now on (what its browser learns). */
function recordJson(page: Page) {
  const pending: Promise<void>[] = [];
  const bodies: { url: string; text: string }[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().startsWith(ORIGIN) || !(res.headers()['content-type'] ?? '').includes('json')) return;
    pending.push(
      res.text().then(
        (text) => void bodies.push({ url: res.url(), text }),
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(pending);
    return bodies;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every object in `value`, depth first. */
function* objectsIn(value: Json): Generator<{ [key: string]: Json }> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value !== null && typeof value === 'object') {
    yield value;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

/** Every string in `value`. */
function* stringsIn(value: Json): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) yield* stringsIn(item);
}

/** A guest taps each star (the radio's label: the radio itself is visually hidden). */
async function rate(page: Page, evening: number, host: number, venue: number) {
  for (const [legend, n] of [
    [FEEDBACK_COPY.ratings.evening, evening],
    [FEEDBACK_COPY.ratings.host, host],
    [FEEDBACK_COPY.ratings.venue, venue],
  ] as const) {
    const radio = page.getByRole('group', { name: legend }).getByRole('radio', { name: FEEDBACK_COPY.star(n) });
    await radio.locator('xpath=..').click();
    await expect(radio).toBeChecked();
  }
}

const verdictOn = (page: Page, tablemate: string, verdict: 'again' | 'rather_not') =>
  page.getByRole('group', { name: tablemate }).getByRole('radio', { name: FEEDBACK_COPY.verdicts[verdict] }).check();

/** The names at table `n` of the console's Tables tab. */
const namesAt = (page: Page, n: number) =>
  page
    .getByRole('list', { name: `Guests at table ${n}` })
    .getByRole('listitem')
    .locator('p.font-semibold')
    .allInnerTexts();

test.describe('after the dinner (issue 21, done when)', () => {
  test('a dinner happens; the morning after, a mutual "dine again" and a private "rather not"; the next dinner keeps them apart; a report and a suspension refund the guest', async ({
    page: hostPage,
    browser,
  }) => {
    // Five browsers, three sign-ins through the UI, a cron run, a matching, a refund through the queue.
    test.setTimeout(240_000);
    const seeded = await seedJourney();
    const { tag, first, later, asha, kunal, leela, omar, farah } = seeded;
    const checkedIn = [asha, kunal, leela, farah];
    const feedbackLink = (p: Person) => `${ORIGIN}/feedback/${p.bookingId}`;
    const contexts = await Promise.all([
      browser.newContext({ viewport: DESKTOP }),
      browser.newContext({ viewport: PHONE }),
      browser.newContext({ viewport: DESKTOP }),
      browser.newContext({ viewport: DESKTOP }),
    ]);
    const [ashaPage, kunalPage, leelaPage, admin] = await Promise.all(contexts.map((c) => c.newPage()));
    const received = { asha: recordJson(ashaPage), leela: recordJson(leelaPage) };

    try {
      await test.step('1. the dinner happens: the host checks four guests in at the door; Omar never comes', async () => {
        await hostPage.setViewportSize(PHONE);
        // The host and the operator sign in through the API (their sign-in screens are other specs');
        // the guests below walk the sign-in page, as they would.
        await signInByCode(hostPage, seeded.host.phone);
        await hostPage.goto('/host');
        await hostPage.getByRole('link', { name: new RegExp(first.title) }).click();
        await expect(hostPage.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
        for (const guest of checkedIn) {
          // Read off the guest's phone and typed as a host might: lower case, spaces for dashes.
          await hostPage.getByLabel('Type the code').fill(guest.code.toLowerCase().replace(/-/g, ' '));
          await hostPage.getByRole('button', { name: 'Check in', exact: true }).click();
          await expect(
            hostPage.getByRole('status').filter({ hasText: 'Checked in:' }).filter({ hasText: guest.name }),
          ).toBeVisible();
        }
        const guests = hostPage.getByRole('region', { name: 'Guests' });
        for (const guest of checkedIn)
          await expect(guests.getByRole('listitem').filter({ hasText: guest.name })).toContainText('Checked in');
        await expect(guests.getByRole('button', { name: `Check in ${omar.name}` })).toContainText('Expected');
        await expect(hostPage.getByRole('region', { name: 'Head count' })).toContainText('4Checked in');
      });

      await test.step('2. the next morning: the four who came are asked how it was, with the link; the no-show is not', async () => {
        // The clock moves on: the dinner was on the latest evening whose morning-after message is
        // due now (last night once it is past 10:00 IST, else the night before), 7 to 10 PM IST,
        // the guests checked in at ten past seven.
        const now = new Date();
        const date = [1, 2]
          .map((k) => istDate(new Date(now.getTime() - k * DAY)))
          .find((d) => isMorningAfterDue(d, now));
        if (!date) throw new Error('no evening whose morning after is due');
        const [startsAt, endsAt, doorAt] = [istToUtc(date, '19:00'), istToUtc(date, '22:00'), istToUtc(date, '19:10')];
        await localD1(`UPDATE events SET date = '${date}', starts_at = '${startsAt}', ends_at = '${endsAt}',
            tables_published_at = '${new Date(Date.parse(startsAt) - 2 * DAY).toISOString()}' WHERE id = '${first.id}';
          UPDATE event_bookings SET event_date = '${date}',
            checked_in_at = CASE WHEN checked_in_at IS NULL THEN NULL ELSE '${doorAt}' END WHERE event_id = '${first.id}';`);

        // The cron's run (local dev runs it only when asked).
        const cron = await fetch(`${ORIGIN}/cdn-cgi/local/scheduled`);
        expect(cron.ok, await cron.text()).toBe(true);
        const requests = async () =>
          (await outbox()).filter(
            (m) =>
              (m.channel === 'whatsapp' && m.body.startsWith('[template dinner_feedback]')) ||
              (m.channel === 'email' && m.subject === `How was ${first.title}?`),
          );
        const to = (p: Person) => [`+91${p.phone}`, p.email];
        await expect
          .poll(async () => (await requests()).filter((m) => checkedIn.some((p) => to(p).includes(m.to))).length)
          .toBe(2 * checkedIn.length);
        const sent = await requests();
        for (const guest of checkedIn) {
          const mine = sent.filter((m) => to(guest).includes(m.to));
          expect(mine.map((m) => m.channel).sort(), guest.name).toEqual(['email', 'whatsapp']);
          for (const message of mine) expect(message.body, guest.name).toContain(feedbackLink(guest));
        }
        expect((await outbox()).filter((m) => to(omar).includes(m.to))).toEqual([]);
      });

      await test.step("3. Asha and Kunal would dine again and see each other's contact; Leela's 'rather not' stays hers", async () => {
        // Asha, on her laptop, opens the link in her message.
        await signInWithPhone(ashaPage, asha.phone);
        await ashaPage.goto(feedbackLink(asha));
        await expect(ashaPage.getByRole('heading', { level: 1, name: FEEDBACK_COPY.heading })).toBeVisible();
        // Her table's guests who came: not Omar (a no-show), not Farah (another table).
        await expect(ashaPage.getByTestId('tablemate')).toHaveText([new RegExp(kunal.short), new RegExp(leela.short)]);
        await rate(ashaPage, 5, 4, 4);
        await ashaPage.getByLabel(FEEDBACK_COPY.note).fill(`Asha's note ${tag}: a lovely long table.`);
        await verdictOn(ashaPage, kunal.short, 'again');
        const share = ashaPage.getByRole('group', { name: FEEDBACK_COPY.shareHeading });
        await share.getByRole('radio', { name: FEEDBACK_COPY.shareKindShort.whatsapp }).check();
        await expect(ashaPage.getByLabel(FEEDBACK_COPY.shareKinds.whatsapp)).toHaveValue(`+91${asha.phone}`);
        await ashaPage.getByRole('button', { name: FEEDBACK_COPY.save }).click();
        await expect(ashaPage.getByTestId('feedback-saved')).toBeVisible();
        // One-sided so far: nothing to see.
        await expect(ashaPage.getByTestId('mutual')).toHaveCount(0);

        // Kunal, on his phone, from My Booking; he shares his Instagram.
        await signInWithPhone(kunalPage, kunal.phone);
        await kunalPage.goto(`/booking/${kunal.bookingId}`);
        await kunalPage
          .getByRole('region', { name: FEEDBACK_COPY.section.title })
          .getByRole('link', { name: FEEDBACK_COPY.section.give })
          .click();
        await expect(kunalPage).toHaveURL(new RegExp(`/feedback/${kunal.bookingId}$`));
        await rate(kunalPage, 4, 5, 3);
        await kunalPage.getByLabel(FEEDBACK_COPY.note).fill(`Kunal's note ${tag}: the dal was superb.`);
        await verdictOn(kunalPage, asha.short, 'again');
        await kunalPage
          .getByRole('group', { name: FEEDBACK_COPY.shareHeading })
          .getByRole('radio', { name: FEEDBACK_COPY.shareKindShort.instagram })
          .check();
        await kunalPage.getByLabel(FEEDBACK_COPY.shareKinds.instagram).fill('@Kunal.Cooks');
        await kunalPage.getByRole('button', { name: FEEDBACK_COPY.save }).click();
        await expect(kunalPage.getByTestId('feedback-saved')).toBeVisible();
        const kunalSees = kunalPage.getByTestId('mutual');
        await expect(kunalSees).toContainText(FEEDBACK_COPY.mutual(asha.short));
        await expect(kunalSees.getByRole('link', { name: `+91${asha.phone}` })).toHaveAttribute(
          'href',
          `https://wa.me/91${asha.phone}`,
        );

        // Leela would rather not sit with Asha again, and says nothing of Kunal.
        await signInWithPhone(leelaPage, leela.phone);
        await leelaPage.goto(feedbackLink(leela));
        await expect(leelaPage.getByTestId('tablemate')).toHaveText([new RegExp(asha.short), new RegExp(kunal.short)]);
        await rate(leelaPage, 2, 3, 1);
        await leelaPage.getByLabel(FEEDBACK_COPY.note).fill(`Leela's note ${tag}: too loud for me.`);
        await verdictOn(leelaPage, asha.short, 'rather_not');
        // No 'again', so no contact is asked for.
        await expect(leelaPage.getByRole('group', { name: FEEDBACK_COPY.shareHeading })).toHaveCount(0);
        await leelaPage.getByRole('button', { name: FEEDBACK_COPY.save }).click();
        await expect(leelaPage.getByTestId('feedback-saved')).toBeVisible();
        await expect(leelaPage.getByTestId('mutual')).toHaveCount(0);

        // Asha comes back to the page: Kunal's Instagram; and both in 'Your connections'.
        await ashaPage.reload();
        const ashaSees = ashaPage.getByTestId('mutual');
        await expect(ashaSees).toContainText(FEEDBACK_COPY.mutual(kunal.short));
        await expect(ashaSees.getByRole('link', { name: '@kunal.cooks' })).toHaveAttribute(
          'href',
          'https://www.instagram.com/kunal.cooks/',
        );
        await ashaPage.goto('/profile');
        const ashaConnections = ashaPage.getByRole('region', { name: CONNECTIONS_COPY.heading });
        await expect(ashaConnections).toContainText('Kunal');
        await expect(ashaConnections).toContainText(first.title);
        await expect(ashaConnections.getByRole('link', { name: '@kunal.cooks' })).toBeVisible();
        await kunalPage.goto('/profile');
        const kunalConnections = kunalPage.getByRole('region', { name: CONNECTIONS_COPY.heading });
        await expect(kunalConnections).toContainText('Asha');
        await expect(kunalConnections.getByRole('link', { name: `+91${asha.phone}` })).toBeVisible();
        // Leela has none: /profile shows no connections once it has asked.
        const leelaConnections = leelaPage.waitForResponse((r) => r.url().endsWith('/api/connections'));
        await leelaPage.goto('/profile');
        expect(await (await leelaConnections).json()).toEqual({ connections: [] });
        await expect(leelaPage.getByRole('region', { name: CONNECTIONS_COPY.heading })).toHaveCount(0);

        // Everything Leela's browser was told: only her own verdicts and ratings, nobody's contact.
        const parse = (bodies: { url: string; text: string }[]) =>
          bodies.map((b) => ({ url: b.url, text: b.text, json: JSON.parse(b.text) as Json }));
        const toLeela = parse(await received.leela());
        expect(toLeela.some((b) => b.url.endsWith(`/api/bookings/${leela.bookingId}/feedback`))).toBe(true);
        for (const { url, text, json } of toLeela) {
          for (const other of [asha, kunal]) {
            expect(text, url).not.toContain(other.userId);
            expect(text, url).not.toContain(other.phone);
            expect(text, url).not.toContain(other.email);
          }
          expect(text.toLowerCase(), url).not.toContain('kunal.cooks');
          expect(text, url).not.toContain(`Asha's note ${tag}`);
          expect(text, url).not.toContain(`Kunal's note ${tag}`);
          expect([...stringsIn(json)], url).not.toContain('again');
          for (const o of objectsIn(json)) {
            if ('contact' in o) expect(o.contact, url).toBeNull();
            if (typeof o.evening === 'number') expect([o.evening, o.host, o.venue], url).toEqual([2, 3, 1]);
            // Her own verdicts only: none yet, or hers of Asha.
            if ('verdict' in o) expect(o.name === asha.short ? [null, 'rather_not'] : [null], url).toContain(o.verdict);
          }
        }
        // (The walk saw her answer, as saved.)
        const leelaSaid = toLeela.flatMap((b) => [...objectsIn(b.json)]).filter((o) => o.verdict === 'rather_not');
        expect(leelaSaid.map((o) => o.name)).toContain(asha.short);
        // Everything Asha's browser was told (after Leela's answer too): nothing of Leela's.
        const toAsha = parse(await received.asha());
        expect(toAsha.some((b) => b.url.endsWith('/api/connections'))).toBe(true);
        for (const { url, text, json } of toAsha) {
          expect(text, url).not.toContain(leela.userId);
          expect(text, url).not.toContain(leela.phone);
          expect(text, url).not.toContain(`Leela's note ${tag}`);
          expect(text, url).not.toContain(`Kunal's note ${tag}`);
          expect([...stringsIn(json)], url).not.toContain('rather_not');
          for (const o of objectsIn(json)) {
            if (typeof o.evening === 'number') expect([o.evening, o.host, o.venue], url).toEqual([5, 4, 4]);
            // Her own verdicts only (none of Leela), and no contact but Kunal's, mutual.
            if ('verdict' in o) expect(o.name === kunal.short ? [null, 'again'] : [null], url).toContain(o.verdict);
            if ('contact' in o && o.contact !== null) expect(JSON.stringify(o.contact), url).toContain('kunal.cooks');
          }
        }
        const ashaSaw = toAsha.flatMap((b) => [...objectsIn(b.json)]).filter((o) => o.verdict === 'again');
        expect(ashaSaw.map((o) => o.name)).toContain(kunal.short);
      });

      await test.step('4. a later dinner: the operator runs the matching and Asha, Kunal and Leela sit at three different tables', async () => {
        await signInByCode(admin, seeded.operator.phone);
        await admin.goto(`/admin/events/${later.id}`);
        await admin.getByRole('navigation', { name: 'Dinner' }).getByRole('link', { name: 'Tables' }).click();
        await expect(admin.getByRole('heading', { level: 1, name: 'Tables' })).toBeVisible();
        const overview = admin.getByRole('region', { name: 'Matching' });
        await overview.getByRole('button', { name: 'Run matching' }).click();
        await expect(admin.getByText('Tables matched. Locked tables were kept as they were.')).toBeVisible();
        await expect(admin.getByRole('heading', { name: '3 tables' })).toBeVisible();
        const tableOf = new Map<string, number>();
        for (const n of [1, 2, 3]) for (const name of await namesAt(admin, n)) tableOf.set(name, n);
        expect(tableOf.size, 'everyone seated once').toBe(later.guests.length + 3);
        const [a, k, l] = [asha, kunal, leela].map((p) => tableOf.get(p.name));
        expect(new Set([a, k, l]).size, `Asha at ${a}, Kunal at ${k}, Leela at ${l}`).toBe(3);
        // Nothing goes against who met or who asked: no warning.
        const summary = admin.getByText(CONSOLE_COPY.tables.history.summaryTitle);
        await expect(summary).toHaveCount(0);

        // Moved by hand to Asha's table, each is warned about, in names only (never who asked):
        // Leela because one of the two asked to be kept apart (the stronger reason of two), Kunal
        // because they met last night. Moved back, the warning goes.
        const H = CONSOLE_COPY.tables.history;
        const move = async (guest: Person, to: number) => {
          await admin.getByLabel(`Move ${guest.name} to table`).selectOption(String(to));
          await admin.getByRole('button', { name: `Move ${guest.name}` }).click();
          await expect(
            admin.getByRole('list', { name: `Guests at table ${to}` }).getByText(guest.name, { exact: true }),
          ).toBeVisible();
        };
        const warnings = admin.getByRole('list', { name: `History warnings for table ${a}` });
        const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        /** The one warning, naming Asha and `guest` in either order. */
        const oneWarning = (rule: (x: string, y: string) => string, guest: Person) =>
          new RegExp(`^⚠\\s*(${literal(rule(asha.name, guest.name))}|${literal(rule(guest.name, asha.name))})$`);
        for (const [guest, rule, home] of [
          [leela, H.apart, l],
          [kunal, H.met, k],
        ] as const) {
          await move(guest, a as number);
          await expect(warnings.getByRole('listitem')).toHaveText([oneWarning(rule, guest)]);
          await expect(summary).toBeVisible();
          await move(guest, home as number);
          await expect(summary).toHaveCount(0);
        }
        await expect(admin.getByRole('list', { name: /^History warnings/ })).toHaveCount(0);
      });

      await test.step('5. Leela reports Asha; the operator suspends her from the report; her booking is refunded and she cannot book', async () => {
        // Leela, from My Booking of the dinner.
        await leelaPage.goto(`/booking/${leela.bookingId}`);
        const section = leelaPage.getByRole('region', { name: REPORT_COPY.section.heading });
        await section.getByRole('button', { name: REPORT_COPY.section.heading }).click();
        await section.getByRole('radio', { name: /Harassment or unwanted behaviour/ }).check();
        const words = `She kept making remarks about me after I asked her to stop (${tag}).`;
        await section.getByLabel(REPORT_COPY.form.description).fill(words);
        const picker = section.getByLabel(REPORT_COPY.form.about);
        await expect(picker.getByRole('option')).toHaveText([REPORT_COPY.form.aboutNone, asha.short, kunal.short]);
        await picker.selectOption({ label: asha.short });
        await section.getByRole('button', { name: REPORT_COPY.form.submit }).click();
        const done = section.getByTestId('report-filed');
        await expect(done).toContainText(REPORT_COPY.done.title);
        await expect(done).toContainText(REPORT_COPY.done.apart(asha.short));

        // The operator's needs attention has it at once, urgent.
        await admin.goto('/admin');
        const item = admin
          .getByRole('region', { name: 'Needs attention' })
          .getByTestId('needs-attention-report')
          .filter({ hasText: first.title });
        await expect(item).toContainText('Urgent');
        await expect(item).toContainText(leela.name);
        await expect(item).toContainText(asha.name);

        // /admin/reports, from the console's menu: suspend the guest concerned.
        await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
        const card = admin.getByTestId('report').filter({ hasText: tag });
        await expect(card).toContainText(words);
        await card.getByRole('button', { name: `Suspend guest: ${asha.name}` }).click();
        const dialog = admin.getByRole('dialog', { name: SUSPENSION_COPY.console.dialogTitle(asha.name) });
        await expect(dialog.getByTestId('suspension-effects')).toContainText(
          'cancels their upcoming booking and refunds ₹499 in full',
        );
        await expect(dialog).toContainText(later.title);
        await dialog.getByLabel(SUSPENSION_COPY.console.reason).fill('Reported for harassment at a dinner.');
        await dialog.getByRole('button', { name: 'Suspend guest' }).click();
        await expect(dialog).toBeHidden();
        await expect(admin.getByText(`${asha.name} is suspended; one refund is on the way.`)).toBeVisible();

        // Razorpay refunds her payment in full, once.
        await expect
          .poll(
            async () =>
              (
                await razorpay<{ items: { amount: number; status: string }[] }>(
                  'GET',
                  `/v1/payments/${seeded.paid.paymentId}/refunds`,
                )
              ).items.map((r) => `${r.amount}:${r.status}`),
            { timeout: 30_000 },
          )
          .toEqual(['49900:processed']);

        // Her My Booking of the later dinner says so (once the queue has booked the refund).
        await expect(async () => {
          await ashaPage.goto(`/booking/${seeded.laterBooking(asha)}`);
          await expect(ashaPage.getByTestId('booking-status')).toHaveText('Refunded ₹499', { timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
        await expect(ashaPage.getByTestId('refund-status')).toContainText('₹499 was refunded');

        // And her next 'Book Now' is refused, in the suspension's words, with no checkout.
        await ashaPage.goto('/event/gurugram');
        await ashaPage.getByRole('radio', { name: /^Female 1 seat/ }).check();
        const order = ashaPage.waitForResponse(
          (r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST',
        );
        await ashaPage.getByRole('button', { name: 'Book Now' }).click();
        const refused = await order;
        expect(refused.status()).toBe(403);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('account_suspended');
        // Said in the booking box, where she tried, and it stays there.
        await expect(ashaPage.getByText(SUSPENSION_COPY.refused)).toBeVisible();
        await expect(ashaPage.getByRole('dialog', { name: 'Razorpay sandbox checkout' })).toHaveCount(0);
      });

      await test.step("the journey ends accessible: Asha's refunded booking at a phone's width", async () => {
        await ashaPage.setViewportSize(PHONE);
        await ashaPage.goto(`/booking/${seeded.laterBooking(asha)}`);
        await expect(ashaPage.getByTestId('booking-status')).toHaveText('Refunded ₹499');
        await expectAccessible(ashaPage);
      });
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
});
