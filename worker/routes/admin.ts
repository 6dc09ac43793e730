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
import {
  type IssueRefundResult,
  listNeedsAttention,
  type RefundResult,
  type RetryResult,
  refundOrder,
  refundPaymentIssue,
  retryOrder,
} from '../services/needs-attention';

/** `PATCH /api/admin/events/:id`: only `available` for now; other fields come with the editor. */
const EventPatch = v.strictObject({ available: v.boolean(COPY.admin.availableRequired) }, COPY.admin.availableRequired);

/** An event id as the console sends it (ids are slugs or UUIDs). */
const EVENT_ID = /^[\w-]{1,100}$/;

/** An order id or a Razorpay payment id as the console sends it. */
const ORDER_ID = /^[\w-]{1,100}$/;

/** A needs-attention action's refusal as the API's error, else its answer. */
function settled<R extends RetryResult | RefundResult | IssueRefundResult>(result: R | null) {
  if (!result || result.kind === 'not_found') throw new ApiError(404, 'not_found', COPY.admin.orderNotFound);
  if (result.kind === 'not_flagged') throw new ApiError(409, 'not_flagged', COPY.admin.orderNotFlagged);
  if (result.kind === 'no_seat') throw new ApiError(409, 'no_seat', COPY.admin.retryNoSeat);
  if (result.kind === 'refund_failed') throw new ApiError(502, 'refund_failed', COPY.admin.refundFailed);
  return result as Extract<R, { kind: 'done' }>;
}

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
  /** Paid orders the pipeline could not finish, and payments no order carries (`?status=needs_attention`). */
  .get('/orders', async (c) => {
    if (c.req.query('status') !== 'needs_attention') throw invalidInput(COPY.admin.orderStatusFilter);
    return c.json(await listNeedsAttention(c.var.db));
  })
  /** Books a flagged order again through the pipeline; 409 when it needs a seat and none is free. */
  .post('/orders/:id/retry', async (c) => {
    const id = c.req.param('id');
    const { order, booking } = settled(
      ORDER_ID.test(id) ? await retryOrder(c.env, c.var.db, c.get('user').id, id) : null,
    );
    return c.json({ order, booking });
  })
  /** Refunds a flagged order in full (idempotency key `refund_<payment id>`) and frees its seat. */
  .post('/orders/:id/refund', async (c) => {
    const id = c.req.param('id');
    const { order, refund_id } = settled(
      ORDER_ID.test(id) ? await refundOrder(c.env, c.var.db, c.get('user').id, id) : null,
    );
    return c.json({ order, refund_id });
  })
  /** Refunds a payment issue's payment in full (once) and resolves the issue. */
  .post('/payment-issues/:payment_id/refund', async (c) => {
    const id = c.req.param('payment_id');
    const result = ORDER_ID.test(id) ? await refundPaymentIssue(c.env, c.var.db, c.get('user').id, id) : null;
    if (!result || result.kind === 'not_found') throw new ApiError(404, 'not_found', COPY.admin.issueNotFound);
    const { issue, refund_id } = settled(result);
    return c.json({
      issue: {
        payment_id: issue.paymentId,
        kind: issue.kind,
        detail: issue.detail,
        refunded_at: issue.refundedAt,
        resolved_at: issue.resolvedAt,
      },
      refund_id,
    });
  })
  /** The audit log, newest first; `?event_id=` keeps one dinner's entries. */
  .get('/audit', async (c) => {
    const eventId = c.req.query('event_id');
    if (eventId !== undefined && !EVENT_ID.test(eventId)) throw invalidInput(COPY.admin.eventNotFound);
    return c.json({ entries: await listAudit(c.var.db, { target: eventId && eventTarget(eventId) }) });
  });
