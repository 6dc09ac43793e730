/**
 * The ledger's invariants (worker/domain/ledger-invariants.ts) under random interleavings of
 * everything that moves seats and money (issue 19), driven only through the product's public
 * surfaces, so the test outlives any refactor of the modules behind them:
 *
 * - HTTP, through the Worker's own `fetch`: POST /api/orders (with and without `use_credit`),
 *   /api/payments/verify, /api/webhooks/razorpay (payment.captured, order.paid, payment.failed,
 *   refund.processed), /api/bookings/:id/reschedule, /api/bookings/:id/cancellation-choice,
 *   /api/bookings/:id/release ("can't make it"), the waitlist (POST and DELETE
 *   /api/events/:id/waitlist, POST /api/offers/:token/accept with and without credit), and the
 *   operator's /api/admin/orders/:id/refund and /retry, /api/admin/payment-issues/:id/refund,
 *   /api/admin/events/:id/cancel, PATCH /api/admin/events/:id (hide) and
 *   POST /api/admin/users/:id/credit (a grant);
 * - the queue consumer (`worker.queue`, on `bookings` and `bookings-dlq`) and the cron
 *   (`worker.scheduled`);
 * - the sandbox's Razorpay: `/checkout/pay` (a capture, a failed attempt, a second capture of the
 *   same order) and `POST /v1/payments/:id/refund` (a refund from Razorpay's dashboard).
 *
 * The Worker runs on an env whose `BOOKINGS` queue records what is sent, and the test is the
 * queue: it delivers messages in any order, redelivers them (at least once), or hands them to the
 * dead-letter consumer (as the platform does after `max_retries`). It is also the network: each
 * report of a capture (verify, the two webhooks) arrives at once, later, twice, or never (then
 * only reconciliation finds the money). Time is moved by writing rows: a hold ends by moving
 * `hold_expires_at` to just now (an offer lapses the same way), a dinner starts by moving
 * `starts_at` to just now (never further back, so what happened before keeps its order).
 *
 * Each run: 1-3 fresh dinners in one city (so a booking may move between them) of 2-6 seats, some
 * starting in 30 hours (inside the 48 hours, so a guest may release a booking there; offers still
 * go out) and the others in 10 days (so a booking may be rescheduled), 0-2 capped coupons (some for
 * one dinner, some for some tickets), 0-3 grants of credit, maybe the first dinner sold out by
 * bookings or holds of its first guests, 5-18 steps by six guests reused across runs (their credit is
 * wiped after each run, so a run starts at a balance of 0). Then quiescence: every hold and offer
 * ends, every report not lost arrives, the queue drains, the cron runs, an operator works the
 * needs-attention list (retry, else refund), until nothing moves; then every offer the cron made
 * meanwhile lapses in turn and the cron passes its seats on, until none is out. Then `checkLedger`
 * must find nothing. On failure fast-check prints the seed, the
 * path and the shrunk steps; the error carries the violations and what each step answered.
 *
 * Knobs (environment of the vitest process, `VITE_`-prefixed so they reach workerd):
 * VITE_LEDGER_RUNS (default 250), VITE_LEDGER_SEED (default: random, printed), VITE_LEDGER_PATH
 * (with the seed, replays a shrunk case), VITE_LEDGER_INVARIANT (check only the named invariant,
 * to find each one's own smallest counterexample; `none` checks nothing, to time the runs alone),
 * VITE_LEDGER_SCENARIO (a counterexample's JSON, run first and shrunk if it fails; with
 * VITE_LEDGER_RUNS=1 it is the only run), VITE_LEDGER_WITHOUT (kinds of step the random runs leave
 * out, comma-separated, e.g. `dashboard-refund` to look past that hole), VITE_LEDGER_TIME_LIMIT_MS
 * (default 600000: runs and shrinking stop there).
 * VITE_LEDGER_STRICT (any value: the random runs look past no open hole, see OPEN),
 * VITE_LEDGER_DEBUG (any value: print every run's steps and the Worker's log lines, green or not).
 * Before the random runs, each hole found so far runs as its own named test (KNOWN below; the
 * ones still open in the ledger, OPEN, are skipped until fixed).
 * Vitest caches transformed modules with `import.meta.env` inlined: pass `--no-fsModuleCache`
 * with any knob, or a cached transform keeps the knobs of an earlier run.
 * @example VITE_LEDGER_RUNS=200 VITE_LEDGER_SEED=42 npx vitest run --no-fsModuleCache --config test/worker/vitest.config.ts test/worker/ledger.property.test.ts
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { userProfiles, users } from '../../db/schema';
import { checkLedger, LEDGER_INVARIANTS } from '../../worker/domain/ledger-invariants';
import { ticketsFor } from '../../worker/domain/ledger-rules';
import { TICKET_TYPES, type TicketType } from '../../worker/domain/pricing';
import type { BookingMessage } from '../../worker/env';
import worker from '../../worker/index';
import { hmacSha256Hex } from '../../worker/lib/crypto';
import { createEvent, createGuest, razorpayGet } from './helpers/booking-fixtures';
import type { EventRow } from './helpers/event-row';
import { readLedgerSnapshot } from './helpers/ledger-snapshot';
import { ORIGIN } from './helpers/session-cookie';

/**
 * A knob from the vitest process's environment. The tests run in workerd, where `process.env` is
 * not the shell's; Vite hands `VITE_`-prefixed variables to `import.meta.env`.
 */
const knob = (name: string): string | undefined =>
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.[`VITE_${name}`] || undefined;
// 250 since issue 20 (1,000 before): a run now sets up credit and sold-out dinners, takes more
// steps and settles offers, and the cron has more to do; on the same machine 100 runs took about
// five times as long as issue 19's. CI runs the default.
const NUM_RUNS = Number(knob('LEDGER_RUNS') ?? 250);
const SEED = knob('LEDGER_SEED') === undefined ? Date.now() % 2 ** 31 : Number(knob('LEDGER_SEED'));
const PATH = knob('LEDGER_PATH');
const ONLY = knob('LEDGER_INVARIANT');
/** A scenario to run (JSON, as a counterexample prints it) before the random ones. */
const SCENARIO = knob('LEDGER_SCENARIO');
/** Kinds of step to leave out (comma-separated), e.g. to look past a hole already known. */
const WITHOUT = new Set((knob('LEDGER_WITHOUT') ?? '').split(',').filter(Boolean));

const WEBHOOK_SECRET = 'sandbox_webhook_secret';
const BASIC = `Basic ${btoa('rzp_test_sandbox:sandbox_key_secret')}`;
/** The platform's `max_retries` on `bookings` (wrangler.toml): after this many retries, the dead-letter queue. */
const MAX_RETRIES = 3;
/** Dead-letter attempts the test makes before it calls a message stuck. */
const DLQ_ATTEMPTS = 3;

type Sex = 'male' | 'female';
type Guest = { userId: string; cookie: string; sex: Sex };
let guests: Guest[] = [];
let operatorCookie = '';

// ---------------------------------------------------------------------------------------------
// The steps
// ---------------------------------------------------------------------------------------------

