import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { bookingQueryKey, type MyBooking } from './get-booking';

/**
 * POST /api/bookings/:id/attendance { coming: true } — "Still coming?" answered yes. Answers
 * `{ attendance: { asked, confirmed_at } }`; a second yes answers the first time. 409 once the
 * booking is released, moved or checked in, or its dinner is cancelled or has started.
 */
export const confirmAttendance = (id: string) =>
  unwrap(api.bookings[':id'].attendance.$post({ param: { id }, json: { coming: true } }));

export function useAttendanceMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmAttendance(id),
    onSuccess: ({ attendance }) =>
      queryClient.setQueryData<MyBooking>(bookingQueryKey(id), (view) => (view ? { ...view, attendance } : view)),
    onError: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(id) }),
  });
}
