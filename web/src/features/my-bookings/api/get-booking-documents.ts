import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/bookings/:id/documents — the booking's tax invoice (or receipt) and its credit notes,
 * each with the `url` of its PDF. Another guest's booking is a 404.
 */
export const getBookingDocuments = (id: string) => unwrap(api.bookings[':id'].documents.$get({ param: { id } }));

export type BookingDocuments = Awaited<ReturnType<typeof getBookingDocuments>>;

/** Under the booking's key, so whatever refreshes the booking (a refund, a move) refreshes its documents too. */
export const bookingDocumentsKey = (id: string) => ['bookings', id, 'documents'] as const;

export const useBookingDocumentsQuery = (id: string) =>
  useQuery({ queryKey: bookingDocumentsKey(id), queryFn: () => getBookingDocuments(id), retry: 1 });
