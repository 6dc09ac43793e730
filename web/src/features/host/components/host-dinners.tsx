import { CONSOLE_COPY } from '@domain/copy-console';
import { type HostEvent, useHostEventsQuery } from '../api/host-api';
import { HostLink } from '../routing/host-links';
import { dinnerHours } from '@domain/time';

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/**
 * The host's dinners (`/host`): today's and upcoming first, then the last month's. Each opens its
 * night: the guest list and check-in.
 */
export function HostDinners() {
  const query = useHostEventsQuery();
  return (
    <main className="mx-auto min-h-screen max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">Host</p>
      <h1 className="text-3xl font-bold">Your dinners</h1>
      {query.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : query.isError ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{query.error.message || CONSOLE_COPY.host.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.data.events.length === 0 ? (
        <p className="mt-8 rounded-box border border-base-300 bg-base-100 p-6 text-base-content/80">
          No dinners are assigned to you yet. An operator adds you as a dinner's host from its guest list.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {query.data.events.map((e) => (
            <li key={e.id}>
              <DinnerCard dinner={e} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function DinnerCard({ dinner }: { dinner: HostEvent }) {
  const past = new Date(dinner.starts_at).getTime() < Date.now() - 6 * 3_600_000 && !dinner.today;
  return (
    <HostLink
      to="events/$eventId"
      params={{ eventId: dinner.id }}
      className="block rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold">{dinner.title}</span>
        {dinner.today && <span className="badge badge-primary">Today</span>}
        {dinner.cancelled_at && <span className="badge badge-error">Cancelled</span>}
        {past && !dinner.cancelled_at && <span className="badge badge-ghost">Past</span>}
      </span>
      <span className="mt-1 block text-base-content/80">
        <time dateTime={dinner.starts_at}>
          {day.format(new Date(dinner.starts_at))} · {dinnerHours(dinner.starts_at, dinner.ends_at)}
        </time>{' '}
        · {dinner.venue_name ?? dinner.location}
      </span>
      <span className="mt-2 block text-sm">
        <strong>{dinner.expected}</strong> expected · <strong>{dinner.checked_in}</strong> checked in
      </span>
    </HostLink>
  );
}
