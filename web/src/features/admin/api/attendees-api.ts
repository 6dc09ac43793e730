import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/admin/events/:id/attendees: a dinner's bookings, `q` searching name, phone or email. */
export const getAttendees = (id: string, q: string) =>
  // The route reads `q` without a validator, so the client's type does not list it; hc sends it.
  unwrap(api.admin.events[':id'].attendees.$get({ param: { id }, query: q ? { q } : {} } as { param: { id: string } }));
export type AttendeeList = Awaited<ReturnType<typeof getAttendees>>;
export type Attendee = AttendeeList['attendees'][number];

export const attendeesQueryOptions = (id: string, q: string) =>
  queryOptions({ queryKey: ['admin', 'attendees', id, q], queryFn: () => getAttendees(id, q), staleTime: 0 });

/** The guest list; while a new search loads, the previous answer stays on screen. */
export const useAttendeesQuery = (id: string, q: string) =>
  useQuery({ ...attendeesQueryOptions(id, q), placeholderData: keepPreviousData });

/** Where the same rows download as a spreadsheet (the browser sends the session cookie). */
export const attendeesCsvUrl = (id: string, q: string) =>
  `/api/admin/events/${encodeURIComponent(id)}/attendees.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;
