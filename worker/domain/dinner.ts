/**
 * A dinner as the operator console writes it (DESIGN.md "Operating the product",
 * docs/decisions/014): the shape of `POST /api/admin/events`, `POST /api/admin/series` and
 * `PATCH /api/admin/events/:id`, and the rules every one of them keeps. The web form uses the
 * same rules, so the browser and the API never disagree on what is valid.
 *
 * A city is a slug (`/^[a-z0-9-]+$/`) of a row in the `cities` table (worker/domain/city.ts):
 * the shape is checked here, its existence by the write itself (services/admin-events.ts inserts
 * or moves a dinner only into a known city; 400 on `city` otherwise). A city is opened on the
 * console's Cities page; its first dinner needs all three prices, since none can be copied.
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';
import { HOUR_MS, isCalendarDate, istDate, istToUtc, VENUE_REVEAL_HOURS } from './time';

/** A dinner's length when the console sends no end: SPEC's 7:00 PM - 10:00 PM. */
export const DEFAULT_DINNER_HOURS = 3;

const A = CONSOLE_COPY.dinner;

export const CITY_SLUG = /^[a-z0-9-]{1,60}$/;
export const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_CAPACITY = 200;
export const MAX_SERIES_WEEKS = 26;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The console warns when the venue is missing and guests should see it within this many days. */
export const VENUE_WARNING_DAYS = 7;

const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));
const price = v.pipe(
  v.number(A.priceInvalid),
  v.integer(A.priceInvalid),
  v.minValue(0, A.priceInvalid),
  v.maxValue(1_000_000, A.priceInvalid),
);
const venueText = v.nullable(v.pipe(v.string(A.venueTooLong), v.trim(), v.maxLength(300, A.venueTooLong)));

/** Every field a dinner has that the console may set, each on its own (no cross-field rules). */
export const dinnerFields = {
  city: v.pipe(v.string(A.cityInvalid), v.trim(), v.regex(CITY_SLUG, A.cityInvalid)),
  title: text(120, A.titleRequired),
  description: text(2000, A.descriptionRequired),
  location: text(120, A.locationRequired),
  starts_at: v.pipe(
    v.string(A.startsAtInvalid),
    v.isoTimestamp(A.startsAtInvalid),
    v.transform((s) => new Date(s).toISOString()),
  ),
  date: v.pipe(v.string(A.dateInvalid), v.check(isCalendarDate, A.dateInvalid)),
  time: v.pipe(v.string(A.timeInvalid), v.regex(LOCAL_TIME, A.timeInvalid)),
  ends_at: v.pipe(
    v.string(A.endsAtInvalid),
    v.isoTimestamp(A.endsAtInvalid),
    v.transform((s) => new Date(s).toISOString()),
  ),
  end_time: v.pipe(v.string(A.endTimeInvalid), v.regex(LOCAL_TIME, A.endTimeInvalid)),
  capacity: v.pipe(
    v.number(A.capacityInvalid),
    v.integer(A.capacityInvalid),
    v.minValue(1, A.capacityInvalid),
    v.maxValue(MAX_CAPACITY, A.capacityInvalid),
  ),
  ticket_price_single: price,
  ticket_price_couple: price,
  ticket_price_group: price,
  venue_name: venueText,
  venue_address: venueText,
  image_url: v.pipe(
    v.string(A.imageUrlInvalid),
    v.trim(),
    v.maxLength(500, A.imageUrlInvalid),
    v.regex(/^(\/[\w./-]+|https:\/\/\S+)$/, A.imageUrlInvalid),
  ),
  available: v.boolean(A.availableInvalid),
};

type VenueInput = { venue_name?: string | null; venue_address?: string | null };
const blank = (s: string | null | undefined) => !s;
/** Venue name and address: both given or both empty (when either is sent). */
const venueOk = (x: VenueInput) =>
  (x.venue_name === undefined && x.venue_address === undefined) || blank(x.venue_name) === blank(x.venue_address);

const f = dinnerFields;
/** What a new dinner and a series share. Prices may be left out: they come from the city's last dinner. */
const common = {
  city: f.city,
  title: f.title,
  description: f.description,
  location: f.location,
  capacity: f.capacity,
  ticket_price_single: v.optional(f.ticket_price_single),
  ticket_price_couple: v.optional(f.ticket_price_couple),
  ticket_price_group: v.optional(f.ticket_price_group),
  venue_name: v.optional(f.venue_name),
  venue_address: v.optional(f.venue_address),
  image_url: v.optional(f.image_url),
  available: v.optional(f.available, true),
};

/** `POST /api/admin/events`: the start as `starts_at` (UTC) or `date` + `time` (IST). */
export const NewDinner = v.pipe(
  v.strictObject(
    {
      ...common,
      starts_at: v.optional(f.starts_at),
      date: v.optional(f.date),
      time: v.optional(f.time),
      ends_at: v.optional(f.ends_at),
      end_time: v.optional(f.end_time),
    },
    A.dinnerInvalid,
  ),
  v.forward(
    v.check((x) => x.starts_at !== undefined || (x.date !== undefined && x.time !== undefined), A.startMissing),
    ['starts_at'],
  ),
  v.forward(
    v.check((x) => endOnce(x), A.endTwice),
    ['end_time'],
  ),
  v.forward(
    v.check((x) => venueOk(x), A.venueHalf),
    ['venue_name'],
  ),
);
export type NewDinnerInput = v.InferOutput<typeof NewDinner>;

