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
      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-12">
          <EventFacts event={event} />
          {about}
        </div>
        {aside}
      </div>
    </main>
  );
}
