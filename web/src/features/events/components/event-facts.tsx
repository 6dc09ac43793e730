import type { ReactNode } from 'react';
import type { EventDetail } from '../api/get-event';
import { EVENT_TIME, formatEventDate } from '../lib/format-event-date';

/** Date, time, place and group size at a glance (SPEC §2 Event detail, §9 constants). */
export function EventFacts({ event }: { event: EventDetail }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Fact icon="📅" label="Date">
        {formatEventDate(event.date)}
      </Fact>
      <Fact icon="🕖" label="Time">
        {EVENT_TIME}
      </Fact>
      <Fact icon="📍" label="Location">
        {event.venue ? (
          <>
            <span className="block font-semibold">{event.venue.name}</span>
            <span className="block text-base-content/80">{event.venue.address}</span>
          </>
        ) : (
          <>
            <span className="block font-semibold">{event.location}</span>
            <span className="block text-sm text-base-content/80">The exact venue is revealed 48 hours before the event.</span>
          </>
        )}
      </Fact>
      <Fact icon="👥" label="Group size">
        6-8 guests per table
      </Fact>
    </dl>
  );
}

function Fact({ icon, label, children }: { icon: string; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-4">
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-base-200 text-xl">
        {icon}
      </span>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wide text-primary">{label}</dt>
        <dd className="mt-0.5">{children}</dd>
      </div>
    </div>
  );
}
