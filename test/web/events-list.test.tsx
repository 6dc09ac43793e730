import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toast';
import { EventsList } from '@/features/events/components/events-list';
import { formatEventDate } from '@/features/events/lib/format-event-date';

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
            image_url: '/images/events/gurugram.svg',
            available: true,
          },
        ],
      }),
    );
    const link = await screen.findByRole('link', { name: 'Saturday Night Soirée — Gurugram' });
    expect(link.getAttribute('href')).toBe('/event/gurugram-2026-11-28');
    expect(screen.getByText('Available Now')).toBeTruthy();
    expect(screen.getByText('Saturday, 28 November 2026')).toBeTruthy();
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

describe('formatEventDate', () => {
  it('spells an IST calendar date out with its weekday, whatever the machine time zone', () => {
    expect(formatEventDate('2026-11-28')).toBe('Saturday, 28 November 2026');
    expect(formatEventDate('2027-01-01')).toBe('Friday, 1 January 2027');
  });
});
