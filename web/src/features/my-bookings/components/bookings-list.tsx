import { Link } from '@tanstack/react-router';
import { type Booking, useBookingsQuery } from '../api/get-bookings';
import { StatusBadge } from './status-badge';
import { rupees } from '@domain/pricing';

const dateInIst = (value: string) => {
  // event_date is an IST calendar date (yyyy-MM-dd); booking_date an ISO instant.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+05:30`) : new Date(value);
  return Number.isNaN(d.getTime())
    ? value
    : d.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
};

function BookingCard({ booking }: { booking: Booking }) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="booking">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-display text-lg font-semibold">{booking.event_name}</h3>
        <StatusBadge status={booking.status} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/80">Location</dt>
        <dd>{booking.event_location}</dd>
        <dt className="text-base-content/80">Event date</dt>
        <dd>{dateInIst(booking.event_date)}</dd>
        <dt className="text-base-content/80">Booked on</dt>
        <dd>{dateInIst(booking.booking_date)}</dd>
        <dt className="text-base-content/80">Amount</dt>
        <dd>{rupees(booking.amount)}</dd>
      </dl>
      {/* My Booking: the ticket, the venue once revealed, the free reschedule. */}
      <Link
        to="/booking/$bookingId"
        params={{ bookingId: booking.id }}
        className="btn btn-sm btn-outline mt-3"
        aria-label={`View booking: ${booking.event_name}, ${dateInIst(booking.event_date)}`}
      >
        View booking
      </Link>
    </li>
  );
}

/** The guest's bookings, newest first, or the 'Browse Events' empty state. */
export function BookingsList() {
  const query = useBookingsQuery();
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) return <p className="text-error">Failed to load your bookings. Please try again.</p>;
  if (query.data.bookings.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-base-content/80">No bookings yet. Your first dinner is waiting.</p>
        <Link to="/events" className="btn btn-primary">
          Browse Events
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {query.data.bookings.map((b) => (
        <BookingCard key={b.id} booking={b} />
      ))}
    </ul>
  );
}
