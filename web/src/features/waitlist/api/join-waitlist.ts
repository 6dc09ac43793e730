import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { waitlistEntryQueryKey } from './get-waitlist-entry';
import type { TicketType } from '@domain/pricing';

/** POST /api/events/:id/waitlist { ticket_type }: joins a sold-out dinner's line; answers the entry with its place. */
export const joinWaitlist = (eventId: string, ticketType: TicketType) =>
  unwrap(api.events[':id'].waitlist.$post({ param: { id: eventId }, json: { ticket_type: ticketType } }));

/** Joins, and puts the answered entry in the cache so the place in line shows at once. */
export function useJoinEventWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketType: TicketType) => joinWaitlist(eventId, ticketType),
    onSuccess: (answer) => {
      queryClient.setQueryData(waitlistEntryQueryKey(eventId), answer);
    },
  });
}
