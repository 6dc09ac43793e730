import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { bookingQueryKey } from './get-booking';

/**
 * POST /api/bookings/:id/release — "Can't make it" (docs/decisions/027): the seats go back on sale,
 * credit once they are taken again. No body; answers My Booking as it now is. 409
 * `release_reschedule_instead` (the free move is still the answer), `release_closed` (the dinner has
 * started), `not_releasable` (the booking holds no seat).
 */
export const releaseBooking = (id: string) => unwrap(api.bookings[':id'].release.$post({ param: { id } }));

export function useReleaseMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releaseBooking(id),
    onSuccess: async (view) => {
      queryClient.setQueryData(bookingQueryKey(id), view);
      // /profile's list shows the new status; its credit may change once the seats sell.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['credits'] }),
      ]);
    },
    // A refusal may mean the booking changed (the dinner started, a move): show the page as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(id) }),
  });
}
