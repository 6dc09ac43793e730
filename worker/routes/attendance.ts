import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ATTENDANCE_COPY, AttendanceBody } from '@domain/attendance';
import { isBookingId } from '@domain/booking-choice';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { type AttendanceResult, confirmAttendance } from '../services/attendance';

/** The session, read once: routes/bookings.ts, mounted on the same prefix, has read it for this request already. */
const sessionOnce = createMiddleware<AppEnv>(async (c, next) =>
  c.var.user === undefined ? loadSession(c, next) : next(),
);

/** As `GET /api/bookings/:id` answers an unknown booking, or another guest's. */
const notFound = () => new ApiError(404, 'booking_not_found', MY_BOOKING_COPY.notFound);

/** Each refusal of a yes, as the API answers it. */
const REFUSALS: Record<Exclude<AttendanceResult['kind'], 'confirmed'>, () => ApiError> = {
  not_found: notFound,
  cancelled: () => new ApiError(409, 'dinner_cancelled', ATTENDANCE_COPY.cancelled),
  started: () => new ApiError(409, 'dinner_started', ATTENDANCE_COPY.started),
  released: () => new ApiError(409, 'booking_released', ATTENDANCE_COPY.released),
  not_confirmed: () => new ApiError(409, 'booking_not_confirmed', ATTENDANCE_COPY.notConfirmed),
};

/**
 * "Still coming?" (DESIGN.md "Across nights", docs/decisions/027), mounted beside routes/bookings.ts
 * under `/api/bookings`. `{ coming: true }` → `{ attendance: { asked, confirmed_at } }`; a second
 * yes answers the first time. 404 for another guest's booking, 409 once the booking is not
 * confirmed (released, moved, refunded, checked in) or its dinner is cancelled or has started.
 */
export const attendanceRoutes = new Hono<AppEnv>().post(
  '/:id/attendance',
  sessionOnce,
  requireUser,
  jsonBody(AttendanceBody),
  async (c) => {
    const id = c.req.param('id');
    if (!isBookingId(id)) throw notFound();
    const result = await confirmAttendance(c.var.db, c.get('user').id, id, new Date());
    if (result.kind !== 'confirmed') throw REFUSALS[result.kind]();
    return c.json({ attendance: result.attendance });
  },
);