type Report = 'now' | 'later' | 'lost';
type Reports = { verify: Report; captured: Report; paid: Report };
type Step =
  | { k: 'order'; guest: number; dinner: number; ticket: number; coupon: number; credit?: boolean }
  | ({ k: 'pay'; order: number } & Reports)
  | { k: 'fail'; order: number; report: Report }
  | { k: 'deliver'; pick: number; twice: boolean }
  | { k: 'queue'; pick: number; mode: 'once' | 'twice' | 'dead-letter' }
  | { k: 'drain' }
  | { k: 'expire'; order: number }
  | { k: 'cron' }
  | { k: 'dashboard-refund'; payment: number }
  | { k: 'reschedule'; booking: number; dinner: number }
  | { k: 'cancel'; dinner: number }
  | { k: 'choice'; booking: number; refund: boolean; dinner: number }
  | { k: 'start'; dinner: number }
  | { k: 'hide'; dinner: number }
  | { k: 'operator'; pick: number; refund: boolean }
  | { k: 'book'; guest: number; dinner: number; ticket: number; credit: boolean }
  | { k: 'join'; guest: number; dinner: number; ticket: number }
  | { k: 'leave'; guest: number; dinner: number }
  | { k: 'release'; booking: number }
  | { k: 'accept'; pick: number; credit: boolean; pay: Reports | null }
  | { k: 'lapse'; pick: number }
  | { k: 'grant'; guest: number; amount: number };

const pick = fc.nat(7);
const grantAmount = fc.constantFrom(100, 250, 600, 1500);
const report = fc.constantFrom<Report>('now', 'now', 'later', 'later', 'lost');
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('order' as const),
      guest: fc.nat(5),
      dinner: pick,
      ticket: pick,
      coupon: fc.nat(2),
      credit: fc.boolean(),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('pay' as const),
      order: pick,
      verify: report,
      captured: report,
      paid: report,
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('fail' as const), order: pick, report }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('deliver' as const), pick, twice: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('queue' as const),
      pick,
      mode: fc.constantFrom('once', 'once', 'twice', 'dead-letter'),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ k: 'drain' as const }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('expire' as const), order: pick }) },
  { weight: 2, arbitrary: fc.constant({ k: 'cron' as const }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('dashboard-refund' as const), payment: pick }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('reschedule' as const), booking: pick, dinner: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cancel' as const), dinner: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('choice' as const), booking: pick, refund: fc.boolean(), dinner: pick }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('start' as const), dinner: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('hide' as const), dinner: pick }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('operator' as const), pick, refund: fc.boolean() }) },
  // Issue 20: the waitlist, its offers, "can't make it" and credit.
  // A guest who books and is confirmed at once (order, pay, verify's report, the queue drained):
  // the seated guests a line, a release and a resale need.
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('book' as const),
      guest: fc.nat(5),
      dinner: pick,
      ticket: pick,
      credit: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant('join' as const), guest: fc.nat(5), dinner: pick, ticket: pick }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('leave' as const), guest: fc.nat(5), dinner: pick }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('release' as const), booking: pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('accept' as const),
      pick,
      credit: fc.boolean(),
      pay: fc.option(fc.record({ verify: report, captured: report, paid: report }), { freq: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('lapse' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('grant' as const),
      guest: fc.nat(5),
      amount: grantAmount,
    }),
  },
);

/** `soon`: starts in 30 hours (a booking may be released there, not rescheduled), else in 10 days. */
type DinnerSpec = { capacity: number; single: number; couple: number; group: number; soon?: boolean };
type CouponSpec = {
  kind: 'percent' | 'fixed';
  value: number;
  cap: number;
  dinner: number | null;
  tickets: TicketType[] | null;
};
const prices = {
  single: fc.constantFrom(300, 500, 700),
  couple: fc.constantFrom(600, 900, 1200),
  group: fc.constantFrom(500, 800, 1100),
};
// A dinner inside the 48 hours is small (2-3 seats), so its line forms and its releases resell.
const dinnerArb: fc.Arbitrary<DinnerSpec> = fc.oneof(
  fc.record({ capacity: fc.integer({ min: 2, max: 6 }), ...prices, soon: fc.constant(false) }),
  fc.record({ capacity: fc.constantFrom(2, 2, 3), ...prices, soon: fc.constant(true) }),
);
/** Credit an operator grants before the steps (`POST /api/admin/users/:id/credit`), so credit is there to spend. */
type GrantSpec = { guest: number; amount: number };
const grantArb: fc.Arbitrary<GrantSpec> = fc.record({ guest: fc.nat(5), amount: grantAmount });
const couponArb: fc.Arbitrary<CouponSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('percent' as const),
    value: fc.integer({ min: 10, max: 60 }),
    cap: fc.integer({ min: 1, max: 2 }),
    dinner: fc.option(fc.nat(2), { freq: 2 }),
    tickets: fc.option(fc.subarray([...TICKET_TYPES], { minLength: 1 }), { freq: 2 }),
  }),
  fc.record({
    kind: fc.constant('fixed' as const),
    value: fc.constantFrom(50, 100, 200),
    cap: fc.integer({ min: 1, max: 2 }),
    dinner: fc.option(fc.nat(2), { freq: 2 }),
    tickets: fc.option(fc.subarray([...TICKET_TYPES], { minLength: 1 }), { freq: 2 }),
  }),
);
const scenarioArb = fc.record({
  dinners: fc.array(dinnerArb, { minLength: 1, maxLength: 3 }),
  coupons: fc.array(couponArb, { maxLength: 2 }),
  grants: fc.array(grantArb, { maxLength: 3 }),
  // The first dinner starts sold out: its first guests each book a seat ('book': confirmed, so they
  // may release it) or hold one ('hold': unpaid, so a `pay` step may pay it), and the next ones
  // can join its line.
  full: fc.constantFrom<'no' | 'book' | 'hold'>('no', 'book', 'hold'),
  // A step may shrink to null (skipped), so a counterexample sheds the steps it does not need even
  // below the five every run starts with.
  steps: fc.array(fc.option(stepArb, { nil: null, freq: 30 }), { minLength: 5, maxLength: 18 }),
});
/** A run's dinners, coupons, credit and steps (`grants` may be left out: none). */
type Scenario = Omit<typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never, 'grants' | 'full'> & {
  grants?: GrantSpec[];
  full?: 'no' | 'book' | 'hold';
};

// ---------------------------------------------------------------------------------------------
// One run's world: the Worker on a recorded queue, the network of reports, what happened
// ---------------------------------------------------------------------------------------------

/** An order with a Razorpay order to pay (a Book Now, or an accepted offer with a part left to pay). */
type RunOrder = { rzp: string; guest: Guest };
type Delivery = { label: string; send: () => Promise<Response>; tries: number };
type Queued = { body: BookingMessage; attempts: number; dlq: boolean };

let runSeq = 0;
let ipSeq = 0;
// The Worker reads the real clock (the test drives it over HTTP, not through an injected one), so
// "this happened after that" needs the clock to move: 2 ms, never a guess at how long work takes.
const tick = () => new Promise((r) => setTimeout(r, 2));
const justNow = () => new Date(Date.now() - 1).toISOString();

