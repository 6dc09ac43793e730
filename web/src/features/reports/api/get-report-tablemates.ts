import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/bookings/:id/tablemates — whether the guest may report about their booking now
 * (`report_open`, from the dinner's start, `opens_at`) and the tablemates they may name: the guests
 * who checked in at their table, by first name and initial, each behind an opaque `ref` (never a
 * user id). Another guest's booking is a 404.
 */
export const getReportTablemates = (id: string) => unwrap(api.bookings[':id'].tablemates.$get({ param: { id } }));

export type ReportTablemates = Awaited<ReturnType<typeof getReportTablemates>>;
export type ReportTablemate = ReportTablemates['tablemates'][number];

/** Under the booking's key, so whatever refreshes the booking refreshes this too. */
export const reportTablematesKey = (id: string) => ['bookings', id, 'tablemates'] as const;

export const useReportTablematesQuery = (id: string) =>
  useQuery({ queryKey: reportTablematesKey(id), queryFn: () => getReportTablemates(id), retry: 1 });
