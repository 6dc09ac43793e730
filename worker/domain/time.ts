/**
 * India Standard Time, the product's one clock for people (SPEC §1). Instants are stored as UTC
 * ISO-8601 text and shown in IST (UTC+05:30, no daylight saving); events carry their IST calendar
 * date. Cron runs in UTC and browsers anywhere, so "today" is always computed here.
 */

export const IST_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 330 * 60_000;
export const HOUR_MS = 3_600_000;

/** The venue is revealed this many hours before the start (SPEC §1). */
export const VENUE_REVEAL_HOURS = 48;

/** The IST calendar date (yyyy-MM-dd) of an instant. @example istDate(new Date('2026-01-01T20:00:00Z')) // '2026-01-02' */
export function istDate(at: Date | string = new Date()): string {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today's calendar date in India (yyyy-MM-dd), whatever the machine's time zone. */
export const todayIst = (now: Date = new Date()) => istDate(now);

/** The UTC instant of a wall-clock time in IST. @example istToUtc('2026-11-28', '19:00') // '2026-11-28T13:30:00.000Z' */
export function istToUtc(date: string, time = '19:00'): string {
  return new Date(`${date}T${time}:00+05:30`).toISOString();
}

/** e.g. "Saturday, 28 November 2026". */
export function formatIstDate(at: Date | string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: IST_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(at));
}

/** e.g. "7:00 PM". */
export function formatIstTime(at: Date | string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: IST_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(at));
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date (yyyy-MM-dd, e.g. a date of birth or a dinner's IST date) as '12 Mar 1994';
 * `year: false` gives '28 Nov'. Built by hand, not by Intl, so the Worker's HTML and the browser
 * write it the same (their ICU data may differ). Anything else is returned as given.
 * @example formatCalendarDate('1994-03-12') // '12 Mar 1994'
 */
export function formatCalendarDate(date: string, { year = true }: { year?: boolean } = {}): string {
  if (!isCalendarDate(date)) return date;
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS_SHORT[m - 1]}${year ? ` ${y}` : ''}`;
}

/** A new dinner's hours in the console, IST wall clock (SPEC §2: 7:00 PM - 10:00 PM). */
export const DEFAULT_DINNER_START = '19:00';
export const DEFAULT_DINNER_END = '22:00';

/**
 * An instant's IST wall clock as guests read it, '1:00\u00a0PM'. Built by hand, not by Intl, so the
 * Worker's HTML and every browser write it the same (ICU versions differ in the space before PM).
 * @example istClock('2026-11-26T07:30:00.000Z') // '1:00\u00a0PM'
 */
export function istClock(at: Date | string): string {
  const ist = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  const h = ist.getUTCHours();
  const m = String(ist.getUTCMinutes()).padStart(2, '0');
  return `${h % 12 || 12}:${m}\u00a0${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A dinner's own hours from its stored start and end, as every page, email, WhatsApp and calendar
 * file shows them, e.g. '1:00 PM - 4:00 PM'. The spaces inside '1:00 PM -' and '4:00 PM' are
 * non-breaking, so a narrow line wraps only after the dash, never leaving 'PM' alone (issue 14).
 * @example dinnerHours('2026-11-26T07:30:00.000Z', '2026-11-26T10:30:00.000Z') // '1:00\u00a0PM\u00a0- 4:00\u00a0PM'
 */
export const dinnerHours = (startsAt: string, endsAt: string) => `${istClock(startsAt)}\u00a0- ${istClock(endsAt)}`;

/**
 * The hours of a dinner at the default times (7:00 PM - 10:00 PM), for copy about dinners in
 * general and tests of 7 PM dinners; a real dinner's hours come from {@link dinnerHours}.
 */
export const EVENT_TIME = '7:00\u00a0PM\u00a0- 10:00\u00a0PM';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday of an IST calendar date (yyyy-MM-dd), by hand like {@link formatCalendarDate}. @example weekdayOf('2026-11-26') // 'Thursday' */
export const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

/**
 * An instant in IST in full, e.g. 'Saturday, 28 November 2026, 7:00 PM' (My Booking, the editor).
 * @example formatIstDateTime('2026-11-28T13:30:00.000Z') // 'Saturday, 28 November 2026, 7:00 PM'
 */
export const formatIstDateTime = (at: Date | string) => `${formatIstDate(at)}, ${formatIstTime(at)}`;

/** An instant in IST, compactly, e.g. '28 Nov 2026, 7:00 pm' (the console's lists and logs). */
export const formatIstShort = (at: Date | string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: IST_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(at),
  );

/** True once `now` is within {@link VENUE_REVEAL_HOURS} of the start; before that the venue stays secret. */
export function isVenueRevealed(startsAt: string, now: Date = new Date()): boolean {
  return now.getTime() >= new Date(startsAt).getTime() - VENUE_REVEAL_HOURS * HOUR_MS;
}

/** A real calendar date written yyyy-MM-dd (rejects 2023-02-30). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Whole years from `dob` (yyyy-MM-dd) to today's date in IST. A 29 February birthday is
 * reached on 1 March in common years.
 * @example ageInIst('2000-05-01', new Date('2018-04-30T18:30:00Z')) // 18 (it is already 1 May in India)
 */
export function ageInIst(dob: string, now: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number);
  const [ty, tm, td] = todayIst(now).split('-').map(Number);
  const hadBirthday = tm > m || (tm === m && td >= d);
  return ty - y - (hadBirthday ? 0 : 1);
}
