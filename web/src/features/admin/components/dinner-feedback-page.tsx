import { useId } from 'react';
import { CONSOLE_COPY } from '@domain/copy-console';
import { formatIstShort } from '@domain/time';
import { useDinnerQuery } from '../api/admin-api';
import { type DinnerFeedback, type FeedbackResponse, useDinnerFeedbackQuery } from '../api/stats-api';
import { useConsoleParams } from '../routing/console-links';
import { DinnerTabs } from './dinner-tabs';

const F = CONSOLE_COPY.feedback;

/** An average out of 5 as the console writes it, or "Not rated yet". */
export const ratingText = (rating: number | null) => (rating === null ? F.noRating : `${rating.toFixed(1)} / 5`);

/**
 * A dinner's feedback (`/admin/events/:id/feedback`, issue 21): how many of the guests who came
 * answered, the averages for the evening, the host and the venue, the number of mutual 'dine
 * again' pairs (never who), and every response with its note, newest first. Operators see who
 * wrote each note, so they can follow it up; hosts and guests never see this page.
 */
export function DinnerFeedbackPage() {
  const { eventId } = useConsoleParams<'eventId'>();
  const dinner = useDinnerQuery(eventId);
  const feedback = useDinnerFeedbackQuery(eventId);
  const event = dinner.data?.event;
  return (
    <main className="mx-auto min-h-screen max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="border-b border-base-300 pb-4">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
        <h1 className="text-3xl font-bold">{F.title}</h1>
        {event && (
          <p className="mt-1 break-words text-base-content/80">
            {event.title} · {formatIstShort(event.starts_at)} IST
          </p>
        )}
      </header>
      <DinnerTabs eventId={eventId} />
      {feedback.isPending ? (
        <p role="status" className="py-16 text-center text-base-content/80">
          Loading...
        </p>
      ) : feedback.isError && !feedback.data ? (
        <div role="alert" className="alert alert-error my-8">
          <span>{feedback.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => feedback.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <FeedbackView view={feedback.data} />
      )}
    </main>
  );
}

/** The page below the tabs, once the feedback is read. */
export function FeedbackView({ view }: { view: DinnerFeedback }) {
  const summaryId = useId();
  const listId = useId();
  const { summary } = view;
  const stats = [
    { label: 'Evening', value: ratingText(summary.evening) },
    { label: 'Host', value: ratingText(summary.host) },
    { label: 'Venue', value: ratingText(summary.venue) },
    { label: F.mutual, value: String(summary.mutual_matches) },
  ];
  return (
    <>
      <section aria-labelledby={summaryId} className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <h2 id={summaryId} className="text-xl font-bold">
          {F.summaryHeading}
        </h2>
        <p className="mt-1 text-sm text-base-content/80">{F.responses(summary.responses, summary.asked)}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label} className="rounded-box border border-base-300 p-3">
              <dt className="text-sm text-base-content/80">{s.label}</dt>
              <dd className="text-2xl font-bold">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby={listId} className="mt-6">
        <h2 id={listId} className="text-xl font-bold">
          {F.notesHeading} ({view.responses.length})
        </h2>
        <p className="mt-1 text-sm text-base-content/80">{F.notesIntro}</p>
        {view.responses.length === 0 ? (
          <p className="mt-4 rounded-box bg-base-200 p-4 text-center text-base-content/80">{F.empty}</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {view.responses.map((r) => (
              <ResponseItem key={r.id} response={r} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ResponseItem({ response: r }: { response: FeedbackResponse }) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {r.guest_name ?? F.formerGuest}
          {r.table_number !== null && (
            <span className="font-normal text-base-content/80"> · Table {r.table_number}</span>
          )}
        </p>
        <p className="text-sm text-base-content/80">
          <time dateTime={r.created_at}>{formatIstShort(r.created_at)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm">
        Evening {r.evening} / 5 · Host {r.host} / 5 · Venue {r.venue} / 5
      </p>
      <p className={`mt-2 whitespace-pre-wrap break-words ${r.note ? '' : 'text-sm text-base-content/80'}`}>
        {r.note ?? F.noNote}
      </p>
    </li>
  );
}
