import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** What `POST /api/reports` takes: the form's fields, the booking, and the tablemate's opaque ref if one is named. */
export type ReportBody = {
  booking_id?: string;
  category: 'harassment' | 'felt_unsafe' | 'no_show_host' | 'venue' | 'other';
  description: string;
  about_ref?: string;
};

/**
 * POST /api/reports — files a report; answers `{ report: { id, category, urgent, about } }` where
 * `about` is the tablemate named (first name and initial), or null. 404 another guest's booking,
 * 409 before the dinner's start, 422 a tablemate not at the guest's table, 429 too many.
 */
export const fileReport = (body: ReportBody) => unwrap(api.reports.$post({ json: body }));
export type FiledReport = Awaited<ReturnType<typeof fileReport>>['report'];

export const useFileReport = () => useMutation({ mutationFn: fileReport });
