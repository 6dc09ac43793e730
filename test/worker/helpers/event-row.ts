import type { events } from '../../../db/schema';
import { istDate } from '../../../worker/domain/time';

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
