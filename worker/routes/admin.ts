import { Hono } from 'hono';
import { LEDGER_COPY } from '@domain/ledger-rules';
import type { AppEnv } from '../app-env';
import { CONSOLE_COPY } from '@domain/copy-console';
import { toCsv } from '../lib/csv';
import { ApiError } from '../lib/errors';
import { vValidator } from '@hono/valibot-validator';
import * as v from 'valibot';
import type { BaseIssue } from 'valibot';
import { issueFields, invalidInput, jsonBody } from '../lib/validate';
import { loadSession, requireRole } from '../middleware/session';
import { adminCitiesRoutes } from './admin-cities';
import { adminCouponsRoutes } from './admin-coupons';
import { adminGrievancesRoutes } from './admin-grievances';
import { adminInvoicesRoutes } from './admin-invoices';
import { adminHostRoutes } from './admin-hosts';
import { adminTablesRoutes } from './admin-tables';
import { adminWaitlistRoutes } from './admin-waitlist';
import {
  createDinners,
  type DinnerFields,
  editDinner,
  getDinner,
  lastPricesOf,
  listAdminEvents,
} from '../services/admin-events';
import {
  DinnerPatch,
  NewDinner,
  type NewDinnerInput,
  NewSeries,
  type NewSeriesInput,
  seriesStarts,
  startOf,
  defaultEnd,
  endOf,
  endProblem,
  CITY_SLUG,
} from '@domain/dinner';
import { isCalendarDate, istDate } from '@domain/time';
import { queueSeatsFreed } from '../services/ledger/offers';
import { ATTENDEE_CSV_HEADER, attendeeCsvRows, listAttendees } from '../services/attendees';
import { isAuditCursor, listAudit } from '../services/audit';
import {
  type IssueRefundResult,
  listNeedsAttention,
  type RefundResult,
  type RetryResult,
  refundOrder,
  refundPaymentIssue,
  retryOrder,
} from '../services/needs-attention';
import { adminGuestMessageRoutes } from './admin-guest-messages';

/** The start must be ahead of now (a create or an edit that moves it); 400 with the field. */
function assertFuture(startsAt: string | undefined, now: Date, field: string) {
  if (startsAt !== undefined && new Date(startsAt).getTime() <= now.getTime()) {
    throw invalidInput(CONSOLE_COPY.dinner.startInPast, { [field]: CONSOLE_COPY.dinner.startInPast });
  }
}

/**
 * The end of a dinner starting at `startsAt`: the one sent (`ends_at` or `end_time`), else `fallback`
 * (three hours after the start for a new dinner). 400 on the field sent when it is not after the
 * start on the same IST date.
 */
function endFor(x: { ends_at?: string; end_time?: string }, startsAt: string, fallback: string) {
  const endsAt = endOf(x, startsAt) ?? fallback;
  const problem = endProblem(startsAt, endsAt);
  if (problem) throw invalidInput(problem, { [x.ends_at !== undefined ? 'ends_at' : 'end_time']: problem });
  return endsAt;
}

/** 400 on `city`: a dinner's city must be in the cities table (nothing is written). */
const unknownCity = () => invalidInput(CONSOLE_COPY.dinner.cityUnknown, { city: CONSOLE_COPY.dinner.cityUnknown });

/** The prices a new dinner gets: those sent, the rest from the city's last dinner (one read, only if needed). */
async function pricesFor(d: AppEnv['Variables']['db'], x: NewDinnerInput | NewSeriesInput) {
  const sent = {
    ticket_price_single: x.ticket_price_single,
    ticket_price_couple: x.ticket_price_couple,
    ticket_price_group: x.ticket_price_group,
  };
  if (Object.values(sent).every((p) => p !== undefined)) return sent as Record<keyof typeof sent, number>;
  const { cityKnown, prices: last } = await lastPricesOf(d, x.city);
  if (!cityKnown) throw unknownCity();
  if (!last) {
    const missing = Object.fromEntries(
      Object.entries(sent)
        .filter(([, p]) => p === undefined)
        .map(([k]) => [k, CONSOLE_COPY.dinner.pricesMissing]),
    );
    throw invalidInput(CONSOLE_COPY.dinner.pricesMissing, missing);
  }
  return {
    ticket_price_single: sent.ticket_price_single ?? last.ticket_price_single,
    ticket_price_couple: sent.ticket_price_couple ?? last.ticket_price_couple,
    ticket_price_group: sent.ticket_price_group ?? last.ticket_price_group,
  };
}

/** The fields of a new dinner from `startsAt` to `endsAt`, from a create or series body. */
function dinnerOf(
  x: NewDinnerInput | NewSeriesInput,
  prices: Awaited<ReturnType<typeof pricesFor>>,
  startsAt: string,
  endsAt: string,
): DinnerFields {
  return {
    city: x.city,
    title: x.title,
    description: x.description,
    location: x.location,
    starts_at: startsAt,
    ends_at: endsAt,
    date: istDate(startsAt),
    capacity: x.capacity,
    ...prices,
    venue_name: x.venue_name || null,
    venue_address: x.venue_address || null,
    image_url: x.image_url ?? DEFAULT_IMAGE,
    available: x.available,
  };
}

