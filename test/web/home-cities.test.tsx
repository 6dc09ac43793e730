import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citiesQueryKey } from '@/features/home/api/cities-query-key';
import type { HomeCity } from '@/features/home/api/get-cities';
import { CityCards, formatCardDate } from '@/features/home/components/city-cards';
import { rupees } from '@domain/pricing';
import { EVENT_TIME } from '@domain/time';
import { UpcomingEvents } from '@/features/home/components/upcoming-events';

// The cards read the session only to decide whether "Notify Me" also calls the API.
vi.mock('@/lib/session', () => ({ useSession: () => ({ isAuthenticated: false }) }));

const CITIES: HomeCity[] = [
  {
    slug: 'gurugram',
    name: 'Gurugram',
    blurb: 'Join us for an amazing evening',
    status: 'available',
    next_event: {
      id: 'gurugram-2026-12-05',
      title: 'Saturday Night Soirée — Gurugram',
      date: '2026-12-05',
      starts_at: '2026-12-05T13:30:00.000Z',
      ends_at: '2026-12-05T16:30:00.000Z',
      ticket_price_single: 1499,
      image_url: '/images/events/gurugram.svg',
      seats_left: 3,
    },
  },
  { slug: 'pune', name: 'Pune', blurb: 'Opening soon', status: 'available', next_event: null },
  { slug: 'noida', name: 'Noida', blurb: 'Coming soon to your area', status: 'coming_soon', next_event: null },
];

const seeded = () => {
  const client = new QueryClient();
  client.setQueryData(citiesQueryKey(), { cities: CITIES });
  return client;
};
const spa = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <UpcomingEvents />
  </QueryClientProvider>
);

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the home page city cards', () => {
  it("the Worker's cards are exactly what the SPA's first render draws from the same answer", () => {
    const worker = renderToString(<CityCards cities={CITIES} />);
    expect(renderToString(spa(seeded()))).toContain(worker);
    expect(worker).toContain(`Saturday, 5 December · ${EVENT_TIME}`);
    expect(worker).toContain('₹1,499');
    // A city open without a dinner yet: SPEC's display price and no date.
    expect(worker).toContain('₹499');
  });

  it('hydrates the served frame (placeholders swapped for the cards) without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error');
    // The prerendered frame (no data: placeholders), with the grid replaced as the Worker does.
    const frame = renderToString(spa(new QueryClient()));
    expect(frame).toContain('aria-busy="true"');
    const container = document.createElement('div');
    container.innerHTML = frame.replace(
      /<div class="mt-12 grid[^"]*" data-city-cards=""[^>]*>[\s\S]*<\/div><\/div><\/section>$/,
      `${renderToString(<CityCards cities={CITIES} />)}</div></section>`,
    );
    expect(container.innerHTML).not.toContain('aria-busy');
    document.body.appendChild(container);
    const heading = container.querySelector('h3');
    await act(async () => {
      hydrateRoot(container, spa(seeded()), { onRecoverableError: (e) => console.error(e) });
    });
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again: the frame's node is still the one in the document.
    expect(container.querySelector('h3')).toBe(heading);
    expect([...container.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Gurugram', 'Pune', 'Noida']);
  });

  it('shows placeholders while it asks, and the cards in their order once answered', () => {
    const html = renderToString(spa(new QueryClient()));
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('Available Now');
    const full = renderToString(spa(seeded()));
    expect(full.indexOf('Gurugram')).toBeLessThan(full.indexOf('Pune'));
    expect(full.indexOf('Pune')).toBeLessThan(full.indexOf('Noida'));
    expect(full.match(/Available Now/g)).toHaveLength(2);
    expect(full.match(/Notify Me/g)).toHaveLength(1);
  });

  it('formats dates and rupees the same everywhere, without Intl', () => {
    expect(formatCardDate('2026-12-05')).toBe('Saturday, 5 December');
    expect(formatCardDate('2027-01-01')).toBe('Friday, 1 January');
    expect(formatCardDate('soon')).toBeNull();
    expect(rupees(499)).toBe('₹499');
    expect(rupees(1499)).toBe('₹1,499');
    expect(rupees(123456)).toBe('₹1,23,456');
    expect(rupees(12345678)).toBe('₹1,23,45,678');
  });
});
