import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { INVOICE_COPY } from '@domain/copy-invoices';
import { ApiError } from '../lib/errors';
import { loadSession, requireUser } from '../middleware/session';
import { documentTitle, invoicePdf } from '../services/invoice-pdf';
import {
  type DocumentRecord,
  documentFileName,
  documentsForGuest,
  guestDocument,
  type InvoiceRecord,
  withAgainst,
} from '../services/invoices';

const notFound = () => new ApiError(404, 'invoice_not_found', INVOICE_COPY.notFound);

/** The session, unless the bookings routes mounted on the same path resolved it already (one D1 round trip, not two). */
const session = createMiddleware<AppEnv>(async (c, next) =>
  c.get('user') === undefined ? loadSession(c, next) : next(),
);

/** A document as My Booking lists it; `url` downloads its PDF. */
const listed = (bookingId: string, doc: InvoiceRecord) => ({
  id: doc.id,
  kind: doc.kind,
  title: documentTitle(doc),
  number: doc.number,
  issued_at: doc.issued_at,
  total_paise: doc.total_paise,
  url:
    doc.kind === 'invoice'
      ? `/api/bookings/${bookingId}/invoice.pdf`
      : `/api/bookings/${bookingId}/credit-notes/${doc.id}.pdf`,
});

/** The PDF as a download, never cached by a shared cache (it names the guest). */
async function pdfResponse(doc: DocumentRecord) {
  return new Response(await invoicePdf(doc), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${documentFileName(doc)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * A booking's tax invoice (or receipt, without a GSTIN) and credit notes as PDFs (issue 22), for
 * the guest whose booking it is: another guest's answers as an unknown one, 404 (DESIGN.md).
 */
export const invoicesRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  /** The booking's documents: `{ invoice, credit_notes }`, the invoice issued now if it was missed. */
  .get('/:id/documents', async (c) => {
    const docs = await documentsForGuest(c.env, c.var.db, c.get('user').id, c.req.param('id'));
    if (!docs) throw notFound();
    const id = c.req.param('id');
    return c.json({
      invoice: docs.invoice ? listed(id, docs.invoice) : null,
      credit_notes: docs.creditNotes.map((n) => listed(id, n)),
    });
  })
  .get('/:id/invoice.pdf', async (c) => {
    const docs = await documentsForGuest(c.env, c.var.db, c.get('user').id, c.req.param('id'));
    if (!docs?.invoice) throw notFound();
    return pdfResponse(await withAgainst(c.var.db, docs.invoice));
  })
  .get('/:id/credit-notes/:file', async (c) => {
    const noteId = /^(cn_[A-Za-z0-9_-]{1,40})\.pdf$/.exec(c.req.param('file'))?.[1];
    if (!noteId) throw notFound();
    const doc = await guestDocument(c.var.db, c.get('user').id, c.req.param('id'), noteId);
    if (doc?.kind !== 'credit_note') throw notFound();
    return pdfResponse(doc);
  });
