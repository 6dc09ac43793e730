import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { CheckInByCode, CheckInByName, EVENT_ID } from '@domain/host';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { loadSession, requireRole } from '../middleware/session';
import { type CheckInResult, checkIn, hostNight, listHostEvents } from '../services/host-night';

const H = CONSOLE_COPY.host;

const notFound = () => new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);

/** A check-in's refusal as the API's error, else its answer: 200, `already: true` on a second one. */
function answer(result: CheckInResult, unknown: string) {
  switch (result.kind) {
    case 'not_found':
      throw new ApiError(404, 'not_found', unknown);
    case 'forbidden':
      throw new ApiError(403, 'not_your_dinner', H.ticketNotYours);
    case 'wrong_dinner':
      throw new ApiError(409, 'wrong_dinner', H.wrongDinner(result.title, result.date));
    case 'dinner_cancelled':
      throw new ApiError(409, 'dinner_cancelled', H.dinnerCancelled);
    case 'no_show':
      throw new ApiError(409, 'no_show', H.noShow);
    case 'not_open':
      throw new ApiError(409, 'check_in_not_open', H.checkInNotOpen(result.opens));
    case 'closed':
      throw new ApiError(409, 'check_in_closed', H.checkInClosed);
    case 'not_valid':
      throw new ApiError(409, 'not_valid', H.notValid);
    case 'checked_in':
      return { guest: result.guest, already: result.already };
  }
}

/**
 * The host's API (DESIGN.md "The night", docs/decisions/019). The gate is the sub-app's first
 * middleware: 401 signed out, 403 for a guest; hosts and operators pass. Below it a host acts only
 * on the dinners assigned to them (403 on another dinner, which is no secret: dinners are public),
 * an operator on every dinner ("operators manage everything"), so an operator can run a night
 * whose host is missing.
 */
export const hostRoutes = new Hono<AppEnv>()
  .use(loadSession, requireRole('host', 'operator'))
  /** The dinners this host runs: today's and upcoming first, then the last 30 days. */
  .get('/events', async (c) => c.json(await listHostEvents(c.var.db, c.get('user'), new Date())))
  /** A dinner's night: its guests, who has checked in, who is running late, the head counts. */
  .get('/events/:id', async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    const night = await hostNight(c.var.db, c.get('user'), id, new Date());
    if (night.kind === 'not_found') throw notFound();
    if (night.kind === 'forbidden') throw new ApiError(403, 'not_your_dinner', H.notYourDinner);
    const { kind: _kind, ...body } = night;
    return c.json(body);
  })
  /**
   * Checks in the guest whose ticket code was scanned or typed (any case, spaces or dashes). 404
   * for an unknown code, 403 for a ticket of a dinner this host does not run, 409 for a ticket of
   * another dinner than `event_id`, a cancelled dinner, a no-show or a moved or refunded booking
   * (nothing changes); a second check-in answers 200 with `already: true`.
   */
  .post('/check-in', jsonBody(CheckInByCode), async (c) => {
    const { ticket_code, event_id } = c.req.valid('json');
    const result = await checkIn(c.var.db, c.get('user'), { ticketCode: ticket_code }, event_id);
    return c.json(answer(result, H.ticketUnknown));
  })
  /** Checks in the guest whose name the host tapped on this dinner's list; the same rules. */
  .post('/events/:id/check-in', jsonBody(CheckInByName), async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    const result = await checkIn(c.var.db, c.get('user'), { bookingId: c.req.valid('json').booking_id }, id);
    // A booking of another dinner is not on this list.
    const elsewhere = result.kind === 'wrong_dinner' || (result.kind === 'forbidden' && result.otherDinner);
    return c.json(answer(elsewhere ? { kind: 'not_found' } : result, H.bookingUnknown));
  });