/** A new dinner's picture when none is given. */
const DEFAULT_IMAGE = '/images/events/gurugram.svg';

/** An event id as the console sends it (ids are slugs or UUIDs). */
const EVENT_ID = /^[\w-]{1,100}$/;

/** An order id or a Razorpay payment id as the console sends it. */
const ORDER_ID = /^[\w-]{1,100}$/;

const L = CONSOLE_COPY.admin.list;
/** `GET /events`'s query: every key optional, an empty one as if absent. */
const EventsQuery = v.object({
  status: v.optional(v.picklist(['upcoming', 'past'], L.statusInvalid)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, L.queryTooLong))),
  city: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(CITY_SLUG, L.cityInvalid))], L.cityInvalid)),
  from: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.check(isCalendarDate, L.dateInvalid))], L.dateInvalid)),
  to: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.check(isCalendarDate, L.dateInvalid))], L.dateInvalid)),
  page: v.optional(
    v.pipe(
      v.string(L.pageInvalid),
      v.regex(/^\d{1,5}$/, L.pageInvalid),
      v.transform(Number),
      v.minValue(1, L.pageInvalid),
    ),
  ),
});
const eventsQuery = vValidator('query', EventsQuery, (result) => {
  if (!result.success) {
    const issues = result.issues as readonly BaseIssue<unknown>[];
    throw invalidInput(issues[0]?.message ?? L.statusInvalid, issueFields(issues));
  }
});

/** A needs-attention action's refusal as the API's error, else its answer. */
function settled<R extends RetryResult | RefundResult | IssueRefundResult>(result: R | null) {
  if (!result || result.kind === 'not_found') throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.orderNotFound);
  if (result.kind === 'not_flagged') throw new ApiError(409, 'not_flagged', CONSOLE_COPY.admin.orderNotFlagged);
  if (result.kind === 'no_seat') throw new ApiError(409, 'no_seat', CONSOLE_COPY.admin.retryNoSeat);
  if (result.kind === 'refunding') throw new ApiError(409, 'refund_under_way', LEDGER_COPY.refundUnderWay);
  if (result.kind === 'account_closed') throw new ApiError(409, 'account_closed', LEDGER_COPY.retryAccountClosed);
  if (result.kind === 'refund_failed') throw new ApiError(502, 'refund_failed', CONSOLE_COPY.admin.refundFailed);
  return result as Extract<R, { kind: 'done' }>;
}

/** A dinner's guest list, `?q=` searching name, phone or email; 404 when there is no such dinner. */
async function guestList(d: AppEnv['Variables']['db'], id: string, q: string | undefined) {
  const list = EVENT_ID.test(id) ? await listAttendees(d, id, q?.slice(0, 100)) : null;
  if (!list) throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);
  return list;
}

