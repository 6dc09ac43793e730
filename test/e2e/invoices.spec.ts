import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, outbox, test } from './fixtures.ts';
import { confirmEmailFromOutbox, saveProfile } from './helpers/guest-api.ts';
import { paiseIn, pdfText } from './helpers/pdf-text.ts';
import { randomPhone, signInByApi } from './helpers/sign-in.ts';

/** The e2e stack's GSTIN (.dev.vars.example): the business is registered, so its documents are tax invoices. */
const GSTIN = '06AABCT1234C1Z5';

/** Completes the guest's profile through the API the profile form uses, and confirms the email. */
async function completeProfile(page: Page, phone: string) {
  const email = `invoice-${phone}@example.com`;
  await saveProfile(page, new URL(page.url()).origin, {
    full_name: 'Meera Iyer',
    email,
    phone_number: phone,
    date_of_birth: '1993-08-21',
  });
  await confirmEmailFromOutbox(page, new URL(page.url()).origin, email);
  return email;
}

/** The amount printed after a label (the last line starting with it: the column header comes first). */
function amountAfter(lines: string[], label: string) {
  const at = lines.findLastIndex((l) => l.startsWith(label));
  expect(at, `${label} in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  return paiseIn(lines[at + 1]);
}

test('a guest pays, downloads the tax invoice from My Booking, and finds the same PDF on the confirmation email', async ({
  page,
}) => {
  const phone = randomPhone();
  await signInByApi(page, phone);
  await page.goto('/event/gurugram');
  const email = await completeProfile(page, phone);

  await page.goto('/event/gurugram');
  await page.getByRole('radio', { name: /^Female 1 seat/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible({ timeout: 20_000 });

  const { bookings } = (await (await page.request.get('/api/bookings')).json()) as {
    bookings: Array<{ id: string; amount: number }>;
  };
  const booking = bookings[0];
  const paidPaise = booking.amount * 100;
  await page.goto(`/booking/${booking.id}`);
  const link = page.getByRole('link', { name: 'Download invoice' });
  await expect(link).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^TM-\d\d-\d\d-\d{6}\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const lines = await pdfText(new Uint8Array(pdf));

  expect(lines).toContain('Tax invoice');
  const number = lines.find((l) => l.startsWith('Invoice number: '))?.slice('Invoice number: '.length);
  expect(number).toMatch(/^TM\/\d\d-\d\d\/\d{6}$/);
  expect(download.suggestedFilename()).toBe(`${number?.replaceAll('/', '-')}.pdf`);
  expect(lines).toContain(`GSTIN: ${GSTIN}`);
  expect(lines).toContain('Meera Iyer');
  // Gurugram is in Haryana, the business's state: CGST + SGST, and they and the taxable value make what was paid.
  expect(lines).toContain('Haryana (06)');
  const taxable = amountAfter(lines, 'Taxable value');
  const tax = amountAfter(lines, 'CGST @ 9%') + amountAfter(lines, 'SGST @ 9%');
  expect(taxable + tax).toBe(paidPaise);
  expect(amountAfter(lines, 'Total (incl. GST)')).toBe(paidPaise);
  expect(amountAfter(lines, 'Paid by Razorpay')).toBe(paidPaise);
  expect(lines.some((l) => l.startsWith('IGST'))).toBe(false);

  // The confirmation email carries the same invoice.
  type Attached = { filename: string; base64?: string };
  // It is sent after the booking is recorded (which the page shows), so it may still be on its way.
  let attached: Attached | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await outbox()) as Array<{ to: string; subject?: string; attachments?: Attached[] }>;
        const confirmation = mails.find((m) => m.to === email && m.subject?.startsWith("You're All Set!"));
        attached = confirmation?.attachments?.find((a) => a.filename.endsWith('.pdf'));
        return attached?.filename;
      },
      { timeout: 30_000 },
    )
    .toBe(download.suggestedFilename());
  const attachedLines = await pdfText(new Uint8Array(Buffer.from(attached?.base64 ?? '', 'base64')));
  expect(attachedLines).toContain(`Invoice number: ${number}`);
  expect(attachedLines).toContain(`GSTIN: ${GSTIN}`);

  // Another guest's invoice is not there for the asking.
  const other = await page.request.get(`/api/bookings/bkg_${'x'.repeat(16)}/invoice.pdf`);
  expect(other.status()).toBe(404);
});
