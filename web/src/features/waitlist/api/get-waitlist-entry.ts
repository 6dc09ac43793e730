import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/events/:id/waitlist: the signed-in guest's own active entry at the dinner, or null (docs/decisions/027). */
export const getWaitlistEntry = (eventId: string) =>
  unwrap(api.events[':id'].waitlist.$get({ param: { id: eventId } }));

export type WaitlistEntry = NonNullable<Awaited<ReturnType<typeof getWaitlistEntry>>['entry']>;

export const waitlistEntryQueryKey = (eventId: string) => ['waitlist', eventId] as const;

export const waitlistEntryQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: waitlistEntryQueryKey(eventId),
    queryFn: () => getWaitlistEntry(eventId),
    staleTime: 30_000,
  });

/** The guest's entry at `eventId`; only asked while `enabled` (a signed-in guest). */
export const useWaitlistEntry = (eventId: string, enabled = true) =>
  useQuery({ ...waitlistEntryQueryOptions(eventId), enabled });
