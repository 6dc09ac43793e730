import { Link } from '@tanstack/react-router';
import { ApiRequestError } from '@/lib/api';
import { useOrderQuery } from '../api/get-order';
import { BookingConfirmed } from './booking-confirmed';
import { COPY } from '@domain/copy';

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
  return <Waiting text="Payment received. Confirming your booking..." />;
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
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