class Run {
  readonly id = `r${(runSeq++).toString(36)}${Date.now().toString(36)}`;
  dinners: EventRow[] = [];
  coupons: string[] = [];
  orders: RunOrder[] = [];
  payments: { id: string; rzp: string }[] = [];
  network: Delivery[] = [];
  queue: Queued[] = [];
  captured = new Map<string, number>();
  hidden = new Map<string, string>();
  log: string[] = [];
  productLog: string[] = [];
  /**
   * What went wrong on the way to rest, besides the invariants: a cron that threw, a webhook the
   * Worker kept refusing, a message stuck in the dead-letter queue, a world that did not settle.
   * Each fails the run: money that ends well only because the test gave up on it proves nothing.
   */
  problems: string[] = [];
  env: typeof env;

  constructor() {
    const push = (body: BookingMessage) => this.queue.push({ body, attempts: 1, dlq: false });
    const q = {
      send: async (body: BookingMessage) => push(body),
      sendBatch: async (ms: Iterable<{ body: BookingMessage }>) => {
        for (const m of ms) push(m.body);
      },
    } as unknown as Queue<BookingMessage>;
    this.env = { ...env, BOOKINGS: q } as typeof env;
  }

  note(line: string) {
    this.log.push(line);
  }

  /** A request to the Worker, from its own address (limits per address never refuse the test). */
  async call(
    method: string,
    path: string,
    opts: { cookie?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ) {
    ipSeq += 1;
    const headers: Record<string, string> = {
      'CF-Connecting-IP': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
      ...(opts.raw === undefined ? { Origin: ORIGIN } : {}),
      ...opts.headers,
    };
    if (opts.cookie) headers.Cookie = opts.cookie;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const req = new Request(`${ORIGIN}${path}`, { method, headers, body }) as Request<
      unknown,
      IncomingRequestCfProperties
    >;
    const ctx = createExecutionContext();
    const res = await worker.fetch(req, this.env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  async webhook(event: string, payload: Record<string, unknown>, eventId: string) {
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    return this.call('POST', '/api/webhooks/razorpay', {
      raw,
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Event-Id': eventId,
        'X-Razorpay-Signature': await hmacSha256Hex(WEBHOOK_SECRET, raw),
      },
    });
  }

  /** A report now, later (kept on the network until delivered), or never. */
  async report(label: string, when: Report, send: () => Promise<Response>) {
    if (when === 'lost') return this.note(`  ${label}: lost`);
    const d: Delivery = { label, send, tries: 0 };
    if (when === 'later') {
      this.network.push(d);
      return this.note(`  ${label}: later`);
    }
    await this.deliver(d);
  }

  /** Sends a delivery; one the Worker refuses (not 2xx) stays on the network, as Razorpay retries. */
  async deliver(d: Delivery, keep = false) {
    d.tries += 1;
    const res = await d.send();
    this.note(`  ${d.label} → ${res.status}`);
    const i = this.network.indexOf(d);
    const done = res.ok || d.tries >= 4;
    if (!res.ok && d.tries >= 4) this.problems.push(`the Worker refused ${d.label} ${d.tries} times (${res.status})`);
    if (done && i >= 0 && !keep) this.network.splice(i, 1);
    if (!done && i < 0) this.network.push(d);
  }

  /** Hands one message to the consumer, as the platform would: retried, then dead-lettered. */
  async consume(m: Queued, keep = false) {
    const i = this.queue.indexOf(m);
    if (i >= 0 && !keep) this.queue.splice(i, 1);
    const batch = createMessageBatch<BookingMessage>(m.dlq ? 'bookings-dlq' : 'bookings', [
      {
        id: `msg-${this.id}-${Math.random().toString(36).slice(2)}`,
        timestamp: new Date(),
        attempts: m.attempts,
        body: m.body,
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, this.env);
    const result = await getQueueResult(batch, ctx);
    const label = `${m.dlq ? 'dlq' : 'queue'} ${m.body.kind}${'paymentId' in m.body ? ` ${m.body.paymentId}` : ''}${'bookingId' in m.body ? ` ${m.body.bookingId}` : ''} #${m.attempts}`;
    if (result.retryMessages.length === 0) return this.note(`  ${label}: acked`);
    if (!m.dlq && m.attempts > MAX_RETRIES) {
      this.note(`  ${label}: retried → dead-letter queue`);
      this.queue.push({ body: m.body, attempts: 1, dlq: true });
    } else if (m.dlq && m.attempts >= DLQ_ATTEMPTS) {
      this.note(`  ${label}: STUCK in the dead-letter queue (dropped by the test)`);
      this.problems.push(`${label} stuck in the dead-letter queue`);
    } else {
      this.note(`  ${label}: retried`);
      this.queue.push({ ...m, attempts: m.attempts + 1 });
    }
  }

  async drain() {
    for (let n = 0; this.queue.length > 0 && n < 200; n++) await this.consume(this.queue[0]);
    if (this.queue.length > 0) {
      this.note(`  queue did not drain: ${this.queue.length} left`);
      this.problems.push(`the queue did not drain: ${this.queue.length} left`);
    }
  }

  async cron() {
    const ctx = createExecutionContext();
    try {
      const t0 = Date.now();
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }),
        this.env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      timing.cronOnly = (timing.cronOnly ?? 0) + Date.now() - t0;
      this.note('  cron ran');
    } catch (err) {
      this.note(`  cron failed: ${String(err)}`);
      this.problems.push(`the cron failed: ${String(err)}`);
    }
  }

  /**
   * Reads a checkout (`POST /api/orders`, an offer's accept): an order with a Razorpay part joins
   * the orders a `pay` may pay; one credit paid in full is booked already. The order's index, or -1.
   */
  async checkout(res: Response, guest: Guest, kind: string | null): Promise<number> {
    const body = (await res.json()) as {
      order?: { id: string; amount: number; credit_amount?: number; status: string };
      checkout?: unknown;
      error?: { code: string };
    };
    if (res.status !== 201 || !body.order) {
      this.note(`  → ${res.status} ${body.error?.code}`);
      if (kind) tally(`${kind} ${res.status} ${body.error?.code}`);
      return -1;
    }
    const { order } = body;
    const credit = order.credit_amount ? ` + ₹${order.credit_amount} credit` : '';
    if (kind)
      tally(`${kind} 201 ${body.checkout === null ? 'all credit' : order.credit_amount ? 'part credit' : 'no credit'}`);
    if (body.checkout === null) {
      this.note(`  → 201 ${order.id} ${order.status}, paid by ₹${order.credit_amount} credit`);
      return -1;
    }
    if (!this.orders.some((o) => o.rzp === order.id)) this.orders.push({ rzp: order.id, guest });
    this.note(`  → 201 ${order.id} ₹${order.amount}${credit}`);
    return this.orders.findIndex((o) => o.rzp === order.id);
  }

  /** An operator's grant of credit, through the console's route. */
  async grant(g: GrantSpec) {
    const guest = guests[g.guest % guests.length];
    const res = await this.call('POST', `/api/admin/users/${guest.userId}/credit`, {
      cookie: operatorCookie,
      body: { amount: g.amount, note: 'Sorry about the wait.' },
    });
    this.note(`  ₹${g.amount} credit to guest ${guests.indexOf(guest)}: ${res.status}`);
    tally(`grant ${res.status}`);
    if (res.status !== 201) this.problems.push(`the operator's grant of ₹${g.amount} was refused: ${res.status}`);
  }

  guestOf(userId: string) {
    return guests.find((g) => g.userId === userId);
  }

  async rows<T>(query: string, ...binds: unknown[]) {
    return (
      await env.DB.prepare(query)
        .bind(...binds)
        .all<T>()
    ).results;
  }

  /** `(?, ?, …)` for the run's dinners. */
  get dinnerList() {
    return `(${this.dinners.map(() => '?').join(', ')})`;
  }

  get dinnerIds() {
    return this.dinners.map((d) => d.id);
  }

  /** This run's bookings (every order of the run is at one of its dinners), oldest first. */
  async bookings() {
    return this.rows<{ id: string; user_id: string; status: string }>(
      `SELECT b.id, b.user_id, b.status FROM event_bookings b JOIN payment_orders o ON o.id = b.order_id
       WHERE o.event_id IN ${this.dinnerList} ORDER BY b.booking_date, b.id`,
      ...this.dinnerIds,
    );
  }

  async ordersIn(status: string) {
    return this.rows<{ id: string; razorpay_order_id: string | null }>(
      `SELECT id, razorpay_order_id FROM payment_orders WHERE status = ? AND event_id IN ${this.dinnerList} ORDER BY created_at, id`,
      status,
      ...this.dinnerIds,
    );
  }

  /** Offers out at the run's dinners, oldest first (live or lapsed: the sweep settles them). */
  async offers() {
    return this.rows<{ id: string; user_id: string; token: string; ticket_type: string; order_id: string }>(
      `SELECT id, user_id, token, ticket_type, order_id FROM waitlist_entries WHERE status = 'offered'
       AND event_id IN ${this.dinnerList} ORDER BY offered_at, id`,
      ...this.dinnerIds,
    );
  }

  /** Offers whose hold is live and not accepted yet (no Razorpay order, no booking). */
  async liveOffers() {
    return this.rows<{ id: string }>(
      `SELECT o.id FROM waitlist_entries w JOIN payment_orders o ON o.id = w.order_id
       WHERE w.status = 'offered' AND o.status = 'created' AND o.hold_expires_at > ? AND w.event_id IN ${this.dinnerList}`,
      new Date().toISOString(),
      ...this.dinnerIds,
    );
  }

  /** Ends these orders' holds now (an offer lapses), by order id. */
  async lapse(orderIds: readonly string[]) {
    if (orderIds.length === 0) return;
    await tick();
    await env.DB.prepare(
      `UPDATE payment_orders SET hold_expires_at = ? WHERE hold_expires_at > ? AND id IN (${orderIds.map(() => '?').join(', ')})`,
    )
      .bind(justNow(), new Date().toISOString(), ...orderIds)
      .run();
  }

  /** Ends every hold at the run's dinners now (offers included), as {@link expire} does. */
  async expireAll() {
    await tick();
    await env.DB.prepare(
      `UPDATE payment_orders SET hold_expires_at = ?, created_at = ? WHERE hold_expires_at > ? AND event_id IN ${this.dinnerList}`,
    )
      .bind(justNow(), new Date(Date.now() - 20 * 60_000).toISOString(), new Date().toISOString(), ...this.dinnerIds)
      .run();
  }

  async openIssues() {
    const list = this.orders.map((o) => o.rzp);
    if (list.length === 0) return [];
    return this.rows<{ payment_id: string }>(
      `SELECT payment_id FROM payment_issues WHERE resolved_at IS NULL AND razorpay_order_id IN (${list.map(() => '?').join(', ')})`,
      ...list,
    );
  }

  /** Ends the holds of these orders now (and dates them 20 minutes back, as reconcile expects of an old order). */
  async expire(rzps: readonly string[]) {
    if (rzps.length === 0) return;
    await tick();
    await env.DB.prepare(
      `UPDATE payment_orders SET hold_expires_at = ?, created_at = ? WHERE hold_expires_at > ?
         AND razorpay_order_id IN (${rzps.map(() => '?').join(', ')})`,
    )
      .bind(justNow(), new Date(Date.now() - 20 * 60_000).toISOString(), new Date().toISOString(), ...rzps)
      .run();
  }
}

// ---------------------------------------------------------------------------------------------
// Running a scenario
// ---------------------------------------------------------------------------------------------

const at = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);

async function setUp(run: Run, s: Scenario) {
  const city = `ledger-${run.id}`;
  for (const d of s.dinners)
    run.dinners.push(
      await createEvent({
        city,
        inHours: d.soon ? 30 : 240,
        capacity: d.capacity,
        ticketPriceSingle: d.single,
        ticketPriceCouple: d.couple,
        ticketPriceGroup: d.group,
      }),
    );
  for (const [i, c] of s.coupons.entries()) {
    const code = `L${run.id}${i}`.toUpperCase().slice(0, 32);
    const res = await run.call('POST', '/api/admin/coupons', {
      cookie: operatorCookie,
      body: {
        code,
        kind: c.kind,
        value: c.value,
        max_redemptions: c.cap,
        event_id: c.dinner === null ? null : (at(run.dinners, c.dinner)?.id ?? null),
        ticket_types: c.tickets,
      },
    });
    if (res.status !== 201) throw new Error(`coupon ${code} not created: ${res.status} ${await res.text()}`);
    run.coupons.push(code);
    run.note(
      `coupon ${code}: ${c.kind} ${c.value}, cap ${c.cap}, dinner ${c.dinner ?? 'any'}, tickets ${c.tickets?.join('/') ?? 'any'}`,
    );
  }
  for (const g of s.grants ?? []) await run.grant(g);
  if (s.full && s.full !== 'no' && run.dinners[0])
    for (let guest = 0; guest < run.dinners[0].capacity; guest++) {
      run.note(`guest ${guest} ${s.full}s a seat at #0`);
      await step(
        run,
        s.full === 'book'
          ? { k: 'book', guest, dinner: 0, ticket: 0, credit: false }
          : { k: 'order', guest, dinner: 0, ticket: 0, coupon: 0 },
      );
    }
  run.note(
    `dinners: ${run.dinners.map((d, i) => `#${i} ${d.id} cap ${d.capacity} ₹${d.ticketPriceSingle}/${d.ticketPriceCouple}/${d.ticketPriceGroup}${s.dinners[i].soon ? ' soon' : ''}`).join('; ')}`,
  );
}

async function payment(id: string) {
  return razorpayGet<Record<string, unknown>>(`/v1/payments/${id}`);
}

async function step(run: Run, st: Step) {
  switch (st.k) {
    case 'order': {
      const guest = guests[st.guest % guests.length];
      const dinner = at(run.dinners, st.dinner);
      if (!dinner) return;
      const allowed = ticketsFor(guest.sex);
      const ticket = allowed[st.ticket % allowed.length];
      const coupon = st.coupon === 0 ? undefined : at(run.coupons, st.coupon - 1);
      const party = ticket === 'couple' || ticket === 'female_duo' ? { party_name: 'Priya' } : {};
      const res = await run.call('POST', '/api/orders', {
        cookie: guest.cookie,
        body: {
          event_id: dinner.id,
          ticket_type: ticket,
          ...(coupon ? { coupon } : {}),
          ...party,
          ...(st.credit ? { use_credit: true } : {}),
        },
      });
      await run.checkout(res, guest, st.credit ? 'order use_credit' : null);
      return;
    }
    case 'pay': {
      const o = at(run.orders, st.order);
      if (!o) return;
      const t0 = Date.now();
      const paid = (await (
        await fetch(`${env.SANDBOX_URL}/checkout/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ order_id: o.rzp, outcome: 'success' }),
        })
      ).json()) as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
      const pid = paid.razorpay_payment_id;
      run.captured.set(pid, t0);
      run.payments.push({ id: pid, rzp: o.rzp });
      run.note(`  captured ${pid} on ${o.rzp}`);
      const entity = await payment(pid);
      await run.report(`verify ${pid}`, st.verify, () =>
        run.call('POST', '/api/payments/verify', { cookie: o.guest.cookie, body: paid }),
      );
      const capturedId = `evt_cap_${pid}`;
      await run.report(`payment.captured ${pid}`, st.captured, () =>
        run.webhook('payment.captured', { payment: { entity } }, capturedId),
      );
      const paidId = `evt_paid_${pid}`;
      await run.report(`order.paid ${pid}`, st.paid, () =>
        run.webhook('order.paid', { payment: { entity }, order: { entity: { id: o.rzp } } }, paidId),
      );
      return;
    }
    case 'fail': {
      const o = at(run.orders, st.order);
      if (!o) return;
      const res = await fetch(`${env.SANDBOX_URL}/checkout/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order_id: o.rzp, outcome: 'failure' }),
      });
      const body = (await res.json()) as { error: { metadata: { payment_id: string } } };
      const pid = body.error.metadata.payment_id;
      const entity = await payment(pid);
      await run.report(`payment.failed ${pid}`, st.report, () =>
        run.webhook('payment.failed', { payment: { entity } }, `evt_fail_${pid}`),
      );
      return;
    }
    case 'deliver': {
      const d = at(run.network, st.pick);
      if (d) await run.deliver(d, st.twice);
      return;
    }
    case 'queue': {
      const m = at(run.queue, st.pick);
      if (!m) return;
      if (st.mode === 'dead-letter' && !m.dlq) {
        run.queue.splice(run.queue.indexOf(m), 1);
        run.note(`  (${m.body.kind} out of retries)`);
        await run.consume({ body: m.body, attempts: 1, dlq: true });
      } else await run.consume(m, st.mode === 'twice');
      return;
    }
    case 'drain':
      return run.drain();
    case 'expire': {
      const o = at(run.orders, st.order);
      if (o) await run.expire([o.rzp]);
      return;
    }
    case 'cron':
      return run.cron();
    case 'dashboard-refund': {
      const p = at(run.payments, st.payment);
      if (!p) return;
      const res = await fetch(`${env.SANDBOX_URL}/v1/payments/${p.id}/refund`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: BASIC },
        body: JSON.stringify({ notes: { reason: 'refunded from the dashboard' } }),
      });
      const refund = (await res.json()) as { id?: string; payment_id?: string; status?: string; amount?: number };
      run.note(`  refund ${p.id} → ${res.status} ${refund.id ?? ''}`);
      if (!res.ok || !refund.id) return;
      const entity = await payment(p.id);
      // Razorpay tells the Worker (and retries until it answers 2xx): never lost, maybe late.
      run.network.push({
        label: `refund.processed ${refund.id}`,
        tries: 0,
        send: () =>
          run.webhook('refund.processed', { refund: { entity: refund }, payment: { entity } }, `evt_rfnd_${refund.id}`),
      });
      return;
    }
    case 'reschedule': {
      const b = at(await run.bookings(), st.booking);
      const dinner = at(run.dinners, st.dinner);
      const guest = b && run.guestOf(b.user_id);
      if (!b || !dinner || !guest) return;
      const res = await run.call('POST', `/api/bookings/${b.id}/reschedule`, {
        cookie: guest.cookie,
        body: { event_id: dinner.id },
      });
      run.note(`  ${b.id} → ${dinner.id}: ${res.status}`);
      return;
    }
    case 'cancel': {
      const dinner = at(run.dinners, st.dinner);
      if (!dinner) return;
      const res = await run.call('POST', `/api/admin/events/${dinner.id}/cancel`, {
        cookie: operatorCookie,
        body: { reason: 'The venue flooded.' },
      });
      run.note(`  ${dinner.id}: ${res.status}`);
      return;
    }
    case 'choice': {
      const b = at(await run.bookings(), st.booking);
      const dinner = at(run.dinners, st.dinner);
      const guest = b && run.guestOf(b.user_id);
      if (!b || !dinner || !guest) return;
      const res = await run.call('POST', `/api/bookings/${b.id}/cancellation-choice`, {
        cookie: guest.cookie,
        body: st.refund ? { choice: 'refund' } : { choice: 'move', event_id: dinner.id },
      });
      run.note(`  ${b.id} ${st.refund ? 'refund' : `move → ${dinner.id}`}: ${res.status}`);
      return;
    }
    case 'start': {
      const dinner = at(run.dinners, st.dinner);
      if (!dinner) return;
      await tick();
      const startsAt = justNow();
      await env.DB.prepare('UPDATE events SET starts_at = ? WHERE id = ? AND starts_at > ?')
        .bind(startsAt, dinner.id, startsAt)
        .run();
      run.note(`  ${dinner.id} started at ${startsAt}`);
      return;
    }
    case 'hide': {
      const dinner = at(run.dinners, st.dinner);
      if (!dinner) return;
      await tick();
      const hiddenAt = justNow();
      const res = await run.call('PATCH', `/api/admin/events/${dinner.id}`, {
        cookie: operatorCookie,
        body: { available: false },
      });
      if (res.ok && !run.hidden.has(dinner.id)) run.hidden.set(dinner.id, hiddenAt);
      run.note(`  ${dinner.id} hidden: ${res.status}`);
      return;
    }
    case 'book': {
      const before = run.orders.length;
      await step(run, {
        k: 'order',
        guest: st.guest,
        dinner: st.dinner,
        ticket: st.ticket,
        coupon: 0,
        credit: st.credit,
      });
      if (run.orders.length > before)
        // Verify reports it; the webhooks' reports (their redeliveries are the other steps' business) are left out.
        await step(run, { k: 'pay', order: run.orders.length - 1, verify: 'now', captured: 'lost', paid: 'lost' });
      return run.drain();
    }
    case 'join': {
      // The guest asks each dinner from the picked one on, and stops at the first line that takes them.
      const guest = guests[st.guest % guests.length];
      const allowed = ticketsFor(guest.sex);
      const ticket = allowed[st.ticket % allowed.length];
      for (let i = 0; i < run.dinners.length; i++) {
        const dinner = at(run.dinners, st.dinner + i);
        if (!dinner) return;
        const res = await run.call('POST', `/api/events/${dinner.id}/waitlist`, {
          cookie: guest.cookie,
          body: { ticket_type: ticket },
        });
        const body = (await res.json()) as { error?: { code: string } };
        run.note(`  ${guests.indexOf(guest)} joins ${dinner.id} (${ticket}): ${res.status} ${body.error?.code ?? ''}`);
        tally(`join ${res.status} ${body.error?.code ?? ''}`);
        if (res.status === 201) return;
      }
      return;
    }
    case 'leave': {
      const guest = guests[st.guest % guests.length];
      const dinner = at(run.dinners, st.dinner);
      if (!dinner) return;
      const res = await run.call('DELETE', `/api/events/${dinner.id}/waitlist`, { cookie: guest.cookie });
      run.note(`  ${guests.indexOf(guest)} leaves ${dinner.id}: ${res.status}`);
      tally(`leave ${res.status}`);
      return;
    }
    case 'release': {
      // The guests of the confirmed bookings, from the picked one on, say "can't make it" until one
      // is released (outside the 48 hours the answer is to reschedule instead).
      const confirmed = (await run.bookings()).filter((x) => x.status === 'confirmed');
      for (let i = 0; i < confirmed.length; i++) {
        const b = at(confirmed, st.booking + i);
        const guest = b && run.guestOf(b.user_id);
        if (!b || !guest) return;
        const res = await run.call('POST', `/api/bookings/${b.id}/release`, { cookie: guest.cookie });
        const body = (await res.json()) as { error?: { code: string } };
        run.note(`  release ${b.id}: ${res.status} ${body.error?.code ?? ''}`);
        tally(`release ${res.status} ${body.error?.code ?? ''}`);
        if (res.ok) return;
      }
      return;
    }
    case 'accept': {
      const offer = at(await run.offers(), st.pick);
      const guest = offer && run.guestOf(offer.user_id);
      if (!offer || !guest) return;
      const party = offer.ticket_type === 'couple' || offer.ticket_type === 'female_duo' ? { party_name: 'Priya' } : {};
      const res = await run.call('POST', `/api/offers/${offer.token}/accept`, {
        cookie: guest.cookie,
        body: { ...party, ...(st.credit ? { use_credit: true } : {}) },
      });
      run.note(`  accept ${offer.id}${st.credit ? ' with credit' : ''}:`);
      const i = await run.checkout(res, guest, `accept${st.credit ? ' use_credit' : ''}`);
      // Paid at once, through the sandbox like any checkout (else a later `pay` may pay it).
      if (i >= 0 && st.pay) await step(run, { k: 'pay', order: i, ...st.pay });
      return;
    }
    case 'lapse': {
      const offer = at(await run.offers(), st.pick);
      if (!offer) return;
      await run.lapse([offer.order_id]);
      run.note(`  offer ${offer.id} lapses`);
      tally('lapse');
      return;
    }
    case 'grant':
      return run.grant(st);
    case 'operator': {
      const o = at(await run.ordersIn('needs_attention'), st.pick);
      if (!o) return;
      const res = await run.call('POST', `/api/admin/orders/${o.id}/${st.refund ? 'refund' : 'retry'}`, {
        cookie: operatorCookie,
      });
      run.note(`  ${st.refund ? 'refund' : 'retry'} ${o.id}: ${res.status}`);
      return;
    }
  }
}

