import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/admin/stats?city=&weeks=: per IST week (Monday to Sunday, this week last), seats sold,
 * show rate, average ratings, repeat guests and mutual matches, of one city or all.
 */
export const getAdminStats = (city: string, weeks: number) =>
  unwrap(api.admin.stats.$get({ query: { city: city || undefined, weeks: String(weeks) } }));
export type AdminStats = Awaited<ReturnType<typeof getAdminStats>>;
export type StatsWeek = AdminStats['series'][number];

export const adminStatsQueryOptions = (city: string, weeks: number) =>
  queryOptions({
    queryKey: ['admin', 'stats', city, weeks],
    queryFn: () => getAdminStats(city, weeks),
    staleTime: 60_000,
    // Another city's charts replace these only once they are read: the section never blanks.
    placeholderData: keepPreviousData,
  });
export const useAdminStatsQuery = (city: string, weeks: number) => useQuery(adminStatsQueryOptions(city, weeks));

/** GET /api/admin/events/:id/feedback: the dinner's responses, averages and mutual pairs. */
export const getDinnerFeedback = (id: string) => unwrap(api.admin.events[':id'].feedback.$get({ param: { id } }));
export type DinnerFeedback = Awaited<ReturnType<typeof getDinnerFeedback>>;
export type FeedbackResponse = DinnerFeedback['responses'][number];

export const useDinnerFeedbackQuery = (id: string) =>
  useQuery(queryOptions({ queryKey: ['admin', 'feedback', id], queryFn: () => getDinnerFeedback(id), staleTime: 0 }));

/** GET /api/admin/hosts/feedback: every host's dinners, average ratings and latest notes. */
export const getHostsFeedback = () => unwrap(api.admin.hosts.feedback.$get());
export type HostFeedback = Awaited<ReturnType<typeof getHostsFeedback>>['hosts'][number];

export const useHostsFeedbackQuery = () =>
  useQuery(queryOptions({ queryKey: ['admin', 'hosts-feedback'], queryFn: getHostsFeedback, staleTime: 0 }));
