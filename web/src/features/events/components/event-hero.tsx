import type { EventDetail } from '../api/get-event';
import { eventImage } from '../lib/event-image';
import { dinnerHours } from '@domain/time';
import { formatEventDate } from '../lib/format-event-date';
import { PinIcon } from './pin-icon';
import { BOOKING_COPY, seatsLeftLabel } from '@domain/copy-booking';
import { rupees } from '@domain/pricing';

/**
 * The detail page's hero: the event's illustration behind its title, date and time, and (on a
 * phone, where the booking box is further down) the price and seats left.
 */
export function EventHero({ event }: { event: EventDetail }) {
  return (
    <header className="relative isolate overflow-hidden bg-neutral text-neutral-content">
      <img
        src={eventImage(event)}
        alt=""
        width={800}
        height={450}
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-neutral via-neutral/80 to-neutral/40" />
      <div className="mx-auto flex min-h-[22rem] max-w-6xl flex-col justify-end px-6 pt-12 pb-10 sm:min-h-[26rem]">
        {event.seats_left === 0 ? (
          <span className="badge mb-4 border-none bg-base-100 font-semibold text-base-content">
            {BOOKING_COPY.soldOut}
          </span>
        ) : (
          event.available && <span className="badge badge-secondary mb-4 font-semibold">Available Now</span>
        )}
        <h1 className="max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">{event.title}</h1>
        <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-lg text-neutral-content/90">
          <span className="flex items-center gap-1.5">
            <PinIcon />
            {event.location}
          </span>
          <span>{formatEventDate(event.date)}</span>
          <span>{dinnerHours(event.starts_at, event.ends_at)}</span>
        </p>
        <p className="mt-4 flex flex-wrap items-baseline gap-x-3 lg:hidden">
          <span className="font-display text-2xl font-bold">{rupees(event.ticket_price_single)}</span>
          <span className="text-neutral-content/90">per guest · {seatsLeftLabel(event.seats_left)}</span>
        </p>
      </div>
    </header>
  );
}
