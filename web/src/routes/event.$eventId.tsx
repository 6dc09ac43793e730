import { createFileRoute, Link, redirect, useRouter } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { toast } from '@/components/toast';
import { BookingAside, BookNowBar } from '@/features/checkout/components/booking-box';
import { eventQueryOptions, useEventQuery } from '@/features/events/api/get-event';
import { EventLayout } from '@/features/events/components/event-layout';
import { EVENT_COLUMN } from '@/features/events/lib/event-column';
import { eventTitle } from '@/features/events/lib/event-head';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { ApiRequestError } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/event/$eventId')({
  /** `eventId` is an id or a city slug (`/event/gurugram`); the API resolves both. */
  loader: async ({ context, params, preload }) => {
    try {
      await context.queryClient.ensureQueryData(eventQueryOptions(params.eventId));
    } catch (error) {
      // SPEC §2/§8: an unknown event says so and goes back to the list. Not on hover-preload,
      // where a toast for a page the guest never opened would be noise.
      if (error instanceof ApiRequestError && error.status === 404) {
        if (!preload) toast({ variant: 'destructive', title: error.message });
        throw redirect({ to: '/events', replace: true });
      }
      throw error;
    }
  },
  pendingComponent: EventPending,
  errorComponent: EventLoadError,
  component: EventPage,
});

function EventPage() {
  const { eventId } = Route.useParams();
  const { data } = useEventQuery(eventId);
  const { event } = data;
  usePageTitle(eventTitle(event));

  return (
    <EventLayout
      event={event}
      header={<AppHeader column={EVENT_COLUMN} />}
      aside={<BookingAside event={event} eventKey={eventId} />}
      newsletter={<NewsletterForm />}
      bar={<BookNowBar event={event} />}
    />
  );
}

function EventPending() {
  return (
    <>
      <AppHeader column={EVENT_COLUMN} />
      <main className="min-h-screen" aria-busy="true">
        <div className="skeleton h-[22rem] rounded-none sm:h-[26rem]" />
        <div className="mx-auto grid max-w-6xl gap-12 px-6 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col gap-4">
            <div className="skeleton h-24 w-full" />
            <div className="skeleton h-6 w-1/2" />
            <div className="skeleton h-40 w-full" />
          </div>
          <div className="skeleton h-64 w-full" />
        </div>
        <p className="sr-only" role="status">
          Loading event…
        </p>
      </main>
    </>
  );
}

function EventLoadError() {
  const router = useRouter();
  return (
    <>
      <AppHeader column={EVENT_COLUMN} />
      <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-3xl font-bold">We couldn't load this event</h1>
        <p className="max-w-md text-base-content/80">Please try again later.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => router.invalidate()}>
            Try again
          </button>
          <Link to="/events" className="btn btn-outline">
            All events
          </Link>
        </div>
      </main>
    </>
  );
}