/**
 * The operator console's API (DESIGN.md "Operating the product", docs/decisions/013). The gate
 * is the sub-app's first middleware, so every route below it, present or future, answers 401 to
 * a visitor and 403 to anyone but an operator (test/worker/admin-gate.test.ts walks them all).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(loadSession, requireRole('operator'))
  /** Coupons (routes/admin-coupons.ts), behind the same gate. */
  .route('/coupons', adminCouponsRoutes)
  .route('/cities', adminCitiesRoutes)
  /** Cancelling a dinner and messaging its guests (routes/admin-guest-messages.ts), behind the same gate. */
  .route('/events', adminGuestMessageRoutes)
  /** A dinner's hosts (routes/admin-hosts.ts), behind the same gate. */
  .route('/events', adminHostRoutes)
  .route('/events', adminTablesRoutes)
  /** A dinner's waitlist and "offer now", and credit granted by hand (routes/admin-waitlist.ts), behind the same gate. */
  .route('/', adminWaitlistRoutes)
  /** Grievances and their replies, and the accountant's invoices export (issue 22), behind the same gate. */
  .route('/grievances', adminGrievancesRoutes)
  .route('/', adminInvoicesRoutes)
  /**
   * The dashboard's dinners with seats sold / held / left, revenue and what needs a person:
   * `?status=upcoming|past` gives one page (`&page=`) searched (`&q=`: title, area, city, id), in
   * one city (`&city=`) and between IST dates (`&from=`, `&to=`), paged in SQL; without `status`,
   * every dinner, newest first (the coupon and audit pages' pickers).
   */
  .get('/events', eventsQuery, async (c) => {
    const { status, page, ...rest } = c.req.valid('query');
    const filter = status ? { status, page: page ?? 1, ...rest } : undefined;
    return c.json(await listAdminEvents(c.var.db, new Date(), filter));
  })
  /** Creates one dinner (and its audit row, one batch); prices left out come from the city's last dinner. */
  .post('/events', jsonBody(NewDinner), async (c) => {
    const body = c.req.valid('json');
    const now = new Date();
    const startsAt = startOf(body) as string;
    assertFuture(startsAt, now, body.starts_at !== undefined ? 'starts_at' : 'date');
    const endsAt = endFor(body, startsAt, defaultEnd(startsAt));
    const prices = await pricesFor(c.var.db, body);
    const created = await createDinners(c.var.db, c.get('user').id, [dinnerOf(body, prices, startsAt, endsAt)]);
    if (!created) throw unknownCity();
    return c.json({ event: created[0] }, 201);
  })
  /** A weekly series: one dinner per week on `weekday` at `local_time` (IST), all in one batch. */
  .post('/series', jsonBody(NewSeries), async (c) => {
    const body = c.req.valid('json');
    const prices = await pricesFor(c.var.db, body);
    const starts = seriesStarts(body.weekday, body.local_time, body.weeks, new Date());
    const ends = starts.map((s) => endFor(body, s, defaultEnd(s)));
    const created = await createDinners(
      c.var.db,
      c.get('user').id,
      starts.map((s, i) => dinnerOf(body, prices, s, ends[i])),
    );
    if (!created) throw unknownCity();
    return c.json({ events: created }, 201);
  })
  /** One dinner as the editor shows it. */
  .get('/events/:id', async (c) => {
    const id = c.req.param('id');
    const event = EVENT_ID.test(id) ? await getDinner(c.var.db, id) : null;
    if (!event) throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);
    return c.json({ event });
  })
  /**
   * Edits a dinner, any of its fields; one conditional UPDATE and its audit row in one batch.
   * 409 when the new capacity is below the seats already taken (nothing changed).
   */
  .patch('/events/:id', jsonBody(DinnerPatch), async (c) => {
    const id = c.req.param('id');
    const json = c.req.valid('json');
    const { date: _date, time: _time, end_time: _endTime, ...body } = json;
    const now = new Date();
    const startsAt = startOf(json);
    assertFuture(startsAt, now, json.starts_at !== undefined ? 'starts_at' : 'date');
    const patch: Partial<DinnerFields> = { ...body };
    if (startsAt !== undefined || json.ends_at !== undefined || json.end_time !== undefined) {
      // A time edit: the start and end are written together, checked together. What is not sent
      // comes from the dinner as it is (a moved start keeps the dinner's length).
      const current = EVENT_ID.test(id) ? await getDinner(c.var.db, id) : null;
      if (!current) throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);
      const start = startsAt ?? current.starts_at;
      const length = new Date(current.ends_at).getTime() - new Date(current.starts_at).getTime();
      const endsAt = endFor(json, start, new Date(new Date(start).getTime() + length).toISOString());
      Object.assign(patch, { starts_at: start, ends_at: endsAt, date: istDate(start) });
    }
    const result = EVENT_ID.test(id) ? await editDinner(c.var.db, c.get('user').id, id, patch, now) : null;
    if (!result || result.kind === 'not_found') throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.eventNotFound);
    if (result.kind === 'unknown_city') throw unknownCity();
    if (result.kind === 'capacity_below_taken') {
      throw new ApiError(409, 'capacity_below_taken', CONSOLE_COPY.dinner.capacityBelowTaken(result.taken));
    }
    // A cancelled dinner matches no edit (services/admin-events.ts): never edited or shown again.
    if (!result.changed && result.event.cancelled_at)
      throw new ApiError(409, 'dinner_cancelled', CONSOLE_COPY.guestMessages.cannotEditCancelled);
    // More seats, or back on sale: the waitlist is offered them now, off the queue (the cron would within 5 minutes).
    if (result.changed && (patch.capacity !== undefined || patch.available === true)) await queueSeatsFreed(c.env, id);
    return c.json({ event: result.event, changed: result.changed });
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
    if (c.req.query('status') !== 'needs_attention') throw invalidInput(CONSOLE_COPY.admin.orderStatusFilter);
    return c.json(await listNeedsAttention(c.var.db));
  })
  /**
   * Books a flagged order again through the pipeline; 409 `no_seat` when it needs a seat and none is
   * free, 409 `account_closed` when its guest is suspended or deleted (refunded, never booked).
   */
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
    if (!result || result.kind === 'not_found') throw new ApiError(404, 'not_found', CONSOLE_COPY.admin.issueNotFound);
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
  /**
   * The audit log, newest first, a page at a time: `?event_id=` keeps one dinner's entries (its
   * orders' too), `?before=` is the `next_before` of the page before.
   */
  .get('/audit', async (c) => {
    const eventId = c.req.query('event_id') || undefined;
    const before = c.req.query('before') || undefined;
    if (eventId !== undefined && !EVENT_ID.test(eventId))
      throw invalidInput(CONSOLE_COPY.admin.eventNotFound, { event_id: CONSOLE_COPY.admin.eventNotFound });
    if (before !== undefined && !isAuditCursor(before))
      throw invalidInput(CONSOLE_COPY.admin.auditCursorInvalid, { before: CONSOLE_COPY.admin.auditCursorInvalid });
    return c.json(await listAudit(c.var.db, { eventId, before }));
  });
