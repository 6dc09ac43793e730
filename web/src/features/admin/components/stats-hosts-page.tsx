import { useId } from 'react';
import { CONSOLE_COPY } from '@domain/copy-console';
import { formatCalendarDate } from '@domain/time';
import { type HostFeedback, useHostsFeedbackQuery } from '../api/stats-api';
import { ConsoleLink } from '../routing/console-links';
import { ratingText } from './dinner-feedback-page';

const F = CONSOLE_COPY.feedback;

const dinnersText = (n: number) => `${n} ${n === 1 ? 'dinner' : 'dinners'}`;

/**
 * The hosts and what guests said of them (`/admin/hosts`, issue 21): per host, the dinners they
 * hosted that have ended and those to come, the responses on those dinners, the average host and
 * evening ratings, and the latest notes, each linked to its dinner's feedback.
 */
export function HostsFeedbackPage() {
  const hosts = useHostsFeedbackQuery();
  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="border-b border-base-300 pb-4">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
        <h1 className="text-3xl font-bold">{F.hostsTitle}</h1>
        <p className="mt-1 text-base-content/80">{F.hostsIntro}</p>
      </header>
      {hosts.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : hosts.isError && !hosts.data ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{hosts.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => hosts.refetch()}>
            Try again
          </button>
        </div>
      ) : hosts.data.hosts.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6 text-center text-base-content/80">{F.hostsEmpty}</p>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {hosts.data.hosts.map((h) => (
            <HostCard key={h.user_id} host={h} />
          ))}
        </ul>
      )}
    </main>
  );
}

function HostCard({ host: h }: { host: HostFeedback }) {
  const headingId = useId();
  const stats = [
    { label: 'Dinners hosted', value: String(h.dinners) },
    { label: 'Responses', value: String(h.responses) },
    { label: 'Host rating', value: ratingText(h.rating_host) },
    { label: 'Evening rating', value: ratingText(h.rating_evening) },
  ];
  return (
    <li>
      <article aria-labelledby={headingId} className="h-full rounded-box border border-base-300 bg-base-100 p-4">
        <h2 id={headingId} className="break-words text-xl font-bold">
          {h.name}
        </h2>
        {h.upcoming > 0 && <p className="text-sm text-base-content/80">{dinnersText(h.upcoming)} to come</p>}
        <dl className="mt-3 grid grid-cols-2 gap-3">
          {stats.map((s) => (
            <div key={s.label} className="rounded-box border border-base-300 p-3">
              <dt className="text-sm text-base-content/80">{s.label}</dt>
              <dd className="text-lg font-bold">{s.value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 font-semibold">{F.hostNotesHeading}</h3>
        {h.recent_notes.length === 0 ? (
          <p className="mt-1 text-sm text-base-content/80">{F.hostNoNotes}</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {h.recent_notes.map((n) => (
              <li key={`${n.event_id}-${n.created_at}`} className="rounded-box bg-base-200 p-3">
                <p className="whitespace-pre-wrap break-words">{n.note}</p>
                <p className="mt-1 text-sm text-base-content/80">
                  {n.guest_name ?? F.formerGuest} · host {n.host} / 5 ·{' '}
                  <ConsoleLink to="events/$eventId/feedback" params={{ eventId: n.event_id }} className="link">
                    {n.event_title}, {formatCalendarDate(n.event_date)}
                  </ConsoleLink>
                </p>
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}
