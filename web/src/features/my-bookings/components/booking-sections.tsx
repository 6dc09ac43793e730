/**
 * The sections of My Booking (/booking/:id), one per concern of `GET /api/bookings/:id`: the
 * dinner (when and where, the table), the ticket, the reschedule, the policy. A new concern (the
 * cancellation choice, running late) is a section of its own in my-booking-page.tsx.
 */
import type { ReactNode } from 'react';
import { EVENT_TIME, formatEventDate } from '@/features/events/lib/format-event-date';
import type { MyBooking } from '../api/get-booking';
import { formatIstDateTime } from '@domain/time';

/** A titled card; `id` names its heading for the section's landmark. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
      <h2 id={id} className="mb-3 font-display text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** When (IST date, 7:00 PM - 10:00 PM), the city, the venue once revealed (else when it will be), the table. */
export function WhenWhereSection({ view }: { view: MyBooking }) {
  const { event, venue, table } = view;
  return (
    <Section id="when-where" title="When and where">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-base-content/80">Date</dt>
        <dd data-testid="booking-date">{formatEventDate(event.date)}</dd>
        <dt className="font-semibold text-base-content/80">Time</dt>
        <dd>{EVENT_TIME}</dd>
        <dt className="font-semibold text-base-content/80">City</dt>
        <dd>{event.location}</dd>
        <dt className="font-semibold text-base-content/80">Venue</dt>
        <dd>
          {venue.revealed && venue.name ? (
            <>
              <span className="block font-semibold">{venue.name}</span>
              {venue.address && <span className="block">{venue.address}</span>}
            </>
          ) : venue.revealed ? (
            'The venue is being confirmed: it will appear here shortly.'
          ) : (
            <>The exact venue is revealed 48 hours before: {formatIstDateTime(venue.reveals_at)}.</>
          )}
        </dd>
        <dt className="font-semibold text-base-content/80">Table</dt>
        <dd>
          {table ??
            (venue.revealed
              ? 'Your table of 6-8 will appear here once it is published.'
              : 'Your table of 6-8 is shared 48 hours before the dinner, with the venue.')}
        </dd>
      </dl>
    </Section>
  );
}

/** SPEC §9 "No refund for user cancellations", said plainly: there is no cancel button to pretend otherwise. */
export function PolicyNote({ text }: { text: string }) {
  return (
    <aside aria-label="Cancellations" className="rounded-box bg-base-200 p-5 text-sm text-base-content/90">
      <p>{text}</p>
    </aside>
  );
}
