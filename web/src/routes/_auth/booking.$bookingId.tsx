import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { MyBookingPage } from '@/features/my-bookings/components/my-booking-page';
import { usePageTitle } from '@/lib/use-page-title';

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
  usePageTitle('My Booking');
  return (
    <>
      <AppHeader column="box-content max-w-3xl px-4" />
      <MyBookingPage bookingId={bookingId} />
    </>
  );
}
