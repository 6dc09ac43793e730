import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { INVOICE_COPY, INVOICE_CSV_HEADER } from '@domain/copy-invoices';
import { toCsv } from '../lib/csv';
import { invalidInput, issueFields } from '../lib/validate';
import { documentTitle } from '../services/invoice-pdf';
import { documentsOfMonth, invoiceCsvRows } from '../services/invoices';

/** `?month=YYYY-MM`: a real month, months 01-12. */
const MonthQuery = v.object({
  month: v.pipe(v.string(INVOICE_COPY.monthInvalid), v.regex(/^20\d\d-(0[1-9]|1[0-2])$/, INVOICE_COPY.monthInvalid)),
});
const monthQuery = vValidator('query', MonthQuery, (result) => {
  if (!result.success) throw invalidInput(INVOICE_COPY.monthInvalid, issueFields(result.issues));
});

/** The console's invoices and credit notes export (issue 22), behind the operator gate of routes/admin.ts. */
export const adminInvoicesRoutes = new Hono<AppEnv>()
  /** A month's invoices and credit notes (IST), invoices first, each in number order. */
  .get('/invoices', monthQuery, async (c) => {
    const docs = await documentsOfMonth(c.var.db, c.req.valid('query').month);
    return c.json({
      invoices: docs.map((d) => ({
        id: d.id,
        kind: d.kind,
        title: documentTitle(d),
        number: d.number,
        issued_at: d.issued_at,
        against_number: d.against_number,
        buyer_name: d.buyer_name,
        place_of_supply_code: d.place_of_supply_code,
        taxable_paise: d.taxable_paise,
        cgst_paise: d.cgst_paise,
        sgst_paise: d.sgst_paise,
        igst_paise: d.igst_paise,
        total_paise: d.total_paise,
        credit_paise: d.credit_paise,
      })),
    });
  })
  /** The same month for the accountant (worker/lib/csv.ts: BOM, RFC 4180, formulas neutralised). */
  .get('/invoices.csv', monthQuery, async (c) => {
    const { month } = c.req.valid('query');
    const docs = await documentsOfMonth(c.var.db, month);
    return c.body(toCsv(INVOICE_CSV_HEADER, invoiceCsvRows(docs)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="invoices-${month}.csv"`,
      'Cache-Control': 'no-store',
    });
  });
