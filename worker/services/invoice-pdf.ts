/**
 * A tax invoice, receipt or credit note as a one-page A4 PDF (worker/lib/pdf.ts). Drawn from the
 * stored row alone, so a document prints the same for ever, whatever the config says later. The
 * standard Helvetica fonts keep the Worker small; they cannot draw ₹ or scripts beyond Latin-1, so
 * amounts say "Rs." and such a character in a name prints as "?".
 */
import { INVOICE_COPY } from '@domain/copy-invoices';
import { paiseAmount, stateLabel } from '@domain/invoice';
import { formatIstDate } from '@domain/time';
import { type FontName, PdfPage, printable, type Rgb, textWidth, writePdf } from '../lib/pdf';
import type { DocumentRecord } from './invoices';

const P = INVOICE_COPY.pdf;
const A4 = [595.28, 841.89] as const;
const MARGIN = 50;
const BLACK: Rgb = [0, 0, 0];
const GREY: Rgb = [0.35, 0.35, 0.35];
type Style = { size?: number; font?: FontName; color?: Rgb };

/** The document's title: a tax invoice only with a GSTIN at issue; a credit note either way. */
export function documentTitle(doc: Pick<DocumentRecord, 'kind' | 'is_tax_invoice'>) {
  if (doc.kind === 'credit_note') return INVOICE_COPY.title.creditNote;
  return doc.is_tax_invoice ? INVOICE_COPY.title.invoice : INVOICE_COPY.title.receipt;
}

const money = (paise: number) => `Rs. ${paiseAmount(paise)}`;

/** The PDF's bytes. */
export async function invoicePdf(doc: DocumentRecord): Promise<Uint8Array<ArrayBuffer>> {
  const title = documentTitle(doc);
  const page = new PdfPage(...A4);
  const regular: FontName = 'Helvetica';
  const bold: FontName = 'Helvetica-Bold';
  const right = A4[0] - MARGIN;
  let y = A4[1] - MARGIN;

  // What the font cannot draw is printed as "?" rather than failing the document.
  const draw = (text: string, x: number, { size = 10, font = regular, color = BLACK }: Style = {}) =>
    page.text(printable(text), x, y, { size, font, color });
  const drawRight = (text: string, xRight: number, { size = 10, font = regular }: Style = {}) => {
    const t = printable(text);
    page.text(t, xRight - textWidth(t, font, size), y, { size, font, color: BLACK });
  };
  /** Words wrapped to `width`, one line each, moving down. */
  const wrapped = (text: string, x: number, width: number, { size = 10, font = regular, color = GREY }: Style = {}) => {
    let line = '';
    for (const word of printable(text).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, font, size) > width) {
        draw(line, x, { size, font, color });
        y -= size + 4;
        line = word;
      } else line = next;
    }
    if (line) {
      draw(line, x, { size, font, color });
      y -= size + 4;
    }
  };
  const rule = () => {
    page.line(MARGIN, y, right, y, { thickness: 0.5, color: GREY });
    y -= 16;
  };

  // The seller.
  draw(doc.seller_name, MARGIN, { size: 14, font: bold });
  y -= 18;
  wrapped(doc.seller_address, MARGIN, 300);
  if (doc.seller_gstin) {
    draw(`${P.gstin}: ${doc.seller_gstin}`, MARGIN, { color: GREY });
    y -= 14;
  }
  draw(`${P.state}: ${stateLabel(doc.seller_state_code)}`, MARGIN, { color: GREY });
  y -= 30;

  // The document.
  draw(title, MARGIN, { size: 20, font: bold });
  y -= 24;
  const numberLabel = doc.kind === 'credit_note' ? P.number.creditNote : P.number.invoice;
  draw(`${numberLabel}: ${doc.number}`, MARGIN);
  y -= 14;
  draw(`${P.date}: ${formatIstDate(doc.issued_at)}`, MARGIN);
  y -= 14;
  if (doc.against_number) {
    const on = doc.against_issued_at ? ` (${formatIstDate(doc.against_issued_at)})` : '';
    draw(`${P.against}: ${doc.against_number}${on}`, MARGIN);
    y -= 14;
  }
  y -= 12;

  // The buyer and the place of supply.
  draw(P.billedTo, MARGIN, { font: bold });
  draw(P.placeOfSupply, 320, { font: bold });
  y -= 14;
  draw(doc.buyer_name ?? P.noName, MARGIN);
  draw(stateLabel(doc.place_of_supply_code), 320);
  y -= 14;
  if (doc.buyer_email) {
    draw(doc.buyer_email, MARGIN, { color: GREY });
    y -= 14;
  }
  y -= 16;

  // The line.
  draw(P.description, MARGIN, { font: bold });
  draw(P.sac, 340, { font: bold });
  draw(P.quantity, 400, { font: bold });
  drawRight(P.taxable, right, { font: bold });
  y -= 8;
  rule();
  const lineTop = y;
  wrapped(doc.description, MARGIN, 280, { color: BLACK });
  const after = y;
  y = lineTop;
  draw(doc.sac_code, 340);
  draw(String(doc.quantity), 400);
  drawRight(money(doc.taxable_paise), right);
  y = Math.min(after, lineTop - 14) - 6;
  rule();

  // The sums: taxable value, each tax with its rate, the total, and how it was paid.
  const sum = (label: string, paise: number, font: FontName = regular) => {
    draw(label, 320, { font });
    drawRight(money(paise), right, { font });
    y -= 16;
  };
  const rate = doc.gst_rate_percent;
  sum(P.taxable, doc.taxable_paise);
  if (doc.is_tax_invoice) {
    if (doc.igst_paise > 0 || doc.cgst_paise + doc.sgst_paise === 0) sum(`${P.igst} @ ${rate}%`, doc.igst_paise);
    if (doc.cgst_paise + doc.sgst_paise > 0) {
      sum(`${P.cgst} @ ${rate / 2}%`, doc.cgst_paise);
      sum(`${P.sgst} @ ${rate / 2}%`, doc.sgst_paise);
    }
  }
  const totalLabel =
    doc.kind === 'credit_note' ? P.credited : doc.is_tax_invoice ? P.total : INVOICE_COPY.pdf.totalReceipt;
  sum(totalLabel, doc.total_paise, bold);
  y -= 6;
  if (doc.kind === 'credit_note') {
    // Only the parts there are: a booking paid wholly by credit, or release credit, has no Razorpay refund.
    if (doc.credit_paise > 0) sum(P.returnedAsCredit, doc.credit_paise);
    if (doc.total_paise - doc.credit_paise > 0) sum(P.refundedToPayment, doc.total_paise - doc.credit_paise);
  } else {
    if (doc.credit_paise > 0) sum(P.paidByCredit, doc.credit_paise);
    sum(P.paidByRazorpay, doc.total_paise - doc.credit_paise);
  }

  y = MARGIN + 20;
  if (!doc.is_tax_invoice) {
    draw(P.notRegistered, MARGIN, { size: 9, color: GREY });
    y -= 12;
  }
  draw(P.computerGenerated, MARGIN, { size: 9, color: GREY });
  const issued = new Date(doc.issued_at);
  return writePdf(page, {
    title: `${title} ${doc.number}`,
    author: doc.seller_name,
    created: issued,
    modified: issued,
  });
}
