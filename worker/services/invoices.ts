/**
 * Tax invoices and credit notes (issue 22, docs/decisions/030): the one writer of `invoices`.
 * - An invoice per paid order, issued when its confirmation is sent, on first download, or by the
 *   cron for one that slipped through. Its serial is taken in the INSERT itself
 *   (`COALESCE(MAX(serial), 0) + 1` for its kind and financial year): D1 runs one statement at a
 *   time, so two payments at the same moment get consecutive serials, never the same one; an order
 *   already invoiced inserts nothing and so consumes no serial.
 * - A credit note per refund of an invoiced order (`refund_ref` unique: Razorpay's refund id, or
 *   our own key), its amount what was refunded, never more than the invoice has left; and one per
 *   release credit granted (`release:<booking>`), the money given back as Tablemates credit.
 * - An erased guest's documents name nobody: issued after the erasure, they keep no user id, name
 *   or email (as the erasure leaves those issued before it).
 * Reads `payment_orders` and `event_bookings`, never writes them (the ledger owns them).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { INVOICE_COPY } from '@domain/copy-invoices';
import {
  creditNoteSplit,
  financialYear,
  type GstSplit,
  gstSplit,
  type InvoiceKind,
  istMonthRange,
  numberHead,
  placeOfSupply,
  serialWidth,
} from '@domain/invoice';
import { formatCalendarDate } from '@domain/time';
import type { Config } from '../env';
import { randomToken } from '../lib/crypto';

/** The config an invoice is issued under (worker/env.ts, checked by the pre-flight). */
export type InvoiceConfig = Pick<
  Config,
  | 'BUSINESS_LEGAL_NAME'
  | 'BUSINESS_ADDRESS'
  | 'BUSINESS_STATE_CODE'
  | 'GSTIN'
  | 'GST_SAC_CODE'
  | 'GST_RATE_PERCENT'
  | 'INVOICE_PREFIX'
>;

/** An `invoices` row as D1 answers it (snake_case: read with raw SQL, and so sent on the wire). */
export type InvoiceRecord = {
  id: string;
  kind: InvoiceKind;
  financial_year: string;
  serial: number;
  number: string;
  order_id: string;
  booking_id: string | null;
  invoice_id: string | null;
  refund_ref: string | null;
  user_id: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  is_tax_invoice: number;
  seller_name: string;
  seller_address: string;
  seller_state_code: string;
  seller_gstin: string | null;
  place_of_supply_code: string;
  sac_code: string;
  gst_rate_percent: number;
  description: string;
  quantity: number;
  total_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  credit_paise: number;
  issued_at: string;
};

/** What a booking's invoice is made of, read in one query. */
type BookingFacts = {
  booking_id: string;
  order_id: string;
  user_id: string;
  status: string;
  seats: number;
  event_name: string;
  event_date: string;
  cash: number;
  credit: number;
  city_state_code: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
};

const bookingFacts = (d: Db, bookingId: string) =>
  d.get<BookingFacts | undefined>(sql`SELECT b.id AS booking_id, b.order_id, b.user_id, b.status, b.seats,
      b.event_name, b.event_date, o.amount AS cash, o.credit_amount AS credit,
      (SELECT c.gst_state_code FROM events AS e JOIN cities AS c ON c.slug = e.city WHERE e.id = b.event_id) AS city_state_code,
      NULLIF(TRIM(p.full_name), '') AS buyer_name, COALESCE(p.email, u.email) AS buyer_email
    FROM event_bookings AS b
    JOIN payment_orders AS o ON o.id = b.order_id
    LEFT JOIN users AS u ON u.id = b.user_id
    LEFT JOIN user_profiles AS p ON p.user_id = b.user_id
    WHERE b.id = ${bookingId}`);

const invoiceOfOrder = (d: Db, orderId: string) =>
  d.get<InvoiceRecord | undefined>(sql`SELECT * FROM invoices WHERE kind = 'invoice' AND order_id = ${orderId}`);

