import { rupees } from '@domain/pricing';
import type { EventDetail } from '../api/get-event';

/**
 * Price and seats at the top of the booking sidebar; the server's numbers, never computed here.
 * `holding`: the guest holds seats here themselves (a checkout closed half-way), so the last seat is
 * theirs to pay for, not "full".
 */
export function EventPriceSummary({ event, holding = false }: { event: EventDetail; holding?: boolean }) {
  const soldOut = event.seats_left === 0 && !holding;
  return (
    <div>
      <p className="text-sm text-base-content/80">Tickets from</p>
      <p className="font-display text-4xl font-bold text-primary">
        {rupees(event.ticket_price_single)}
        <span className="ml-1 font-sans text-base font-normal text-base-content/80">per guest</span>
      </p>
      <p className={`mt-2 text-sm font-medium ${soldOut ? 'text-error' : 'text-secondary'}`}>
        {soldOut
          ? 'This table is full: join the waitlist, or try another date.'
          : event.seats_left === 0
            ? 'The last seats are held for you: finish paying below.'
            : `${event.seats_left} of ${event.capacity} seats left`}
      </p>
      <p className="mt-3 text-sm text-base-content/80">
        Covers curating your group and booking the restaurant. Food and drinks are paid at the venue.
      </p>
    </div>
  );
}
