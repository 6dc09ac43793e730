import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/bookings: the guest's own bookings, newest booking date first. */
export const getBookings = () => unwrap(api.bookings.$get());

export type Booking = Awaited<ReturnType<typeof getBookings>>['bookings'][number];

export const bookingsQueryOptions = () => queryOptions({ queryKey: ['bookings'], queryFn: getBookings, staleTime: 0 });

export const useBookingsQuery = () => useQuery(bookingsQueryOptions());
