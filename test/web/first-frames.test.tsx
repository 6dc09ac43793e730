import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@/features/events/api/get-event';
import type { EventSummary } from '@/features/events/api/get-events';
import { HYDRATABLE } from '@/lib/first-frame-page';
import { importedAsTheWorker } from './helpers/as-the-worker';
import { listedDinner } from './helpers/listed-dinner';

/** The app's modules afresh for each test, as for each page load: the frame is taken over once per page. */
async function app() {
  vi.resetModules();
  const [{ AppTree }, { FrameReplay, typedValues }, { renderFirstFrame }, { createAppRouter }] = await Promise.all([
    import('@/app'),
    import('@/lib/first-frame'),
    import('@/prerender'),
    import('@/router'),
  ]);
  return { AppTree, FrameReplay, typedValues, renderFirstFrame, createAppRouter };
}

/**
 * A hydrated first frame is the SPA's first render (docs/decisions/010): /'s and /quiz's are
 * drawn by the build with no session known, /events' by the build with its list pending and by
 * the Worker's list in place of the placeholders, the event page's by the Worker whole
 * (web/src/server-render.tsx); the browser hydrates each (web/src/main.tsx). The development
 * build of React reports every difference here, attributes included (production stays silent
 * about those and leaves the server's value in place, e.g. a `useId` that points nowhere).
 */

beforeEach(() => {
  // React's act() outside Testing Library, which would set this itself.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // No answers, as at build time and on the first render in the browser: every call pending.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const FIRST_QUESTION = "What's your vibe for pulling up today?";

type App = Awaited<ReturnType<typeof app>>;

/**
 * Hydrates `container` as main.tsx does: the page's answers seeded, the route's code loaded, then
 * the app with the replay of what was done in the frame beside it.
 */
async function hydrate(
  container: HTMLElement,
  { AppTree, FrameReplay, typedValues, createAppRouter }: App,
  path: string,
  queryClient = new QueryClient(),
) {
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
    scrollRestoration: false,
  });
  await router.load();
  router.ssr = { manifest: undefined };
  const typed = typedValues(container);
  await act(async () => {
    hydrateRoot(
      container,
      <AppTree
        queryClient={queryClient}
        router={router}
        extra={<FrameReplay root={container} typed={typed} taps={[]} />}
      />,
      { onRecoverableError: (e) => console.error(e) },
    );
  });
  return router;
}

const radio = (container: HTMLElement, value: string) =>
  container.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);
const button = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text);

describe('the / first frame', () => {
  it("hydrates with no difference React reports, its fields' ids included", async () => {
    const modules = await app();
    const container = document.createElement('div');
    container.innerHTML = await modules.renderFirstFrame('/');
    document.body.appendChild(container);
    // The newsletter's field is named by its label through its id.
    const email = container.querySelector('footer input[type="email"]');
    expect(email?.id).toBeTruthy();
    const errors = vi.spyOn(console, 'error');
    await hydrate(container, modules, '/');
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('footer input[type="email"]')).toBe(email);
  });
});

