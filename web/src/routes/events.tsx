import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppHeader } from '@/components/app-header';
import { SiteFooter } from '@/components/site-footer';
import { eventsQueryOptions } from '@/features/events/api/get-events';
import { EventsList } from '@/features/events/components/events-list';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { EVENTS_INTRO, EVENTS_TITLE } from '@/lib/page-head';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/events')({
  /**
   * Starts the fetch as soon as the route matches (in parallel with this route's code) but does
   * not hold the page for it: the heading and intro are static, so they paint at once — the
   * page's largest paint — while EventsList shows placeholders, then the cards, the empty text,
   * or the failure toast with an inline retry.
   */
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(eventsQueryOptions()).catch(() => undefined);
  },
  component: () => (
    <EventsFrame>
      <EventsList />
    </EventsFrame>
  ),
});

function EventsFrame({ children }: { children: ReactNode }) {
  usePageTitle(EVENTS_TITLE);
  return (
    <>
      {/* The site's own bar and menu (issue 24); the prerendered first frame draws it too, with
          no account side until the session is known, as on every page. */}
      <AppHeader column="max-w-6xl px-6" />
      <main className="min-h-screen">
        <div className="border-b border-base-300 bg-base-200/70">
          <div className="mx-auto max-w-6xl px-6 pt-10 pb-12">
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">Weekend dinners</p>
            <h1 className="mt-3 text-4xl font-bold sm:text-5xl">Upcoming Events</h1>
            <p className="mt-4 max-w-2xl text-lg text-base-content/80">{EVENTS_INTRO}</p>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-6 py-12">{children}</div>
      </main>
      <SiteFooter newsletter={<NewsletterForm />} />
    </>
  );
}
