/**
 * The promises SPEC §4 and §9 make about a booking after it is paid, as numbers and lists the
 * API, the cron and the browser share: a free reschedule up to 48 hours before, a guest more than
 * 60 minutes late counted a no-show, and the choice a guest makes when we cancel their dinner.
 */
import { HOUR_MS } from './time';

/** A booking moves free of charge until this many hours before its dinner starts (SPEC §9). */
export const RESCHEDULE_CUTOFF_HOURS = 48;
/** Confirmed guests not checked in this long after the start become `no_show` (SPEC §4). */
export const NO_SHOW_AFTER_MINUTES = 60;
/**
 * A host may check a guest in from this long before the start until the no-show mark
 * ({@link NO_SHOW_AFTER_MINUTES} after it), not days ahead (docs/decisions/019).
 */
export const CHECK_IN_OPENS_BEFORE_MINUTES = 180;

/** What a guest whose dinner we cancelled takes: their money back, or a seat at another dinner. */
export const CANCELLATION_CHOICES = ['refund', 'move'] as const;
export type CancellationChoice = (typeof CANCELLATION_CHOICES)[number];

/** Whether a booking for a dinner starting at `startsAt` may still be moved at `now`. */
export const canReschedule = (startsAt: string, now: Date) =>
  new Date(startsAt).getTime() - now.getTime() > RESCHEDULE_CUTOFF_HOURS * HOUR_MS;

/** Until when (ISO-8601 UTC, exclusive) a booking for a dinner starting at `startsAt` may be moved. */
export const rescheduleUntil = (startsAt: string) =>
  new Date(new Date(startsAt).getTime() - RESCHEDULE_CUTOFF_HOURS * HOUR_MS).toISOString();

/**
 * {@link canReschedule} as one comparison for SQL: at `now`, a booking may move only if its dinner
 * starts after this instant (ISO-8601 UTC, so text order is time order).
 * @example sql`… AND booked.starts_at > ${movableIfStartsAfter(now)}`
 */
export const movableIfStartsAfter = (now: Date) =>
  new Date(now.getTime() + RESCHEDULE_CUTOFF_HOURS * HOUR_MS).toISOString();
