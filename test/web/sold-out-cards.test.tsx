/**
 * A full dinner's call to action is its waitlist (issue 20): the /events card reads 'Join the
 * waitlist', and the home page's city card links to the dinner's page, the same in the Worker's
 * frame and the SPA's first render, and followed through the router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citiesQueryKey } from '@/features/home/api/cities-query-key';
import type { HomeCity } from '@/features/home/api/get-cities';
import { CityCards } from '@/features/home/components/city-cards';
import { UpcomingEvents } from '@/features/home/components/upcoming-events';
import { WAITLIST_COPY } from '@domain/waitlist';
import { importedAsTheWorker } from './helpers/as-the-worker';

vi.mock('@/lib/session', () => ({ useSession: () => ({ isAuthenticated: false }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nextEvent = {
  id: 'gurugram-2026-12-05',
  title: 'Saturday Night Soirée — Gurugram',
  date: '2026-12-05',
  starts_at: '2026-12-05T13:30:00.000Z',
  ends_at: '2026-12-05T16:30:00.000Z',
  ticket_price_single: 1499,
  image_url: '/images/events/gurugram.svg',
  seats_left: 0,
};
const CITIES: HomeCity[] = [
  { slug: 'gurugram', name: 'Gurugram', blurb: 'An evening', status: 'available', next_event: nextEvent },
  {
    slug: 'delhi-ncr',
    name: 'Delhi NCR',
    blurb: 'Another evening',
    status: 'available',
    next_event: { ...nextEvent, id: 'delhi-1', seats_left: 4 },
  },
];

describe('a full dinner on the cards', () => {
  it("the /events card's call to action reads 'Join the waitlist'; one with room, 'View details'", async () => {
    // As the Worker draws it into the page's first frame.
    const { EventCardFrame } = await importedAsTheWorker(() => import('@/features/events/components/event-card-frame'));
    const summary = {
      id: 'evt_a',
      city: 'gurugram',
      title: 'Rooftop Supper',
      description: 'Dinner',
      location: 'Gurugram',
      date: '2030-01-05',
      starts_at: '2030-01-05T13:30:00.000Z',
      ends_at: '2030-01-05T16:30:00.000Z',
      image_url: '/images/events/gurugram.svg',
      available: true,
      ticket_price_single: 499,
      capacity: 24,
    };
    const full = renderToString(<EventCardFrame event={{ ...summary, seats_left: 0 }} />);
    expect(full).toContain(WAITLIST_COPY.join);
    expect(full).toContain('Sold out');
    const roomy = renderToString(<EventCardFrame event={{ ...summary, seats_left: 3 }} />);
    expect(roomy).not.toContain(WAITLIST_COPY.join);
    expect(roomy).toContain('View details');
  });

  it("the city card links to the dinner's page, in the Worker's frame and the SPA alike, and the SPA follows it", async () => {
    const worker = renderToString(<CityCards cities={CITIES} />);
    expect(worker).toContain(`href="/event/gurugram-2026-12-05"`);

    const client = new QueryClient();
    client.setQueryData(citiesQueryKey(), { cities: CITIES });
    const rootRoute = createRootRoute({ component: Outlet });
    const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: UpcomingEvents });
    const eventPage = createRoute({
      getParentRoute: () => rootRoute,
      path: '/event/$eventId',
      component: () => <p>Event page</p>,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([home, eventPage]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: WAITLIST_COPY.join });
    expect(link.getAttribute('href')).toBe('/event/gurugram-2026-12-05');
    // The city with room keeps its dialog button.
    expect(screen.getAllByRole('button', { name: 'View Details' })).toHaveLength(1);
    await userEvent.setup().click(link);
    expect(await screen.findByText('Event page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/event/gurugram-2026-12-05');
  });
});
