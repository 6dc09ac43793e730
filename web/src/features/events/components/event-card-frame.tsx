import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EventSummary } from '../api/get-events';
import { eventImage } from '../lib/event-image';
import { dinnerHours } from '@domain/time';
import { formatEventDate } from '../lib/format-event-date';
import { PinIcon } from './pin-icon';
import { SeatsLeft } from './seats-left';
import { BOOKING_COPY } from '@domain/copy-booking';
import { WAITLIST_COPY } from '@domain/waitlist';

/** The card's title link stretches over the whole card. */
const CARD_LINK_CLASS =
  "after:absolute after:inset-0 after:content-[''] focus-visible:outline-none! group-hover:underline";

/**
 * One event on /events (SPEC §2 Events list): image, location, description or title and the
 * 'Available Now' badge, or 'Sold out' when no seat is left, and how many seats are left; a full
 * dinner's call to action reads 'Join the waitlist' (its page has it, issue 20). The whole card is clickable through a stretched title link,
 * so screen readers hear one short link name instead of the whole card; the card shows the
 * focus ring. `eager` for cards in the first row, which are on screen at load and should not
 * wait for lazy-loading. Hook-free, so the Worker can draw the list into the page's first frame
 * (web/src/server-render.tsx), its link the plain anchor the router's draws (docs/decisions/010).
 */
export function EventCardFrame({ event, eager = false }: { event: EventSummary; eager?: boolean }) {
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-lg has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent">
      <div className="relative aspect-[16/9] bg-base-200">
        <img
          src={eventImage(event)}
          alt=""
          width={800}
          height={450}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-cover"
        />
        {event.seats_left === 0 ? (
          <span className="badge absolute top-3 left-3 border-none bg-neutral font-semibold text-neutral-content shadow">
            {BOOKING_COPY.soldOut}
          </span>
        ) : (
          event.available && (
            <span className="badge badge-secondary absolute top-3 left-3 font-semibold shadow">Available Now</span>
          )
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-semibold text-primary">
          {formatEventDate(event.date)} · {dinnerHours(event.starts_at, event.ends_at)}
        </p>
        <h2 className="text-xl font-semibold leading-snug">
          <Link to="/event/$eventId" params={{ eventId: event.id }} className={CARD_LINK_CLASS}>
            {event.title}
          </Link>
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-base-content/80">
          <PinIcon />
          {event.location}
        </p>
        <SeatsLeft seatsLeft={event.seats_left} />
        <p className="line-clamp-3 text-base-content/80">{event.description || event.title}</p>
        <p aria-hidden="true" className="mt-auto pt-2 text-sm font-semibold text-primary">
          {event.seats_left === 0 ? WAITLIST_COPY.join : 'View details'}{' '}
          <span className="inline-block transition group-hover:translate-x-1">→</span>
        </p>
      </div>
    </li>
  );
}

/** The grid the cards sit in. */
export function EventGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
