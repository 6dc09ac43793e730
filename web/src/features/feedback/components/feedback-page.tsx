import { FEEDBACK_COPY } from '@domain/copy-feedback';
import { formatCalendarDate, formatIstDateTime } from '@domain/time';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/not-found-page';
import { ReportProblem } from '@/features/reports/components/report-problem';
import { ApiRequestError } from '@/lib/api';
import { type FeedbackView, useFeedbackQuery } from '../api/get-feedback';
import { ContactLink } from './contact-link';
import { FeedbackForm } from './feedback-form';

const T = FEEDBACK_COPY;

/** The page's frame: the way back to My Booking, the heading and the dinner. */
function Frame({ bookingId, view, children }: { bookingId: string; view?: FeedbackView; children: ReactNode }) {
  return (
    <main className="min-h-screen bg-base-200/60 px-4 py-10 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <nav aria-label="Breadcrumb">
          <Link to="/booking/$bookingId" params={{ bookingId }} className="link link-hover text-sm">
            <span aria-hidden="true">←</span> {T.backToBooking}
          </Link>
        </nav>
        <header className="flex flex-col gap-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{T.pageTitle}</p>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">{T.heading}</h1>
          {view && <p className="text-lg">{T.intro(view.dinner.title, formatCalendarDate(view.dinner.date))}</p>}
        </header>
        {children}
      </div>
    </main>
  );
}

/** A plain message in a card: the page's closed, upcoming and not-checked-in states. */
function Notice({ children }: { children: ReactNode }) {
  return <section className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">{children}</section>;
}

/** Once the window has closed: a polite word, and the guest's mutual 'dine again's from that dinner. */
function Closed({ view }: { view: FeedbackView }) {
  const matches = view.tablemates.filter((t) => t.contact);
  return (
    <Notice>
      <h2 className="mb-2 font-display text-2xl font-semibold">{T.closedHeading}</h2>
      <p>{T.closed(formatIstDateTime(view.closes_at))}</p>
      {matches.length > 0 && (
        <>
          <p className="mt-4 font-medium">{T.closedMatches}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {matches.map((m) => (
              <li key={m.ref}>
                <span className="font-semibold">{m.name}</span> · {m.contact && <ContactLink contact={m.contact} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}

/**
 * /feedback/:bookingId (issue 21): the morning-after form while the window is open; before the
 * dinner ends, after the window closes, or for a guest who was not checked in, a plain word
 * instead (no form). 'Report a problem' below, as on My Booking. Another guest's booking is the
 * 404 page, as on My Booking.
 */
export function FeedbackPage({ bookingId }: { bookingId: string }) {
  const query = useFeedbackQuery(bookingId);
  if (query.isPending)
    return (
      <Frame bookingId={bookingId}>
        <div className="skeleton h-64 w-full" aria-hidden="true" />
        <p className="sr-only" role="status">
          {T.loading}
        </p>
      </Frame>
    );
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NotFoundPage />;
    return (
      <Frame bookingId={bookingId}>
        <Notice>
          <p role="alert">{T.loadFailed}</p>
          <button type="button" className="btn btn-primary mt-4" onClick={() => void query.refetch()}>
            {T.retry}
          </button>
        </Notice>
      </Frame>
    );
  }
  const view = query.data;
  return (
    <Frame bookingId={bookingId} view={view}>
      {view.state === 'open' && (
        <>
          <p className="text-base-content/90">{T.privacy}</p>
          <FeedbackForm bookingId={bookingId} view={view} />
        </>
      )}
      {view.state === 'closed' && <Closed view={view} />}
      {view.state === 'upcoming' && (
        <Notice>
          <p>{T.upcoming(formatIstDateTime(view.opens_at))}</p>
        </Notice>
      )}
      {view.state === 'not_checked_in' && (
        <Notice>
          <p>{T.notCheckedIn}</p>
        </Notice>
      )}
      {/* 'Report a problem' (issue 21) shows itself from the dinner's start on, as on My Booking. */}
      <ReportProblem bookingId={bookingId} />
    </Frame>
  );
}
