import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { bookingQueryKey } from './get-booking';

/**
 * POST /api/bookings/:id/reschedule { event_id } — the free move (up to 48 hours before). Answers
 * My Booking as it is after the move; 409 when the dinner filled up meanwhile (nothing changed)
 * or the 48 hours have begun, 400 for a dinner it cannot move to.
 */
export const rescheduleBooking = (id: string, eventId: string) =>
  unwrap(api.bookings[':id'].reschedule.$post({ param: { id }, json: { event_id: eventId } }));

export function useRescheduleMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => rescheduleBooking(id, eventId),
    onSuccess: async (view) => {
      queryClient.setQueryData(bookingQueryKey(id), view);
      // /profile's list shows the new dinner and date.
      await queryClient.invalidateQueries({ queryKey: ['bookings'], exact: true });
    },
    // A refusal may mean the options changed (a dinner filled up): show the page as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(id) }),
  });
}
