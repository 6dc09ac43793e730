import type { events } from '../../../db/schema';
import { DEFAULT_DINNER_END, DEFAULT_DINNER_START, istDate, istToUtc } from '../../../worker/domain/time';

export type EventRow = typeof events.$inferInsert;

/**
 * An `events` row starting `inMs` from now (IST date derived from it), three hours long (from
 * `over.startsAt` if given), bookable, capacity 8,
 * ₹499 / 899 / 749, with a venue; anything else overridable. The one fixture every worker
 * test builds its events from.
 * @example await db(env.DB).insert(events).values(eventRow('e1', 7 * DAY, { city: 'noida', available: false }))
 */
export function eventRow(id: string, inMs: number, over: Partial<EventRow> = {}): EventRow {
  const startsAt = new Date(Date.now() + inMs).toISOString();
  return {
    id,
    city: 'testcity',
    title: `Dinner ${id}`,
    description: 'A long table of strangers.',
    location: 'Test City',
    date: istDate(startsAt),
    startsAt,
    endsAt: new Date(new Date(over.startsAt ?? startsAt).getTime() + 3 * 3_600_000).toISOString(),
    imageUrl: '/images/events/gurugram.svg',
    available: true,
    ticketPriceSingle: 499,
    ticketPriceCouple: 899,
    ticketPriceGroup: 749,
    capacity: 8,
    venueName: 'The Secret Table',
    venueAddress: '1 Hidden Lane',
    ...over,
  };
}

/**
 * A dinner's date, start and end at its default hours (7:00 PM - 10:00 PM IST) on the IST date `days`
 * from today's: for a test whose outcome hangs on the IST day, which `now + N hours` does not fix
 * (its start and end move with the time the suite runs, across IST midnight in some hour of the
 * day). Spread it into {@link eventRow}'s `over` or `createEvent`.
 * @example await createEvent({ ...istEvening(2) }) // the day after tomorrow, 7:00 PM IST: 43 to 67 hours ahead
 */
export function istEvening(days: number) {
  const date = istDate(new Date(Date.now() + days * 86_400_000));
  return { date, startsAt: istToUtc(date, DEFAULT_DINNER_START), endsAt: istToUtc(date, DEFAULT_DINNER_END) };
}
