/**
 * Issue 22's "done when", as one guest's life with us, in Chromium: a new guest agrees to the
 * consent notice, books and pays, downloads the tax invoice (read here: number, GSTIN, taxable
 * value + tax = amount paid), downloads their data, turns marketing off, files a grievance that an
 * operator answers by email, and deletes the account. Afterwards nothing in D1 names them; the
 * invoice stays, as tax law requires, without their name.
 */
import { readFileSync } from 'node:fs';
import { expect, outbox, spaRendered, test } from './fixtures.ts';
import { columnsNaming } from './helpers/d1-scan.ts';
import { confirmEmailFromOutbox, saveProfile, submitQuiz } from './helpers/guest-api.ts';
import { d1Rows } from './helpers/local-d1.ts';
import { operatorPage } from './helpers/operator.ts';
import { paiseIn, pdfText } from './helpers/pdf-text.ts';
import { codeFromOutbox, ORIGIN, randomPhone } from './helpers/sign-in.ts';

/** The e2e stack's GSTIN (.dev.vars.example). */
const GSTIN = '06AABCT1234C1Z5';
const NAME = 'Rohini Kulkarni';

/** The amount printed after a label (the last line starting with it: the column header comes first). */
function amountAfter(lines: string[], label: string) {
  const at = lines.findLastIndex((l) => l.startsWith(label));
  expect(at, `${label} in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  return paiseIn(lines[at + 1]);
}

test('a guest consents, books, keeps the invoice and their data, opts out, is heard, and leaves without a trace', async ({
  page,
  browser,
}) => {
  // Three SMS codes, a payment, two PDFs and an erasure on a 2-core machine.
  test.setTimeout(180_000);
  const phone = randomPhone();
  const email = `journey.${phone}@example.com`;

  // Consent: the first sign-in lands on the itemised notice; nothing is stored before 'I agree'.
  await page.goto('/auth');
  await spaRendered(page);
  const started = Date.now() - 1000;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(`+91${phone}`, started));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/consent/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'What we collect and why' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to withdraw' })).toBeVisible();
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page).not.toHaveURL(/\/consent(\?|$)/, { timeout: 15_000 });
  expect(await (await page.request.get('/api/me/consents')).json()).toMatchObject({
    notice_required: false,
    marketing: false,
  });

  // The quiz and the profile through the APIs their forms use (each form has its own specs).
  await submitQuiz(page, ORIGIN);
  await saveProfile(page, ORIGIN, { full_name: NAME, email, phone_number: phone, date_of_birth: '1992-03-14' });
  await confirmEmailFromOutbox(page, ORIGIN, email);

  // Book and pay.
  await page.goto('/event/gurugram');
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByRole('dialog', { name: 'Razorpay sandbox checkout' }).getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 30_000 });
  const { bookings } = (await (await page.request.get('/api/bookings')).json()) as {
    bookings: Array<{ id: string; amount: number }>;
  };
  const paidPaise = bookings[0].amount * 100;

  // The tax invoice from My Booking, read: its number, the GSTIN, and taxable value + tax = paid.
  await page.goto(`/booking/${bookings[0].id}`);
  const [invoice] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download invoice' }).click(),
  ]);
  const lines = await pdfText(new Uint8Array(readFileSync(await invoice.path())));
  const number = lines.find((l) => l.startsWith('Invoice number: '))?.slice('Invoice number: '.length) ?? '';
  expect(number).toMatch(/^TM\/\d\d-\d\d\/\d{6}$/);
  expect(lines).toContain(`GSTIN: ${GSTIN}`);
  expect(lines).toContain(NAME);
  const tax = amountAfter(lines, 'CGST @ 9%') + amountAfter(lines, 'SGST @ 9%');
  expect(amountAfter(lines, 'Taxable value') + tax).toBe(paidPaise);

  // Download my data: the account, the booking, its invoice and the consent are all in it.
  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  const [mine] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  const data = JSON.parse(readFileSync(await mine.path(), 'utf8')) as {
    tables: Record<string, { rows: Record<string, unknown>[] }>;
  };
  expect(data.tables.users.rows[0]).toMatchObject({ phone: `+91${phone}` });
  expect(data.tables.event_bookings.rows).toHaveLength(1);
  expect(data.tables.invoices.rows.map((r) => r.number)).toEqual([number]);
  expect(data.tables.consents.rows.some((r) => r.purpose === 'service' && r.granted === 1)).toBe(true);

  // Marketing: on, then off again in one click.
  const marketing = page.getByRole('switch', { name: 'Send me newsletters and offers' });
  // The switch shows the asked-for value while it saves, and takes no second click until the
  // save has answered: the toast says it has.
  await marketing.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Marketing turned on' })).toBeVisible();
  await expect(marketing).toBeChecked();
  await marketing.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Marketing turned off' })).toBeVisible();
  await expect(marketing).not.toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get('/api/me/consents')).json()) as { marketing: boolean }).marketing)
    .toBe(false);

  // A grievance, signed in: name and email filled in; the reference at once.
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Raise a grievance' });
  await expect(form.getByLabel('Your name')).toHaveValue(NAME);
  await expect(form.getByLabel('Your email')).toHaveValue(email);
  await form.getByLabel('Subject').fill('Invoice address');
  await form.getByLabel('What happened').fill('My invoice should carry my company address for reimbursement.');
  await form.getByRole('button', { name: 'File grievance' }).click();
  const reference = (await page.getByTestId('grievance-reference').textContent()) ?? '';
  expect(reference).toMatch(/^GRV-\d{6}$/);

  // The operator answers it from the console; the answer reaches the guest's email.
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await operatorPage(admin);
    await admin.goto('/admin/grievances');
    const card = admin.getByTestId('grievance').filter({ hasText: reference });
    await card.getByLabel('Your reply to the guest').fill('We cannot change an issued invoice, but we can add a note.');
    await card.getByRole('button', { name: 'Send reply and resolve' }).click();
    await expect(card).toContainText('Resolved');
  } finally {
    await context.close();
  }
  await expect
    .poll(async () =>
      (await outbox()).some((m) => m.to === email && m.subject === `Our reply to your grievance ${reference}`),
    )
    .toBe(true);

  // Delete my account, after reading what goes and what the law keeps.
  await page.goto('/profile');
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Invoices and payment records, for 8 years');
  await dialog.getByRole('checkbox', { name: /I understand: delete my account/ }).check();
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('dialog', { name: 'Your account is deleted' })).toBeVisible();

  // Nothing in D1 names them; the invoice stays, with no name, email or account on it.
  expect(await columnsNaming([`+91${phone}`, phone, email, NAME])).toEqual([]);
  const kept = await d1Rows(
    `SELECT user_id, buyer_name, buyer_email, total_paise FROM invoices WHERE number = '${number}'`,
  );
  expect(kept).toEqual([{ user_id: null, buyer_name: null, buyer_email: null, total_paise: paidPaise }]);
});