/**
 * `value`, or NULL once the guest `userId` was erased: read in the INSERT itself, so an erasure
 * landing between our read and our write still leaves the document nameless.
 */
const unlessErased = (userId: SQL, value: SQL) =>
  sql`CASE WHEN EXISTS (SELECT 1 FROM users AS eu WHERE eu.id = ${userId} AND eu.erased_at IS NOT NULL) THEN NULL ELSE ${value} END`;

/**
 * The next serial of `kind` in `fy` and the number built from it, as SQL over `n.next`: the same
 * as domain/invoice.ts `invoiceNumber` (a test compares them).
 */
function serialSource(prefix: string, kind: InvoiceKind, fy: string) {
  const head = numberHead(prefix, kind, fy);
  return {
    from: sql`(SELECT COALESCE(MAX(serial), 0) + 1 AS next FROM invoices WHERE kind = ${kind} AND financial_year = ${fy}) AS n`,
    number: sql`${head} || printf(${`%0${serialWidth(head)}d`}, n.next)`,
  };
}

const COLUMNS = sql.raw(`id, kind, financial_year, serial, number, order_id, booking_id, invoice_id, refund_ref,
  user_id, buyer_name, buyer_email, is_tax_invoice, seller_name, seller_address, seller_state_code, seller_gstin,
  place_of_supply_code, sac_code, gst_rate_percent, description, quantity, total_paise, taxable_paise, cgst_paise,
  sgst_paise, igst_paise, credit_paise, issued_at`);

/**
 * The booking's invoice: the one already issued for its order, or a new one now. Null for a
 * booking that does not exist or on which nothing was paid (a 100% coupon). Safe to call from any
 * number of places at once: one order, one invoice, one serial.
 * @example const invoice = await issueInvoice(env, d, 'bkg_…')
 */
export async function issueInvoice(
  env: InvoiceConfig,
  d: Db,
  bookingId: string,
  now = new Date(),
): Promise<InvoiceRecord | null> {
  const facts = await bookingFacts(d, bookingId);
  if (!facts) return null;
  const existing = await invoiceOfOrder(d, facts.order_id);
  if (existing) return existing;
  const totalPaise = (Number(facts.cash) + Number(facts.credit)) * 100;
  if (totalPaise <= 0) return null;

  const registered = env.GSTIN !== '';
  const rate = Number(env.GST_RATE_PERCENT);
  const pos = placeOfSupply(facts.city_state_code, env.BUSINESS_STATE_CODE);
  const split = gstSplit({ totalPaise, ratePercent: rate, intraState: pos === env.BUSINESS_STATE_CODE, registered });
  const issuedAt = now.toISOString();
  const fy = financialYear(now);
  const serial = serialSource(env.INVOICE_PREFIX, 'invoice', fy);
  const [made] = await d.all<InvoiceRecord>(sql`INSERT INTO invoices (${COLUMNS})
    SELECT ${`inv_${randomToken(12)}`}, 'invoice', ${fy}, n.next, ${serial.number}, ${facts.order_id}, ${facts.booking_id},
      NULL, NULL, ${unlessErased(sql`${facts.user_id}`, sql`${facts.user_id}`)},
      ${unlessErased(sql`${facts.user_id}`, sql`${facts.buyer_name}`)}, ${unlessErased(sql`${facts.user_id}`, sql`${facts.buyer_email}`)},
      ${registered ? 1 : 0},
      ${env.BUSINESS_LEGAL_NAME}, ${env.BUSINESS_ADDRESS}, ${env.BUSINESS_STATE_CODE}, ${registered ? env.GSTIN : null},
      ${pos}, ${env.GST_SAC_CODE}, ${registered ? rate : 0},
      ${INVOICE_COPY.description(facts.event_name, formatCalendarDate(facts.event_date), facts.seats)}, ${facts.seats},
      ${totalPaise}, ${split.taxablePaise}, ${split.cgstPaise}, ${split.sgstPaise}, ${split.igstPaise},
      ${Number(facts.credit) * 100}, ${issuedAt}
    FROM ${serial.from}
    WHERE NOT EXISTS (SELECT 1 FROM invoices AS x WHERE x.kind = 'invoice' AND x.order_id = ${facts.order_id})
    ON CONFLICT (order_id) WHERE kind = 'invoice' DO NOTHING
    RETURNING *`);
  // Another caller issued it between our read and our INSERT: theirs is the one.
  return made ?? (await invoiceOfOrder(d, facts.order_id)) ?? null;
}

