import type { ReactNode } from 'react';
import type { EventDetail } from '../api/get-event';
import { EventFacts } from './event-facts';
import { EventHero } from './event-hero';

/**
 * The detail page's frame: hero, then the facts column beside the booking box. Two renderers
 * use it, so it must stay free of router and query hooks: the event route fills every slot,
 * and the Worker paints the bare frame into the HTML (worker/routes/pages.ts) so the hero, the
 * page's largest paint, shows before the bundle has run. Slots only add content after the
 * frame's own, so nothing the first frame showed moves when the SPA takes over.
 */
export function EventLayout({
  event,
  nav,
  about,
  aside,
}: {
  event: EventDetail;
  nav?: ReactNode;
  about?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <main className="relative min-h-screen">
      {nav}
      <EventHero event={event} />
      {/* On a phone the booking box follows the facts, above the long read (issue 14: it used to
          start ~2,900 px down, below the terms); on a desktop it sits beside both, sticky. */}
      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:col-start-1 lg:row-start-1">
          <EventFacts event={event} />
        </div>
        {aside && <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">{aside}</div>}
        {about && <div className="lg:col-start-1 lg:row-start-2">{about}</div>}
      </div>
    </main>
  );
}
