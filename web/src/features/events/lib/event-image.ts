/** Cities with an illustration of their own in web/public/images/events/ (`{slug}.svg`). */
export const ILLUSTRATED_CITIES: ReadonlySet<string> = new Set(['gurugram', 'noida', 'delhi-ncr']);

/** One of the stock illustrations, e.g. the console's default picture for a new dinner. */
const STOCK_ILLUSTRATION = /^\/images\/events\/[\w-]+\.svg$/;

/**
 * The picture a dinner's card and hero show: its city's illustration when it has one and the
 * dinner carries only a stock one (the console gives every new dinner Gurugram's, so every
 * card showed Gurugram, issue 24); a picture of the dinner's own (an https address, a photo)
 * wins. Pure, so the Worker's first frame and the SPA pick the same.
 * @example eventImage({ city: 'noida', image_url: '/images/events/gurugram.svg' }) // '/images/events/noida.svg'
 */
export function eventImage(event: { city: string; image_url: string }): string {
  if (ILLUSTRATED_CITIES.has(event.city) && STOCK_ILLUSTRATION.test(event.image_url))
    return `/images/events/${event.city}.svg`;
  return event.image_url;
}
