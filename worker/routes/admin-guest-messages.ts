import { Hono } from 'hono';
import type { AppEnv, SessionUser } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { CancelDinner, MessageGuests } from '@domain/guest-messages';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { cancelDinner, enqueueDeliveries, guestMessagesOf, postAnnouncement } from '../services/guest-messages';
import { creditNotesForReleaseCredit } from '../services/invoices';

const G = CONSOLE_COPY.guestMessages;

/** An event id as the console sends it (ids are slugs or UUIDs). */
const EVENT_ID = /^[\w-]{1,100}$/;

/** The gate of routes/admin.ts runs first: below it the session is an operator's. */
type OperatorEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { user: SessionUser } };

const notFound = () => new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);

/**
 * Cancelling a dinner and messaging its guests (DESIGN.md "Operating the product",
 * docs/decisions/016), mounted under `/api/admin/events` behind the console's gate
 * (routes/admin.ts). Each write is one D1 batch; delivery goes through the `bookings` queue
 * afterwards. `queued: false` says that enqueueing failed after the write: the cron enqueues
 * what is undelivered within minutes, and nothing is ever sent twice.
 */
export const adminGuestMessageRoutes = new Hono<OperatorEnv>()
  /** The dinner (cancelled or not), how many confirmed guests a message reaches, and the messages sent. */
  .get('/:id/messages', async (c) => {
    const id = c.req.param('id');
    const found = EVENT_ID.test(id) ? await guestMessagesOf(c.var.db, id) : null;
    if (!found) throw notFound();
    return c.json(found);
  })
  /**
   * Cancels a dinner that has not started: hidden for good, holds released, every confirmed guest
   * told by email and WhatsApp (a full refund or a move). 409 when it already started, or was
   * already cancelled (then whoever was not told yet is enqueued again; nobody hears it twice).
   */
  .post('/:id/cancel', jsonBody(CancelDinner), async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    const result = await cancelDinner(c.var.db, c.get('user').id, id, c.req.valid('json').reason, new Date());
    if (result.kind === 'not_found') throw notFound();
    if (result.kind === 'started') throw new ApiError(409, 'dinner_started', G.dinnerStarted);
    if (result.kind === 'already_cancelled') {
      if (result.messageId && result.bookingIds.length > 0)
        await enqueueDeliveries(c.env, result.messageId, result.bookingIds);
      throw new ApiError(409, 'already_cancelled', G.alreadyCancelled);
    }
    // Releases credited in the cancellation's batch: their credit notes (decision 030; never throws).
    // Only when there were any: a cancel costs two round trips (test/worker/contract.test.ts).
    if (result.creditedReleases > 0) await creditNotesForReleaseCredit(c.env, c.var.db, id);
    const queued = await enqueueDeliveries(c.env, result.message.id, result.bookingIds);
    return c.json({
      event: { id, available: false, cancelled_at: result.cancelledAt, cancel_reason: result.reason },
      message: result.message,
      queued,
    });
  })
  /**
   * An announcement by email and WhatsApp to every confirmed guest; 409 when there is nobody to
   * tell. Idempotent on `message_id`: a repeat answers the stored message with 200 (201 the first
   * time) and enqueues only whoever it has not reached yet; nobody hears it twice.
   */
  .post('/:id/message', jsonBody(MessageGuests), async (c) => {
    const id = c.req.param('id');
    if (!EVENT_ID.test(id)) throw notFound();
    const result = await postAnnouncement(c.var.db, c.get('user').id, id, c.req.valid('json'), new Date());
    if (result.kind === 'not_found') throw notFound();
    if (result.kind === 'cancelled') throw new ApiError(409, 'dinner_cancelled', G.dinnerCancelled);
    if (result.kind === 'no_guests') throw new ApiError(409, 'no_guests', G.noGuests);
    if (result.kind === 'id_reused') throw new ApiError(409, 'message_id_reused', G.messageIdReused);
    const queued =
      result.bookingIds.length === 0 || (await enqueueDeliveries(c.env, result.message.id, result.bookingIds));
    return c.json({ message: result.message, queued }, result.repeated ? 200 : 201);
  });
