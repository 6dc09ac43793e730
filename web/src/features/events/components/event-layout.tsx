import type { ReactNode } from 'react';
import type { EventDetail } from '../api/get-event';
import { EventFacts } from './event-facts';
import { EventHero } from './event-hero';

/**
 * The detail page's frame: hero, then the facts column beside the booking box. Two renderers
 * use it, so it must stay free of router and query hooks: the event route fills every slot,
 * and the Worker paints the bare frame into the HTML (worker/routes/pages.ts) so the hero, the
 * page's largest paint, shows before the bundle has run. `header` is the site's bar, drawn by
 * both (the Worker's without the account side, which the SPA also lacks until the session is
 * known); the other slots only add content after the frame's own, so nothing the first frame
 * showed moves when the SPA takes over.
 */
export function EventLayout({
  event,
  header,
  about,
  aside,
}: {
  event: EventDetail;
  header?: ReactNode;
  about?: ReactNode;
  aside?: ReactNode;
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
          {aside && <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">{aside}</div>}
          {about && <div className="lg:col-start-1 lg:row-start-2">{about}</div>}
        </div>
      </main>
    </>
  );
}

/** The page's column: the site bar above the hero lines up with it. */
export const EVENT_COLUMN = 'max-w-6xl px-6';
