import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../db/client';
import { eventBookings } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { requireUser } from '../middleware/session';

/** The signed-in guest's own bookings, newest booking_date first (SPEC §7 "Bookings"). */
export const bookingsRoutes = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const user = c.get('user');
  const bookings = await db(c.env.DB)
    .select({
      id: eventBookings.id,
      event_id: eventBookings.eventId,
      event_name: eventBookings.eventName,
      event_location: eventBookings.eventLocation,
      event_date: eventBookings.eventDate,
      ticket_type: eventBookings.ticketType,
      seats: eventBookings.seats,
      amount: eventBookings.amount,
      status: eventBookings.status,
      booking_date: eventBookings.bookingDate,
    })
    .from(eventBookings)
    .where(eq(eventBookings.userId, user.id))
    .orderBy(desc(eventBookings.bookingDate), desc(eventBookings.id));
  return c.json({ bookings });
});
