/**
 * The Worker's one door into the web app (worker/routes/pages.ts, docs/decisions/006): what the
 * landing pages' HTML needs of the SPA — the markup of a first frame, drawn by the SPA's own
 * components, the query keys its data goes under, and where in the shell the markup goes. The
 * Worker imports nothing else from web/src (but web/src/lib/first-frame-link.tsx, which it bundles
 * as the router: wrangler.toml `alias`), so features can change without the Worker knowing.
 */
import { createElement, Suspense } from 'react';
import { renderToStaticMarkup, renderToString } from '@/lib/string-renderer';
import type { EventDetail } from '@/features/events/api/get-event';
import type { EventSummary } from '@/features/events/api/get-events';
import { eventQueryKey, eventsQueryKey } from '@/features/events/api/query-keys';
import { EventLayout } from '@/features/events/components/event-layout';
import { EVENT_COLUMN } from '@/features/events/lib/event-column';
import { eventImage } from '@/features/events/lib/event-image';
import { HeaderBar } from '@/components/header-bar';
import { Logo } from '@/components/logo';
import { ToastArea } from '@/components/toast';
import { BookingBoxFrame, BookNowBarView } from '@/features/checkout/components/booking-box-frame';
import { EventsListView, LOADING_EVENTS_LABEL } from '@/features/events/components/events-list-view';
import { NO_FILTER } from '@/features/events/lib/events-filter';
import { citiesQueryKey } from '@/features/home/api/cities-query-key';
import type { HomeCity } from '@/features/home/api/get-cities';
import { CITY_CARDS_SELECTOR, CityCards } from '@/features/home/components/city-cards';
import { NewsletterFields } from '@/features/home/components/newsletter-fields';
import { QUIZ_TAGLINE, QUIZ_TITLE } from '@/features/quiz/lib/quiz-head';
import { eventPageHead, SITE_PREVIEW_IMAGE } from '@/features/events/lib/event-head';
import { HYDRATABLE_ROOT } from '@/lib/first-frame-page';
import { jsonElement, type PageData, pageDataElement } from '@/lib/page-data';
import {
  EVENTS_INTRO,
  EVENTS_TITLE,
  HOME_TITLE,
  type PageHead,
  pageTitle,
  SITE_DESCRIPTION,
  SITE_NAME,
} from '@/lib/page-head';

export { jsonElement, pageDataElement };
export { AFTER_PAINT, EVENT_SHELL } from '@/lib/first-frame-page';
export type { PageData, PageHead };

/** How a page's shell becomes its first frame. */
export type FramePatch = {
  /** Markup that takes the place of the element `selector` matches: the frame, or part of it. */
  replace?: { selector: string; html: string };
  /** API answers the SPA's first render would otherwise fetch. */
  data?: PageData;
  /** The page's largest image, worth preloading. */
  preloadImage?: string;
  /** The page's title, description and link preview (Open Graph), in place of index.html's. */
  head?: PageHead;
};

/**
 * The `<meta>` tags of a page's description and link preview (Open Graph, and Twitter's card),
 * for `url`, the page's own address. Image paths become absolute, as previewers require. React
 * escapes every value.
 */
