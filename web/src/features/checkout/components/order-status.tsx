import { Spinner } from '@/components/spinner';
import { Link } from '@tanstack/react-router';
import { ApiRequestError } from '@/lib/api';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { dinnerHours } from '@domain/time';
import { type OrderView, useOrderQuery } from '../api/get-order';
import { BookingConfirmed } from './booking-confirmed';
import { COPY } from '@domain/copy';
import { rupees } from '@domain/pricing';

/** Follows an order until it settles: confirming → confirmed (or the failure the guest must know about). */
export function OrderStatus({ orderId }: { orderId: string }) {
  const query = useOrderQuery(orderId);

  if (query.isPending) return <Waiting text="Loading your booking..." />;
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Problem
        title={notFound ? 'We could not find that booking' : 'Could not load your booking'}
        text={notFound ? 'Check your profile for your bookings.' : 'Please try again later.'}
      />
    );
  }
  const view = query.data;
  const { status } = view.order;
  if (status === 'confirmed' && view.booking && view.event)
    return <BookingConfirmed view={{ ...view, booking: view.booking, event: view.event }} />;
  if (status === 'needs_attention')
    return <Problem title="Booking creation failed" text={COPY.booking.bookingFailed} />;
  if (status === 'failed')
    return (
      <Problem
        title="Payment failed"
        text={view.order.failure_reason ?? 'Your payment did not go through. No money was taken.'}
        retryEventId={view.event?.id}
      />
    );
  if (status === 'refunded')
    return (
      <Problem
        title="Payment refunded"
        text="Your payment arrived after your seat reservation expired and the table had filled up, so we refunded it in full. Banks usually credit it within 7 working days."
        retryEventId={view.event?.id}
      />
    );
  if (status === 'expired')
    return (
      <Problem
        title="Reservation expired"
        text="Your seat was held for 15 minutes and the hold has expired. If a payment still goes through, we will confirm your seat if one is free or refund you in full automatically."
        retryEventId={view.event?.id}
      />
    );
  return <Confirming view={view} />;
}

/**
 * Paid, and the queue is booking the seat (docs/decisions/005): usually under a second. What is
 * already known shows meanwhile (the dinner, the ticket, the amount paid), so the page is never a
 * blank spinner, and 'You're All Set!' takes its place when the booking is there.
 */
function Confirming({ view }: { view: OrderView }) {
  const { order, event } = view;
  return (
    <div className="flex flex-col items-center gap-8 py-6 text-center">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
        <Spinner size="lg" className="text-secondary" />
        <h1 className="font-display text-3xl font-bold md:text-4xl">Payment received</h1>
        <p className="text-lg text-base-content/80">Confirming your seat… this takes a moment.</p>
      </div>
      <dl className="grid w-full max-w-xl gap-4 rounded-box border border-base-300 bg-base-100 p-5 text-left sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm font-semibold uppercase tracking-wide text-base-content/80">Dinner</dt>
          <dd className="mt-1 text-lg font-semibold">{event.title}</dd>
          <dd>
            {formatEventDate(event.date)} · {dinnerHours(event.starts_at, event.ends_at)} · {event.location}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-base-content/80">Ticket</dt>
          <dd className="mt-1">
            {order.ticket_label} · {order.seats} {order.seats === 1 ? 'seat' : 'seats'}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-base-content/80">Paid</dt>
          <dd className="mt-1 font-semibold">{rupees(order.amount)}</dd>
        </div>
      </dl>
    </div>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" role="status" aria-live="polite">
      <Spinner size="lg" className="text-primary" />
      <p className="text-lg">{text}</p>
    </div>
  );
}

function Problem({ title, text, retryEventId }: { title: string; text: string; retryEventId?: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <h1 className="font-display text-3xl font-bold">{title}</h1>
      <p role="alert" className="max-w-xl text-lg">
        {text}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {retryEventId && (
          <Link to="/event/$eventId" params={{ eventId: retryEventId }} className="btn btn-primary">
            Try again
          </Link>
        )}
        <Link to="/profile" className="btn btn-outline">
          View Profile
        </Link>
        <Link to="/" className="btn btn-ghost">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
