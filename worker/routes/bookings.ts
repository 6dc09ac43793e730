import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { listOwnBookings } from '../services/bookings';
import { myBookingView } from '../services/my-booking';
import { releaseSeats } from '../services/release';
import { rescheduleBooking } from '../services/reschedule';

const notFound = () => new ApiError(404, 'booking_not_found', MY_BOOKING_COPY.notFound);

/** Only the dinner to move to is read; the booking is the path's, and must be the guest's own. */
const Reschedule = v.object({
  event_id: v.pipe(
    v.string(MY_BOOKING_COPY.chooseDinner),
    v.trim(),
    v.minLength(1, MY_BOOKING_COPY.chooseDinner),
    v.maxLength(100, MY_BOOKING_COPY.chooseDinner),
  ),
});

/**
 * The signed-in guest's own bookings (SPEC §7 "Bookings") and My Booking (DESIGN.md "Operating
 * the product"): another guest's booking answers exactly as an unknown id does, 404.
 */
export const bookingsRoutes = new Hono<AppEnv>()
  .use(loadSession, requireUser)
  .get('/', async (c) => c.json({ bookings: await listOwnBookings(c.var.db, c.get('user').id) }))
  .get('/:id', async (c) => {
    const view = await myBookingView(c.var.db, c.get('user').id, c.req.param('id'));
    if (!view) throw notFound();
    return c.json(view);
  })
  .post('/:id/reschedule', jsonBody(Reschedule), async (c) => {
    const result = await rescheduleBooking(c.env, c.var.db, {
      userId: c.get('user').id,
      bookingId: c.req.param('id'),
      targetId: c.req.valid('json').event_id,
    });
    if (result.kind === 'not_found') throw notFound();
    if (result.kind === 'refused') throw new ApiError(result.status, result.code, result.message);
    return c.json(result.view);
  })
  // "Can't make it": no body; the booking is the path's.
  .post('/:id/release', async (c) =>
    c.json(
      await releaseSeats(c.env, c.var.db, {
        userId: c.get('user').id,
        bookingId: c.req.param('id'),
      }),
    ),
  );
