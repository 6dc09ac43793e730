import type { MouseEvent, ReactNode } from 'react';
import type { HomeCity } from '../api/get-cities';
import { BOOKING_COPY } from '@domain/copy-booking';
import { rupees } from '@domain/pricing';
import { dinnerHours } from '@domain/time';
import { WAITLIST_COPY } from '@domain/waitlist';
import { SeatsLeft } from '@/features/events/components/seats-left';

/**
 * The home page's city cards (SPEC §2 "Upcoming events"), drawn from the `cities` rows
 * (GET /api/cities). Router-free, query-free and hook-free: the Worker renders them into the home
 * page's prerendered frame with the same data it hands the SPA (worker/routes/pages.ts), and the
 * SPA hydrates that markup, so everything here must render the same on both sides: no `useId`,
 * no `Intl` (dates and rupees are formatted by hand below), no `window`.
 */

/** The grid the Worker's HTMLRewriter finds in the prerendered frame (`div[data-city-cards]`). */
export const CITY_CARDS_SELECTOR = 'div[data-city-cards]';

/** SPEC §2 Home: the price and title a card shows when its city has no dinner to book yet. */
const DISPLAY_PRICE = 499;
const FALLBACK_TITLE = 'Saturday Night Soirée';

/** Cities with an illustration of their own in web/public/images/events/. */
const ILLUSTRATED = new Set(['gurugram', 'noida', 'delhi-ncr']);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Saturday, 6 December" from the API's IST yyyy-MM-dd date; the same in the Worker and every browser. */
export function formatCardDate(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** What an available city's card and its booking dialog show. */
export function cardEvent(city: HomeCity) {
  const event = city.next_event;
  return {
    title: event?.title ?? FALLBACK_TITLE,
    when: event ? formatCardDate(event.date) : null,
    /** That dinner's own hours, e.g. '1:00 PM - 4:00 PM' (its stored start and end). */
    hours: event ? dinnerHours(event.starts_at, event.ends_at) : null,
    price: event?.ticket_price_single ?? DISPLAY_PRICE,
    /** Seats left on that dinner; null when the city has none to book yet. */
    seatsLeft: event ? event.seats_left : null,
  };
}

function CityImage({ city }: { city: HomeCity }) {
  const src = ILLUSTRATED.has(city.slug) ? `/images/events/${city.slug}.svg` : city.next_event?.image_url;
  return (
    <figure className="aspect-[16/9] overflow-hidden bg-base-300">
      {src && (
        <img
          src={src}
          alt={`Illustration of ${city.name}`}
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      )}
    </figure>
  );
}

/** The grid of cards; `busy` while the SPA is still asking for them. */
export function CityCardGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="mt-12 grid gap-6 md:grid-cols-3" data-city-cards="" aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

/** The page of a city's next dinner when it is full: its waitlist is there (issue 20); else null. */
export function soldOutEventHref(city: HomeCity): string | null {
  const event = city.next_event;
  return event && event.seats_left === 0 ? `/event/${encodeURIComponent(event.id)}` : null;
}

/**
 * An open city: 'Available Now' (or 'Sold out' when its every dinner is full), its next dinner's
 * title, date, seats left and price. The whole card opens
 * the booking dialog (SPEC); its button is the keyboard-reachable control, whose click bubbles
 * to the card's `onOpen`. `onWarm` starts loading the dialog's code. A full dinner's control is
 * instead a link to its page, 'Join the waitlist' (issue 20): it works before the SPA hydrates,
 * and the SPA's `onOpen` follows it through the router.
 */
export function AvailableCityCard({
  city,
  onOpen,
  onWarm,
}: {
  city: HomeCity;
  onOpen?: (e: MouseEvent<HTMLElement>) => void;
  onWarm?: () => void;
}) {
  const { title, when, hours, price, seatsLeft } = cardEvent(city);
  const soldOut = seatsLeft === 0;
  const waitlistHref = soldOutEventHref(city);
  return (
    <article
      className="group card cursor-pointer overflow-hidden bg-base-100 shadow-md ring-1 ring-base-300 transition hover:-translate-y-1 hover:shadow-xl"
      onClick={onOpen}
      onPointerEnter={onWarm}
      aria-labelledby={`city-${city.slug}`}
    >
      <div className="relative">
        <CityImage city={city} />
        {soldOut ? (
          <span className="badge absolute top-3 left-3 border-none bg-neutral font-semibold text-neutral-content shadow">
            {BOOKING_COPY.soldOut}
          </span>
        ) : (
          <span className="badge badge-secondary absolute top-3 left-3 font-semibold shadow">Available Now</span>
        )}
      </div>
      <div className="card-body gap-2">
        <h3 id={`city-${city.slug}`} className="card-title text-2xl">
          {city.name}
        </h3>
        <p className="font-medium text-primary">{title}</p>
        {when && <p className="text-sm text-base-content/75">{`${when} · ${hours}`}</p>}
        {seatsLeft !== null && <SeatsLeft seatsLeft={seatsLeft} />}
        <p className="text-base-content/80">{city.blurb}</p>
        <div className="card-actions mt-2 items-center justify-between">
          <span className="font-display text-lg font-semibold">{rupees(price)}</span>
          {waitlistHref ? (
            <a href={waitlistHref} className="btn btn-primary rounded-full">
              {WAITLIST_COPY.join}
            </a>
          ) : (
            <button type="button" className="btn btn-primary rounded-full" onFocus={onWarm}>
              View Details
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/** A city coming soon: its line and 'Notify Me'; the whole card takes the interest (`onNotify`). */
export function ComingSoonCityCard({ city, onNotify }: { city: HomeCity; onNotify?: () => void }) {
  return (
    <article
      className="group card cursor-pointer overflow-hidden bg-base-100 shadow-md ring-1 ring-base-300"
      onClick={onNotify}
      aria-labelledby={`city-${city.slug}`}
    >
      <div className="relative">
        <CityImage city={city} />
        <span className="badge absolute top-3 left-3 border-none bg-base-100 font-semibold text-base-content shadow">
          Coming Soon
        </span>
      </div>
      <div className="card-body gap-2">
        <h3 id={`city-${city.slug}`} className="card-title text-2xl">
          {city.name}
        </h3>
        <p className="text-base-content/80">{city.blurb}</p>
        <div className="card-actions mt-2 justify-end">
          {/* Click bubbles to the card's handler (one toast, one waitlist call). */}
          <button type="button" className="btn btn-outline btn-primary rounded-full">
            Notify Me
          </button>
        </div>
      </div>
    </article>
  );
}

/** Every card, as the Worker draws them into the frame (no handlers: the SPA hydrates them). */
export function CityCards({ cities }: { cities: HomeCity[] }) {
  return (
    <CityCardGrid>
      {cities.map((city) =>
        city.status === 'available' ? (
          <AvailableCityCard key={city.slug} city={city} />
        ) : (
          <ComingSoonCityCard key={city.slug} city={city} />
        ),
      )}
    </CityCardGrid>
  );
}

/** Three card-sized blanks while the cards are asked for (only when the page came without them). */
export function CityCardsPlaceholder() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="card h-[26rem] animate-pulse bg-base-100 ring-1 ring-base-300" />
      ))}
    </>
  );
}