/**
 * Lets everything settle: every hold ends, every report not lost arrives, the queue drains, the
 * cron runs, and an operator works the needs-attention list (retry; if it finds no seat, refund)
 * and the unresolved payment issues (refund), until nothing is left to do.
 */
async function settle(run: Run) {
  run.note('settle:');
  await run.expireAll();
  for (let round = 0; round < 3; round++) {
    for (let n = 0; run.network.length > 0 && n < 50; n++) await run.deliver(run.network[0]);
    await run.drain();
    await run.cron();
    await run.drain();
    const flagged = await run.ordersIn('needs_attention');
    const issues = await run.openIssues();
    if (flagged.length === 0 && issues.length === 0 && run.network.length === 0 && run.queue.length === 0) break;
    for (const o of flagged) {
      const retried = await run.call('POST', `/api/admin/orders/${o.id}/retry`, { cookie: operatorCookie });
      run.note(`  operator retry ${o.id}: ${retried.status}`);
      if (!retried.ok) {
        const refunded = await run.call('POST', `/api/admin/orders/${o.id}/refund`, { cookie: operatorCookie });
        run.note(`  operator refund ${o.id}: ${refunded.status}`);
      }
    }
    for (const i of issues) {
      const res = await run.call('POST', `/api/admin/payment-issues/${i.payment_id}/refund`, {
        cookie: operatorCookie,
      });
      run.note(`  operator refund issue ${i.payment_id}: ${res.status}`);
    }
    await run.drain();
  }
  // The cron offers seats it finds free to the line: each offer lapses in turn (nobody takes it)
  // and the next cron settles it and passes its seats on, until no offer is out.
  for (let n = 0; n < 8; n++) {
    const out = await run.liveOffers();
    if (out.length === 0) break;
    await run.lapse(out.map((o) => o.id));
    run.note(`  ${out.length} offers lapse`);
    await run.cron();
    await run.drain();
  }
  const flagged = await run.ordersIn('needs_attention');
  const issues = await run.openIssues();
  if (flagged.length || issues.length || run.network.length || run.queue.length)
    run.problems.push(
      `not at rest after 3 rounds: ${flagged.length} flagged, ${issues.length} issues, ${run.network.length} reports, ${run.queue.length} messages`,
    );
  const offersOut = await run.liveOffers();
  if (offersOut.length) run.problems.push(`not at rest: ${offersOut.length} offers still out after 8 crons`);
}

