import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AppHeader } from '@/components/app-header';
import { MyBookingPage } from '@/features/my-bookings/components/my-booking-page';
import { usePageTitle } from '@/lib/use-page-title';

type Search = { still_coming?: 'yes' | 'no' };

/**
 * My Booking, under the signed-in layout: a signed-out visitor (say, from a link in an email)
 * signs in and lands back here. Only `component`, which the router splits into the page's own
 * chunk: a loader would stay in the route tree, in every guest's first bundle (`npm run bench`).
 * `?still_coming=yes|no`: the 24-hour reminder's "Still coming?" links (docs/decisions/027).
 */
export const Route = createFileRoute('/_auth/booking/$bookingId')({
  validateSearch: (search: Record<string, unknown>): Search =>
    search.still_coming === 'yes' || search.still_coming === 'no' ? { still_coming: search.still_coming } : {},
  component: Page,
});

function Page() {
  const { bookingId } = Route.useParams();
  const navigate = Route.useNavigate();
  // Read once: the answer is acted on once, and the address loses it so a reload does not ask again.
  const [stillComing] = useState(Route.useSearch().still_coming);
  useEffect(() => {
    if (stillComing) void navigate({ search: {}, replace: true });
  }, [stillComing, navigate]);
  usePageTitle('My Booking');
  return (
    <>
      <AppHeader column="box-content max-w-3xl px-4" />
      <MyBookingPage bookingId={bookingId} stillComing={stillComing} />
    </>
  );
}