/** The guest of the invoice `i`'s booking, as SQL (an erasure keeps the booking's user id). */
const bookingUser = sql`(SELECT eb.user_id FROM event_bookings AS eb WHERE eb.id = i.booking_id)`;

/** An invoice with what its credit notes have taken from it so far. */
type Credited = InvoiceRecord & { credited_paise: number; credited_credit_paise: number; booking_status: string };

/**
 * A credit note for a refund of the booking's order. `refundedPaise`: what this refund gave back;
 * once the booking is `refunded` (the supply is cancelled) the note covers whatever the invoice has
 * left, the credit given back included. `asCredit`: the refund is release credit (decision 027),
 * `refundedPaise` given back wholly as Tablemates credit. Idempotent per `refundRef`; never
 * credits more than the invoice (checked in the INSERT itself, so two refunds at once cannot both
 * take the rest). A booking refunded before its invoice was issued gets the invoice first. Null
 * when nothing is owed.
 */
export async function issueCreditNote(
  env: InvoiceConfig,
  d: Db,
  {
    bookingId,
    refundRef,
    refundedPaise = 0,
    asCredit = false,
  }: { bookingId: string; refundRef: string; refundedPaise?: number; asCredit?: boolean },
  now = new Date(),
): Promise<InvoiceRecord | null> {
  const invoice = await issueInvoice(env, d, bookingId, now);
  if (!invoice) return null;
  const row = await d.get<Credited | undefined>(sql`SELECT i.*,
      (SELECT COALESCE(SUM(c.total_paise), 0) FROM invoices AS c WHERE c.kind = 'credit_note' AND c.invoice_id = i.id) AS credited_paise,
      (SELECT COALESCE(SUM(c.credit_paise), 0) FROM invoices AS c WHERE c.kind = 'credit_note' AND c.invoice_id = i.id) AS credited_credit_paise,
      (SELECT b.status FROM event_bookings AS b WHERE b.order_id = i.order_id) AS booking_status
    FROM invoices AS i WHERE i.id = ${invoice.id}`);
  if (!row) return null;
  const already = await d.get<{ id: string } | undefined>(
    sql`SELECT id FROM invoices WHERE kind = 'credit_note' AND refund_ref = ${refundRef}`,
  );
  if (already) return null;
  const left = row.total_paise - Number(row.credited_paise);
  const cancelled = !asCredit && row.booking_status === 'refunded';
  const amount = cancelled ? left : Math.min(Math.max(0, Math.round(refundedPaise)), left);
  if (amount <= 0) return null;
  // Release credit comes back wholly as credit; the credit the guest paid with comes back as credit
  // only when the whole booking is refunded.
  const creditBack = asCredit
    ? amount
    : cancelled
      ? Math.min(amount, row.credit_paise - Number(row.credited_credit_paise))
      : 0;
  const split: GstSplit = creditNoteSplit(
    {
      taxablePaise: row.taxable_paise,
      cgstPaise: row.cgst_paise,
      sgstPaise: row.sgst_paise,
      igstPaise: row.igst_paise,
      totalPaise: row.total_paise,
      ratePercent: row.gst_rate_percent,
      registered: row.is_tax_invoice === 1,
    },
    amount,
  );
  const issuedAt = now.toISOString();
  const fy = financialYear(now);
  const serial = serialSource(env.INVOICE_PREFIX, 'credit_note', fy);
  const [made] = await d.all<InvoiceRecord>(sql`INSERT INTO invoices (${COLUMNS})
    SELECT ${`cn_${randomToken(12)}`}, 'credit_note', ${fy}, n.next, ${serial.number}, i.order_id, i.booking_id,
      i.id, ${refundRef}, ${unlessErased(bookingUser, sql`i.user_id`)}, ${unlessErased(bookingUser, sql`i.buyer_name`)},
      ${unlessErased(bookingUser, sql`i.buyer_email`)}, i.is_tax_invoice,
      i.seller_name, i.seller_address, i.seller_state_code, i.seller_gstin,
      i.place_of_supply_code, i.sac_code, i.gst_rate_percent, i.description, i.quantity,
      ${amount}, ${split.taxablePaise}, ${split.cgstPaise}, ${split.sgstPaise}, ${split.igstPaise}, ${creditBack}, ${issuedAt}
    FROM invoices AS i, ${serial.from}
    WHERE i.id = ${row.id}
      AND (SELECT COALESCE(SUM(c.total_paise), 0) FROM invoices AS c WHERE c.kind = 'credit_note' AND c.invoice_id = i.id) + ${amount} <= i.total_paise
    ON CONFLICT (refund_ref) WHERE kind = 'credit_note' DO NOTHING
    RETURNING *`);
  return made ?? null;
}

