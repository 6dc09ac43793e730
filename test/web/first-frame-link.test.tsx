import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, linkHref } from '@/lib/first-frame-link';
import { createAppRouter } from '@/router';

/**
 * The Worker's `Link` (web/src/lib/first-frame-link.tsx) writes the address the router's link
 * writes, or refuses: the SPA hydrates the Worker's markup, and production React keeps an `href`
 * that differs without a word.
 */
const router = createAppRouter({
  queryClient: new QueryClient(),
  history: createMemoryHistory({ initialEntries: ['/'] }),
  scrollRestoration: false,
});
const routerHref = (to: string, params?: Record<string, string>) => router.buildLocation({ to, params } as never).href;

describe("the Worker's link", () => {
  it('writes what the router writes: paths and plain parameters', () => {
    const cases: Array<[string, Record<string, string>?]> = [
      ['/'],
      ['/terms-and-conditions'],
      ['/event/$eventId', { eventId: 'gurugram' }],
      ['/event/$eventId', { eventId: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
      ['/event/$eventId', { eventId: 'gurugram-2026-12-05' }],
      ['/booking/$bookingId', { bookingId: 'bkg_1.x~y' }],
    ];
    for (const [to, params] of cases) expect(linkHref({ to, params }), to).toBe(routerHref(to, params));
  });

  it('refuses a parameter the router would write otherwise, and a relative path', () => {
    for (const eventId of ['a|b', 'a[1]', 'a^b', 'a b', 'é', 'a/b', ''])
      expect(() => linkHref({ to: '/event/$eventId', params: { eventId } }), eventId).toThrow(/is not plain/);
    // What the router writes for one of them: not what a plain anchor would.
    expect(routerHref('/event/$eventId', { eventId: 'a|b' })).toBe('/event/a|b');
    expect(() => linkHref({ to: 'profile' })).toThrow(/not an absolute path/);
    for (const to of ['/admin/$', '/event/{-$eventId}'])
      expect(() => linkHref({ to, params: { _splat: 'x', eventId: 'g1' } }), to).toThrow(/plain parameters/);
  });

  it('draws the anchor with its own attributes, drops what only acts, refuses what would draw otherwise', () => {
    const html = renderToStaticMarkup(
      <Link
        to="/event/$eventId"
        params={{ eventId: 'g1' }}
        className="btn"
        data-booking-primary=""
        {...{ preload: 'intent', type: 'text/html', from: undefined }}
      >
        See this dinner
      </Link>,
    );
    expect(html).toBe('<a class="btn" data-booking-primary="" href="/event/g1">See this dinner</a>');
    for (const prop of [
      'search',
      'hash',
      'activeProps',
      'inactiveProps',
      'activeOptions',
      'from',
      'disabled',
      'reloadDocument',
    ])
      expect(() => renderToStaticMarkup(<Link to="/" {...{ [prop]: {} }} />), prop).toThrow(`\`${prop}\``);
  });
});
