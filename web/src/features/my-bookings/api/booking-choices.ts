import type { CancellationChoice } from '@domain/booking-policy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/bookings/:id/choices — what the guest may do with this booking now: its state (the
 * cancellation by us and the guest's choice, the refund, running late) and, while the choice is
 * open, the dinners it may move to. Another guest's booking is a 404.
 */
export const getBookingChoices = (id: string) => unwrap(api.bookings[':id'].choices.$get({ param: { id } }));

export type BookingChoices = Awaited<ReturnType<typeof getBookingChoices>>;
export type MoveTarget = BookingChoices['move_targets'][number];

export const bookingChoicesKey = (id: string) => ['bookings', id, 'choices'] as const;

export function useBookingChoicesQuery(id: string) {
  return useQuery({
    queryKey: bookingChoicesKey(id),
    queryFn: () => getBookingChoices(id),
    staleTime: 0,
    // A refund on its way becomes "refunded" when Razorpay says so: look again every few seconds
    // just after the choice (a normal refund often settles at once), then once a minute.
    refetchInterval: (query) => {
      const b = query.state.data?.booking;
      if (b?.status !== 'refund_pending') return false;
      const since = Date.now() - Date.parse(b.cancellation_choice_at ?? '');
      return since < 2 * 60_000 ? 4000 : 60_000;
    },
  });
}

/** After any change, success or refusal: this page's other sections and /profile's list read the booking too. */
const refreshBookings = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['bookings'] });

/**
 * POST /api/bookings/:id/cancellation-choice { choice, event_id? } — a full refund, or a move to
 * another dinner (409 when it filled up meanwhile: nothing changed).
 */
export function useCancellationChoiceMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { choice: CancellationChoice; eventId?: string }) =>
      unwrap(
        api.bookings[':id']['cancellation-choice'].$post({
          param: { id },
          json: { choice: input.choice, ...(input.eventId ? { event_id: input.eventId } : {}) },
        }),
      ),
    onSettled: () => refreshBookings(queryClient),
  });
}

/** POST /api/bookings/:id/running-late { minutes } — tells the dinner's host. */
export function useRunningLateMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: 10 | 20 | 30 | 45 | 60) =>
      unwrap(api.bookings[':id']['running-late'].$post({ param: { id }, json: { minutes } })),
    onSettled: () => refreshBookings(queryClient),
  });
}
