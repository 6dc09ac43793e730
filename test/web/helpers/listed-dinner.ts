import type { EventSummary } from '@/features/events/api/get-events';

/** A listed dinner, as GET /api/events answers it: 7:00-10:00 PM IST on `date`. */
export const listedDinner = (
  id: string,
  city: string,
  location: string,
  date: string,
  seatsLeft = 8,
  title = `Dinner ${id}`,
): EventSummary => ({
  id,
  city,
  title,
  description: `A long table in ${location}.`,
  location,
  date,
  starts_at: `${date}T13:30:00.000Z`,
  ends_at: `${date}T16:30:00.000Z`,
  image_url: '/images/events/gurugram.svg',
  available: true,
  seats_left: seatsLeft,
});
