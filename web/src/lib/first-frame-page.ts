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

/**
 * The `data-frame` of a page's root whose frame is the SPA's own first render, which
 * web/src/main.tsx hydrates (it draws any other frame afresh; docs/decisions/010).
 */
export const HYDRATABLE = 'hydrate';
/** The opening tag of such a root. */
export const HYDRATABLE_ROOT = `<div id="root" data-frame="${HYDRATABLE}">`;

/** The name under dist/web/_frames/ of the shell the Worker draws an event page's frame into. */
export const EVENT_SHELL = 'event';

/**
 * What the Worker draws into each page's frame at request time (web/src/server-render.tsx), as
 * the sources under web/src it renders with: the build (web/first-frame-css.ts) styles each
 * frame for every class these and what they import can carry, whatever the day's data. The build
 * fails if server-render.tsx renders a component none of these lead to.
 */
export const FRAME_SOURCES = {
  home: ['features/home/components/city-cards.tsx'],
  events: ['features/events/components/events-list-view.tsx'],
  quiz: [],
  [EVENT_SHELL]: [
    'features/events/components/event-layout.tsx',
    'features/events/lib/event-column.ts',
    'components/header-bar.tsx',
    'components/toast.tsx',
    'features/checkout/components/booking-box-frame.tsx',
    'features/home/components/newsletter-fields.tsx',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * An HTML attribute's text as React escapes it, read back (`after:content-[&#x27;&#x27;]` is
 * `after:content-['']`): the class names the build styles a frame for, and a test checks, are
 * those the browser sees.
 */
export function attributeText(escaped: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
  return escaped.replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (entity, hex, dec, name) =>
    hex
      ? String.fromCodePoint(Number.parseInt(hex, 16))
      : dec
        ? String.fromCodePoint(Number(dec))
        : (named[name] ?? entity),
  );
}
