/** Words of the tax invoice, the receipt and the credit note (issue 22): the PDF, My Booking, the console. */
export const INVOICE_COPY = {
  title: { invoice: 'Tax invoice', receipt: 'Receipt', creditNote: 'Credit note' },
  /** My Booking's links, by document. */
  download: { invoice: 'Download invoice', receipt: 'Download receipt', creditNote: 'Download credit note' },
  section: 'Invoice',
  sectionHint: 'For your records, or for your company to reimburse.',
  creditNotesHint: 'A credit note records each refund against the invoice.',
  /** The document's own lines. */
  pdf: {
    gstin: 'GSTIN',
    state: 'State',
    number: { invoice: 'Invoice number', creditNote: 'Credit note number' },
    date: 'Date',
    against: 'Against invoice',
    billedTo: 'Billed to',
    noName: '(name not kept)',
    placeOfSupply: 'Place of supply',
    description: 'Description',
    sac: 'SAC',
    quantity: 'Seats',
    taxable: 'Taxable value',
    cgst: 'CGST',
    sgst: 'SGST',
    igst: 'IGST',
    total: 'Total (incl. GST)',
    totalReceipt: 'Total',
    credited: 'Total credited',
    paidByCredit: 'Paid by credit',
    paidByRazorpay: 'Paid by Razorpay',
    returnedAsCredit: 'Returned as Tablemates credit',
    refundedToPayment: 'Refunded via Razorpay',
    notRegistered: 'The supplier is not registered under GST: no GST is charged.',
    computerGenerated: 'This is a computer-generated document and needs no signature.',
  },
  /** The line that describes a seat at a dinner. */
  description: (title: string, date: string, seats: number) =>
    `Dinner seat${seats === 1 ? '' : 's'}: ${title}, ${date}`,
  /** Errors. */
  notFound: 'Invoice not found.',
  noInvoice: 'This booking has no invoice: nothing was paid for it.',
  monthInvalid: 'Choose a month (YYYY-MM).',
  /** The console's city form: the state its dinners' invoices name as the place of supply. */
  gstState: {
    label: 'GST state',
    hint: "The place of supply on this city's invoices; not set, the business's own state",
    notSet: "Not set (the business's state)",
    invalid: 'Choose a state from the list.',
  },
  /** The console's page. */
  console: {
    heading: 'Invoices',
    lead: 'Every tax invoice and credit note issued in a month (IST), as the accountant needs them.',
    month: 'Month',
    download: 'Download CSV',
    empty: 'No invoices or credit notes in this month.',
    loadError: "We couldn't load the invoices. Please try again.",
    columns: ['Number', 'Date', 'Kind', 'Guest', 'Place of supply', 'Taxable', 'CGST', 'SGST', 'IGST', 'Total'],
    kinds: { invoice: 'Invoice', receipt: 'Receipt', credit_note: 'Credit note' },
    totals: 'Totals',
  },
} as const;

/** The accountant's CSV: one row per document, money in rupees with two decimals. */
export const INVOICE_CSV_HEADER = [
  'number',
  'kind',
  'issued_at',
  'financial_year',
  'against_invoice',
  'refund_ref',
  'buyer_name',
  'buyer_email',
  'seller_gstin',
  'place_of_supply',
  'sac',
  'gst_rate_percent',
  'description',
  'quantity',
  'taxable_value',
  'cgst',
  'sgst',
  'igst',
  'total',
  'paid_by_credit',
  'order_id',
  'booking_id',
] as const;
