import { useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { type AdminEvent, type AdminEventsPage, useAdminEventsPageQuery, useSetEventAvailable } from '../api/admin-api';
import { useAdminCitiesQuery } from '../api/cities-api';
import { ConsoleLink } from '../routing/console-links';
import { RecentActivity } from './audit-log';
import { NEEDS_ATTENTION_ID, NeedsAttention } from './needs-attention';
import { StatsSection } from './stats-section';
import { CONSOLE_COPY } from '@domain/copy-console';
import { rupees } from '@domain/pricing';
import { formatIstShort } from '@domain/time';

/** How long typing must pause before the search asks the API. */
const SEARCH_DEBOUNCE_MS = 200;

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The operator console's first page: the totals, what needs attention, the dinners as a table
 * (upcoming or past, searched, filtered and paged by the server: GET /api/admin/events?status=…),
 * the last 12 weeks as charts (issue 21: GET /api/admin/stats) and the latest changes. `?q=`
 * opens it searched (a new series lands here on its title).
 */
export function AdminDashboard() {
  const search: { q?: unknown } = useSearch({ strict: false });
  const [status, setStatusOnly] = useState<'upcoming' | 'past'>('upcoming');
  const [text, setText] = useState(typeof search.q === 'string' ? search.q : '');
  const [filters, setFilters] = useState({ city: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // A new search, filter or tab starts on its first page.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setPage(1);
  }
  const setStatus = (s: 'upcoming' | 'past') => {
    setStatusOnly(s);
    setPage(1);
  };
  const setFilter = (key: keyof typeof filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const { city, from, to } = filters;
  const eventsQuery = useAdminEventsPageQuery({ status, q, city, from, to, page });
  const data = eventsQuery.data;

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
      ) : eventsQuery.isError && !data ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{eventsQuery.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => eventsQuery.refetch()}>
            Try again
          </button>
        </div>
      ) : data ? (
        <>
          <Summary summary={data.summary} needsAttention={data.needs_attention} />
          <NeedsAttention />
          <section aria-labelledby="dinners-heading" className="mt-10">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="dinners-heading" className="text-2xl font-bold">
                {status === 'upcoming' ? 'Upcoming dinners' : 'Past dinners'}
              </h2>
              <fieldset className="join" aria-label="Which dinners">
                {(['upcoming', 'past'] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    className={`btn btn-sm join-item ${status === s ? 'btn-active btn-neutral' : ''}`}
                    aria-pressed={status === s}
                    onClick={() => setStatus(s)}
                  >
                    {s === 'upcoming' ? 'Upcoming' : 'Past'}
                  </button>
                ))}
              </fieldset>
            </div>
            <Filters
              text={text}
              onText={setText}
              city={city}
              onCity={setFilter('city')}
              from={from}
              onFrom={setFilter('from')}
              to={to}
              onTo={setFilter('to')}
            />
            <DinnerTable
              events={data.events}
              total={data.total}
              page={data.page}
              pageSize={data.page_size}
              searching={Boolean(q || city || from || to)}
              busy={eventsQuery.isFetching}
              onPage={setPage}
            />
          </section>
        </>
      ) : null}

      <StatsSection />
      <RecentActivity />
    </main>
  );
}

