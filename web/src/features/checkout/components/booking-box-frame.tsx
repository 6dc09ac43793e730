import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EventDetail } from '@/features/events/api/get-event';
import { EventPriceSummary } from '@/features/events/components/event-price-summary';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { BOOKING_COPY, FEW_SEATS, seatsLeftLabel } from '@domain/copy-booking';
import { rupees } from '@domain/pricing';
import { WAITLIST_COPY } from '@domain/waitlist';
import { HOLD_COPY } from '@domain/copy-hold';

/**
 * The event page's booking box and a phone's booking bar as markup, hook-free: booking-box.tsx
 * gives them what the session, the guest's bookings and holds say; the Worker draws them as the
 * SPA's first render does, before any of that is known, into the page's first frame, which the
 * SPA then hydrates (docs/decisions/010).
 */

/** The booking box's id: the sticky bar scrolls to it, and the guest's own link (`#book`) too. */
export const BOOKING_BOX_ID = 'book';

/**
 * The event page's booking box (SPEC §2 Event detail): price and seats, then `children`, what the
 * guest can do now (nothing until the session is known); a full dinner the guest holds no seat at
 * first points on to the city's next dinner with room. `holding`: the guest holds seats here
 * (a checkout closed half-way), so the last seat is theirs to pay for, not "full".
 */
export function BookingBoxFrame({
  event,
  holding,
  children,
}: {
  event: EventDetail;
  holding: boolean;
  children?: ReactNode;
}) {
  return (
    <aside
      id={BOOKING_BOX_ID}
      aria-label="Book this dinner"
      className="scroll-mt-4 lg:sticky lg:top-6 lg:self-start"
      tabIndex={-1}
    >
      <div className="flex flex-col gap-6 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <EventPriceSummary event={event} holding={holding} />
        {event.seats_left === 0 && !holding && <NextWithRoom event={event} />}
        {children}
      </div>
    </aside>
  );
}

/** A full dinner points on to the city's next one with a seat free, or says there is none yet. */
function NextWithRoom({ event }: { event: EventDetail }) {
  const next = event.next_with_room;
  if (!next)
    return (
      <p className="rounded-field bg-base-200 p-4 text-sm">
        Every upcoming dinner in {event.location} is full for now. Seats held by guests who don't pay free up within 15
        minutes, so check back soon, or join this dinner's waitlist below.
      </p>
    );
  return (
    <div className="flex flex-col gap-3 rounded-field border border-secondary/40 bg-secondary/5 p-4">
      <p className="text-sm font-semibold uppercase tracking-wide text-secondary">Next dinner with room</p>
      <p>
        <span className="block font-semibold">{next.title}</span>
        <span className="block text-sm text-base-content/80">
          {formatEventDate(next.date)} · {seatsLeftLabel(next.seats_left)}
        </span>
      </p>
      <Link
        to="/event/$eventId"
        params={{ eventId: next.id }}
        className="btn btn-secondary btn-sm"
        data-booking-primary=""
      >
        See this dinner <span aria-hidden="true">→</span>
      </Link>
    </div>
  );
}

/**
 * A phone's booking bar (issue 14): the price and seats stay in view from the top of the page, and
 * 'Book Now' brings the booking box up. It steps aside while the box itself is on screen (its own
 * 'Book Now' is then right there), and desktops, where the box sits beside the page, never show it.
 * A guest who is going gets their booking instead; a full dinner the city's next one with room, or
 * when there is none 'Join the waitlist' (the box itself offers both).
 */
export function BookNowBarView({
  event,
  bookingId,
  holding,
  boxOnScreen,
  onBook,
}: {
  event: EventDetail;
  /** The guest's own booking that holds a seat at this dinner. */
  bookingId: string | null;
  holding: boolean;
  /** The booking box is in view: the bar steps aside. */
  boxOnScreen: boolean;
  /** 'Book Now' and its like: bring the booking box up. */
  onBook: () => void;
}) {
  const soldOut = event.seats_left === 0 && !holding;
  const next = event.next_with_room;

  return (
    <>
      {/* Room at the end of the page, so the bar never hides the footer's last line. */}
      <div aria-hidden="true" className="h-24 lg:hidden" />
      <section
        aria-label="Price and booking"
        data-testid="book-now-bar"
        className={`fixed inset-x-0 bottom-0 z-30 border-t border-base-300 bg-base-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] transition-[translate,opacity,visibility] duration-200 motion-reduce:transition-none lg:hidden ${boxOnScreen ? 'invisible translate-y-full opacity-0' : ''}`}
      >
        <div className="mx-auto flex max-w-xl items-center justify-between gap-4">
          <p className="flex min-w-0 flex-col leading-tight">
            {bookingId ? (
              <span className="font-display text-lg font-semibold text-secondary">{BOOKING_COPY.youreGoing}</span>
            ) : (
              <span>
                <span className="font-display text-xl font-bold text-primary">{rupees(event.ticket_price_single)}</span>
                <span className="text-sm text-base-content/80"> per guest</span>
              </span>
            )}
            <span
              className={`text-sm font-medium ${event.seats_left <= FEW_SEATS ? 'text-error' : 'text-base-content/80'}`}
            >
              {bookingId ? formatEventDate(event.date) : seatsLeftLabel(event.seats_left)}
            </span>
          </p>
          {bookingId ? (
            <Link to="/booking/$bookingId" params={{ bookingId }} className="btn btn-primary shrink-0">
              My Booking
            </Link>
          ) : holding ? (
            <button type="button" className="btn btn-primary shrink-0" onClick={onBook}>
              {HOLD_COPY.finishButton}
            </button>
          ) : soldOut && next ? (
            <Link to="/event/$eventId" params={{ eventId: next.id }} className="btn btn-secondary shrink-0">
              Next dinner <span aria-hidden="true">→</span>
            </Link>
          ) : soldOut ? (
            <button type="button" className="btn btn-primary shrink-0" onClick={onBook}>
              {WAITLIST_COPY.join}
            </button>
          ) : (
            <button type="button" className="btn btn-primary shrink-0 px-6" onClick={onBook}>
              Book Now
            </button>
          )}
        </div>
      </section>
    </>
  );
}
