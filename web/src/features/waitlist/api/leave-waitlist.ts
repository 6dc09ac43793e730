import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { waitlistEntryQueryKey } from './get-waitlist-entry';

/** DELETE /api/events/:id/waitlist: leaves the line (an offer out ends, and its seats pass on). */
export const leaveWaitlist = (eventId: string) =>
  unwrap(api.events[':id'].waitlist.$delete({ param: { id: eventId } }));

/** Leaves; the guest then has no active entry, and the dinner's seats may have changed. */
export function useLeaveWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitlist(eventId),
    onSuccess: () => {
      queryClient.setQueryData(waitlistEntryQueryKey(eventId), { entry: null });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
