/**
 * 'Report a problem' (issue 21): from My Booking during and after a dinner, and from the feedback
 * page. It reaches the console at once; the urgent categories first. The reporter is never seated
 * with the guest they named again (the matching's memory).
 */

export const REPORT_CATEGORIES = ['harassment', 'felt_unsafe', 'no_show_host', 'venue', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Categories that go to the top of the console and email the operators as urgent. */
export const URGENT_REPORT_CATEGORIES: readonly ReportCategory[] = ['harassment', 'felt_unsafe'];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
