import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { EventDetail } from '@/features/events/api/get-event';
import { bookingsQueryOptions } from '@/features/my-bookings/api/get-bookings';
import { useSession } from '@/lib/session';
import { useHeldOrder } from '../api/held-order';
import { BOOKING_BOX_ID, BookingBoxFrame, BookNowBarView } from './booking-box-frame';
import { HeldOrderPanel } from './held-order';
import { TicketSelection } from './ticket-selection';
import { BOOKING_COPY } from '@domain/copy-booking';
import { TICKET_LABELS } from '@domain/pricing';
import { SEATED_BOOKING_STATUSES } from '@domain/statuses';

/** Statuses in which a guest holds their seat at the dinner (the domain's one list). */
const GOING: readonly string[] = SEATED_BOOKING_STATUSES;

/**
 * How long the guest's own list answers the event page without asking again: a payment
 * invalidates it anyway (checkout), so a glance at another dinner need not refetch it.
 */
const GOING_STALE_MS = 60_000;

/**
 * The signed-in guest's own booking that holds a seat at this dinner, if any (issue 14: "You're
 * going" instead of a second checkout). From GET /api/bookings, the guest's own list: the public
 * event answer reads no session and stays one D1 round trip. `pending` while it is not yet known.
 */
function useGoingBooking(eventId: string) {
  const { isAuthenticated, loading } = useSession();
  const bookings = useQuery({ ...bookingsQueryOptions(), enabled: isAuthenticated, staleTime: GOING_STALE_MS });
  const booking = bookings.data?.bookings.find((b) => b.event_id === eventId && GOING.includes(b.status)) ?? null;
  return { booking, pending: loading || (isAuthenticated && bookings.isPending) };
}

/**
 * The event page's booking box (SPEC §2 Event detail): price and seats, then what the guest can do
 * now: sign in; choose a ticket; see they are already going; or, on a full dinner, go to the city's
 * next dinner with room. On a phone it sits right under the facts, not below the terms.
 */
export function BookingAside({ event, eventKey }: { event: EventDetail; eventKey: string }) {
  const held = useOwnHold(event.id).hold;
  return (
    <BookingBoxFrame event={event} holding={held !== null}>
      <BookingAction event={event} eventKey={eventKey} />
    </BookingBoxFrame>
  );
}

/**
 * The signed-in guest's own live hold on this dinner (a checkout closed half-way, issue 24), or
 * null; `pending` while it is not yet known.
 */
function useOwnHold(eventId: string) {
  const { isAuthenticated, loading } = useSession();
  const held = useHeldOrder(eventId, isAuthenticated);
  return { hold: held.data ?? null, pending: loading || (isAuthenticated && held.isPending) };
}

function BookingAction({ event, eventKey }: { event: EventDetail; eventKey: string }) {
  const { isAuthenticated, loading } = useSession();
  const { booking, pending } = useGoingBooking(event.id);
  const own = useOwnHold(event.id);
  const [another, setAnother] = useState(false);

  if (loading) return null;
  if (!isAuthenticated) {
    // A full dinner's next step is its waitlist (issue 20), which needs the guest's account too.
    const full = event.seats_left === 0;
    return (
      <div className="flex flex-col gap-3 border-t border-base-300 pt-5">
        <p className="text-sm text-base-content/80">
          {full
            ? "Sign in to join this dinner's waitlist: we'll tell you the moment a seat frees up."
            : 'Sign in to choose your ticket and reserve your seat.'}
        </p>
        <Link to="/auth" search={{ redirect: `/event/${eventKey}` }} className="btn btn-primary">
          {full ? 'Sign in to join the waitlist' : 'Sign in to book'}
        </Link>
      </div>
    );
  }
  if (pending || own.pending) return <div className="skeleton h-40 w-full" aria-hidden="true" />;
  // A checkout closed half-way: finish paying for the seat held, or let it go (never 'Sold out' on it).
  if (own.hold)
    return (
      <div className="border-t border-base-300 pt-5">
        <HeldOrderPanel hold={own.hold} eventTitle={event.title} />
      </div>
    );
  if (booking && !another) {
    return (
      <div className="flex flex-col gap-4 border-t border-base-300 pt-5" data-testid="youre-going">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-secondary text-lg text-secondary-content"
          >
            ✓
          </span>
          <div>
            <p className="font-display text-xl font-semibold">{BOOKING_COPY.youreGoing}</p>
            <p className="text-sm text-base-content/80">
              {TICKET_LABELS[booking.ticket_type]}
              {booking.party_name ? ` with ${booking.party_name}` : ''} · {booking.seats}{' '}
              {booking.seats === 1 ? 'seat' : 'seats'}
            </p>
          </div>
        </div>
        <Link
          to="/booking/$bookingId"
          params={{ bookingId: booking.id }}
          className="btn btn-primary w-full"
          data-booking-primary=""
        >
          View My Booking
        </Link>
        <p className="text-center text-sm text-base-content/80">
          Bringing someone else?{' '}
          <button type="button" className="link link-primary" onClick={() => setAnother(true)}>
            Book another ticket
          </button>
        </p>
      </div>
    );
  }
  return <TicketSelection eventId={eventKey} />;
}

/** Brings the booking box into view and puts focus on its first choice, as a tap on 'Book Now' promises. */
function showBookingBox() {
  const box = document.getElementById(BOOKING_BOX_ID);
  if (!box) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  box.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  // The ticket picker first, wherever it sits (a line with a link may come before it), else the
  // box's first control.
  const first =
    box.querySelector<HTMLElement>('input[type="radio"]:not(:disabled)') ??
    box.querySelector<HTMLElement>('[data-booking-primary], a[href], button:not(:disabled)');
  first?.focus({ preventScroll: true });
}

/** A phone's booking bar (issue 14; see {@link BookNowBarView}), from what the guest holds here. */
export function BookNowBar({ event }: { event: EventDetail }) {
  const { booking } = useGoingBooking(event.id);
  const held = useOwnHold(event.id).hold;
  const boxOnScreen = useBoxOnScreen();
  return (
    <BookNowBarView
      event={event}
      bookingId={booking?.id ?? null}
      holding={held !== null}
      boxOnScreen={boxOnScreen}
      onBook={showBookingBox}
    />
  );
}

/** Whether any of the booking box is in the viewport. */
function useBoxOnScreen() {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const box = document.getElementById(BOOKING_BOX_ID);
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting), {
      // The bar's own height at the bottom does not count as seeing the box.
      rootMargin: '0px 0px -96px 0px',
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return onScreen;
}