/**
 * Takes the run's dinners off sale and starts them (now: time only moves forward), its orders out
 * of reconcile's window and its lines out of the cron's sweep, so later runs never see them (nor
 * does the cron's pass of resold releases, which looks at dinners not started); and wipes the
 * guests' credit, so each run starts at a balance of 0 (a seed replays the same run whatever ran
 * before it).
 */
async function retire(run: Run) {
  const old = new Date(Date.now() - 49 * 3_600_000).toISOString();
  const ids = run.dinnerIds;
  if (ids.length === 0) return;
  const users = guests.map((g) => g.userId);
  await env.DB.batch([
    env.DB.prepare(`UPDATE events SET available = 0, starts_at = MIN(starts_at, ?) WHERE id IN ${run.dinnerList}`).bind(
      justNow(),
      ...ids,
    ),
    env.DB.prepare(`UPDATE payment_orders SET created_at = ?, updated_at = ? WHERE event_id IN ${run.dinnerList}`).bind(
      old,
      old,
      ...ids,
    ),
    env.DB.prepare(
      `UPDATE waitlist_entries SET status = 'closed', ended_at = ? WHERE status IN ('waiting', 'offered') AND event_id IN ${run.dinnerList}`,
    ).bind(old, ...ids),
    env.DB.prepare(`DELETE FROM credit_entries WHERE user_id IN (${users.map(() => '?').join(', ')})`).bind(...users),
  ]);
}

