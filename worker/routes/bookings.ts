import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { loadSession, requireUser } from '../middleware/session';
import { listOwnBookings } from '../services/bookings';

/** The signed-in guest's own bookings, newest booking_date first (SPEC §7 "Bookings"). */
export const bookingsRoutes = new Hono<AppEnv>().get('/', loadSession, requireUser, async (c) =>
  c.json({ bookings: await listOwnBookings(c.var.db, c.get('user').id) }),
);
