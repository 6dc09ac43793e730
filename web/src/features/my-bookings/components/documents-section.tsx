import { INVOICE_COPY } from '@domain/copy-invoices';
import { formatIstDate } from '@domain/time';
import { useBookingDocumentsQuery } from '../api/get-booking-documents';
import { Section } from './booking-sections';

/**
 * The booking's tax invoice (a receipt without a GSTIN) and any credit notes, each a PDF download
 * (issue 22). Nothing while they load or for a booking nothing was paid for.
 */
export function DocumentsSection({ bookingId }: { bookingId: string }) {
  const { data } = useBookingDocumentsQuery(bookingId);
  if (!data?.invoice) return null;
  const { invoice, credit_notes: notes } = data;
  const label =
    invoice.title === INVOICE_COPY.title.receipt ? INVOICE_COPY.download.receipt : INVOICE_COPY.download.invoice;
  return (
    <Section id="invoice" title={INVOICE_COPY.section}>
      <p className="mb-4 text-base-content/80">{INVOICE_COPY.sectionHint}</p>
      <ul className="flex flex-col gap-3">
        <li className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <a className="btn btn-outline btn-sm" href={invoice.url} download>
            {label}
          </a>
          <span className="text-sm text-base-content/80">
            {invoice.title} {invoice.number} · {formatIstDate(invoice.issued_at)}
          </span>
        </li>
        {notes.map((note) => (
          <li key={note.id} className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <a className="btn btn-outline btn-sm" href={note.url} download>
              {INVOICE_COPY.download.creditNote}
            </a>
            <span className="text-sm text-base-content/80">
              {note.title} {note.number} · {formatIstDate(note.issued_at)}
            </span>
          </li>
        ))}
      </ul>
      {notes.length > 0 && <p className="mt-3 text-sm text-base-content/80">{INVOICE_COPY.creditNotesHint}</p>}
    </Section>
  );
}
