import { ticketIcs, venueLine } from '@domain/ticket-ics';
import { toast } from '@/components/toast';
import { downloadFile } from '@/lib/download-file';
import type { MyBooking } from '../api/get-booking';
import { Section } from './booking-sections';
import { TicketQr } from './ticket-qr';
import { rupees } from '@domain/pricing';

/** The ticket section's heading: My Booking opens there on the day of the dinner. */
export const TICKET_HEADING_ID = 'ticket';

/**
 * The ticket: the QR code of the unguessable ticket code (the host scans it), the code itself for
 * a host to type, the ticket and what was paid, and 'Add to calendar' (the booking's .ics).
 */
export function TicketSection({ view }: { view: MyBooking }) {
  const { booking, event, venue, ticket } = view;
  // Only while the booking holds a seat at a dinner going ahead (the API's `state.seated`; it sends
  // no ticket code otherwise): a cancelled, refunded or released booking has nothing to show a host.
  const admits = view.state.seated && ticket.code !== null;

  const addToCalendar = () => {
    const ics = ticketIcs({
      bookingId: booking.id,
      eventTitle: event.title,
      location: venue.revealed && venue.name ? venueLine(venue.name, venue.address) : event.location,
      venueRevealed: Boolean(venue.revealed && venue.name),
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      ticketLabel: ticket.label,
      amount: booking.amount,
      url: window.location.href,
      sequence: view.reschedule.rescheduled_at
        ? Math.floor(Date.parse(view.reschedule.rescheduled_at) / 1000)
        : undefined,
    });
    downloadFile(`tablemates-${booking.id}.ics`, ics);
    toast({ title: 'Calendar file downloaded', description: 'Open it to add the dinner to your calendar.' });
  };

  return (
    <Section id={TICKET_HEADING_ID} title="Your ticket">
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        {admits && ticket.code && (
          <figure className="flex flex-col items-center gap-2">
            <TicketQr code={ticket.code} />
            <figcaption className="text-center">
              <span className="block text-sm text-base-content/80">Ticket code</span>
              <span className="font-mono text-xl font-semibold tracking-wider" data-testid="ticket-code">
                {ticket.code}
              </span>
            </figcaption>
          </figure>
        )}
        <div className="flex flex-1 flex-col gap-3 self-stretch">
          {admits ? (
            <p className="text-base-content/90">
              Show this code to your host when you arrive: they scan it, or type the code.
            </p>
          ) : (
            <p className="text-base-content/90" data-testid="no-ticket">
              This booking no longer holds a seat ({view.state.label}), so there is no code to show.
            </p>
          )}
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold text-base-content/80">Ticket</dt>
            <dd>
              {ticket.label} · {booking.seats} {booking.seats === 1 ? 'seat' : 'seats'}
            </dd>
            {booking.party_name && (
              <>
                <dt className="font-semibold text-base-content/80">Guests</dt>
                <dd>You + {booking.party_name}</dd>
              </>
            )}
            <dt className="font-semibold text-base-content/80">Paid</dt>
            <dd>{rupees(booking.amount)}</dd>
            <dt className="font-semibold text-base-content/80">Booking ID</dt>
            <dd className="font-mono text-sm break-all">{booking.id}</dd>
          </dl>
          {admits && (
            <button type="button" className="btn btn-outline self-start" onClick={addToCalendar}>
              Add to calendar
            </button>
          )}
        </div>
      </div>
    </Section>
  );
}