describe('the /quiz first frame', () => {
  it('is the first question, for a visitor whose session is not known yet', async () => {
    const frame = await (await app()).renderFirstFrame('/quiz');
    const container = document.createElement('div');
    container.innerHTML = frame;
    expect(container.querySelector('h1')?.textContent).toBe('The vibe check');
    expect(container.querySelector('[data-testid="quiz-step"]')?.getAttribute('data-step')).toBe('1');
    expect(container.querySelectorAll('input[type="radio"][name="vibe_reason"]')).toHaveLength(4);
    expect(container.textContent).toContain('Question 1 of 11');
    expect(container.textContent).not.toContain('Loading...');
  });

  it('hydrates in place, with no difference React reports', async () => {
    const container = document.createElement('div');
    const modules = await app();
    container.innerHTML = await modules.renderFirstFrame('/quiz');
    document.body.appendChild(container);
    const heading = container.querySelector('h2');
    expect(heading?.textContent).toContain(FIRST_QUESTION);

    const errors = vi.spyOn(console, 'error');
    await hydrate(container, modules, '/quiz');
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again, and the question's group is named by the heading in the page.
    expect(container.querySelector('h2')).toBe(heading);
    const group = container.querySelector('fieldset');
    expect(document.getElementById(group?.getAttribute('aria-labelledby') ?? '')).toBe(heading);
  });

  it('an answer picked in the frame before the bundle ran is the answer the SPA keeps', async () => {
    const container = document.createElement('div');
    const modules = await app();
    container.innerHTML = await modules.renderFirstFrame('/quiz');
    document.body.appendChild(container);
    // The guest's tap: the browser checks the radio, nothing else listens yet.
    radio(container, 'adventure')?.click();
    expect(radio(container, 'new_people')?.checked).toBe(false);
    await hydrate(container, modules, '/quiz');
    // React's state is the guest's pick: its tile is the chosen one, and it survives Next and Back.
    await waitFor(() =>
      expect(radio(container, 'adventure')?.closest('label')?.className).toContain('border-primary bg-primary/10'),
    );
    await act(async () => button(container, 'Next')?.click());
    expect(container.querySelector('[data-testid="quiz-step"]')?.getAttribute('data-step')).toBe('2');
    await act(async () => button(container, 'Back')?.click());
    expect(radio(container, 'adventure')?.checked).toBe(true);
    expect(radio(container, 'new_people')?.checked).toBe(false);
  });
});

/** Dinners as GET /api/events answers them: two cities and two dates, so the filter shows. */
// A title with an ampersand: the Worker's markup must escape it as React's does.
const dinner = (id: string, city: string, location: string, date: string, seatsLeft = 8) =>
  listedDinner(id, city, location, date, seatsLeft, `Dinner ${id} & co`);
const LIST = [
  dinner('g1', 'gurugram', 'Gurugram', '2026-12-05'),
  dinner('n1', 'noida', 'Noida', '2026-12-05', 2),
  dinner('g0', 'gurugram', 'Gurugram', '2026-11-28', 0),
];

/** The /events page as the Worker serves it for `events`: the prerendered frame with its placeholders replaced. */
async function servedEvents(modules: App, events: EventSummary[]) {
  const { eventsPageFrame } = await importedAsTheWorker(() => import('@/server-render'));
  const container = document.createElement('div');
  container.innerHTML = await modules.renderFirstFrame('/events');
  const { replace, data } = eventsPageFrame(events);
  const placeholders = container.querySelector(replace?.selector ?? 'none');
  expect(placeholders).not.toBeNull();
  placeholders?.insertAdjacentHTML('afterend', replace?.html ?? '');
  placeholders?.remove();
  document.body.appendChild(container);
  const queryClient = new QueryClient();
  for (const { key, data: answer } of data?.queries ?? []) queryClient.setQueryData(key, answer);
  return { container, queryClient };
}

