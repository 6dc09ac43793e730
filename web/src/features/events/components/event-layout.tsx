import { type ReactNode, Suspense } from 'react';
import { SiteFooter } from '@/components/site-footer';
import type { EventDetail } from '../api/get-event';
import { EventAbout } from './event-about';
import { EventFacts } from './event-facts';
import { EventHero } from './event-hero';

/**
 * The event page whole: the site's bar, the hero, the facts column beside the booking box, the
 * long read, the footer and a phone's booking bar. Two renderers draw it, so it and what it
 * renders stay free of router and query hooks (links are the router's `Link`, which the Worker
 * bundles as a plain anchor): the event route fills the slots with the live parts, and the
 * Worker draws the page into the HTML as the SPA's first render draws it before the session is
 * known (web/src/server-render.tsx), so the page paints before the bundle has run and the SPA
 * hydrates it in place (docs/decisions/010). Its ids do not depend on where it is drawn.
 */
export function EventLayout({
  event,
  header,
  aside,
  newsletter,
  bar,
}: {
  event: EventDetail;
  /** The site's bar. */
  header: ReactNode;
  /** The booking box. */
  aside: ReactNode;
  /** The footer's newsletter form. */
  newsletter: ReactNode;
  /** A phone's booking bar. */
  bar: ReactNode;
}) {
  return (
    <>
      {header}
      <main className="relative min-h-screen">
        <EventHero event={event} />
        {/* On a phone the booking box follows the facts, above the long read (issue 14: it used to
            start ~2,900 px down, below the terms); on a desktop it sits beside both, sticky. */}
        <div className="mx-auto grid max-w-6xl gap-12 px-6 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="lg:col-start-1 lg:row-start-1">
            <EventFacts event={event} />
          </div>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">{aside}</div>
          <div className="lg:col-start-1 lg:row-start-2">
            {/* Below the fold on a phone: hydrated after the rest, in tasks of its own (the
                boundaries only mark it for React; nothing here suspends). */}
            <Suspense fallback={null}>
              <EventAbout event={event} />
            </Suspense>
          </div>
        </div>
      </main>
      <Suspense fallback={null}>
        <SiteFooter newsletter={newsletter} />
      </Suspense>
      {bar}
    </>
  );
}