/**
 * Razorpay's `refund.processed`, after the ledger has recorded it: a credit note when the refunded
 * payment is a booking's (a refund of a duplicate or an unbooked payment was never invoiced).
 */
export async function creditNoteForRazorpayRefund(
  env: InvoiceConfig,
  d: Db,
  refund: { id: string; payment_id: string; amount?: number; status: string } | undefined,
  now = new Date(),
) {
  if (refund?.status !== 'processed') return null;
  const booking = await d.get<{ id: string } | undefined>(
    sql`SELECT id FROM event_bookings WHERE payment_id = ${refund.payment_id}`,
  );
  if (!booking) return null;
  return issueCreditNote(
    env,
    d,
    { bookingId: booking.id, refundRef: refund.id, refundedPaise: refund.amount ?? 0 },
    now,
  );
}

/**
 * A refunded booking's credit note, from the ledger's refund paths: never holds up the guest's
 * refund notice (logged; the cron's {@link issueMissingDocuments} issues what this missed).
 */
export async function creditNoteForRefundedBooking(env: InvoiceConfig, d: Db, bookingId: string, refundRef: string) {
  try {
    return await issueCreditNote(env, d, { bookingId, refundRef });
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', alert: 'credit_note_not_issued', booking: bookingId, error: String(err) }),
    );
    return null;
  }
}

/** Documents handled per cron run, per kind. */
export const INVOICE_CRON_BATCH = 25;

/** The `refund_ref` of the credit note for a release's credit: one per released booking. */
export const releaseCreditRef = (bookingId: string) => `release:${bookingId}`;

/**
 * Credit notes for release credit granted (decision 030): a guest who released their seats and was
 * given what they paid back as Tablemates credit (their seats resold, or we cancelled the dinner)
 * has that much of the booking's invoice credited, "Returned as Tablemates credit", so the invoice
 * of the order that later spends the credit is not a second invoice of the same money. Each under
 * `release:<booking>`, so issuing again adds nothing. `eventId`: only that dinner's (right after a
 * grant there); without it, any (the cron). A booking whose invoice is already fully credited is
 * skipped, so the cron never retries it. Returns how many were looked at.
 */
