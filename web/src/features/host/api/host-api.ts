import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/host/events: the dinners this host runs, today's and upcoming first. */
export const getHostEvents = () => unwrap(api.host.events.$get());
export type HostEvent = Awaited<ReturnType<typeof getHostEvents>>['events'][number];

/** GET /api/host/events/:id: the dinner's guests, who has checked in, who is running late. */
export const getHostNight = (id: string) => unwrap(api.host.events[':id'].$get({ param: { id } }));
export type HostNight = Awaited<ReturnType<typeof getHostNight>>;
export type HostGuest = HostNight['guests'][number];
export type HostTable = HostNight['tables'][number];

/** How often the night page reads the list again (running-late changes, other hosts' check-ins). */
export const NIGHT_REFRESH_MS = 20_000;

export const useHostEventsQuery = () =>
  useQuery(queryOptions({ queryKey: ['host', 'events'], queryFn: getHostEvents, staleTime: 0 }));

/** The night's list, read again every {@link NIGHT_REFRESH_MS}; the previous answer stays on screen meanwhile. */
export const useHostNightQuery = (id: string) =>
  useQuery({
    queryKey: ['host', 'night', id],
    queryFn: () => getHostNight(id),
    staleTime: 0,
    refetchInterval: NIGHT_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** A check-in's answer: the guest as they now are, and whether they were already checked in. */
export type CheckInAnswer = { guest: HostGuest; already: boolean };

/**
 * POST /api/host/check-in `{ ticket_code, event_id }` or POST /api/host/events/:id/check-in
 * `{ booking_id }`. The guest's row is updated in the cached list at once; the list is read again after.
 */
export function useCheckIn(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (by: { ticketCode: string } | { bookingId: string }): Promise<CheckInAnswer> =>
      'ticketCode' in by
        ? unwrap(api.host['check-in'].$post({ json: { ticket_code: by.ticketCode, event_id: eventId } }))
        : unwrap(
            api.host.events[':id']['check-in'].$post({ param: { id: eventId }, json: { booking_id: by.bookingId } }),
          ),
    onSuccess: ({ guest }) => {
      queryClient.setQueryData<HostNight>(['host', 'night', eventId], (night) =>
        night ? { ...night, guests: night.guests.map((g) => (g.booking_id === guest.booking_id ? guest : g)) } : night,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