const stats = { runs: 0, steps: 0 };
/** What the steps of issue 20 came to, by kind and answer (printed at the end: are they reaching the ledger?). */
const outcomes: Record<string, number> = {};
const tally = (what: string) => {
  outcomes[what] = (outcomes[what] ?? 0) + 1;
};
/** Milliseconds spent per kind of step, printed at the end (where a run's time goes). */
const timing: Record<string, number> = {};
async function timed<T>(name: string, f: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    return await f();
  } finally {
    timing[name] = (timing[name] ?? 0) + Date.now() - t0;
  }
}

const realConsole = { error: console.error, warn: console.warn, log: console.log };

/** The product's own log lines (alerts, retried messages) during a run: kept with the run, not printed. */
function hush(run: Run) {
  const saved = realConsole;
  const keep =
    (level: string) =>
    (...args: unknown[]) => {
      if (run.productLog.length < 40)
        run.productLog.push(
          `${level}: ${args
            .map((a) => (a instanceof Error ? a.message : String(a)))
            .join(' ')
            .slice(0, 300)}`,
        );
    };
  console.error = keep('error');
  console.warn = keep('warn');
  console.log = keep('log');
  return () => Object.assign(console, saved);
}

async function runScenario(
  s: Scenario,
  without: ReadonlySet<string> = new Set(),
  lookPastOpen = !STRICT,
): Promise<string[]> {
  const run = new Run();
  stats.runs += 1;
  const restore = hush(run);
  try {
    await timed('setup', () => setUp(run, s));
    for (const st of s.steps) {
      if (st === null || without.has(st.k)) continue;
      stats.steps += 1;
      run.note(JSON.stringify(st));
      await timed(st.k, () => step(run, st));
    }
    await timed('settle', () => settle(run));
    const snapshot = await timed('snapshot', () =>
      readLedgerSnapshot({
        eventIds: run.dinners.map((d) => d.id),
        razorpayOrderIds: run.orders.map((o) => o.rzp),
        couponCodes: run.coupons,
        capturedAt: run.captured,
        hiddenAt: run.hidden,
        userIds: guests.map((g) => g.userId),
        quiescent: true,
      }),
    );
    const open = (v: string) => {
      const hole = lookPastOpen ? Object.entries(OPEN).find(([, h]) => h.shows.test(v)) : undefined;
      if (hole) tolerated[hole[0]] = (tolerated[hole[0]] ?? 0) + 1;
      return hole !== undefined;
    };
    const violations = [
      ...checkLedger(snapshot).filter((v) => (ONLY === undefined || v.startsWith(`${ONLY}:`)) && !open(v)),
      ...(ONLY === undefined ? run.problems : []),
    ];
    if (knob('LEDGER_DEBUG')) realConsole.log([...run.log, ...run.productLog].join('\n'));
    if (violations.length > 0) {
      lastFailure = { violations, log: run.log, productLog: run.productLog, snapshot };
    }
    return violations;
  } finally {
    await timed('retire', () => retire(run));
    restore();
  }
}