export async function issueReleaseCreditNotes(
  env: InvoiceConfig,
  d: Db,
  { eventId, now = new Date() }: { eventId?: string; now?: Date } = {},
) {
  const due = await d.all<{ id: string; amount: number }>(sql`SELECT c.booking_id AS id, c.amount
    FROM credit_entries AS c
    JOIN event_bookings AS b ON b.id = c.booking_id
    JOIN payment_orders AS o ON o.id = b.order_id
    WHERE c.kind = 'release' AND c.amount > 0 AND o.amount + o.credit_amount > 0
      ${eventId ? sql`AND b.event_id = ${eventId}` : sql``}
      AND NOT EXISTS (SELECT 1 FROM invoices AS n WHERE n.kind = 'credit_note' AND n.refund_ref = 'release:' || c.booking_id)
      AND NOT EXISTS (SELECT 1 FROM invoices AS i WHERE i.kind = 'invoice' AND i.order_id = b.order_id
        AND (SELECT COALESCE(SUM(x.total_paise), 0) FROM invoices AS x WHERE x.kind = 'credit_note' AND x.invoice_id = i.id) >= i.total_paise)
    ORDER BY c.created_at LIMIT ${INVOICE_CRON_BATCH}`);
  for (const { id, amount } of due)
    await issueCreditNote(
      env,
      d,
      { bookingId: id, refundRef: releaseCreditRef(id), refundedPaise: Number(amount) * 100, asCredit: true },
      now,
    );
  return due.length;
}

/**
 * {@link issueReleaseCreditNotes} for a dinner, right after a grant there (the `seats-freed` queue,
 * a booking that took released seats, a dinner we cancel): never holds up its caller (logged; the
 * cron's {@link issueMissingDocuments} issues what this missed).
 */
export async function creditNotesForReleaseCredit(env: InvoiceConfig, d: Db, eventId: string) {
  try {
    return await issueReleaseCreditNotes(env, d, { eventId });
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', alert: 'credit_note_not_issued', event: eventId, error: String(err) }),
    );
    return 0;
  }
}

/**
 * The cron's safety net: a paid booking whose confirmation path never issued its invoice gets one,
 * a refunded booking whose credit notes do not cover its invoice gets one for the rest (under
 * its refund's id, or our own key `rest:<booking>` when that id already names a partial refund),
 * and release credit granted without its credit note gets it ({@link issueReleaseCreditNotes}).
 */
export async function issueMissingDocuments(env: InvoiceConfig, d: Db, now = new Date()) {
  const uninvoiced = await d.all<{ id: string }>(sql`SELECT b.id FROM event_bookings AS b
    JOIN payment_orders AS o ON o.id = b.order_id
    WHERE o.amount + o.credit_amount > 0
      AND NOT EXISTS (SELECT 1 FROM invoices AS i WHERE i.kind = 'invoice' AND i.order_id = b.order_id)
    ORDER BY b.booking_date LIMIT ${INVOICE_CRON_BATCH}`);
  for (const { id } of uninvoiced) await issueInvoice(env, d, id, now);

  const uncredited = await d.all<{ id: string; ref: string }>(sql`SELECT b.id,
      CASE WHEN b.refund_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM invoices AS r WHERE r.kind = 'credit_note' AND r.refund_ref = b.refund_id)
        THEN b.refund_id ELSE 'rest:' || b.id END AS ref
    FROM event_bookings AS b JOIN invoices AS i ON i.kind = 'invoice' AND i.order_id = b.order_id
    WHERE b.status = 'refunded'
      AND (SELECT COALESCE(SUM(c.total_paise), 0) FROM invoices AS c WHERE c.kind = 'credit_note' AND c.invoice_id = i.id) < i.total_paise
    LIMIT ${INVOICE_CRON_BATCH}`);
  for (const { id, ref } of uncredited) await issueCreditNote(env, d, { bookingId: id, refundRef: ref }, now);
  const released = await issueReleaseCreditNotes(env, d, { now });
  return { invoiced: uninvoiced.length, credited: uncredited.length, released };
}

/** The guest's own booking (another guest's reads as none): its id and whether it exists. */
const ownBooking = (d: Db, userId: string, bookingId: string) =>
  d.get<{ id: string } | undefined>(sql`SELECT id FROM event_bookings WHERE id = ${bookingId} AND user_id = ${userId}`);

