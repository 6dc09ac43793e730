import { createFileRoute } from '@tanstack/react-router';
import { MyBookingPage } from '@/features/my-bookings/components/my-booking-page';

/**
 * My Booking, under the signed-in layout: a signed-out visitor (say, from a link in an email)
 * signs in and lands back here. Only `component`, which the router splits into the page's own
 * chunk: a loader would stay in the route tree, in every guest's first bundle (`npm run bench`).
 */
export const Route = createFileRoute('/_auth/booking/$bookingId')({
  component: Page,
});

function Page() {
  const { bookingId } = Route.useParams();
  return <MyBookingPage bookingId={bookingId} />;
}
