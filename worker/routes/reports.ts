import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { isBookingId } from '@domain/booking-choice';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import { ReportSchema } from '@domain/reports';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { fileReport, tablematesForReport } from '../services/reports';

/** The session, read once: routes/bookings.ts, mounted on `/bookings` before this, may have read it for this request already. */
const sessionOnce = createMiddleware<AppEnv>(async (c, next) =>
  c.var.user === undefined ? loadSession(c, next) : next(),
);

/** As `GET /api/bookings/:id` answers an unknown booking, or another guest's. */
const notFound = () => new ApiError(404, 'booking_not_found', MY_BOOKING_COPY.notFound);

/**
 * 'Report a problem' (issue 21, DESIGN.md "Across nights"), mounted at `/api`:
 * - `GET /bookings/:id/tablemates` → `{ report_open, opens_at, tablemates: [{ ref, name, table_number }] }`:
 *   whether the guest may report about their booking now (from the dinner's start), and the guests
 *   who checked in at their table, each behind an opaque ref (never a user id). 404 for another's.
 * - `POST /reports` `{ booking_id?, category, description, about_ref? }` → 201 `{ report }`:
 *   400 invalid, 404 another guest's booking, 409 `report_not_open` before the start, 422
 *   `unknown_guest` for a ref that names nobody at the guest's table, 429 past the allowance.
 */
export const reportsRoutes = new Hono<AppEnv>()
  .get('/bookings/:id/tablemates', sessionOnce, requireUser, async (c) => {
    const id = c.req.param('id');
    const found = isBookingId(id) ? await tablematesForReport(c.env, c.var.db, c.get('user').id, id, new Date()) : null;
    if (!found) throw notFound();
    return c.json(found);
  })
  .post('/reports', sessionOnce, requireUser, jsonBody(ReportSchema), async (c) => {
    const report = await fileReport(c.env, c.var.db, { userId: c.get('user').id, input: c.req.valid('json') });
    return c.json({ report }, 201);
  });
