/**
 * The console's side of issue 20 (docs/decisions/027): an operator opens a sold-out dinner whose
 * guest can't make it (one seat free again) and which has a waitlist, reads the "still coming?"
 * answers and the line in order (a couple first, whose "Offer now" is off: one seat is free), offers
 * the seat now to the next guest (the offer goes out by WhatsApp through the sandbox), then grants
 * a guest credit from the guest list. D1 is checked, not only the screen; axe at 390 px and desktop.
 *
 * The dinner is hidden from guests (other specs assert /events), so offers are off; it is shown only
 * for the few seconds "offer now" needs (the ledger holds no seat of a hidden dinner), then hidden again.
 */
import { CONSOLE_COPY } from '../../worker/domain/copy-console.ts';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { d1Rows, localD1 } from './helpers/local-d1.ts';
import { signInByApi } from './helpers/sign-in.ts';
import { grantRole } from './helpers/tables.ts';

const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

type Person = { id: string; name: string; e164: string };

/**
 * A hidden dinner of capacity 3, ten days ahead: three single bookings, one of them released
 * ("can't make it": its order's `released_at`, so one seat is free), one that answered "still
 * coming?"; and a line of two: a couple (joined first, passed over once) and a single man.
 */
async function seedDinner() {
  const tag = Math.random().toString(36).slice(2, 8);
  const id = `e2e-waitlist-${tag}`;
  const title = `Waitlist Supper ${tag}`;
  const date = new Date(Date.now() + 10 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const person = (n: number, name: string): Person => ({
    id: `${id}-u${n}`,
    name: `${name} ${tag}`,
    e164: `+919${randomDigits(9)}`,
  });
  const booked = [person(0, 'Meera Iyer'), person(1, 'Rohan Mehta'), person(2, 'Tara Sen')];
  const couple = person(3, 'Kabir Rao');
  const single = person(4, 'Arjun Nair');
  const now = Date.now();
  const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const people = [...booked, couple, single]
    .map(
      (p) => `INSERT INTO users (id, phone) VALUES ('${p.id}', '${p.e164}');
      INSERT INTO user_profiles (id, user_id, full_name, email, email_verified_at, phone_number)
        VALUES ('${p.id}-p', '${p.id}', '${p.name}', '${p.id}@example.com', '2026-01-01T00:00:00.000Z', '${p.e164}');`,
    )
    .join('\n');
  const bookings = booked
    .map((p, i) => {
      const released = i === 2;
      const answered = i === 0;
      return `INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status,
          hold_expires_at, released_at)
        VALUES ('${p.id}-o', '${p.id}-r', '${p.id}', '${id}', '${i === 1 ? 'male' : 'female'}', 1, 499, 'confirmed',
          '2000-01-01T00:00:00.000Z', ${released ? `'${iso(30)}'` : 'NULL'});
      INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
          ticket_type, seats, amount, payment_id, status, booking_date, released_at, attendance_confirmed_at)
        VALUES ('${p.id}-b', '${p.id}', '${p.id}-o', '${id}', '${title}', 'Gurugram', '${date}',
          '${i === 1 ? 'male' : 'female'}', 1, 499, 'pay_${p.id}', '${released ? 'released' : 'confirmed'}',
          '${iso(600 - i)}', ${released ? `'${iso(30)}'` : 'NULL'}, ${answered ? `'${iso(60)}'` : 'NULL'});`;
    })
    .join('\n');
  await localD1(`INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity)
     VALUES ('${id}', 'gurugram', '${title}', 'A test dinner.', 'Gurugram', '${date}', '${date}T13:30:00.000Z',
      '/images/events/gurugram.svg', 0, 499, 899, 749, 3);
    ${people}
    ${bookings}
    INSERT INTO waitlist_entries (id, user_id, event_id, ticket_type, seats, status, passed_over, created_at)
      VALUES ('${id}-w1', '${couple.id}', '${id}', 'couple', 2, 'waiting', 1, '${iso(300)}'),
             ('${id}-w2', '${single.id}', '${id}', 'male', 1, 'waiting', 0, '${iso(200)}');`);
  return { id, title, booked, couple, single };
}

test('an operator sees a dinner’s line and answers, offers a seat now, and grants a guest credit', async ({ page }) => {
  // A sign-in, a role grant, D1 reads and four axe runs.
  test.setTimeout(150_000);
  const dinner = await seedDinner();
  await grantRole(await signInByApi(page), 'operator');

  await page.goto(`/admin/events/${dinner.id}`);
  await page.getByRole('navigation', { name: 'Dinner' }).getByRole('link', { name: 'Waitlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${dinner.id}/waitlist$`));

  // The answers: one said yes, one has not answered, one can't make it; one seat is free.
  const answers = page.getByRole('region', { name: 'Still coming?' });
  const stat = (label: string) => answers.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(stat('Coming (said yes)')).toHaveText('1');
  await expect(stat('Not answered yet')).toHaveText('1');
  await expect(stat("Can't make it (released)")).toHaveText('1');
  await expect(stat('Seats free now')).toHaveText('1');

  // The line in order: the couple first (one seat is not enough for them), then the single guest.
  const line = page.getByRole('region', { name: 'In line (2)' });
  const rows = line.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(dinner.couple.name);
  await expect(rows.nth(1)).toContainText('1×');
  await expect(rows.nth(2)).toContainText(dinner.single.name);
  // Hidden from guests: offers are off, and the page says so beside each button.
  await expect(page.getByText(CONSOLE_COPY.waitlist.offersClosedNote)).toBeVisible();
  await expect(page.getByRole('button', { name: `Offer now to ${dinner.single.name}` })).toBeDisabled();
  await expect(rows.nth(2)).toContainText('Offers are off');
  await expect(page.getByRole('region', { name: 'Offers out (0)' })).toContainText('No offer is out right now.');

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 390px').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // On sale: one seat is free, not enough for the couple first in line.
  await localD1(`UPDATE events SET available = 1 WHERE id = '${dinner.id}'`);
  await page.reload();
  await expect(page.getByRole('button', { name: `Offer now to ${dinner.couple.name}` })).toBeDisabled();
  await expect(rows.nth(1)).toContainText('Needs 2 seats, 1 free');

  // Offer now: asked first (keyboard: the dialog opens on Enter, Escape closes it unsent).
  const offerSingle = page.getByRole('button', { name: `Offer now to ${dinner.single.name}` });
  await offerSingle.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Offer ${dinner.single.name} 1 seat now?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await d1Rows<{ status: string }>(`SELECT status FROM waitlist_entries WHERE id = '${dinner.id}-w2'`)).toEqual([
    { status: 'waiting' },
  ]);

  await offerSingle.click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: `Offer to ${dinner.single.name}` }).click();
  await expect(dialog).toBeHidden();
  await localD1(`UPDATE events SET available = 0 WHERE id = '${dinner.id}'`);
  await expect(
    page.getByText(new RegExp(`^Offer sent to ${dinner.single.name}\\. Their seats are held until`)),
  ).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers out (1)' });
  await expect(offers).toContainText(dinner.single.name);
  await expect(offers).toContainText(/Holds the seats until .+ IST/);
  await expect(offers.getByRole('heading')).toBeFocused();
  await expect(stat('Seats free now')).toHaveText('0');
  await expect(page.getByRole('region', { name: 'In line (1)' })).toContainText('No seat free');

  const [offered] = await d1Rows<{ status: string; offered_by: string | null; offer_expires_at: string | null }>(
    `SELECT status, offered_by, offer_expires_at FROM waitlist_entries WHERE id = '${dinner.id}-w2'`,
  );
  expect(offered.status).toBe('offered');
  expect(offered.offered_by).not.toBeNull();
  expect(Date.parse(offered.offer_expires_at ?? '')).toBeGreaterThan(Date.now());
  await expect
    .poll(async () => (await outbox()).filter((m) => m.to === dinner.single.e164).length, { timeout: 30_000 })
    .toBeGreaterThan(0);

  // Grant credit from the guest list.
  await page.getByRole('navigation', { name: 'Dinner' }).getByRole('link', { name: 'Guest list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest list' })).toBeVisible();
  const guest = dinner.booked[0];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: `Grant credit to ${guest.name}` }).click();
  const grant = page.getByRole('dialog', { name: `Grant credit to ${guest.name}` });
  await expect(grant).toContainText('Balance now: ₹0');
  await grant.getByLabel('Amount (₹)').fill('300');
  await grant.getByRole('button', { name: 'Grant credit' }).click();
  // The note is required: said beside it, and nothing is granted.
  await expect(grant.getByLabel('Note (why)')).toHaveAttribute('aria-invalid', 'true');
  await expect(grant.getByLabel('Note (why)')).toBeFocused();
  await expectAccessible(page);
  await grant.getByLabel('Note (why)').fill('The AC failed on the night. Sorry!');
  await grant.getByRole('button', { name: 'Grant credit' }).click();
  await expect(grant).toBeHidden();
  await expect(page.getByText('Granted ₹300. Their balance is now ₹300.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(guest.name) })).toContainText('₹300');

  expect(
    await d1Rows<{ kind: string; amount: number; note: string }>(
      `SELECT kind, amount, note FROM credit_entries WHERE user_id = '${guest.id}'`,
    ),
  ).toEqual([{ kind: 'operator', amount: 300, note: 'The AC failed on the night. Sorry!' }]);
  expect(
    await d1Rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE target = 'user:${guest.id}' AND action = 'credit.grant'`,
    ),
  ).toHaveLength(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
});
