/**
 * Grievances under the Consumer Protection (E-Commerce) Rules 2020 (issue 22): acknowledged at
 * once (the rules allow 48 hours), resolved within a month.
 */

export const GRIEVANCE_STATUSES = ['open', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
