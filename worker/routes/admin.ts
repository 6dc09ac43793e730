import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { COPY } from '../domain/copy';
import { toCsv } from '../lib/csv';
import { ApiError } from '../lib/errors';
import { invalidInput, jsonBody } from '../lib/validate';
import { loadSession, requireRole } from '../middleware/session';
import { listAdminEvents, setEventAvailable } from '../services/admin-events';
import { ATTENDEE_CSV_HEADER, attendeeCsvRows, listAttendees } from '../services/attendees';
import { eventTarget, listAudit } from '../services/audit';

/** `PATCH /api/admin/events/:id`: only `available` for now; other fields come with the editor. */
const EventPatch = v.strictObject({ available: v.boolean(COPY.admin.availableRequired) }, COPY.admin.availableRequired);

/** An event id as the console sends it (ids are slugs or UUIDs). */
const EVENT_ID = /^[\w-]{1,100}$/;

/** A dinner's guest list, `?q=` searching name, phone or email; 404 when there is no such dinner. */
async function guestList(d: AppEnv['Variables']['db'], id: string, q: string | undefined) {
  const list = EVENT_ID.test(id) ? await listAttendees(d, id, q?.slice(0, 100)) : null;
  if (!list) throw new ApiError(404, 'not_found', COPY.admin.eventNotFound);
  return list;
}

/**
 * The operator console's API (DESIGN.md "Operating the product", docs/decisions/013). The gate
 * is the sub-app's first middleware, so every route below it, present or future, answers 401 to
 * a visitor and 403 to anyone but an operator (test/worker/admin-gate.test.ts walks them all).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(loadSession, requireRole('operator'))
  /** Every dinner, newest first, with seats sold / held / left, revenue and what needs a person. */
  .get('/events', async (c) => c.json(await listAdminEvents(c.var.db, new Date())))
  /** Hide or show a dinner; the change and its audit row are one batch. */
  .patch('/events/:id', jsonBody(EventPatch), async (c) => {
    const id = c.req.param('id');
    const result = EVENT_ID.test(id)
      ? await setEventAvailable(c.var.db, c.get('user').id, id, c.req.valid('json').available)
      : null;
    if (!result) throw new ApiError(404, 'not_found', COPY.admin.eventNotFound);
    return c.json(result);
  })
  /** A dinner's guest list: every booking with contact, ticket, seats, amount and status. */
  .get('/events/:id/attendees', async (c) => c.json(await guestList(c.var.db, c.req.param('id'), c.req.query('q'))))
  /** The same rows as a spreadsheet (worker/lib/csv.ts: BOM, RFC 4180, formulas neutralised). */
  .get('/events/:id/attendees.csv', async (c) => {
    const list = await guestList(c.var.db, c.req.param('id'), c.req.query('q'));
    return c.body(toCsv(ATTENDEE_CSV_HEADER, attendeeCsvRows(list.attendees)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="guests-${list.event.date}-${list.event.id}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  /** The audit log, newest first; `?event_id=` keeps one dinner's entries. */
  .get('/audit', async (c) => {
    const eventId = c.req.query('event_id');
    if (eventId !== undefined && !EVENT_ID.test(eventId)) throw invalidInput(COPY.admin.eventNotFound);
    return c.json({ entries: await listAudit(c.var.db, { target: eventId && eventTarget(eventId) }) });
  });
