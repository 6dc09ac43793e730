/**
 * Tax invoices and credit notes (issue 22): numbering under concurrency, idempotency, CGST + SGST
 * or IGST, a receipt without a GSTIN, a credit note per refund, the guest's PDF and the console's CSV.
 */
import { env, SELF } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { cities, eventBookings, users } from '../../db/schema';
import { financialYear, invoiceNumber } from '../../worker/domain/invoice';
import { hmacSha256Hex } from '../../worker/lib/crypto';
import { handleBookingRefund } from '../../worker/services/ledger/cancelled-refunds';
import { grantCredit, grantResoldReleases } from '../../worker/services/ledger/credit';
import { handleSeatsFreed } from '../../worker/services/ledger/offers';
import { invoicePdf } from '../../worker/services/invoice-pdf';
import {
  type InvoiceRecord,
  issueCreditNote,
  issueInvoice,
  issueMissingDocuments,
} from '../../worker/services/invoices';
import { paiseIn, pdfText } from '../e2e/helpers/pdf-text';
import { booked } from './helpers/booked';
import { bookedGuest, createEvent, createGuest } from './helpers/booking-fixtures';
import { apiRequest, ORIGIN } from './helpers/session-cookie';

const d = () => db(env.DB);

const invoicesOf = (kind: 'invoice' | 'credit_note', fy: string) =>
  d().all<InvoiceRecord>(sql`SELECT * FROM invoices WHERE kind = ${kind} AND financial_year = ${fy} ORDER BY serial`);

