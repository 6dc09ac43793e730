import { Link } from '@tanstack/react-router';
import { rupees, TICKET_LABELS, type TicketType } from '@domain/pricing';
import { dinnerHours, formatCalendarDate, formatIstTime, istDate } from '@domain/time';
import { type Booking, useBookingsQuery } from '../api/get-bookings';
import { StatusBadge } from './status-badge';

/** e.g. 'Female duo · 2 seats' (a couple or a duo is one ticket for two). */
export const ticketLine = (type: string, seats: number) =>
  `${TICKET_LABELS[type as TicketType] ?? type} · ${seats} ${seats === 1 ? 'seat' : 'seats'}`;

/**
 * The dinner's IST date and its own hours, e.g. '28 Nov 2026 · 1:00 PM - 4:00 PM' (its start alone
 * without an end; the date alone if the dinner row is gone).
 */
const dinnerWhen = (b: Booking) =>
  b.starts_at
    ? `${formatCalendarDate(b.event_date)} · ${b.ends_at ? dinnerHours(b.starts_at, b.ends_at) : formatIstTime(b.starts_at)}`
    : formatCalendarDate(b.event_date);

function BookingCard({ booking }: { booking: Booking }) {
  const when = dinnerWhen(booking);
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="booking">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-display text-lg font-semibold">{booking.event_name}</h3>
        <StatusBadge state={booking.state} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/80">When</dt>
        <dd>{when}</dd>
        <dt className="text-base-content/80">Location</dt>
        <dd>{booking.event_location}</dd>
        <dt className="text-base-content/80">Ticket</dt>
        <dd>{ticketLine(booking.ticket_type, booking.seats)}</dd>
        <dt className="text-base-content/80">Amount</dt>
        <dd>{rupees(booking.amount)}</dd>
        <dt className="text-base-content/80">Booked on</dt>
        <dd>{formatCalendarDate(istDate(booking.booking_date))}</dd>
      </dl>
      {/* My Booking: the ticket, the venue once revealed, the free reschedule. */}
      <Link
        to="/booking/$bookingId"
        params={{ bookingId: booking.id }}
        className="btn btn-sm btn-outline mt-3"
        aria-label={`View booking: ${booking.event_name}, ${when}`}
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