describe('the /events first frame', () => {
  it('hydrates the list the Worker drew, filter and cards, in place', async () => {
    const modules = await app();
    const { container, queryClient } = await servedEvents(modules, LIST);
    expect(container.querySelector('[aria-busy]')).toBeNull();
    const card = container.querySelector('li h2 a');
    expect(card?.getAttribute('href')).toBe('/event/g1');
    expect(container.querySelector('select[name="city"]')).not.toBeNull();
    const errors = vi.spyOn(console, 'error');
    await hydrate(container, modules, '/events', queryClient);
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('li h2 a')).toBe(card);
    // The SPA has the list: the filter works on the hydrated cards.
    const city = container.querySelector('select[name="city"]') as HTMLSelectElement | null;
    await act(async () => {
      if (!city) return;
      city.value = 'noida';
      city.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect([...container.querySelectorAll('li h2 a')].map((a) => a.getAttribute('href'))).toEqual(['/event/n1']);
  });

  it('hydrates the empty list the Worker drew too', async () => {
    const modules = await app();
    const { container, queryClient } = await servedEvents(modules, []);
    expect(container.textContent).toContain('No events available at the moment.');
    const errors = vi.spyOn(console, 'error');
    await hydrate(container, modules, '/events', queryClient);
    expect(errors).not.toHaveBeenCalled();
  });
});

/** A dinner as GET /api/events/:id answers it: `seatsLeft` left, and when full the city's next with room. */
function detail(seatsLeft: number, next: boolean): EventDetail {
  return {
    ...dinner('g1', 'gurugram', 'Gurugram', '2026-12-05', seatsLeft),
    ticket_price_single: 499,
    capacity: 24,
    venue: null,
    next_with_room: next
      ? { id: 'g2', title: 'Dinner g2 & co', date: '2026-12-12', seats_left: 3, starts_at: '2026-12-12T13:30:00.000Z' }
      : null,
    tickets: [
      { type: 'male', label: 'Male', price: 499, seats: 1, available: seatsLeft > 0 },
      { type: 'couple', label: 'Couple (male + female)', price: 899, seats: 2, available: seatsLeft > 1 },
    ],
  } as EventDetail;
}

/**
 * An event page as the Worker serves it: the page the Worker draws, in place of the empty shell,
 * its links the Worker's plain anchors; the app the test then hydrates it with has the router's own.
 */
async function servedEventPage(key: string, event: EventDetail) {
  const { eventPageFrame } = await importedAsTheWorker(() => import('@/server-render'));
  const { replace, data } = eventPageFrame(key, event);
  expect(replace?.selector).toBe('div#root');
  const page = document.createElement('div');
  page.innerHTML = replace?.html ?? '';
  const container = page.firstElementChild as HTMLElement;
  expect(container.dataset.frame).toBe(HYDRATABLE);
  document.body.appendChild(container);
  const queryClient = new QueryClient();
  for (const { key: queryKey, data: answer } of data?.queries ?? []) queryClient.setQueryData(queryKey, answer);
  return { container, queryClient };
}

describe('the event page first frame', () => {
  for (const [state, event] of [
    ['with seats left', detail(5, false)],
    ['sold out, the next dinner with room linked', detail(0, true)],
    ['sold out, with no other dinner', detail(0, false)],
  ] as const) {
    it(`hydrates the page the Worker drew in place, ${state}, with no difference React reports`, async () => {
      const { container, queryClient } = await servedEventPage('g1', event);
      const heading = container.querySelector('h1');
      expect(heading?.textContent).toBe(event.title);
      // The page whole: the booking box and bar, the long read and the footer, not only the hero.
      const box = container.querySelector('aside#book');
      const bar = container.querySelector('[data-testid="book-now-bar"]');
      const footerLink = container.querySelector('footer a[href="/terms-and-conditions"]');
      expect(box).not.toBeNull();
      expect(bar).not.toBeNull();
      expect(footerLink).not.toBeNull();
      expect(container.querySelector('section[aria-labelledby="about-the-experience"] h2')?.id).toBe(
        'about-the-experience',
      );
      // The next dinner with room is linked only when there is one (and the dinner is full).
      expect(box?.querySelector('a[href="/event/g2"]') !== null).toBe(event.next_with_room !== null);
      const errors = vi.spyOn(console, 'error');
      await hydrate(container, await app(), '/event/g1', queryClient);
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('h1')).toBe(heading);
      expect(container.querySelector('aside#book')).toBe(box);
      expect(container.querySelector('[data-testid="book-now-bar"]')).toBe(bar);
      expect(container.querySelector('footer a[href="/terms-and-conditions"]')).toBe(footerLink);
    });
  }

  it('a link drawn by the Worker is the router’s once hydrated: it opens its page without a page load', async () => {
    const { container, queryClient } = await servedEventPage('g1', detail(0, true));
    const next = container.querySelector<HTMLAnchorElement>('aside#book a[href="/event/g2"]');
    expect(next).not.toBeNull();
    const errors = vi.spyOn(console, 'error');
    const router = await hydrate(container, await app(), '/event/g1', queryClient);
    expect(errors).not.toHaveBeenCalled();
    // The Worker's node, hydrated: not one React drew again.
    expect(container.querySelector('aside#book a[href="/event/g2"]')).toBe(next);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void next?.dispatchEvent(click));
    // The router took the click (a plain anchor's would go through): no page load.
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/g2'));
  });
});
