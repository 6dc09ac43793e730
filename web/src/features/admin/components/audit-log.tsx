import { useSearch } from '@tanstack/react-router';
import { useId } from 'react';
import { CONSOLE_COPY } from '@domain/copy-console';
import { type AuditEntry, useAdminEventsQuery, useAuditPagesQuery, useAuditQuery } from '../api/admin-api';
import { ConsoleLink, useConsoleNavigate } from '../routing/console-links';
import { formatIstShort } from '@domain/time';

/** The dashboard shows this many of the newest entries; the audit log page has them all. */
const RECENT = 5;

/** What each kind of write reads as; an action without a phrase here reads as its code. */
const PHRASES: Record<string, (name: string) => string> = {
  'event.create': (name) => `Created ${name}`,
  'event.update': (name) => `Edited ${name}`,
  'event.cancel': (name) => `Cancelled ${name}`,
  'event.message': (name) => `Messaged the guests of ${name}`,
  'order.retry': (name) => `Retried the booking of ${name}`,
  'order.refund': (name) => `Refunded ${name}`,
  'payment_issue.refund': (name) => `Refunded ${name}`,
  'coupon.create': (name) => `Created ${name}`,
  'coupon.update': (name) => `Edited ${name}`,
  'city.create': (name) => `Opened ${name}`,
  'city.update': (name) => `Edited ${name}`,
  'waitlist.offer': (name) => `Offered seats at ${name} to a guest on the waitlist`,
  'credit.grant': (name) => `Granted credit to ${name}`,
  'grievance.reply': (name) => `Replied to ${name}`,
  'report.resolve': (name) => `Resolved ${name}`,
  'user.suspend': (name) => `Suspended ${name}`,
  'user.unsuspend': (name) => `Lifted the suspension of ${name}`,
  'booking.suspension_refund': (name) => `Refunded ${name} (account suspended)`,
};

/** A target as a person reads it: a dinner by its title and date, anything else by kind and id. */
function targetName(target: string, titles: Map<string, string>) {
  const [kind, ...rest] = target.split(':');
  const id = rest.join(':');
  if (kind === 'event') return titles.get(id) ?? `dinner ${id}`;
  if (kind === 'payment_issue') return `payment ${id}`;
  if (kind === 'user') return `guest ${id}`;
  return `${kind} ${id}`;
}

/** One entry in words: who did what to which target. */
export function summarise(entry: AuditEntry, titles: Map<string, string>) {
  const name = targetName(entry.target, titles);
  const after = entry.after as Record<string, unknown> | null;
  const before = entry.before as Record<string, unknown> | null;
  // Hiding or showing is the console's most common edit: say which, not just "edited".
  if (entry.action === 'event.update' && after && before && Object.keys(after).join() === 'available') {
    return `${after.available ? 'Showed' : 'Hid'} ${name}`;
  }
  return PHRASES[entry.action]?.(name) ?? `${entry.action} ${name}`;
}

const fields = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join(', ')
    : '—';

/** Dinner titles by id, for naming targets (the console's dinners query, usually already cached). */
function useDinnerTitles() {
  const events = useAdminEventsQuery();
  const all = events.data?.events ?? [];
  return { all, titles: new Map(all.map((e) => [e.id, `${e.title} (${e.date})`])) };
}

function Entries({ entries, titles }: { entries: AuditEntry[]; titles: Map<string, string> }) {
  return (
    <ol className="mt-4 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:gap-4">
          <time dateTime={entry.at} className="shrink-0 text-sm text-base-content/80 sm:w-44">
            {formatIstShort(entry.at)}
          </time>
          <div className="min-w-0">
            <p className="font-medium break-words">{summarise(entry, titles)}</p>
            <p className="text-sm text-base-content/80 break-words">
              <code>{entry.action}</code> by {entry.actor_name ?? entry.actor_id} · {fields(entry.before)} →{' '}
              {fields(entry.after)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The dashboard's latest few entries, with the way to the whole log. */
export function RecentActivity() {
  const audit = useAuditQuery();
  const { titles } = useDinnerTitles();
  return (
    <section aria-labelledby="recent-activity-heading" className="mt-12">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-activity-heading" className="text-2xl font-bold">
          Recent activity
        </h2>
        <ConsoleLink to="audit" className="link">
          Whole audit log
        </ConsoleLink>
      </div>
      {audit.isPending ? (
        <p role="status" className="mt-4 text-base-content/80">
          Loading...
        </p>
      ) : audit.isError ? (
        <p role="alert" className="mt-4 text-error">
          {audit.error.message}
        </p>
      ) : audit.data.entries.length === 0 ? (
        <p className="mt-4 text-base-content/80">Nothing recorded yet.</p>
      ) : (
        <Entries entries={audit.data.entries.slice(0, RECENT)} titles={titles} />
      )}
    </section>
  );
}

/** `/admin/audit`: every operator write, newest first, a page at a time, of all dinners or one. */
export function AuditLogPage() {
  const search: { event_id?: unknown } = useSearch({ strict: false });
  const eventId = typeof search.event_id === 'string' && search.event_id ? search.event_id : undefined;
  const navigate = useConsoleNavigate();
  const pages = useAuditPagesQuery(eventId);
  const { all, titles } = useDinnerTitles();
  const filterId = useId();
  const entries = pages.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="border-b border-base-300 pb-4">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
        <h1 className="text-3xl font-bold">Audit log</h1>
        <p className="mt-1 text-base-content/80">Every change made in the console, newest first.</p>
      </header>

      <div className="mt-6 flex flex-col gap-1 sm:max-w-md">
        <label htmlFor={filterId} className="font-medium">
          Dinner
        </label>
        <select
          id={filterId}
          className="select select-bordered w-full"
          value={eventId ?? ''}
          onChange={(e) => void navigate('audit', { search: { event_id: e.currentTarget.value || undefined } })}
        >
          <option value="">All dinners</option>
          {all.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} ({e.date})
            </option>
          ))}
        </select>
      </div>

      {pages.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : pages.isError && entries.length === 0 ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{pages.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => pages.refetch()}>
            Try again
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="mt-6 text-base-content/80">Nothing recorded yet.</p>
      ) : (
        <section aria-label="Entries">
          <Entries entries={entries} titles={titles} />
          {pages.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline mt-4"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
            </button>
          )}
        </section>
      )}
    </main>
  );
}
