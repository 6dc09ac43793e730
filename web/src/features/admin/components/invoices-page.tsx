import { useId, useState } from 'react';
import { INVOICE_COPY } from '@domain/copy-invoices';
import { paiseAmount, stateLabel } from '@domain/invoice';
import { formatIstDate, todayIst } from '@domain/time';
import { type AdminInvoice, invoicesCsvUrl, useAdminInvoicesQuery } from '../api/invoices-api';

const T = INVOICE_COPY.console;
const MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;

const kindOf = (doc: AdminInvoice) =>
  doc.kind === 'credit_note'
    ? T.kinds.credit_note
    : doc.title === INVOICE_COPY.title.receipt
      ? T.kinds.receipt
      : T.kinds.invoice;

/** Rupees for a cell; a credit note's amounts are what it takes back, shown as such by its kind. */
const rs = (paise: number) => `₹${paiseAmount(paise)}`;

function InvoicesTable({ docs }: { docs: AdminInvoice[] }) {
  const sum = (pick: (d: AdminInvoice) => number) =>
    docs.reduce((total, d) => total + (d.kind === 'credit_note' ? -pick(d) : pick(d)), 0);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm">
        <caption className="sr-only">{T.heading}</caption>
        <thead>
          <tr>
            {T.columns.map((c) => (
              <th
                key={c}
                scope="col"
                className={
                  c === 'Number' || c === 'Date' || c === 'Kind' || c === 'Guest' || c === 'Place of supply'
                    ? ''
                    : 'text-right'
                }
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id}>
              <th scope="row" className="font-mono">
                {d.number}
                {d.against_number && <span className="block text-xs text-base-content/75">↳ {d.against_number}</span>}
              </th>
              <td>{formatIstDate(d.issued_at)}</td>
              <td>{kindOf(d)}</td>
              <td>{d.buyer_name ?? '—'}</td>
              <td>{stateLabel(d.place_of_supply_code)}</td>
              <td className="text-right tabular-nums">{rs(d.taxable_paise)}</td>
              <td className="text-right tabular-nums">{rs(d.cgst_paise)}</td>
              <td className="text-right tabular-nums">{rs(d.sgst_paise)}</td>
              <td className="text-right tabular-nums">{rs(d.igst_paise)}</td>
              <td className="text-right tabular-nums font-semibold">{rs(d.total_paise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              {T.totals}
            </th>
            <td className="text-right tabular-nums">{rs(sum((d) => d.taxable_paise))}</td>
            <td className="text-right tabular-nums">{rs(sum((d) => d.cgst_paise))}</td>
            <td className="text-right tabular-nums">{rs(sum((d) => d.sgst_paise))}</td>
            <td className="text-right tabular-nums">{rs(sum((d) => d.igst_paise))}</td>
            <td className="text-right tabular-nums">{rs(sum((d) => d.total_paise))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * `/admin/invoices` (issue 22): pick a month (IST), see its tax invoices and credit notes, and
 * download them as CSV for the accountant. Totals net the credit notes off the invoices.
 */
export function InvoicesPage() {
  const monthId = useId();
  const [month, setMonth] = useState(() => todayIst().slice(0, 7));
  const valid = MONTH.test(month);
  const query = useAdminInvoicesQuery(valid ? month : todayIst().slice(0, 7));
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold">{T.heading}</h1>
        <p className="text-base-content/80">{T.lead}</p>
      </header>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="font-medium">
            {T.month}
          </label>
          <input
            id={monthId}
            type="month"
            className="input input-bordered"
            value={month}
            max={todayIst().slice(0, 7)}
            onChange={(e) => setMonth(e.target.value)}
          />
        </div>
        {valid && (
          <a className="btn btn-primary" href={invoicesCsvUrl(month)} download>
            {T.download}
          </a>
        )}
      </div>
      {query.isPending ? (
        <div className="skeleton h-40 w-full" aria-busy="true" />
      ) : query.isError ? (
        <p role="alert" className="alert alert-error">
          {T.loadError}
        </p>
      ) : query.data.invoices.length === 0 ? (
        <p role="status">{T.empty}</p>
      ) : (
        <InvoicesTable docs={query.data.invoices} />
      )}
    </div>
  );
}
