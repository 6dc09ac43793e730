import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { NotFoundPage } from '@/components/not-found-page';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { ApiRequestError } from '@/lib/api';
import { ShareDinnerSection } from '@/features/dinner-share/components/share-dinner-section';
import { FeedbackSection } from '@/features/feedback/components/feedback-section';
import { ReportProblem } from '@/features/reports/components/report-problem';
import { type MyBooking, useBookingQuery } from '../api/get-booking';
import { PolicyNote, TableSection, WhenWhereSection } from './booking-sections';
import { CancellationChoiceSection } from './cancellation-choice-section';
import { DocumentsSection } from './documents-section';
import { ReleaseSection } from './release-section';
import { RescheduleSection } from './reschedule-section';
import { RunningLateSection } from './running-late-section';
import { StatusBadge } from './status-badge';
import { StillComingSection } from './still-coming-section';
import { TICKET_HEADING_ID, TicketSection } from './ticket-section';
import { SEATED_BOOKING_STATUSES } from '@domain/statuses';
import { todayIst } from '@domain/time';

/**
 * My Booking (/booking/:bookingId): the dinner, the ticket, the free reschedule and the policy,
 * one section per concern of `GET /api/bookings/:id`. Sections for the cancellation choice and
 * running late go between the reschedule and the policy; "Still coming?" near the top while it is
 * asked, and "Can't make it" after the reschedule (docs/decisions/027).
 */
export function MyBookingPage({
  bookingId,
  stillComing,
}: {
  bookingId: string;
  /** The reminder's "Still coming?" links: `yes` sends the yes once, `no` opens the release's confirmation. */
  stillComing?: 'yes' | 'no';
}) {
  const query = useBookingQuery(bookingId);
  // "Can't make it"'s confirmation, opened from its section or from "Still coming?".
  const [asking, setAsking] = useState(false);
  const askedFromLink = useRef(false);
  const releaseOpen = query.data?.release.state === 'open';
  useEffect(() => {
    if (stillComing !== 'no' || !releaseOpen || askedFromLink.current) return;
    askedFromLink.current = true;
    setAsking(true);
  }, [stillComing, releaseOpen]);
  useOpensOnTicket(query.data ? isTicketDay(query.data) : false);

  if (query.isPending) return <Pending />;
  if (query.isError) {
    // Another guest's booking answers exactly like an unknown one: the 404 page (SPEC §2).
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NotFoundPage />;
    return <LoadError onRetry={() => void query.refetch()} />;
  }
  const view = query.data;
  const { booking, event } = view;
  return (
    <main className="min-h-screen bg-base-200/60 px-4 py-10 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <nav aria-label="Breadcrumb">
          <Link to="/profile" className="link link-hover text-sm">
            <span aria-hidden="true">←</span> Your bookings
          </Link>
        </nav>
        <header className="flex flex-col gap-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">My Booking</p>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="font-display text-3xl font-bold sm:text-4xl">{event.title}</h1>
            <StatusBadge state={view.state} />
          </div>
          <p className="text-lg text-base-content/90">
            {event.location} · {formatEventDate(event.date)} · {event.time}
          </p>
        </header>
        <CancellationChoiceSection bookingId={booking.id} />
        <StillComingSection view={view} autoYes={stillComing === 'yes'} onCantMakeIt={() => setAsking(true)} />
        <FeedbackSection bookingId={booking.id} status={booking.status} />
        <WhenWhereSection view={view} />
        <TableSection view={view} />
        <TicketSection view={view} />
        <RunningLateSection bookingId={booking.id} />
        <RescheduleSection view={view} />
        <ReleaseSection view={view} asking={asking} onAskingChange={setAsking} />
        <ShareDinnerSection bookingId={booking.id} />
        <DocumentsSection bookingId={booking.id} />
        <ReportProblem bookingId={booking.id} />
        <PolicyNote text={MY_BOOKING_COPY.noRefund} />
      </div>
    </main>
  );
}

/**
 * The dinner is today (IST) and the booking holds a seat: what the guest opens My Booking for is
 * the QR at the door (issue 24).
 */
export function isTicketDay(view: MyBooking, now: Date = new Date()): boolean {
  const seated: readonly string[] = SEATED_BOOKING_STATUSES;
  return (
    view.event.date === todayIst(now) &&
    !view.event.cancelled_at &&
    seated.includes(view.booking.status) &&
    view.ticket.code !== null
  );
}

/**
 * On the day, the page opens on the ticket: scrolled to its section, its heading focused (so a
 * screen reader starts there too). Once per visit; after the router's own scroll reset, which
 * runs as the page commits, hence the frame's delay.
 */
function useOpensOnTicket(ticketDay: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ticketDay || done.current) return;
    done.current = true;
    const frame = requestAnimationFrame(() => {
      const heading = document.getElementById(TICKET_HEADING_ID);
      if (!heading) return;
      heading.setAttribute('tabindex', '-1');
      heading.closest('section')?.scrollIntoView({ block: 'start' });
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [ticketDay]);
}

function Pending() {
  return (
    <main className="min-h-screen bg-base-200/60 px-4 py-12" aria-busy="true">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <div className="skeleton h-10 w-2/3" />
        <div className="skeleton h-48 w-full" />
        <div className="skeleton h-64 w-full" />
      </div>
      <p className="sr-only" role="status">
        Loading your booking…
      </p>
    </main>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">We couldn't load your booking</h1>
      <p className="max-w-md text-base-content/80">Please try again later.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
        <Link to="/profile" className="btn btn-outline">
          Your bookings
        </Link>
      </div>
    </main>
  );
}
