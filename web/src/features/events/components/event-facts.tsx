import type { ReactNode } from 'react';
import type { EventDetail } from '../api/get-event';
import { dinnerHours } from '@domain/time';
import { formatEventDate } from '../lib/format-event-date';

/** Date, time, place and group size at a glance (SPEC §2 Event detail, §9 constants). */
export function EventFacts({ event }: { event: EventDetail }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Fact icon={icons.date} label="Date">
        {formatEventDate(event.date)}
      </Fact>
      <Fact icon={icons.time} label="Time">
        {dinnerHours(event.starts_at, event.ends_at)}
      </Fact>
      <Fact icon={icons.place} label="Location">
        {event.venue ? (
          <>
            <span className="block font-semibold">{event.venue.name}</span>
            <span className="block text-base-content/80">{event.venue.address}</span>
          </>
        ) : (
          <>
            <span className="block font-semibold">{event.location}</span>
            <span className="block text-sm text-base-content/80">
              The exact venue is revealed 48 hours before the event.
            </span>
          </>
        )}
      </Fact>
      <Fact icon={icons.group} label="Group size">
        6-8 guests per table
      </Fact>
    </dl>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // dt and dd stay direct children of the group div, as a definition list requires.
  return (
    <div className="relative rounded-box border border-base-300 bg-base-100 p-4 pl-19">
      <dt className="text-sm font-semibold uppercase tracking-wide text-primary">
        <span
          aria-hidden="true"
          className="absolute top-4 left-4 flex h-11 w-11 items-center justify-center rounded-full bg-base-200 text-primary"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
const icon = (paths: ReactNode) => (
  <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
    {paths}
  </svg>
);

/** Own line icons: emoji depend on the visitor's system fonts and can render as empty boxes. */
const icons = {
  date: icon(
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" {...line} />
      <path d="M3 10h18M8 3v4M16 3v4" {...line} />
    </>,
  ),
  time: icon(
    <>
      <circle cx="12" cy="12" r="9" {...line} />
      <path d="M12 7v5l-3 2" {...line} />
    </>,
  ),
  place: icon(
    <>
      <path d="M12 21s-7-7.6-7-12a7 7 0 0 1 14 0c0 4.4-7 12-7 12z" {...line} />
      <circle cx="12" cy="9" r="2.5" {...line} />
    </>,
  ),
  group: icon(
    <>
      <circle cx="9" cy="8" r="3" {...line} />
      <path d="M3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6" {...line} />
    </>,
  ),
};
