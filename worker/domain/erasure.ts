/**
 * Erasure of an account (issue 22): on the guest's request, or by the cron after 3 years without
 * a visit (with a notice 48 hours before). The log keeps that it happened, never who.
 */

export const ERASURE_REASONS = ['request', 'inactive'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];
