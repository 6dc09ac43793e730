import type { EventDetail } from '../api/get-event';

/** Price and seats at the top of the booking sidebar; the server's numbers, never computed here. */
export function EventPriceSummary({ event }: { event: EventDetail }) {
  const soldOut = event.seats_left === 0;
  return (
    <div>
      <p className="text-sm text-base-content/80">Tickets from</p>
      <p className="font-display text-4xl font-bold text-primary">
        ₹{event.ticket_price_single.toLocaleString('en-IN')}
        <span className="ml-1 font-sans text-base font-normal text-base-content/80">per guest</span>
      </p>
      <p className={`mt-2 text-sm font-medium ${soldOut ? 'text-error' : 'text-secondary'}`}>
        {soldOut
          ? 'This table is full: join the waitlist, or try another date.'
          : `${event.seats_left} of ${event.capacity} seats left`}
      </p>
      <p className="mt-3 text-sm text-base-content/80">
        Covers curating your group and booking the restaurant. Food and drinks are paid at the venue.
      </p>
    </div>
  );
}
