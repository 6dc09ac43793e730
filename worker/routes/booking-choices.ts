import { Hono } from 'hono';
import { LEDGER_COPY } from '@domain/ledger-rules';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { CancellationChoiceBody, CHOICE_COPY, isBookingId, RunningLateBody } from '@domain/booking-choice';
import { ApiError } from '../lib/errors';
import { invalidInput, jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { bookingChoices, type ChoiceRefusal, chooseMove, chooseRefund } from '../services/booking-choices';
import { queueConfirmation, queueRunningLate } from '../services/booking-queue';
import { enqueueRefunds } from '../services/ledger/cancelled-refunds';
import { sayRunningLate } from '../services/running-late';

const C = CHOICE_COPY;

/**
 * The session, read once: routes/bookings.ts, mounted on the same prefix, may have read it for
 * this request already (a second read would cost a D1 round trip).
 */
const sessionOnce = createMiddleware<AppEnv>(async (c, next) =>
  c.var.user === undefined ? loadSession(c, next) : next(),
);
const notFound = () => new ApiError(404, 'not_found', C.notFound);

/** Each refusal of a choice, as the API answers it. */
const REFUSALS: Record<ChoiceRefusal, () => ApiError> = {
  not_found: notFound,
  chosen_refund: () => new ApiError(409, 'already_chosen', C.chosenRefund),
  chosen_move: () => new ApiError(409, 'already_chosen', C.chosenMove),
  not_cancelled: () => new ApiError(409, 'not_cancelled', C.notCancelled),
  closed: () => new ApiError(409, 'choice_closed', C.choiceClosed),
  move_closed: () => new ApiError(409, 'choice_closed', C.moveClosed),
  target_unavailable: () => new ApiError(409, 'dinner_unavailable', C.targetUnavailable),
  target_costs_more: () => new ApiError(409, 'move_costs_more', LEDGER_COPY.moveCostsMore),
  target_full: () => new ApiError(409, 'dinner_full', C.targetFull),
};

/**
 * The guest's own booking when we cancel its dinner, and on the night (DESIGN.md "My Booking"):
 * mounted beside routes/bookings.ts under `/api/bookings`. Another guest's booking is a 404.
 */
export const bookingChoiceRoutes = new Hono<AppEnv>()
  .use(sessionOnce, requireUser)
  /** The booking's state and, while its cancelled dinner's choice is open, the dinners it may move to. */
  .get('/:id/choices', async (c) => {
    const id = c.req.param('id');
    const found = isBookingId(id) ? await bookingChoices(c.var.db, c.get('user').id, id, new Date()) : null;
    if (!found) throw notFound();
    return c.json(found);
  })
  /**
   * `{ choice: "refund" | "move", event_id? }`: a full refund (requested through the queue) or a
   * move to a bookable dinner with room. The same choice again answers the same; another is 409.
   */
  .post('/:id/cancellation-choice', jsonBody(CancellationChoiceBody), async (c) => {
    const id = c.req.param('id');
    if (!isBookingId(id)) throw notFound();
    const body = c.req.valid('json');
    const userId = c.get('user').id;
    const now = new Date();
    if (body.choice === 'move' && !body.event_id) throw invalidInput(C.eventRequired, { event_id: C.eventRequired });
    const result =
      body.choice === 'refund'
        ? await chooseRefund(c.var.db, userId, id, now)
        : await chooseMove(c.var.db, userId, id, body.event_id as string, now);
    if (result.kind === 'refund') {
      // Requested off the request; a failed enqueue is picked up by the cron within minutes.
      if (result.owed) await enqueueRefunds(c.env, [id]);
      return c.json({ booking: result.booking });
    }
    if (result.kind === 'moved') {
      if (result.fresh) {
        // The new confirmation, retried by the queue until delivered.
        await queueConfirmation(c.env, id);
      }
      return c.json({ booking: result.booking });
    }
    throw REFUSALS[result.kind]();
  })
  /** `{ minutes }`: on the day of the dinner, tells its host(s) how late the guest will be. */
  .post('/:id/running-late', jsonBody(RunningLateBody), async (c) => {
    const id = c.req.param('id');
    if (!isBookingId(id)) throw notFound();
    const result = await sayRunningLate(c.var.db, c.get('user').id, id, c.req.valid('json').minutes, new Date());
    switch (result.kind) {
      case 'not_found':
        throw notFound();
      case 'not_open':
        throw new ApiError(409, 'not_open', C.lateNotOpen);
      case 'not_today':
        throw new ApiError(409, 'not_today', C.lateNotToday);
      case 'over':
        throw new ApiError(409, 'too_late', C.lateOver);
      case 'too_soon':
        throw new ApiError(429, 'too_soon', C.lateTooSoon);
    }
    const at = result.booking.running_late_at as string;
    await queueRunningLate(c.env, id, at);
    return c.json({ booking: result.booking });
  });
