import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { EventsList } from '@/features/events/components/events-list';
import { eventImage } from '@/features/events/lib/event-image';
import { filterEvents, filterOptions } from '@/features/events/lib/events-filter';
import { formatEventDate } from '@/features/events/lib/format-event-date';
import { listedDinner } from './helpers/listed-dinner';

function renderWithEvents(respond: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => respond()),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <EventsList />
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/events'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EventsList', () => {
  it('shows the empty-state text when the API has no events', async () => {
    renderWithEvents(() => json({ events: [] }));
    expect(await screen.findByText('No events available at the moment. Check back soon!')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('renders a card per event linking to its detail page, with the Available Now badge', async () => {
    renderWithEvents(() =>
      json({
        events: [
          {
            id: 'gurugram-2026-11-28',
            city: 'gurugram',
            title: 'Saturday Night Soirée — Gurugram',
            description: 'One long table in the heart of Gurugram.',
            location: 'Gurugram',
            date: '2026-11-28',
            starts_at: '2026-11-28T13:30:00.000Z',
            ends_at: '2026-11-28T16:30:00.000Z',
            image_url: '/images/events/gurugram.svg',
            available: true,
          },
        ],
      }),
    );
    const link = await screen.findByRole('link', { name: 'Saturday Night Soirée — Gurugram' });
    expect(link.getAttribute('href')).toBe('/event/gurugram-2026-11-28');
    expect(screen.getByText('Available Now')).toBeTruthy();
    // The day and the dinner's own hours (no-break spaces inside each time).
    expect(screen.getByText(/^Saturday, 28 November 2026 · 7:00\sPM\s- 10:00\sPM$/)).toBeTruthy();
    expect(screen.getByText('One long table in the heart of Gurugram.')).toBeTruthy();
    expect(screen.queryByText('No events available at the moment. Check back soon!')).toBeNull();
  });

  it('a failing list shows the destructive toast and an inline retry', async () => {
    renderWithEvents(() => json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading events');
    expect(alert.textContent).toContain('Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

const dinner = listedDinner;

// The API's order (test/worker/events.test.ts): a seat free first, then soonest.
const LIST = [
  dinner('g1', 'gurugram', 'Gurugram', '2026-12-05'),
  dinner('n1', 'noida', 'Noida', '2026-12-05'),
  dinner('g2', 'gurugram', 'Gurugram', '2026-12-12'),
  dinner('g0', 'gurugram', 'Gurugram', '2026-11-28', 0),
];

const cardTitles = () => screen.getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent);

describe('EventsList: finding a dinner (issue 24)', () => {
  it('keeps the API’s order, the sold-out dinner last, and filters by city and by date', async () => {
    renderWithEvents(() => json({ events: LIST }));
    await screen.findByRole('link', { name: 'Dinner g1' });
    expect(cardTitles()).toEqual(['Dinner g1', 'Dinner n1', 'Dinner g2', 'Dinner g0']);

    const city = screen.getByRole('combobox', { name: 'City' });
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All cities', 'Gurugram', 'Noida']);
    fireEvent.change(city, { target: { value: 'gurugram' } });
    expect(cardTitles()).toEqual(['Dinner g1', 'Dinner g2', 'Dinner g0']);

    const date = screen.getByRole('combobox', { name: 'Date' });
    expect(
      within(date)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any date', 'Sat, 28 Nov', 'Sat, 5 Dec', 'Sat, 12 Dec']);
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    expect(cardTitles()).toEqual(['Dinner g1']);
  });

  it('says when nothing matches, and shows every dinner again on request', async () => {
    renderWithEvents(() => json({ events: LIST }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'City' }), { target: { value: 'noida' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Date' }), { target: { value: '2026-12-12' } });
    expect(screen.getByRole('status').textContent).toContain('No dinners match this city and date.');
    fireEvent.click(screen.getByRole('button', { name: 'Show all dinners' }));
    expect(cardTitles()).toHaveLength(4);
  });

  it('shows no filter when there is one city and one date', async () => {
    renderWithEvents(() => json({ events: [dinner('g1', 'gurugram', 'Gurugram', '2026-12-05')] }));
    await screen.findByRole('link', { name: 'Dinner g1' });
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers only the select that has a choice to make', () => {
    const oneCity = [dinner('a', 'noida', 'Noida', '2026-12-05'), dinner('b', 'noida', 'Noida', '2026-12-12')];
    expect(filterOptions(oneCity).cities).toEqual([]);
    expect(filterOptions(oneCity).dates.map((d) => d.value)).toEqual(['2026-12-05', '2026-12-12']);
    expect(filterEvents(oneCity, { city: '', date: '2026-12-12' }).map((e) => e.id)).toEqual(['b']);
  });

  it('draws each city’s card with that city’s picture, and a dinner’s own picture as it is', async () => {
    renderWithEvents(() => json({ events: [LIST[1], { ...LIST[0], image_url: 'https://images.example/table.jpg' }] }));
    await screen.findByRole('link', { name: 'Dinner n1' });
    const images = screen.getAllByRole('listitem').map((li) => li.querySelector('img')?.getAttribute('src'));
    expect(images).toEqual(['/images/events/noida.svg', 'https://images.example/table.jpg']);
    expect(eventImage({ city: 'pune', image_url: '/images/events/gurugram.svg' })).toBe('/images/events/gurugram.svg');
  });
});

describe('formatEventDate', () => {
  it('spells an IST calendar date out with its weekday, whatever the machine time zone', () => {
    expect(formatEventDate('2026-11-28')).toBe('Saturday, 28 November 2026');
    expect(formatEventDate('2027-01-01')).toBe('Friday, 1 January 2027');
  });
});
