import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingsList } from '@/features/my-bookings/components/bookings-list';
import { type BookingStateInput, bookingState } from '@domain/booking-state';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(bookings: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ bookings }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  const rootRoute = createRootRoute({ component: BookingsList });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A booking as GET /api/bookings answers it, its `state` from the domain's one function. */
const booking = (over: Record<string, unknown>, dinner: Partial<BookingStateInput> = {}) => {
  const b = {
    id: crypto.randomUUID(),
    event_id: 'gurugram-2030-01-05',
    event_name: 'Gurugram Supper Club',
    event_location: 'Gurugram',
    event_date: '2030-01-05',
    ticket_type: 'male',
    seats: 1,
    amount: 499,
    status: 'confirmed',
    booking_date: '2029-12-20T10:00:00.000Z',
    ...over,
  };
  return {
    ...b,
    state: bookingState({
      status: b.status as BookingStateInput['status'],
      cancelled_at: null,
      amount: b.amount,
      ...dinner,
    }),
  };
};

describe('BookingsList on /profile', () => {
  it('shows each booking with location, dates, rupee amount and its state in words and colour', async () => {
    renderWith([
      booking(
        { event_name: 'Newest', status: 'refund_pending', amount: 1499 },
        { cancelled_at: '2029-12-30T10:00:00Z' },
      ),
      booking({ event_name: 'Older' }),
    ]);
    const items = await screen.findAllByTestId('booking');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Newest', 'Older']);
    const [newest, older] = items;
    expect(newest.textContent).toContain('Gurugram');
    expect(newest.textContent).toContain('₹1,499');
    expect(newest.textContent).toContain('5 Jan 2030');
    expect(newest.textContent).toContain('20 Dec 2029');
    expect(within(newest).getByText('Cancelled · refund on its way').className).toContain('badge-warning');
    expect(within(older).getByText('Confirmed').className).toContain('badge-success');
  });

  it("says each state in its own words (issue 24): never 'Confirmed' for a cancelled dinner, nor 'Pending' for a refund", async () => {
    const cancelled = { cancelled_at: '2029-12-30T10:00:00Z' };
    renderWith([
      booking({ event_name: 'Cancelled' }, cancelled),
      booking({ event_name: 'Refund chosen' }, { ...cancelled, cancellation_choice: 'refund' }),
      booking({ event_name: 'Refunded', status: 'refunded', amount: 499 }, cancelled),
      booking({ event_name: 'Moved', status: 'moved' }),
      booking({ event_name: 'No-show', status: 'no_show' }),
      booking({ event_name: 'Released', status: 'released' }),
      booking({ event_name: 'Checked in', status: 'checked_in' }),
      booking({ event_name: 'Confirmed' }),
    ]);
    const items = await screen.findAllByTestId('booking');
    const badges = items.map((i) => within(i).getByTestId('booking-status'));
    expect(badges.map((b) => b.textContent)).toEqual([
      'Dinner cancelled · choose a refund or a move',
      'Cancelled · refund on its way',
      'Refunded ₹499',
      'Moved to another dinner',
      'No-show',
      "Can't make it",
      'Checked in',
      'Confirmed',
    ]);
    expect(badges.map((b) => b.className.match(/badge-(success|warning|info|neutral|error)/)?.[1])).toEqual([
      'warning',
      'warning',
      'info',
      'info',
      'error',
      'neutral',
      'success',
      'success',
    ]);
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('links each booking to its My Booking page', async () => {
    renderWith([booking({ id: 'bkg_one', event_name: 'Newest' }), booking({ id: 'bkg_two', event_name: 'Older' })]);
    const items = await screen.findAllByTestId('booking');
    expect(
      items.map((i) =>
        within(i)
          .getByRole('link', { name: /^View booking/ })
          .getAttribute('href'),
      ),
    ).toEqual(['/booking/bkg_one', '/booking/bkg_two']);
  });

  it("shows the ticket ('Female duo · 2 seats') and the dinner's date and time in IST", async () => {
    renderWith([
      booking({
        event_name: 'Duo',
        ticket_type: 'female_duo',
        seats: 2,
        event_date: '2030-01-05',
        starts_at: '2030-01-05T13:30:00.000Z',
        ends_at: '2030-01-05T16:30:00.000Z',
      }),
      booking({ event_name: 'Solo', ticket_type: 'female', seats: 1, starts_at: null }),
    ]);
    const [duo, solo] = await screen.findAllByTestId('booking');
    expect(duo.textContent).toContain('Female duo · 2 seats');
    // The dinner's own hours, with no-break spaces inside each time.
    expect(duo.textContent).toContain('5 Jan 2030 · 7:00\u00a0PM\u00a0- 10:00\u00a0PM');
    expect(
      within(duo)
        .getByRole('link', { name: /^View booking/ })
        .getAttribute('aria-label'),
    ).toBe('View booking: Duo, 5 Jan 2030 · 7:00\u00a0PM\u00a0- 10:00\u00a0PM');
    expect(solo.textContent).toContain('Female · 1 seat');
    expect(solo.textContent).not.toContain('1 seats');
  });

  it("offers 'Browse Events' when there are no bookings", async () => {
    renderWith([]);
    const link = await screen.findByRole('link', { name: 'Browse Events' });
    expect(link.getAttribute('href')).toBe('/events');
  });
});
