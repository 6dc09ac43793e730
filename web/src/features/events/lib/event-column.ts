/**
 * The event page's column: the site bar above the hero lines up with it. A module of its own: the
 * route's pending and error screens use it from the first load, and importing it from the page's
 * layout would bring the whole page (footer, long read) into the first load with it.
 */
export const EVENT_COLUMN = 'max-w-6xl px-6';
