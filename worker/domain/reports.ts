/**
 * 'Report a problem' (issue 21): from My Booking during and after a dinner, and from the feedback
 * page. It reaches the console at once; the urgent categories first. The reporter is never seated
 * with the guest they named again (the matching's memory). The form's schema is here so the web
 * form and the API check the same rules; so is the operator's suspension of a guest.
 */
import * as v from 'valibot';
import { REPORT_COPY, SUSPENSION_COPY } from './copy-reports';

export const REPORT_CATEGORIES = ['harassment', 'felt_unsafe', 'no_show_host', 'venue', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Categories that go to the top of the console and email the operators as urgent. */
export const URGENT_REPORT_CATEGORIES: readonly ReportCategory[] = ['harassment', 'felt_unsafe'];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const isUrgentCategory = (category: ReportCategory) => URGENT_REPORT_CATEGORIES.includes(category);

/** Field lengths, shared by the form's hints and the schema. */
export const REPORT_LIMITS = {
  /** Enough for "He kept touching my arm"; long enough for the whole evening told. */
  description: { min: 10, max: 3000 },
  /** The operator's reason for a suspension, kept in the audit log. */
  reason: { min: 5, max: 500 },
} as const;

/**
 * Reports a guest may file: a person reports a handful, never dozens; the cap keeps a script from
 * filling the console (and the operators' inboxes, each report emails them).
 */
export const REPORT_RATE_LIMITS = [
  { windowS: 3600, max: 5 },
  { windowS: 86_400, max: 15 },
] as const;

/** An opaque tablemate reference (worker/services/tablemates.ts: 24 hex characters). */
const TABLEMATE_REF = /^[0-9a-f]{24}$/;
/** A booking id as the API hands them out. */
const BOOKING_ID = /^[\w-]{1,100}$/;

const I = REPORT_COPY.invalid;

const text = (limits: { min: number; max: number }, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(limits.min, message), v.maxLength(limits.max, message));

/** What the form itself asks: what happened, in words, and optionally who (an opaque ref, '' for nobody). */
export const ReportFormSchema = v.object({
  category: v.picklist(REPORT_CATEGORIES, I.category),
  description: text(REPORT_LIMITS.description, I.description),
  // `check`, not `union`: valibot is one module in every guest's first load (see feedback.ts).
  about_ref: v.optional(
    v.pipe(
      v.string(I.about),
      v.check((s) => s === '' || TABLEMATE_REF.test(s), I.about),
    ),
  ),
});
export type ReportFormValues = v.InferInput<typeof ReportFormSchema>;

/**
 * `POST /api/reports`: the form's fields and the booking it is about. A guest can be named only
 * among the tablemates of a booking, so `about_ref` needs `booking_id`.
 */
export const ReportSchema = v.pipe(
  v.object({
    ...ReportFormSchema.entries,
    booking_id: v.optional(v.pipe(v.string(I.booking), v.trim(), v.regex(BOOKING_ID, I.booking))),
  }),
  v.forward(
    v.check((r) => !r.about_ref || Boolean(r.booking_id), I.aboutNeedsBooking),
    ['about_ref'],
  ),
);
export type ReportInput = v.InferOutput<typeof ReportSchema>;

/** `POST /api/admin/users/:id/suspend`: why, for the audit log (the guest is told in neutral words, never this). */
export const SuspendSchema = v.object({
  reason: text(REPORT_LIMITS.reason, SUSPENSION_COPY.invalid.reason),
});

/**
 * When a guest may report about a booking's dinner: from its start on (during the dinner and
 * after), and never about a dinner we cancelled (it did not take place).
 * @example reportOpen({ startsAt: '2026-11-28T13:30:00.000Z', cancelledAt: null }, new Date('2026-11-28T14:00:00Z')) // true
 */
export const reportOpen = (event: { startsAt: string; cancelledAt: string | null }, now: Date) =>
  event.cancelledAt === null && Date.parse(event.startsAt) <= now.getTime();