/** `POST /api/admin/series`: one dinner a week on `weekday` at `local_time` (IST), `weeks` times. */
export const NewSeries = v.pipe(
  v.strictObject(
    {
      ...common,
      weekday: v.picklist(WEEKDAYS, A.weekdayInvalid),
      local_time: f.time,
      end_time: v.optional(f.end_time),
      weeks: v.pipe(
        v.number(A.weeksInvalid),
        v.integer(A.weeksInvalid),
        v.minValue(1, A.weeksInvalid),
        v.maxValue(MAX_SERIES_WEEKS, A.weeksInvalid),
      ),
    },
    A.dinnerInvalid,
  ),
  v.forward(
    v.check((x) => venueOk(x), A.venueHalf),
    ['venue_name'],
  ),
);
export type NewSeriesInput = v.InferOutput<typeof NewSeries>;

/** `PATCH /api/admin/events/:id`: every field optional; the start as `starts_at` or `date` + `time`. */
export const DinnerPatch = v.pipe(
  v.strictObject(
    {
      city: v.optional(f.city),
      title: v.optional(f.title),
      description: v.optional(f.description),
      location: v.optional(f.location),
      starts_at: v.optional(f.starts_at),
      date: v.optional(f.date),
      time: v.optional(f.time),
      ends_at: v.optional(f.ends_at),
      end_time: v.optional(f.end_time),
      capacity: v.optional(f.capacity),
      ticket_price_single: v.optional(f.ticket_price_single),
      ticket_price_couple: v.optional(f.ticket_price_couple),
      ticket_price_group: v.optional(f.ticket_price_group),
      venue_name: v.optional(f.venue_name),
      venue_address: v.optional(f.venue_address),
      image_url: v.optional(f.image_url),
      available: v.optional(f.available),
    },
    A.dinnerInvalid,
  ),
  v.check((x) => Object.keys(x).length > 0, A.nothingToChange),
  v.forward(
    v.check((x) => (x.date === undefined) === (x.time === undefined), A.startMissing),
    ['date'],
  ),
  v.forward(
    v.check((x) => x.starts_at === undefined || x.date === undefined, A.startMissing),
    ['starts_at'],
  ),
  v.forward(
    v.check((x) => endOnce(x), A.endTwice),
    ['end_time'],
  ),
  v.forward(
    v.check((x) => venueOk(x), A.venueHalf),
    ['venue_name'],
  ),
);

type EndInput = { ends_at?: string; end_time?: string };
/** An end given at most once: `ends_at` (UTC) or `end_time` (IST, on the start's date). */
const endOnce = (x: EndInput) => x.ends_at === undefined || x.end_time === undefined;

/**
 * The UTC end of a body whose dinner starts at `startsAt`, if it names one: `ends_at`, or
 * `end_time` on the start's IST date. @example endOf({ end_time: '16:00' }, '2026-11-26T07:30:00.000Z') // '2026-11-26T10:30:00.000Z'
 */
export function endOf(x: EndInput, startsAt: string): string | undefined {
  if (x.ends_at !== undefined) return x.ends_at;
  if (x.end_time !== undefined) return istToUtc(istDate(startsAt), x.end_time);
  return undefined;
}

/** The end of a dinner given none: {@link DEFAULT_DINNER_HOURS} after its start. */
export const defaultEnd = (startsAt: string) =>
  new Date(new Date(startsAt).getTime() + DEFAULT_DINNER_HOURS * HOUR_MS).toISOString();

/**
 * Why a dinner's end does not fit its start, in the operator's words, or null: it must be after
 * the start and on the same IST date (a dinner ends by midnight).
 */
export function endProblem(startsAt: string, endsAt: string): string | null {
  if (new Date(endsAt).getTime() <= new Date(startsAt).getTime()) return A.endBeforeStart;
  if (istDate(endsAt) !== istDate(startsAt)) return A.endNextDay;
  return null;
}

/** The UTC start of a create or patch body, if it names one. */
export function startOf(x: { starts_at?: string; date?: string; time?: string }): string | undefined {
  if (x.starts_at !== undefined) return x.starts_at;
  if (x.date !== undefined && x.time !== undefined) return istToUtc(x.date, x.time);
  return undefined;
}

/**
 * The IST dates of a weekly series: the first `weekday` whose `local_time` is still ahead of
 * `now`, then one a week. @example seriesStarts('saturday', '19:00', 2, now) // ['2026-11-28T13:30:00.000Z', '2026-12-05T13:30:00.000Z']
 */
export function seriesStarts(weekday: Weekday, localTime: string, weeks: number, now: Date): string[] {
  const today = istDate(now);
  const todayDow = new Date(`${today}T00:00:00Z`).getUTCDay();
  let offset = (WEEKDAYS.indexOf(weekday) - todayDow + 7) % 7;
  if (offset === 0 && new Date(istToUtc(today, localTime)).getTime() <= now.getTime()) offset = 7;
  const starts: string[] = [];
  for (let week = 0; week < weeks; week++) {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + offset + week * 7);
    starts.push(istToUtc(day.toISOString().slice(0, 10), localTime));
  }
  return starts;
}

/** When guests see the venue: {@link VENUE_REVEAL_HOURS} before the start (UTC ISO). */
export const venueRevealAt = (startsAt: string) =>
  new Date(new Date(startsAt).getTime() - VENUE_REVEAL_HOURS * HOUR_MS).toISOString();

/** True when the venue is missing and its reveal is within {@link VENUE_WARNING_DAYS} of `now`. */
export function venueMissingSoon(
  e: { starts_at: string; venue_name: string | null; venue_address: string | null },
  now: Date,
): boolean {
  if (e.venue_name && e.venue_address) return false;
  const reveal = new Date(venueRevealAt(e.starts_at)).getTime();
  return reveal - now.getTime() <= VENUE_WARNING_DAYS * 24 * HOUR_MS && new Date(e.starts_at).getTime() > now.getTime();
}
