import { CONNECTIONS_COPY } from '@domain/copy-feedback';
import { formatCalendarDate } from '@domain/time';
import { ContactLink } from '@/features/feedback/components/contact-link';
import { useConnectionsQuery } from '../api/get-connections';

/**
 * /profile's "Your connections" (issue 21): each mutual 'dine again', with the other's first name,
 * the dinner and the contact they chose to share. Not shown to a guest who has none (like Credit).
 */
export function ConnectionsSection() {
  const { data } = useConnectionsQuery();
  if (!data || data.connections.length === 0) return null;
  return (
    <section
      className="rounded-box bg-base-100 p-6 shadow-sm"
      aria-labelledby="connections-heading"
      data-testid="connections"
    >
      <h2 id="connections-heading" className="mb-2 font-display text-2xl font-semibold">
        {CONNECTIONS_COPY.heading}
      </h2>
      <p className="mb-4 text-base-content/80">{CONNECTIONS_COPY.intro}</p>
      <ul className="flex flex-col divide-y divide-base-300">
        {data.connections.map((c) => (
          <li key={`${c.booking_id}-${c.ref}`} className="flex flex-col gap-1 py-3">
            <span className="font-semibold">{c.first_name}</span>
            <span className="text-sm text-base-content/80">
              {CONNECTIONS_COPY.at(c.dinner.title, formatCalendarDate(c.dinner.date))}
            </span>
            {c.contact && <ContactLink contact={c.contact} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