const one: DinnerSpec = { capacity: 2, single: 300, couple: 600, group: 500, soon: false };
const book = (guest: number, dinner = 0): Step => ({ k: 'book', guest, dinner, ticket: 0, credit: false });

/**
 * Holes the property found in the ledger that are not fixed yet, each as its smallest run (a
 * skipped named test until the fix) and the violations it shows (`shows`), which the random runs
 * look past, counted and printed, so they still find the next hole (VITE_LEDGER_STRICT=1 looks past
 * nothing). Once fixed: move the scenario to KNOWN and delete the entry. None is open now: the
 * one issue 20's runs found (a released booking refunded from the dashboard, credited when resold)
 * is in KNOWN since its fix.
 */
const OPEN: Record<string, { scenario: Scenario; why: string; shows: RegExp }> = {};
const STRICT = knob('LEDGER_STRICT') !== undefined;
/** Violations of open holes the random runs looked past. */
const tolerated: Record<string, number> = {};

let lastFailure: { violations: string[]; log: string[]; productLog: string[]; snapshot: unknown } | null = null;

// ---------------------------------------------------------------------------------------------

describe('the ledger under random interleavings (issues 19, 20)', () => {
  beforeAll(async () => {
    const sexes: Sex[] = ['male', 'female', 'male', 'female', 'male', 'female'];
    guests = [];
    for (const sex of sexes) {
      const g = await createGuest();
      await db(env.DB).update(userProfiles).set({ sex }).where(eq(userProfiles.userId, g.userId));
      guests.push({ userId: g.userId, cookie: g.cookie, sex });
    }
    const op = await createGuest();
    await db(env.DB).update(users).set({ role: 'operator' }).where(eq(users.id, op.userId));
    operatorCookie = op.cookie;
  });

  // The holes the property found in the code before issue 19's ledger, each as the smallest run
  // that shows it (shrunk by fast-check, or written from one), so each has its own name and
  // answer while the random runs look for the next.
  describe('each hole found so far, as its own run', () => {
    const paid = (order: number): Step => ({ k: 'pay', order, verify: 'now', captured: 'now', paid: 'now' });
    const order = (guest: number, dinner: number, ticket = 0, coupon = 0): Step => ({
      k: 'order',
      guest,
      dinner,
      ticket,
      coupon,
    });
    const KNOWN: Record<string, Scenario> = {
      'a refund from the dashboard leaves the booking seated on refunded money': {
        dinners: [one],
        coupons: [],
        steps: [order(0, 0), paid(0), { k: 'dashboard-refund', payment: 0 }],
      },
      'a second capture of a confirmed order, never reported, is neither booked nor refunded': {
        dinners: [one],
        coupons: [],
        steps: [order(0, 0), paid(0), { k: 'pay', order: 0, verify: 'lost', captured: 'lost', paid: 'lost' }],
      },
      'a payment captured after the dinner started (hold still live) is booked': {
        dinners: [one],
        coupons: [],
        steps: [order(0, 0), { k: 'start', dinner: 0 }, paid(0)],
      },
      'a payment captured after the dinner was hidden is booked': {
        dinners: [one],
        coupons: [],
        steps: [order(0, 0), { k: 'hide', dinner: 0 }, paid(0)],
      },
      'a reschedule to a dearer dinner keeps the cheaper price': {
        dinners: [one, { ...one, couple: 1200 }],
        coupons: [],
        steps: [order(0, 0, 1), paid(0), { k: 'drain' }, { k: 'reschedule', booking: 0, dinner: 1 }],
      },
      "a reschedule carries a coupon past its own dinner's scope": {
        dinners: [one, one],
        coupons: [{ kind: 'percent', value: 20, cap: 2, dinner: 0, tickets: null }],
        steps: [order(0, 0, 0, 1), paid(0), { k: 'drain' }, { k: 'reschedule', booking: 0, dinner: 1 }],
      },
      'a move after a cancellation to a dearer dinner keeps the cheaper price': {
        dinners: [one, { ...one, single: 700 }],
        coupons: [],
        steps: [
          order(0, 0),
          paid(0),
          { k: 'drain' },
          { k: 'cancel', dinner: 0 },
          { k: 'choice', booking: 0, refund: false, dinner: 1 },
        ],
      },
      'a late payment revives an expired coupon order past the cap': {
        dinners: [one],
        coupons: [{ kind: 'percent', value: 10, cap: 1, dinner: null, tickets: null }],
        steps: [order(0, 0, 0, 1), { k: 'expire', order: 0 }, order(0, 0, 0, 1), paid(0), paid(1)],
      },
      // Issue 20. Seed 7, VITE_LEDGER_RUNS=200, path 108:0:0:0:0:0:0:0:3:1:1:1:1:1:1:1:2:1:2 shrank to
      // book, dashboard-refund, release; the fourth booking here resells the seat into credit.
      'a booking released after a refund from the dashboard stays released, and is credited once its seats resell': {
        dinners: [{ ...one, soon: true }],
        coupons: [],
        steps: [book(0), book(1), { k: 'dashboard-refund', payment: 0 }, { k: 'release', booking: 0 }, book(2)],
      },
    };
    for (const [name, scenario] of Object.entries(KNOWN))
      it(name, async () => {
        const violations = await runScenario(scenario, new Set(), false);
        expect(violations, violations.length ? lastFailure?.log.join('\n') : undefined).toEqual([]);
      }, 60_000);
    // The holes still open (OPEN below): skipped until the ledger is fixed; each then passes as-is.
    for (const [name, hole] of Object.entries(OPEN))
      it.skip(`${name} (open: ${hole.why})`, async () => {
        const violations = await runScenario(hole.scenario, new Set(), false);
        expect(violations, violations.length ? lastFailure?.log.join('\n') : undefined).toEqual([]);
      }, 60_000);
  });

  describe("issue 20's paths, each as its own run", () => {
    // Issue 20's paths end to end, so every CI run walks them whatever the random runs happen to reach (a resale through the waitlist needs a line, a release, the queue
    // and an accept in that order).
    const soon: DinnerSpec = { ...one, soon: true };
    const now: Reports = { verify: 'now', captured: 'now', paid: 'now' };
    const PATHS: Record<string, Scenario> = {
      'a release resold through an offer accepted with credit earns credit, spent on another dinner': {
        dinners: [soon, one],
        coupons: [],
        grants: [{ guest: 2, amount: 100 }],
        full: 'book',
        steps: [
          { k: 'join', guest: 2, dinner: 0, ticket: 0 },
          { k: 'release', booking: 0 },
          { k: 'drain' },
          { k: 'accept', pick: 0, credit: true, pay: now },
          { k: 'drain' },
          { k: 'cron' },
          { k: 'order', guest: 0, dinner: 1, ticket: 0, coupon: 0, credit: true },
        ],
      },
      'an offer nobody takes lapses and passes to the next in line, who takes it without credit': {
        dinners: [soon],
        coupons: [],
        full: 'book',
        steps: [
          { k: 'join', guest: 2, dinner: 0, ticket: 0 },
          { k: 'join', guest: 4, dinner: 0, ticket: 0 },
          { k: 'release', booking: 1 },
          { k: 'drain' },
          { k: 'lapse', pick: 0 },
          { k: 'cron' },
          { k: 'accept', pick: 0, credit: false, pay: now },
          { k: 'drain' },
        ],
      },
      'credit paying it all books without Razorpay; our cancel gives it back': {
        dinners: [one],
        coupons: [],
        grants: [{ guest: 0, amount: 1500 }],
        steps: [
          { k: 'order', guest: 0, dinner: 0, ticket: 0, coupon: 0, credit: true },
          { k: 'cancel', dinner: 0 },
          { k: 'choice', booking: 0, refund: true, dinner: 0 },
          { k: 'drain' },
        ],
      },
      'part credit on a hold that lapses comes back, and the late payment is refunded': {
        dinners: [one],
        coupons: [],
        grants: [{ guest: 0, amount: 100 }],
        steps: [
          { k: 'order', guest: 0, dinner: 0, ticket: 0, coupon: 0, credit: true },
          { k: 'expire', order: 0 },
          { k: 'order', guest: 0, dinner: 0, ticket: 1, coupon: 0, credit: true },
          { k: 'pay', order: 0, ...now },
          { k: 'drain' },
          { k: 'pay', order: 1, ...now },
          { k: 'drain' },
        ],
      },
    };
    for (const [name, scenario] of Object.entries(PATHS))
      it(name, async () => {
        const violations = await runScenario(scenario, new Set(), false);
        expect(violations, violations.length ? lastFailure?.log.join('\n') : undefined).toEqual([]);
      }, 60_000);
  });

  it(`keeps ${ONLY ?? LEDGER_INVARIANTS.map((i) => i.name).join(', ')}`, async () => {
    const started = Date.now();
    console.log(
      `ledger property: seed ${SEED}, ${NUM_RUNS} runs${PATH ? `, path ${PATH}` : ''}${ONLY ? `, only ${ONLY}` : ''}${WITHOUT.size ? `, without ${[...WITHOUT].join(', ')}` : ''}`,
    );
    let details = '';
    try {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async (s) => {
          const violations = await runScenario(s, WITHOUT);
          if (violations.length > 0) throw new Error(violations.join('\n'));
        }),
        {
          // The scenario, when given, is one of the runs (fast-check counts examples in numRuns).
          numRuns: SCENARIO ? Math.max(1, NUM_RUNS) : NUM_RUNS,
          // fast-check prints records it shrank with `__proto__:null`, which is not JSON.
          examples: SCENARIO ? [[JSON.parse(SCENARIO.replaceAll('__proto__:null,', '')) as Scenario]] : [],
          seed: SEED,
          path: PATH,
          endOnFailure: false,
          // Shrinking a failure replays runs against D1 and the sandbox: bounded, so a red run still ends.
          interruptAfterTimeLimit: Number(knob('LEDGER_TIME_LIMIT_MS') ?? 600_000),
          markInterruptAsFailure: false,
          reporter: (out) => {
            if (out.failed) {
              details = [
                fc.defaultReportMessage(out) ?? '',
                '',
                'violations of the last (shrunk) counterexample:',
                ...(lastFailure?.violations ?? []),
                '',
                'what each step did:',
                ...(lastFailure?.log ?? []),
                '',
                'what the Worker logged meanwhile (first 40 lines):',
                ...(lastFailure?.productLog ?? []),
              ].join('\n');
            }
          },
        },
      );
    } finally {
      // A run cut off by the time limit may still be in flight with the console hushed.
      Object.assign(console, realConsole);
      console.log(JSON.stringify(timing));
      console.log(JSON.stringify(outcomes));
      if (Object.keys(tolerated).length) console.log(`open holes looked past: ${JSON.stringify(tolerated)}`);
      console.log(
        `ledger property: ${stats.runs} runs (incl. shrinking), ${stats.steps} steps, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    if (details) expect.fail(details);
    // The time limit ends the search quietly (markInterruptAsFailure: false) for a red run's
    // shrinking; a green one must have made every run it promised.
    expect(stats.runs, 'runs made before the time limit').toBeGreaterThanOrEqual(NUM_RUNS);
  }, 3_600_000);
});
