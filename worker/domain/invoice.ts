/**
 * Tax invoices and credit notes (issue 22): every paid booking gets an invoice, every refund a
 * credit note that references it. Numbers run per document kind and financial year (April to
 * March), consecutive, with no gap and no duplicate.
 */

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
