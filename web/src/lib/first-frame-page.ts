/**
 * What the build (web/prerender.ts) and the Worker (worker/routes/pages.ts) agree on about a
 * landing page's HTML (docs/decisions/006-first-frames.md). No imports: the build reads this file
 * in plain Node.
 */

/**
 * Marks the whole stylesheet's `<link>` in a page that inlines the first frames' stylesheet
 * (web/first-frame-css.ts): the Worker takes it out of the page and names it for
 * web/public/frame-taps.js, which adds it after the first paint.
 */
export const AFTER_PAINT = 'data-after-paint';

/** The name under dist/web/_frames/ of the shell the Worker draws an event page's frame into. */
export const EVENT_SHELL = 'event';
