import { useId } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { type AdminEvent, useAdminEventsQuery, useSetEventAvailable } from '../api/admin-api';
import { ConsoleLink } from '../routing/console-links';
import { RecentActivity } from './audit-log';
import { NEEDS_ATTENTION_ID, NeedsAttention } from './needs-attention';
import { CONSOLE_COPY } from '@domain/copy-console';
import { rupees } from '@domain/pricing';
import { formatIstShort } from '@domain/time';

/** The operator console's first page: the dinners, their seats and money, and the latest changes. */
export function AdminDashboard() {
  const eventsQuery = useAdminEventsQuery();
  const now = new Date().toISOString();
  const all = eventsQuery.data?.events ?? [];
  const upcoming = all.filter((e) => e.starts_at > now).reverse();
  const past = all.filter((e) => e.starts_at <= now);

  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-base-300 pb-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Tablemates</p>
          <h1 className="text-3xl font-bold">Operator console</h1>
        </div>
        <ConsoleLink to="events/new" className="btn btn-primary btn-sm">
          New dinner
        </ConsoleLink>
      </header>

      {eventsQuery.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : eventsQuery.isError ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{eventsQuery.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => eventsQuery.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <Summary upcoming={upcoming} needsAttention={eventsQuery.data.needs_attention} all={all} />
          <NeedsAttention />
          <section aria-labelledby="upcoming-heading" className="mt-10">
            <h2 id="upcoming-heading" className="text-2xl font-bold">
              Upcoming dinners
            </h2>
            {upcoming.length === 0 ? (
              <p className="mt-4 text-base-content/80">No upcoming dinners.</p>
            ) : (
              <DinnerList events={upcoming} />
            )}
          </section>
          {past.length > 0 && (
            <details className="mt-8 rounded-box border border-base-300 p-4">
              <summary className="cursor-pointer text-lg font-semibold">Past dinners ({past.length})</summary>
              <DinnerList events={past} />
            </details>
          )}
        </>
      )}

      <RecentActivity />
    </main>
  );
}

function Summary({
  upcoming,
  all,
  needsAttention,
}: {
  upcoming: AdminEvent[];
  all: AdminEvent[];
  needsAttention: number;
}) {
  const stats: Array<[string, string]> = [
    ['Upcoming dinners', String(upcoming.length)],
    ['Seats sold (upcoming)', String(upcoming.reduce((n, e) => n + e.seats_sold, 0))],
    ['Revenue (all dinners)', rupees(all.reduce((n, e) => n + e.revenue, 0))],
    ['Needs attention', String(needsAttention)],
  ];
  return (
    <section aria-labelledby="summary-heading" className="mt-6">
      <h2 id="summary-heading" className="sr-only">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(([label, value]) => (
          <div
            key={label}
            className={`rounded-box border p-4 ${label === 'Needs attention' && needsAttention > 0 ? 'border-error bg-error/10' : 'border-base-300 bg-base-100'}`}
          >
            <dt className="text-sm text-base-content/80">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">
              {label === 'Needs attention' ? (
                <a href={`#${NEEDS_ATTENTION_ID}`} className="link">
                  {value}
                  <span className="sr-only">: show what needs attention</span>
                </a>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DinnerList({ events }: { events: AdminEvent[] }) {
  return (
    <ul className="mt-4 grid gap-4 md:grid-cols-2">
      {events.map((e) => (
        <DinnerCard key={e.id} event={e} />
      ))}
    </ul>
  );
}

function DinnerCard({ event }: { event: AdminEvent }) {
  const headingId = useId();
  const setAvailable = useSetEventAvailable();
  const toggle = (available: boolean) =>
    setAvailable.mutate(
      { id: event.id, available },
      {
        onSuccess: () => toast({ title: available ? CONSOLE_COPY.admin.eventShown : CONSOLE_COPY.admin.eventHidden }),
        onError: toastError,
      },
    );
  const figures: Array<[string, string]> = [
    ['Sold', String(event.seats_sold)],
    ['Held', String(event.seats_held)],
    ['Left', `${event.seats_left} of ${event.capacity}`],
    ['Revenue', rupees(event.revenue)],
  ];
  return (
    <li aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {event.title}
          </h3>
          <p className="text-sm text-base-content/80">
            {formatIstShort(event.starts_at)} · {event.location}
          </p>
        </div>
        {event.cancelled_at ? (
          <span className="badge badge-error">Cancelled</span>
        ) : (
          <span className={`badge ${event.available ? 'badge-success' : 'badge-neutral'}`}>
            {event.available ? 'Shown' : 'Hidden'}
          </span>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-base-content/80">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {event.needs_attention > 0 && (
        <p className="mt-2 text-sm font-semibold text-error">
          {event.needs_attention} {event.needs_attention === 1 ? 'order needs' : 'orders need'} attention
        </p>
      )}
      <div className="mt-3 flex gap-4 text-sm">
        <ConsoleLink to="events/$eventId" params={{ eventId: event.id }} className="link">
          Guest list
          <span className="sr-only">
            : {event.title}, {event.date}
          </span>
        </ConsoleLink>
        <ConsoleLink to="events/$eventId/tables" params={{ eventId: event.id }} className="link">
          Tables
          <span className="sr-only">
            : {event.title}, {event.date}
          </span>
        </ConsoleLink>
        <ConsoleLink to="events/$eventId/edit" params={{ eventId: event.id }} className="link">
          Edit
          <span className="sr-only">
            : {event.title}, {event.date}
          </span>
        </ConsoleLink>
      </div>
      <label className="mt-3 flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-success"
          checked={event.available}
          // A cancelled dinner is never shown again (the API answers 409).
          disabled={setAvailable.isPending || Boolean(event.cancelled_at)}
          onChange={(e) => toggle(e.currentTarget.checked)}
        />
        <span>
          Shown to guests
          <span className="sr-only">
            : {event.title}, {event.date}
          </span>
        </span>
      </label>
    </li>
  );
}