function Summary({ summary, needsAttention }: { summary: AdminEventsPage['summary']; needsAttention: number }) {
  const stats: Array<[string, string]> = [
    ['Upcoming dinners', String(summary.upcoming)],
    ['Seats sold (upcoming)', String(summary.seats_sold_upcoming)],
    ['Revenue (all dinners)', rupees(summary.revenue)],
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

function Filters(props: {
  text: string;
  onText: (s: string) => void;
  city: string;
  onCity: (s: string) => void;
  from: string;
  onFrom: (s: string) => void;
  to: string;
  onTo: (s: string) => void;
}) {
  const id = useId();
  const cities = useAdminCitiesQuery().data?.cities ?? [];
  const filtered = Boolean(props.text || props.city || props.from || props.to);
  return (
    <search className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
          Search by title, area, city or id
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input input-bordered w-full"
          value={props.text}
          autoComplete="off"
          onChange={(e) => props.onText(e.currentTarget.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-city`} className="mb-1 block text-sm font-medium">
          City
        </label>
        <select
          id={`${id}-city`}
          className="select w-full"
          value={props.city}
          onChange={(e) => props.onCity(e.currentTarget.value)}
        >
          <option value="">All cities</option>
          {cities.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input input-bordered w-full"
          value={props.from}
          onChange={(e) => props.onFrom(e.currentTarget.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input input-bordered w-full"
          value={props.to}
          min={props.from || undefined}
          onChange={(e) => props.onTo(e.currentTarget.value)}
        />
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!filtered}
        onClick={() => {
          props.onText('');
          props.onCity('');
          props.onFrom('');
          props.onTo('');
        }}
      >
        Clear filters
      </button>
    </search>
  );
}

/** "26–50 of 134 dinners" and the like. */
function countText(total: number, page: number, pageSize: number, shown: number, searching: boolean) {
  const noun = total === 1 ? 'dinner' : 'dinners';
  if (total === 0) return searching ? 'No dinner matches.' : 'No dinners.';
  const first = (page - 1) * pageSize + 1;
  const range = total <= pageSize ? `${total} ${noun}` : `${first}–${first + shown - 1} of ${total} ${noun}`;
  return searching ? `${range} match` : range;
}

/** The page's dinners, one row each, and the pager. */
export function DinnerTable({
  events,
  total,
  page,
  pageSize,
  searching,
  busy,
  onPage,
}: {
  events: AdminEvent[];
  total: number;
  page: number;
  pageSize: number;
  searching: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const captionId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <p role="status" className="mt-4 text-sm text-base-content/80">
        {countText(total, page, pageSize, events.length, searching)}
      </p>
      <div
        role="region"
        aria-labelledby={captionId}
        aria-busy={busy}
        // Focusable so a keyboard can scroll the table sideways on a narrow screen. Positioned, so the
        // screen-reader-only words in its cells (absolutely placed) scroll and clip with it.
        tabIndex={0}
        className="relative mt-2 overflow-x-auto rounded-box border border-base-300 bg-base-100"
      >
        <table className="table">
          <caption id={captionId} className="sr-only">
            Dinners
          </caption>
          <thead>
            <tr>
              <th scope="col">Dinner</th>
              <th scope="col">City</th>
              <th scope="col">Date and time (IST)</th>
              <th scope="col">Seats sold</th>
              <th scope="col">Revenue</th>
              <th scope="col">Status</th>
              <th scope="col">Shown to guests</th>
              <th scope="col">Pages</th>
            </tr>
          </thead>
          <tbody>
            {events.length === 0 ? (
              <tr>
                <td colSpan={8} className="py-8 text-center text-base-content/80">
                  {searching ? 'No dinner matches these filters.' : 'No dinners here yet.'}
                </td>
              </tr>
            ) : (
              events.map((e) => <DinnerRow key={e.id} event={e} />)
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages of dinners" className="mt-3 flex items-center justify-end gap-3">
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}

function DinnerRow({ event }: { event: AdminEvent }) {
  const setAvailable = useSetEventAvailable();
  const name = `${event.title}, ${event.date}`;
  const toggle = (available: boolean) =>
    setAvailable.mutate(
      { id: event.id, available },
      {
        onSuccess: () => toast({ title: available ? CONSOLE_COPY.admin.eventShown : CONSOLE_COPY.admin.eventHidden }),
        onError: toastError,
      },
    );
  return (
    <tr>
      <th scope="row" className="min-w-48 font-medium">
        <ConsoleLink to="events/$eventId" params={{ eventId: event.id }} className="link">
          {event.title}
        </ConsoleLink>
        <span className="block text-sm font-normal text-base-content/80">{event.location}</span>
      </th>
      <td className="whitespace-nowrap">{event.city}</td>
      <td className="whitespace-nowrap">
        <time dateTime={event.starts_at}>{formatIstShort(event.starts_at)}</time>
      </td>
      <td className="whitespace-nowrap">
        {event.seats_sold} / {event.capacity}
        {event.seats_held > 0 && <span className="block text-sm text-base-content/80">{event.seats_held} held</span>}
      </td>
      <td className="whitespace-nowrap">{rupees(event.revenue)}</td>
      <td className="whitespace-nowrap">
        {event.cancelled_at ? (
          <span className="badge badge-error">Cancelled</span>
        ) : event.seats_left === 0 ? (
          <span className="badge badge-warning">Sold out</span>
        ) : (
          <span className="badge badge-ghost">{event.seats_left} left</span>
        )}
        {event.needs_attention > 0 && (
          <a href={`#${NEEDS_ATTENTION_ID}`} className="mt-1 block text-sm font-semibold text-error">
            {event.needs_attention} {event.needs_attention === 1 ? 'order needs' : 'orders need'} attention
          </a>
        )}
      </td>
      <td>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-success toggle-sm"
            checked={event.available}
            // A cancelled dinner is never shown again (the API answers 409).
            disabled={setAvailable.isPending || Boolean(event.cancelled_at)}
            onChange={(e) => toggle(e.currentTarget.checked)}
          />
          <span className="text-sm">{event.available ? 'Shown' : 'Hidden'}</span>
          <span className="sr-only">: shown to guests, {name}</span>
        </label>
      </td>
      <td className="whitespace-nowrap text-sm">
        <span className="flex gap-3">
          <ConsoleLink to="events/$eventId/edit" params={{ eventId: event.id }} className="link">
            Edit
            <span className="sr-only">: {name}</span>
          </ConsoleLink>
          <ConsoleLink to="events/$eventId/tables" params={{ eventId: event.id }} className="link">
            Tables
            <span className="sr-only">: {name}</span>
          </ConsoleLink>
        </span>
      </td>
    </tr>
  );
}