export function headTags(head: PageHead, url: string): string {
  const image = head.image ? new URL(head.image, url).href : undefined;
  const tags: Array<[string, string, string | undefined]> = [
    ['name', 'description', head.description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'website'],
    ['property', 'og:url', url],
    ['property', 'og:title', head.ogTitle ?? head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', image && head.imageAlt],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
  ];
  return renderToStaticMarkup(
    createElement(
      'head',
      null,
      tags.map(([kind, key, content]) => (content ? createElement('meta', { key, [kind]: key, content }) : null)),
    ),
  ).replace(/^<head>|<\/head>$/g, '');
}

/** The public pages' heads that do not depend on data. */
export const HOME_HEAD: PageHead = { title: HOME_TITLE, description: SITE_DESCRIPTION, ...SITE_PREVIEW_IMAGE };
export const QUIZ_HEAD: PageHead = {
  title: pageTitle(QUIZ_TITLE),
  ogTitle: 'Take the Tablemates vibe check',
  description: QUIZ_TAGLINE,
  ...SITE_PREVIEW_IMAGE,
};
export const EVENTS_HEAD: PageHead = {
  title: pageTitle(EVENTS_TITLE),
  ogTitle: 'Upcoming dinners with Tablemates',
  ...SITE_PREVIEW_IMAGE,
  description: EVENTS_INTRO,
};

/** An image worth preloading: same-origin only, as the CSP allows no other images. */
const sameOriginPath = (url: string | undefined) => (url?.startsWith('/') && !url.startsWith('//') ? url : undefined);

/**
 * /events: the list (the filter over the cards, or the empty text) in place of the prerendered
 * frame's placeholders, plus the list answer. The SPA HYDRATES this page (docs/decisions/010):
 * `EventsListView` is what the SPA's first render draws from the same answer, seeded before
 * hydrating, with no filter chosen; rendered with `renderToString` (React's text separators
 * kept), each title the plain anchor the router's link draws.
 */
export function eventsPageFrame(events: EventSummary[]): FramePatch {
  const list = <EventsListView events={events} filter={NO_FILTER} onFilter={noop} />;
  return {
    replace: { selector: `ul[aria-label="${LOADING_EVENTS_LABEL}"]`, html: renderToString(list) },
    data: { queries: [{ key: eventsQueryKey(), data: { events } }] },
    // The first card's image is the page's largest paint.
    preloadImage: events[0] && sameOriginPath(eventImage(events[0])),
  };
}

/**
 * /event/:idOrCity: the page whole in the empty shell, plus the event answer under the key the URL
 * used. The SPA HYDRATES it (docs/decisions/010): `EventLayout` is what the event route draws, and
 * here it gets what the route's live parts draw on the SPA's first render, before the session is
 * known: the site's bar without its account side, the booking box without its action, the
 * newsletter form empty, the booking bar as for a guest who holds nothing. Around it, as the
 * router draws the route (in two Suspense boundaries) and the root layout (the empty toast area).
 */
export function eventPageFrame(key: string, event: EventDetail): FramePatch {
  const layout = (
    <EventLayout
      event={event}
      header={
        <HeaderBar column={EVENT_COLUMN}>
          <Logo />
        </HeaderBar>
      }
      aside={<BookingBoxFrame event={event} holding={false} />}
      newsletter={<NewsletterFields email="" pending={false} onEmail={noop} onSubmit={noop} />}
      bar={<BookNowBarView event={event} bookingId={null} holding={false} boxOnScreen={false} onBook={noop} />}
    />
  );
  const html = renderToString(
    <>
      {/* The root layout's outlet puts the route in a Suspense boundary, and the route, which has a
          pending component, puts itself in another: React's markers for both, or no hydration. */}
      <Suspense fallback={null}>
        <Suspense fallback={null}>{layout}</Suspense>
      </Suspense>
      <ToastArea />
    </>,
  );
  // A part that throws inside a Suspense boundary does not fail the render: React leaves the
  // boundary (here the whole page, or its long read or footer) for the browser to draw
  // (`<!--$!-->`), and keeps the error to itself. Drawn outside the route's boundaries, the page
  // throws it, unless it came from inside one of the page's own.
  if (html.includes('<!--$!-->')) {
    renderToString(layout);
    throw new Error(`the event page of ${event.id} could not be drawn whole`);
  }
  return { replace: { selector: 'div#root', html: `${HYDRATABLE_ROOT}${html}</div>` }, ...eventPageData(key, event) };
}

/**
 * /event/:idOrCity without its frame (one that could not be drawn): its head, its preloaded hero,
 * and the event answer under the key the URL used, so the SPA draws it without asking again.
 */
export function eventPageData(key: string, event: EventDetail): FramePatch {
  return {
    data: { queries: [{ key: eventQueryKey(key), data: { event } }] },
    preloadImage: sameOriginPath(eventImage(event)),
    head: eventPageHead(event),
  };
}

/** What a first frame's handlers do before the SPA has hydrated it: nothing (its own taps are kept by frame-taps.js). */
const noop = () => {};

/**
 * /: the city cards in place of the prerendered frame's placeholders, plus the cities answer.
 * The SPA HYDRATES this page (docs/decisions/010), so the cards are rendered with
 * `renderToString` (React's hydration markers included) by the very components the SPA's first
 * render draws from the same answer, which `main.tsx` seeds before hydrating: markup and data
 * agree by construction.
 */
export function homePageFrame(cities: HomeCity[]): FramePatch {
  return {
    replace: { selector: CITY_CARDS_SELECTOR, html: renderToString(createElement(CityCards, { cities })) },
    data: { queries: [{ key: citiesQueryKey(), data: { cities } }] },
  };
}
