import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/bookings/:id — My Booking: the guest's own booking, one object per concern
 * (`booking`, `event`, `venue`, `table`, `ticket`, `reschedule`). Another guest's booking, or an
 * unknown id, is a 404 ("Booking not found.").
 */
export const getBooking = (id: string) => unwrap(api.bookings[':id'].$get({ param: { id } }));

export type MyBooking = Awaited<ReturnType<typeof getBooking>>;
export type MoveOption = MyBooking['reschedule']['options'][number];

export const bookingQueryKey = (id: string) => ['bookings', id] as const;

export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookingQueryKey(id),
    queryFn: () => getBooking(id),
    // Seats left and the 48-hour cut-off move with time: never serve a stale copy on return.
    staleTime: 0,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });

/**
 * My Booking's data. `useQuery`, not `useSuspenseQuery`: a second lazy page using the suspense hook
 * made the bundler split React Query into a chunk of its own on every guest's first load (+1.1 KB
 * gzip, `npm run bench`); for the same reason the route has no loader (it would sit in the route
 * tree, in the first bundle), and the page shows its own pending state.
 */
export const useBookingQuery = (id: string) => useQuery(bookingQueryOptions(id));