/** The amount printed after a label (the last line starting with it: the column header comes first). */
function amountAfter(lines: string[], label: string) {
  const at = lines.findLastIndex((l) => l.startsWith(label));
  expect(at, `${label} in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  return paiseIn(lines[at + 1]);
}

async function setCityState(city: string, code: string | null) {
  await d().update(cities).set({ gstStateCode: code }).where(eq(cities.slug, city));
}

describe('numbering', () => {
  it('gives 200 orders paid at the same moment 200 distinct consecutive numbers, and issuing again changes nothing', async () => {
    const event = await createEvent();
    const bookings = (await Promise.all(Array.from({ length: 200 }, () => booked(event)))).map((b) => b.bookingId);
    // A financial year of its own, so the series starts at 1 whatever else this file issued.
    const at = new Date('2091-06-01T10:00:00Z');
    const fy = financialYear(at);

    const first = await Promise.all(bookings.map((id) => issueInvoice(env, d(), id, at)));
    const rows = await invoicesOf('invoice', fy);
    expect(rows.map((r) => r.serial)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(200);
    expect(rows.map((r) => r.number)).toEqual(rows.map((r) => invoiceNumber('TM', 'invoice', fy, r.serial)));
    expect(rows[41].number).toBe('TM/91-92/000042');

    const again = await Promise.all(bookings.map((id) => issueInvoice(env, d(), id, at)));
    expect(again.map((r) => r?.id)).toEqual(first.map((r) => r?.id));
    expect(await invoicesOf('invoice', fy)).toEqual(rows);
  }, 120_000);

  it('issues one invoice when ten callers race for the same order, and consumes no serial for the losers', async () => {
    const event = await createEvent();
    const a = await booked(event);
    const b = await booked(event);
    const at = new Date('2092-05-01T10:00:00Z');
    const fy = financialYear(at);
    const raced = await Promise.all(Array.from({ length: 10 }, () => issueInvoice(env, d(), a.bookingId, at)));
    expect(new Set(raced.map((r) => r?.id)).size).toBe(1);
    const next = await issueInvoice(env, d(), b.bookingId, at);
    expect((await invoicesOf('invoice', fy)).map((r) => r.serial)).toEqual([1, 2]);
    expect(next?.number).toBe('TM/92-93/000002');
  });

  it('starts every financial year again at 1, on 1 April IST', async () => {
    const event = await createEvent();
    const a = await booked(event);
    const b = await booked(event);
    const march = await issueInvoice(env, d(), a.bookingId, new Date('2096-03-31T18:29:00Z'));
    const april = await issueInvoice(env, d(), b.bookingId, new Date('2096-03-31T18:31:00Z'));
    expect(march?.number).toBe('TM/95-96/000001');
    expect(april?.number).toBe('TM/96-97/000001');
  });
});

describe('the GST on an invoice', () => {
  it('is CGST + SGST for a dinner in the business’s state, in halves that sum to the tax', async () => {
    const event = await createEvent();
    await setCityState(event.city, '06');
    const { bookingId } = await booked(event);
    const inv = (await issueInvoice(env, d(), bookingId)) as InvoiceRecord;
    expect(inv).toMatchObject({ total_paise: 49900, taxable_paise: 42288, cgst_paise: 3806, sgst_paise: 3806 });
    expect(inv).toMatchObject({
      igst_paise: 0,
      is_tax_invoice: 1,
      place_of_supply_code: '06',
      seller_gstin: env.GSTIN,
    });
  });

  it('is IGST for a dinner in another state', async () => {
    const event = await createEvent();
    await setCityState(event.city, '09');
    const { bookingId } = await booked(event);
    const inv = (await issueInvoice(env, d(), bookingId)) as InvoiceRecord;
    expect(inv).toMatchObject({ taxable_paise: 42288, cgst_paise: 0, sgst_paise: 0, igst_paise: 7612 });
    expect(inv.place_of_supply_code).toBe('09');
  });

  it('takes the business’s state for a city not given one yet', async () => {
    const event = await createEvent();
    await setCityState(event.city, null);
    const { bookingId } = await booked(event);
    const inv = (await issueInvoice(env, d(), bookingId)) as InvoiceRecord;
    expect(inv.place_of_supply_code).toBe('06');
    expect(inv.cgst_paise + inv.sgst_paise).toBe(7612);
  });

  it('follows the GST state an operator sets on the city in the console', async () => {
    const event = await createEvent();
    const operator = await createGuest();
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const path = `/api/admin/cities/${event.city}`;
    const bad = await SELF.fetch(apiRequest('PATCH', path, { ...operator, body: { gst_state_code: '99' } }));
    expect(bad.status).toBe(400);
    const res = await SELF.fetch(apiRequest('PATCH', path, { ...operator, body: { gst_state_code: '29' } }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { city: { gst_state_code: string } }).city.gst_state_code).toBe('29');
    const { bookingId } = await booked(event);
    const inv = (await issueInvoice(env, d(), bookingId)) as InvoiceRecord;
    expect(inv).toMatchObject({ place_of_supply_code: '29', igst_paise: 7612, cgst_paise: 0 });
  });

  it('is a receipt without tax lines when no GSTIN is configured', async () => {
    const event = await createEvent();
    const { bookingId } = await booked(event);
    const inv = (await issueInvoice({ ...env, GSTIN: '' }, d(), bookingId)) as InvoiceRecord;
    expect(inv).toMatchObject({ is_tax_invoice: 0, seller_gstin: null, taxable_paise: 49900, gst_rate_percent: 0 });
    expect(inv.cgst_paise + inv.sgst_paise + inv.igst_paise).toBe(0);
    const lines = await pdfText(await invoicePdf({ ...inv, against_number: null, against_issued_at: null }));
    expect(lines).toContain('Receipt');
    expect(lines).not.toContain('Tax invoice');
    expect(lines.some((l) => l.startsWith('GSTIN') || l.startsWith('CGST') || l.startsWith('IGST'))).toBe(false);
  });
});

describe('the guest’s invoice', () => {
  it('is issued with the confirmation, attached to its email, and downloadable by its guest only', async () => {
    const event = await createEvent();
    await setCityState(event.city, '06');
    const guest = await bookedGuest(event.id);
    const [inv] = await d().all<InvoiceRecord>(
      sql`SELECT * FROM invoices WHERE kind = 'invoice' AND booking_id = ${guest.booking.id}`,
    );
    expect(inv.total_paise).toBe(guest.booking.amount * 100);

    const outbox = (await (await fetch(`${env.SANDBOX_URL}/outbox`)).json()) as Array<{
      to: string;
      subject?: string;
      attachments?: Array<{ filename: string; base64?: string }>;
    }>;
    const email = outbox.find((m) => m.to === guest.email && m.attachments?.some((a) => a.filename.endsWith('.pdf')));
    const attached = email?.attachments?.find((a) => a.filename.endsWith('.pdf'));
    expect(attached?.filename).toBe(`${inv.number.replaceAll('/', '-')}.pdf`);
    const attachedLines = await pdfText(Uint8Array.from(atob(attached?.base64 ?? ''), (c) => c.charCodeAt(0)));
    expect(attachedLines).toContain(`Invoice number: ${inv.number}`);

    const res = await SELF.fetch(apiRequest('GET', `/api/bookings/${guest.booking.id}/invoice.pdf`, guest));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${inv.number.replaceAll('/', '-')}.pdf"`,
    );
    const lines = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(lines).toContain('Tax invoice');
    expect(lines).toContain(`GSTIN: ${env.GSTIN}`);
    expect(lines).toContain('Asha Verma');
    expect(lines).toContain('Haryana (06)');
    const taxable = amountAfter(lines, 'Taxable value');
    const cgst = amountAfter(lines, 'CGST @ 9%');
    const sgst = amountAfter(lines, 'SGST @ 9%');
    expect(taxable + cgst + sgst).toBe(amountAfter(lines, 'Total (incl. GST)'));
    expect(amountAfter(lines, 'Total (incl. GST)')).toBe(guest.booking.amount * 100);
    expect(amountAfter(lines, 'Paid by Razorpay')).toBe(guest.booking.amount * 100);

    const docs = await SELF.fetch(apiRequest('GET', `/api/bookings/${guest.booking.id}/documents`, guest));
    expect(await docs.json()).toMatchObject({
      invoice: { number: inv.number, title: 'Tax invoice', url: `/api/bookings/${guest.booking.id}/invoice.pdf` },
      credit_notes: [],
    });

    const stranger = await createGuest();
    for (const path of [
      `/api/bookings/${guest.booking.id}/invoice.pdf`,
      `/api/bookings/${guest.booking.id}/documents`,
      '/api/bookings/bkg_none/invoice.pdf',
    ]) {
      const other = await SELF.fetch(apiRequest('GET', path, stranger));
      expect(other.status, path).toBe(404);
      expect(await other.json()).toEqual({ error: { code: 'invoice_not_found', message: 'Invoice not found.' } });
    }
    expect((await SELF.fetch(apiRequest('GET', `/api/bookings/${guest.booking.id}/invoice.pdf`))).status).toBe(401);
  });

  it('is issued on first download for a paid booking whose confirmation never issued it, credit shown as such', async () => {
    const event = await createEvent();
    const guest = await createGuest();
    const { bookingId } = await booked(event);
    await d().update(eventBookings).set({ userId: guest.userId }).where(eq(eventBookings.id, bookingId));
    await d().run(
      sql`UPDATE payment_orders SET credit_amount = 100 WHERE id = (SELECT order_id FROM event_bookings WHERE id = ${bookingId})`,
    );
    const res = await SELF.fetch(apiRequest('GET', `/api/bookings/${bookingId}/invoice.pdf`, guest));
    expect(res.status).toBe(200);
    const lines = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(amountAfter(lines, 'Total (incl. GST)')).toBe(59900);
    expect(amountAfter(lines, 'Paid by credit')).toBe(10000);
    expect(amountAfter(lines, 'Paid by Razorpay')).toBe(49900);
  });
});