/**
 * A booking's documents for its guest: the invoice (issued now if it was missed) and its credit
 * notes, oldest first. Null for an unknown booking or another guest's.
 */
export async function documentsForGuest(env: InvoiceConfig, d: Db, userId: string, bookingId: string) {
  if (!(await ownBooking(d, userId, bookingId))) return null;
  const invoice = await issueInvoice(env, d, bookingId);
  const notes = invoice
    ? await d.all<InvoiceRecord>(
        sql`SELECT * FROM invoices WHERE kind = 'credit_note' AND invoice_id = ${invoice.id} ORDER BY serial`,
      )
    : [];
  return { invoice, creditNotes: notes };
}

/** One of the guest's own documents by id (an invoice or a credit note of `bookingId`). */
export async function guestDocument(d: Db, userId: string, bookingId: string, documentId: string) {
  return (
    (await d.get<(InvoiceRecord & { against_number: string | null; against_issued_at: string | null }) | undefined>(
      sql`SELECT doc.*, inv.number AS against_number, inv.issued_at AS against_issued_at
        FROM invoices AS doc
        JOIN event_bookings AS b ON b.id = doc.booking_id AND b.user_id = ${userId}
        LEFT JOIN invoices AS inv ON inv.id = doc.invoice_id
        WHERE doc.id = ${documentId} AND doc.booking_id = ${bookingId}`,
    )) ?? null
  );
}

/** A document with the invoice it is against (credit notes), as the PDF shows it. */
export type DocumentRecord = InvoiceRecord & { against_number: string | null; against_issued_at: string | null };

/** A credit note's invoice number and date, for the PDF. */
export async function withAgainst(d: Db, doc: InvoiceRecord): Promise<DocumentRecord> {
  if (!doc.invoice_id) return { ...doc, against_number: null, against_issued_at: null };
  const inv = await d.get<{ number: string; issued_at: string } | undefined>(
    sql`SELECT number, issued_at FROM invoices WHERE id = ${doc.invoice_id}`,
  );
  return { ...doc, against_number: inv?.number ?? null, against_issued_at: inv?.issued_at ?? null };
}

/** Every document issued in a month (IST), in number order within each kind: the console and the CSV. */
export async function documentsOfMonth(d: Db, month: string) {
  const { from, to } = istMonthRange(month);
  return d.all<DocumentRecord>(sql`SELECT doc.*, inv.number AS against_number, inv.issued_at AS against_issued_at
    FROM invoices AS doc LEFT JOIN invoices AS inv ON inv.id = doc.invoice_id
    WHERE doc.issued_at >= ${from} AND doc.issued_at < ${to}
    ORDER BY doc.kind DESC, doc.financial_year, doc.serial`);
}

/** A document's file name: its number with the slashes made safe ('TM-26-27-000042.pdf'). */
export const documentFileName = (doc: Pick<InvoiceRecord, 'number'>) => `${doc.number.replaceAll('/', '-')}.pdf`;

/** Rupees from paise as the CSV writes them ('1694.92'). */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** A month's documents as the accountant's CSV rows (INVOICE_CSV_HEADER's order). */
export function invoiceCsvRows(docs: readonly DocumentRecord[]) {
  return docs.map((doc) => [
    doc.number,
    doc.kind === 'credit_note' ? 'credit_note' : doc.is_tax_invoice ? 'tax_invoice' : 'receipt',
    doc.issued_at,
    doc.financial_year,
    doc.against_number,
    doc.refund_ref,
    doc.buyer_name,
    doc.buyer_email,
    doc.seller_gstin,
    doc.place_of_supply_code,
    doc.sac_code,
    doc.gst_rate_percent,
    doc.description,
    doc.quantity,
    rupees(doc.taxable_paise),
    rupees(doc.cgst_paise),
    rupees(doc.sgst_paise),
    rupees(doc.igst_paise),
    rupees(doc.total_paise),
    rupees(doc.credit_paise),
    doc.order_id,
    doc.booking_id,
  ]);
}
