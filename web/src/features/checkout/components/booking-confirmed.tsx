import { Link } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { dinnerHours } from '@domain/time';
import type { OrderView } from '../api/get-order';
import { downloadFile } from '@/lib/download-file';
import { rupees } from '@domain/pricing';
import { ticketIcs, venueLine } from '@domain/ticket-ics';

type Confirmed = OrderView & { booking: NonNullable<OrderView['booking']>; event: NonNullable<OrderView['event']> };

const NEXT_STEPS = [
  'Your confirmation is on its way by email and WhatsApp.',
  'We match you with a table of 6-8 guests from your profile and vibe check.',
  'The exact venue is revealed 48 hours before the dinner.',
  'Reminders arrive 48 hours before, 24 hours before and on the day.',
];

const TIPS = [
  'Arrive on time: guests more than 60 minutes late count as a no-show.',
  'Come as you are, and bring your curiosity. Your host handles the icebreakers.',
  'Your ticket covers curation and the booking; food and drinks are paid at the venue.',
  'Plans changed? Rescheduling is free up to 48 hours before.',
];

/** 'You're All Set!' with when, where, what happens next, tips and the ticket actions (SPEC §2 Confirmation). */
export function BookingConfirmed({ view }: { view: Confirmed }) {
  const { booking, event, order } = view;
  const eventUrl = `${window.location.origin}/event/${event.id}`;

  const downloadTicket = () => {
    const ics = ticketIcs({
      bookingId: booking.id,
      eventTitle: event.title,
      location: event.venue ? venueLine(event.venue.name, event.venue.address) : event.location,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      ticketLabel: order.ticket_label,
      amount: booking.amount,
      url: `${window.location.origin}/booking/${booking.id}`,
    });
    downloadFile(`tablemates-${booking.id}.ics`, ics);
    toast({ title: 'Ticket downloaded', description: 'Open the file to add the dinner to your calendar.' });
  };

  const share = async () => {
    const data = { title: 'Tablemates', text: `I'm going to ${event.title}. Join me at the table!`, url: eventUrl };
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(eventUrl);
      toast({ title: 'Link copied!', description: 'Share it with your friends.' });
    } catch {
      toast({ title: 'Share this link', description: eventUrl });
    }
  };

  return (
    <div className="flex flex-col gap-10">
      <header className="text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-4 grid size-16 place-items-center rounded-full bg-secondary text-3xl text-secondary-content"
        >
          ✓
        </div>
        <h1 className="font-display text-4xl font-bold md:text-5xl">You're All Set!</h1>
        <p className="mt-3 text-lg text-base-content/80">
          {booking.party_name
            ? `You and ${booking.party_name} have your seats at ${event.title}.`
            : `Your seat at ${event.title} is confirmed.`}
        </p>
        {/* My Booking: the QR ticket, the venue once revealed, the free reschedule. */}
        <Link
          to="/booking/$bookingId"
          params={{ bookingId: booking.id }}
          className="btn btn-secondary mt-6 rounded-full px-8"
        >
          View My Booking
        </Link>
      </header>

      <section aria-labelledby="when-where" className="grid gap-4 sm:grid-cols-2">
        <h2 id="when-where" className="sr-only">
          When and where
        </h2>
        <div className="rounded-box border border-base-300 bg-base-100 p-5">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-base-content/80">When</h3>
          <p className="mt-1 text-lg font-semibold">{formatEventDate(event.date)}</p>
          <p>{dinnerHours(event.starts_at, event.ends_at)}</p>
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-5">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-base-content/80">Where</h3>
          {event.venue ? (
            <>
              <p className="mt-1 text-lg font-semibold">{event.venue.name}</p>
              <p>{event.venue.address}</p>
            </>
          ) : (
            <>
              <p className="mt-1 text-lg font-semibold">{event.location}</p>
              <p>Exact venue revealed 48 hours before the event.</p>
            </>
          )}
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 rounded-box border border-base-300 bg-base-100 p-5 sm:col-span-2">
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-base-content/80">Your ticket</h3>
            <p className="mt-1 text-lg font-semibold">
              {order.ticket_label}
              {booking.party_name ? ` · you + ${booking.party_name}` : ''}
            </p>
          </div>
          <p>
            Paid <span className="font-semibold">{rupees(booking.amount)}</span>
          </p>
        </div>
      </section>

      <section aria-labelledby="next-steps">
        <h2 id="next-steps" className="font-display text-2xl font-semibold">
          What happens next
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6">
          {NEXT_STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="tips">
        <h2 id="tips" className="font-display text-2xl font-semibold">
          Tips for a great evening
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          {TIPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>

      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={downloadTicket}>
          Download Ticket
        </button>
        <button type="button" className="btn btn-outline" onClick={share}>
          Share with Friends
        </button>
        <Link to="/" className="btn btn-ghost">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