/** A Razorpay `refund.processed` webhook, signed as Razorpay signs it. */
async function refundWebhook(refund: { id: string; payment_id: string; amount: number }) {
  const raw = JSON.stringify({
    entity: 'event',
    event: 'refund.processed',
    contains: ['refund'],
    payload: { refund: { entity: { ...refund, entity: 'refund', currency: 'INR', status: 'processed' } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return SELF.fetch(
    new Request(`${ORIGIN}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Event-Id': `evt_${crypto.randomUUID()}`,
        'X-Razorpay-Signature': await hmacSha256Hex('sandbox_webhook_secret', raw),
      },
      body: raw,
    }),
  );
}

/** A refund made at the sandbox's Razorpay, as the dashboard would. */
async function sandboxRefund(paymentId: string, amount: number) {
  const res = await fetch(`${env.SANDBOX_URL}/v1/payments/${paymentId}/refund`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ amount }),
  });
  return (await res.json()) as { id: string; payment_id: string; amount: number };
}

const creditNotesOf = (bookingId: string) =>
  d().all<InvoiceRecord>(
    sql`SELECT * FROM invoices WHERE kind = 'credit_note' AND booking_id = ${bookingId} ORDER BY serial`,
  );

describe('credit notes', () => {
  it('gives a booking refunded for a cancelled dinner one credit note for its whole invoice, however often the refund is handled', async () => {
    const event = await createEvent();
    await setCityState(event.city, '09');
    const guest = await bookedGuest(event.id);
    const invoice = (await issueInvoice(env, d(), guest.booking.id)) as InvoiceRecord;
    await d()
      .update(eventBookings)
      .set({ status: 'refund_pending', cancellationChoice: 'refund' })
      .where(eq(eventBookings.id, guest.booking.id));
    await handleBookingRefund(env, guest.booking.id);
    await handleBookingRefund(env, guest.booking.id);
    const [booking] = await d().select().from(eventBookings).where(eq(eventBookings.id, guest.booking.id));
    expect(booking.status).toBe('refunded');
    // The webhook for the same refund, and the cron, add nothing.
    expect(
      (
        await refundWebhook({
          id: booking.refundId as string,
          payment_id: guest.paymentId,
          amount: invoice.total_paise,
        })
      ).status,
    ).toBe(200);
    await issueMissingDocuments(env, d());

    const notes = await creditNotesOf(guest.booking.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      invoice_id: invoice.id,
      refund_ref: booking.refundId,
      total_paise: invoice.total_paise,
      taxable_paise: invoice.taxable_paise,
      igst_paise: invoice.igst_paise,
      cgst_paise: 0,
    });
    expect(notes[0].number).toMatch(/^TMC\/\d\d-\d\d\/\d{6}$/);

    const res = await SELF.fetch(
      apiRequest('GET', `/api/bookings/${guest.booking.id}/credit-notes/${notes[0].id}.pdf`, guest),
    );
    expect(res.status).toBe(200);
    const lines = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(lines).toContain('Credit note');
    expect(lines.some((l) => l.startsWith(`Against invoice: ${invoice.number}`))).toBe(true);
    const stranger = await createGuest();
    expect(
      (
        await SELF.fetch(
          apiRequest('GET', `/api/bookings/${guest.booking.id}/credit-notes/${notes[0].id}.pdf`, stranger),
        )
      ).status,
    ).toBe(404);
  });

  it('credits a partial refund from the dashboard by what it gave back, once, and the rest when the booking is refunded in full', async () => {
    const event = await createEvent();
    const guest = await bookedGuest(event.id);
    const invoice = (await issueInvoice(env, d(), guest.booking.id)) as InvoiceRecord;
    const part = await sandboxRefund(guest.paymentId, 10000);
    expect((await refundWebhook(part)).status).toBe(200);
    expect((await refundWebhook(part)).status).toBe(200);
    let notes = await creditNotesOf(guest.booking.id);
    expect(notes.map((n) => [n.refund_ref, n.total_paise])).toEqual([[part.id, 10000]]);
    expect(notes[0].taxable_paise + notes[0].cgst_paise + notes[0].sgst_paise).toBe(10000);

    // The rest refunded from the dashboard: the booking ends refunded, and the note covers what is left.
    const rest = await sandboxRefund(guest.paymentId, invoice.total_paise - 10000);
    expect((await refundWebhook(rest)).status).toBe(200);
    notes = await creditNotesOf(guest.booking.id);
    expect(notes.map((n) => n.total_paise)).toEqual([10000, invoice.total_paise - 10000]);
    // Never more than the invoice, whatever comes after.
    expect(
      await issueCreditNote(env, d(), { bookingId: guest.booking.id, refundRef: 'rfnd_late', refundedPaise: 500 }),
    ).toBeNull();
  });

  it('gives a booking paid wholly by credit its invoice with the booking, and a credit note when its credit comes back', async () => {
    const guest = await createGuest({ sex: 'male' });
    const operator = await createGuest();
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    await grantCredit(d(), { userId: guest.userId, amount: 499, note: 'sorry', operatorId: operator.userId });
    const event = await createEvent();
    const res = await SELF.fetch(
      apiRequest('POST', '/api/orders', {
        ...guest,
        body: { event_id: event.id, ticket_type: 'male', use_credit: true },
      }),
    );
    expect(res.status).toBe(201);
    const [booking] = await d().select().from(eventBookings).where(eq(eventBookings.userId, guest.userId));
    expect(booking.paymentId).toMatch(/^credit_/);
    const [inv] = await d().all<InvoiceRecord>(
      sql`SELECT * FROM invoices WHERE kind = 'invoice' AND booking_id = ${booking.id}`,
    );
    expect(inv).toMatchObject({ total_paise: 49900, credit_paise: 49900 });

    await d()
      .update(eventBookings)
      .set({ status: 'refund_pending', cancellationChoice: 'refund' })
      .where(eq(eventBookings.id, booking.id));
    await handleBookingRefund(env, booking.id);
    const notes = await creditNotesOf(booking.id);
    expect(notes.map((n) => [n.refund_ref, n.total_paise, n.credit_paise])).toEqual([
      [booking.paymentId, 49900, 49900],
    ]);
    // Its PDF names the credit given back, and no Razorpay refund of nothing.
    const lines = await pdfText(await invoicePdf({ ...notes[0], against_number: inv.number, against_issued_at: null }));
    expect(amountAfter(lines, 'Returned as Tablemates credit')).toBe(49900);
    expect(lines.some((l) => l.startsWith('Refunded via Razorpay'))).toBe(false);
  });

  it('is not issued for a refund of a payment no booking carries', async () => {
    const before = await d().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM invoices WHERE kind = 'credit_note'`);
    expect((await refundWebhook({ id: 'rfnd_unknown1', payment_id: 'pay_nobody', amount: 100 })).status).toBe(200);
    const after = await d().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM invoices WHERE kind = 'credit_note'`);
    expect(after?.n).toBe(before?.n);
  });

  it('the cron issues a missed invoice and a refunded booking’s missed credit note', async () => {
    const event = await createEvent();
    const { bookingId } = await booked(event, { status: 'refunded' });
    await d().update(eventBookings).set({ refundId: 'rfnd_cron1' }).where(eq(eventBookings.id, bookingId));
    await issueMissingDocuments(env, d());
    const [inv] = await d().all<InvoiceRecord>(
      sql`SELECT * FROM invoices WHERE kind = 'invoice' AND booking_id = ${bookingId}`,
    );
    expect(inv.total_paise).toBe(49900);
    const notes = await creditNotesOf(bookingId);
    expect(notes.map((n) => [n.refund_ref, n.total_paise, n.invoice_id])).toEqual([['rfnd_cron1', 49900, inv.id]]);
  });
});

/** Invoices less credit notes of these bookings, in paise: what the documents say was received. */
async function invoicedNet(bookingIds: string[]) {
  const rows = await d().all<{ kind: string; total_paise: number; booking_id: string }>(
    sql`SELECT kind, total_paise, booking_id FROM invoices WHERE booking_id IN ${bookingIds}`,
  );
  return rows.reduce((net, r) => net + (r.kind === 'invoice' ? r.total_paise : -r.total_paise), 0);
}

/** A guest booked on `event` through the real pipeline who then can't make it (the seats go back on sale). */
async function releasedGuest(event: { id: string }) {
  const guest = await bookedGuest(event.id);
  const res = await SELF.fetch(apiRequest('POST', `/api/bookings/${guest.booking.id}/release`, { ...guest, body: {} }));
  expect(res.status).toBe(200);
  return guest;
}

const releaseNotesOf = (bookingId: string) =>
  d().all<InvoiceRecord>(
    sql`SELECT * FROM invoices WHERE kind = 'credit_note' AND refund_ref = ${`release:${bookingId}`}`,
  );

describe('release credit', () => {
  it('gets a credit note when it is granted, so the invoices of money paid once and spent again add up to what was received', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const a = await releasedGuest(event);
    const first = (await issueInvoice(env, d(), a.booking.id)) as InvoiceRecord;
    expect(await releaseNotesOf(a.booking.id)).toEqual([]);

    // B buys the seat A gave back: the booking grants A's credit, and A's invoice its credit note.
    const b = await bookedGuest(event.id);
    const [note] = await releaseNotesOf(a.booking.id);
    expect(note).toMatchObject({
      invoice_id: first.id,
      total_paise: first.total_paise,
      credit_paise: first.total_paise,
      taxable_paise: first.taxable_paise,
      cgst_paise: first.cgst_paise,
      sgst_paise: first.sgst_paise,
      igst_paise: first.igst_paise,
    });
    const lines = await pdfText(
      await invoicePdf({ ...note, against_number: first.number, against_issued_at: first.issued_at }),
    );
    expect(amountAfter(lines, 'Returned as Tablemates credit')).toBe(first.total_paise);
    expect(lines.some((l) => l.startsWith('Refunded via Razorpay'))).toBe(false);

    // A spends the credit on another dinner: invoiced again, and the whole adds up to what was paid.
    const other = await createEvent({ inHours: 200 });
    const spent = await SELF.fetch(
      apiRequest('POST', '/api/orders', { ...a, body: { event_id: other.id, ticket_type: 'male', use_credit: true } }),
    );
    expect(spent.status).toBe(201);
    const [again] = await d()
      .select()
      .from(eventBookings)
      .where(sql`${eventBookings.userId} = ${a.userId} AND ${eventBookings.eventId} = ${other.id}`);
    const third = (await issueInvoice(env, d(), again.id)) as InvoiceRecord;
    expect(third).toMatchObject({ total_paise: 49900, credit_paise: 49900 });
    await issueMissingDocuments(env, d());
    const received = (a.booking.amount + b.booking.amount) * 100;
    expect(await invoicedNet([a.booking.id, b.booking.id, again.id])).toBe(received);
    expect(await releaseNotesOf(a.booking.id)).toHaveLength(1);
  });

  it('gets its credit note from the seats-freed queue that grants it, once', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const a = await releasedGuest(event);
    await booked(event); // the seat sold again, credit not granted yet
    await handleSeatsFreed(env, d(), { eventId: null, resoldAt: event.id });
    await handleSeatsFreed(env, d(), { eventId: null, resoldAt: event.id });
    const notes = await releaseNotesOf(a.booking.id);
    expect(notes.map((n) => [n.total_paise, n.credit_paise])).toEqual([[49900, 49900]]);
    expect(await creditNotesOf(a.booking.id)).toHaveLength(1);
  });

  it('gets its credit note when we cancel the dinner it was released from', async () => {
    const event = await createEvent({ capacity: 2, inHours: 30 });
    const a = await releasedGuest(event);
    const operator = await createGuest();
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const res = await SELF.fetch(
      apiRequest('POST', `/api/admin/events/${event.id}/cancel`, { ...operator, body: { reason: 'The chef is ill.' } }),
    );
    expect(res.status).toBe(200);
    expect((await releaseNotesOf(a.booking.id)).map((n) => n.credit_paise)).toEqual([49900]);
  });

  it('gets its credit note from the cron when the grant’s own call missed it, and no more', async () => {
    const event = await createEvent({ capacity: 1, inHours: 30 });
    const a = await releasedGuest(event);
    await booked(event);
    expect(await grantResoldReleases(d(), event.id)).toBe(1);
    expect(await releaseNotesOf(a.booking.id)).toEqual([]);
    await issueMissingDocuments(env, d());
    await issueMissingDocuments(env, d());
    expect((await releaseNotesOf(a.booking.id)).map((n) => n.total_paise)).toEqual([49900]);
    expect(await invoicedNet([a.booking.id])).toBe(0);
  });
});

describe('an erased guest’s documents', () => {
  it('name nobody when issued after the erasure (an invoice, or a credit note with its invoice)', async () => {
    const event = await createEvent();
    const { bookingId, userId } = await booked(event, { name: 'Erased Person' });
    await d().update(users).set({ erasedAt: new Date().toISOString() }).where(eq(users.id, userId));
    await d().update(eventBookings).set({ status: 'refunded' }).where(eq(eventBookings.id, bookingId));
    const note = (await issueCreditNote(env, d(), {
      bookingId,
      refundRef: `rfnd_erased_${bookingId}`,
    })) as InvoiceRecord;
    const docs = await d().all<InvoiceRecord>(sql`SELECT * FROM invoices WHERE booking_id = ${bookingId}`);
    expect(docs.map((r) => r.kind).sort()).toEqual(['credit_note', 'invoice']);
    for (const doc of docs) expect([doc.user_id, doc.buyer_name, doc.buyer_email]).toEqual([null, null, null]);
    expect(note.total_paise).toBe(49900);

    // An invoice alone (as the cron issues one it finds missing), the same; a live guest's is named.
    const other = await booked(event, { name: 'Erased Too' });
    await d().update(users).set({ erasedAt: new Date().toISOString() }).where(eq(users.id, other.userId));
    const inv = (await issueInvoice(env, d(), other.bookingId)) as InvoiceRecord;
    expect([inv.user_id, inv.buyer_name, inv.buyer_email]).toEqual([null, null, null]);
    const live = await booked(event, { name: 'Still Here' });
    const named = (await issueInvoice(env, d(), live.bookingId)) as InvoiceRecord;
    expect([named.user_id, named.buyer_name]).toEqual([live.userId, 'Still Here']);
  });
});

describe('the console’s export', () => {
  it('lists a month’s invoices and credit notes and downloads them as CSV, for operators only', async () => {
    const event = await createEvent();
    await setCityState(event.city, '06');
    const { bookingId } = await booked(event);
    const at = new Date('2094-07-15T06:00:00Z');
    const inv = (await issueInvoice(env, d(), bookingId, at)) as InvoiceRecord;
    await d()
      .update(eventBookings)
      .set({ status: 'refunded', refundId: 'rfnd_csv1' })
      .where(eq(eventBookings.id, bookingId));
    const note = (await issueCreditNote(env, d(), { bookingId, refundRef: 'rfnd_csv1' }, at)) as InvoiceRecord;

    const operator = await createGuest();
    await d().update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const list = await SELF.fetch(apiRequest('GET', '/api/admin/invoices?month=2094-07', operator));
    expect(list.status).toBe(200);
    const body = (await list.json()) as { invoices: Array<{ number: string; kind: string; total_paise: number }> };
    expect(body.invoices.map((i) => [i.number, i.kind, i.total_paise])).toEqual([
      [inv.number, 'invoice', 49900],
      [note.number, 'credit_note', 49900],
    ]);

    const csv = await SELF.fetch(apiRequest('GET', '/api/admin/invoices.csv?month=2094-07', operator));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="invoices-2094-07.csv"');
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^number,kind,issued_at,financial_year,against_invoice,refund_ref,buyer_name/);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`${inv.number},tax_invoice,`);
    expect(rows[1]).toContain(',422.88,38.06,38.06,0.00,499.00,');
    expect(rows[2]).toContain(`${note.number},credit_note,`);
    expect(rows[2]).toContain(`,${inv.number},rfnd_csv1,`);

    expect((await SELF.fetch(apiRequest('GET', '/api/admin/invoices.csv?month=2094-13', operator))).status).toBe(400);
    expect((await SELF.fetch(apiRequest('GET', '/api/admin/invoices.csv', operator))).status).toBe(400);
    const guest = await createGuest();
    expect((await SELF.fetch(apiRequest('GET', '/api/admin/invoices.csv?month=2094-07', guest))).status).toBe(403);
    expect((await SELF.fetch(apiRequest('GET', '/api/admin/invoices.csv?month=2094-07'))).status).toBe(401);
  });
});
