/**
 * "Still coming?" answered (issue 20, docs/decisions/027): the body of `POST
 * /api/bookings/:id/attendance`, the words of its refusals, when the question counts as asked, and
 * how the host's night shows a yes. The question's own words are the messages'
 * (booking-messages.ts `STILL_COMING_COPY`).
 */
import * as v from 'valibot';
import { HOUR_MS } from './time';

/** The 24-hour reminder asks (services/reminders.ts): from this long before the start the question is out. */
export const STILL_COMING_ASKED_BEFORE_MS = 24 * HOUR_MS;

export const ATTENDANCE_COPY = {
  comingRequired: "Tap 'Yes, see you there' to tell us you're still coming.",
  /** 409 `dinner_cancelled`. */
  cancelled: 'This dinner is cancelled, so there is nothing to confirm. My Booking shows your choices.',
  /** 409 `dinner_started`. */
  started: 'This dinner has already started.',
  /** 409 `booking_released`: the guest said "can't make it" first. */
  released: "You told us you can't make it, so your seats are back on sale.",
  /** 409 `booking_not_confirmed`: moved, refunded, checked in, a no-show. */
  notConfirmed: 'This booking is no longer one we are expecting you for.',
  /** The host's night: a confirmed guest who answered yes (text, never colour alone). */
  hostComing: 'Coming ✓',
  hostComingAt: (when: string) => `said yes to "Still coming?" on ${when}`,
  /** The host's head count of guests who answered yes. */
  hostComingCount: (seats: number, expected: number) =>
    `Still coming: ${seats} of ${expected} expected ${expected === 1 ? 'seat' : 'seats'} said yes.`,
} as const;

/** `POST /api/bookings/:id/attendance` `{ coming: true }`: only a yes is recorded here ("can't make it" releases). */
export const AttendanceBody = v.strictObject(
  { coming: v.literal(true, ATTENDANCE_COPY.comingRequired) },
  ATTENDANCE_COPY.comingRequired,
);

/** A booking's "Still coming?" as My Booking and the attendance route answer it. */
export type Attendance = {
  /**
   * Whether the question is open: from {@link STILL_COMING_ASKED_BEFORE_MS} before the start, when
   * the 24-hour reminder asks it, until the start. Judged by the clock, not by a delivery, so a
   * guest we could not message (no confirmed email, no verified phone) or who booked after the
   * reminder went out is asked on My Booking all the same.
   */
  asked: boolean;
  /** When the guest first said yes; null until they do. */
  confirmed_at: string | null;
};

/**
 * A booking's "Still coming?" from its `attendance_confirmed_at` and its dinner's start.
 * @example attendanceOf(null, '2026-11-28T13:30:00.000Z', new Date('2026-11-27T14:00:00.000Z')) // { asked: true, confirmed_at: null }
 */
export const attendanceOf = (confirmedAt: string | null, startsAt: string, now: Date): Attendance => {
  const untilStart = new Date(startsAt).getTime() - now.getTime();
  return { asked: untilStart > 0 && untilStart <= STILL_COMING_ASKED_BEFORE_MS, confirmed_at: confirmedAt };
};
