/**
 * Tax invoices and credit notes (issue 22): every paid booking gets an invoice, every refund a
 * credit note that references it. Numbers run per document kind and financial year (April to
 * March), consecutive, with no gap and no duplicate. Pure: the arithmetic and the numbering
 * rules; services/invoices.ts takes the serials and writes the rows.
 */

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** GST's limit on a document number: 16 characters of letters, digits, '-' and '/' (CGST Rules, rule 46(b)). */
export const MAX_NUMBER_LENGTH = 16;
/** Digits of the serial when the prefix leaves room (e.g. `TM/26-27/000042`). */
const SERIAL_DIGITS = 6;

/**
 * The financial year (April to March, in IST) a moment falls in, as stored: '2026-27'.
 * @example financialYear('2027-03-31T18:29:59Z') // '2026-27' (23:59 IST on 31 March)
 */
export function financialYear(at: Date | string): string {
  const t = typeof at === 'string' ? new Date(at) : at;
  // IST is UTC+5:30 all year (no daylight saving).
  const ist = new Date(t.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** What every number of one series starts with: `TM/26-27/` for invoices, `TMC/26-27/` for credit notes. */
export function numberHead(prefix: string, kind: InvoiceKind, fy: string): string {
  return `${prefix}${kind === 'credit_note' ? 'C' : ''}/${fy.slice(2)}/`;
}

/** Digits the serial is padded to after `head`, so the number fits {@link MAX_NUMBER_LENGTH}. */
export const serialWidth = (head: string) => Math.max(1, Math.min(SERIAL_DIGITS, MAX_NUMBER_LENGTH - head.length));

/**
 * A document's number (services/invoices.ts builds the same in SQL from {@link numberHead} and
 * {@link serialWidth}, since the serial is taken inside the INSERT).
 * @example invoiceNumber('TM', 'invoice', '2026-27', 42) // 'TM/26-27/000042'
 */
export function invoiceNumber(prefix: string, kind: InvoiceKind, fy: string, serial: number): string {
  const head = numberHead(prefix, kind, fy);
  return `${head}${String(serial).padStart(serialWidth(head), '0')}`;
}

/** A total split into its taxable value and taxes, all in paise; the parts always sum to the total. */
export type GstSplit = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * The GST inside a price that includes it: taxable value = total × 100 / (100 + rate), rounded to
 * the paisa, tax = total − taxable (so nothing is lost to rounding). Within the business's state the
 * tax is CGST + SGST in halves (the odd paisa to SGST); across states it is IGST. Without a GSTIN
 * no GST is charged (`registered: false`): the whole total is the value of the supply.
 * @example gstSplit({ totalPaise: 200000, ratePercent: 18, intraState: true, registered: true })
 * // { taxablePaise: 169492, cgstPaise: 15254, sgstPaise: 15254, igstPaise: 0 }
 */
export function gstSplit({
  totalPaise,
  ratePercent,
  intraState,
  registered,
}: {
  totalPaise: number;
  ratePercent: number;
  intraState: boolean;
  registered: boolean;
}): GstSplit {
  if (!Number.isInteger(totalPaise) || totalPaise < 0) throw new RangeError(`total ${totalPaise} is not whole paise`);
  if (!registered || ratePercent <= 0) return { taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  const tax = totalPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/**
 * The split of a credit note for `amountPaise` of an invoice: the invoice's own split when the
 * whole of it is credited (so the two cancel to the paisa), else the same rule at the invoice's
 * rate and kind of tax.
 */
export function creditNoteSplit(
  invoice: GstSplit & { totalPaise: number; ratePercent: number; registered: boolean },
  amountPaise: number,
): GstSplit {
  if (amountPaise === invoice.totalPaise) {
    const { taxablePaise, cgstPaise, sgstPaise, igstPaise } = invoice;
    return { taxablePaise, cgstPaise, sgstPaise, igstPaise };
  }
  return gstSplit({
    totalPaise: amountPaise,
    ratePercent: invoice.ratePercent,
    intraState: invoice.igstPaise === 0,
    registered: invoice.registered,
  });
}

/** The place of supply of a dinner: its city's GST state, else (a city not yet given one) the business's. */
export const placeOfSupply = (cityStateCode: string | null | undefined, businessStateCode: string) =>
  cityStateCode || businessStateCode;

/** GST state codes (GSTN's list) and their names, for the place of supply and the console's city form. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** 'Haryana (06)', or the bare code for one not in the list. */
export const stateLabel = (code: string) => (GST_STATES[code] ? `${GST_STATES[code]} (${code})` : code);

/** Paise as rupees with two decimals and Indian grouping, without a currency sign: '1,69,491.53'. */
export function paiseAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  // Indian grouping by hand (the last three digits, then pairs): the same in every runtime's Intl.
  const digits = String(rupees);
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return `${sign}${grouped}.${rest}`;
}

/** The month a console export covers ('2026-11'): its first and last moments in UTC, as IST sees the month. */
export function istMonthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const start = Date.UTC(y, m - 1, 1) - 330 * 60_000;
  const end = Date.UTC(y, m, 1) - 330 * 60_000;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}
