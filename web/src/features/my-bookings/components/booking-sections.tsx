/**
 * The sections of My Booking (/booking/:id), one per concern of `GET /api/bookings/:id`: the
 * dinner (when and where, the table), the ticket, the reschedule, the policy. A new concern (the
 * cancellation choice, running late) is a section of its own in my-booking-page.tsx.
 */
import type { ReactNode } from 'react';
import { formatEventDate } from '@/features/events/lib/format-event-date';
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

/** When (IST date, the dinner's own hours), the city, the venue once revealed (else when it will be), the table. */
export function WhenWhereSection({ view }: { view: MyBooking }) {
  const { event, venue, table } = view;
  return (
    <Section id="when-where" title="When and where">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-base-content/80">Date</dt>
        <dd data-testid="booking-date">{formatEventDate(event.date)}</dd>
        <dt className="font-semibold text-base-content/80">Time</dt>
        <dd>{event.time}</dd>
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
          {table ? (
            <a href="#your-table" className="link font-semibold">
              Table {table.number}
            </a>
          ) : venue.revealed ? (
            'Your table of 6-8 will appear here once it is published.'
          ) : (
            'Your table of 6-8 is shared 48 hours before the dinner, with the venue.'
          )}
        </dd>
      </dl>
    </Section>
  );
}

/**
 * The guest's table once published: its number, and three to five anonymous hints about the
 * tablemates drawn from their vibe checks (counts only: never a name or a contact).
 */
export function TableSection({ view }: { view: MyBooking }) {
  const { table } = view;
  if (!table) return null;
  return (
    <Section id="your-table" title="Your table">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <p className="flex shrink-0 flex-col items-center justify-center rounded-box bg-primary px-6 py-4 text-primary-content">
          <span className="text-sm font-semibold uppercase tracking-wide">Table</span>
          <span className="font-display text-5xl font-bold leading-none" data-testid="table-number">
            {table.number}
          </span>
        </p>
        <div>
          <h3 className="font-semibold">Who you'll be sitting with</h3>
          <ul className="mt-2 flex flex-col gap-1.5" aria-label="About your tablemates">
            {table.hints.map((hint) => (
              <li key={hint} className="flex gap-2">
                <span aria-hidden="true">✦</span>
                <span>{hint}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-base-content/80">Names stay a surprise until you sit down.</p>
        </div>
      </div>
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
