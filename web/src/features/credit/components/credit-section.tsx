import { CREDIT_VALIDITY_MONTHS } from '@domain/credit';
import { rupees } from '@domain/pricing';
import { formatCalendarDate, istDate } from '@domain/time';
import { useId } from 'react';
import { type CreditEntry, useCreditsQuery } from '../api/get-credits';

/** An instant as the guest's calendar date in IST, e.g. '5 Jan 2030'. */
const day = (iso: string) => formatCalendarDate(istDate(iso));

/** Grants add to the balance; spends and expiries take from it. */
const isGrant = (e: CreditEntry) => e.kind === 'release' || e.kind === 'operator';

/** e.g. '+₹499' or '−₹499' (a true minus sign; screen readers say "minus"). */
const signed = (e: CreditEntry) => `${isGrant(e) ? '+' : '−'}${rupees(e.amount)}`;

/**
 * /profile's 'Credit' (docs/decisions/027): the balance and every entry, newest first. A grant
 * shows when it expires; a spend its order did not keep (a lapsed hold, a refund) is shown as
 * returned. Not shown at all to a guest who has never had credit.
 */
export function CreditSection() {
  const query = useCreditsQuery();
  const headingId = useId();
  if (!query.data) return null;
  const { balance, entries } = query.data;
  if (balance === 0 && entries.length === 0) return null;
  return (
    <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 font-display text-2xl font-semibold">
        Credit
      </h2>
      <p data-testid="credit-balance">
        <strong className="text-xl">{rupees(balance)} credit</strong>, valid {CREDIT_VALIDITY_MONTHS} months from when
        it was given.
      </p>
      <p className="mt-1 text-sm text-base-content/80">It pays first at checkout, on any dinner.</p>
      {entries.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 font-semibold">History</h3>
          <ul className="flex flex-col divide-y divide-base-300" aria-label="Credit history">
            {entries.map((e) => (
              <li key={e.id} className="flex items-start justify-between gap-4 py-3" data-testid="credit-entry">
                <div className="flex flex-col">
                  <span className="font-medium">{e.label}</span>
                  <span className="text-sm text-base-content/80">
                    {day(e.created_at)}
                    {isGrant(e) && e.expires_at && <> · Expires {day(e.expires_at)}</>}
                  </span>
                  {e.returned && <span className="text-sm">Returned to your balance</span>}
                </div>
                <span
                  className={`font-semibold whitespace-nowrap ${e.returned ? 'line-through text-base-content/60' : ''}`}
                >
                  {signed(e)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
