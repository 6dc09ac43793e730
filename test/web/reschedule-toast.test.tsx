import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { currentToasts, dismissAll } from '@/components/toast';
import { Toaster } from '@/components/toaster';
import type { MyBooking } from '@/features/my-bookings/api/get-booking';
import { RescheduleSection } from '@/features/my-bookings/components/reschedule-section';

afterEach(() => {
  dismissAll();
  cleanup();
  vi.unstubAllGlobals();
});

const option = {
  id: 'evt_b',
  title: 'Saturday Night Soirée',
  city: 'gurugram',
  location: 'Gurugram',
  date: '2030-01-12',
  starts_at: '2030-01-12T13:30:00.000Z',
  seats_left: 3,
};

/** The parts of My Booking the reschedule reads. */
const view = (date: string) =>
  ({
    booking: { id: 'bkg_1', status: 'confirmed' },
    event: { id: 'evt_a', date, cancelled_at: null },
    reschedule: { allowed: true, until: '2030-01-03T13:30:00.000Z', refusal: null, options: [option] },
  }) as unknown as MyBooking;

describe('Reschedule: no stale error after a move that went through (issue 24)', () => {
  it("takes 'Choose a dinner to move to.' away once the guest picks one and the move succeeds", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(view('2030-01-12')), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RescheduleSection view={view('2030-01-05')} />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new date' }));
    expect(currentToasts().map((t) => t.title)).toEqual([MY_BOOKING_COPY.chooseDinner]);

    fireEvent.click(screen.getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new date' }));
    await waitFor(() => expect(currentToasts().map((t) => t.title)).toEqual([MY_BOOKING_COPY.rescheduledTitle]));
  });
});
