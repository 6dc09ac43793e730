/**
 * Reads a {@link LedgerSnapshot} (worker/domain/ledger-invariants.ts) for a set of dinners and
 * orders: the rows from D1, the payments and their refunds from the sandbox's Razorpay API
 * (`GET /v1/orders/:id/payments`, `GET /v1/payments/:id/refunds`), as an operator would see them.
 * Raw SQL over the D1 binding by column name, so it reads the tables whatever module writes them.
 * Since issue 20 also the dinners' waitlists and every credit entry of the guests in scope (and the
 * orders their spends name, so a balance is whole).
 */
import { env } from 'cloudflare:test';
import type { CreditKind } from '../../../worker/domain/credit';
import type {
  LedgerBooking,
  LedgerCoupon,
  LedgerCreditEntry,
  LedgerEvent,
  LedgerOrder,
  LedgerPayment,
  LedgerSnapshot,
  LedgerWaitlistEntry,
} from '../../../worker/domain/ledger-invariants';
import type { WaitlistStatus } from '../../../worker/domain/waitlist';
import type { BookingStatus, OrderStatus } from '../../../worker/domain/statuses';
import type { CouponKind, TicketType } from '../../../worker/domain/pricing';
import { razorpayGet } from './booking-fixtures';

export type LedgerScope = {
  /** The dinners of the run (any dinner an order or booking of the run sits at is read too). */
  eventIds: readonly string[];
  /** Razorpay order ids of the run's orders. */
  razorpayOrderIds: readonly string[];
  couponCodes: readonly string[];
  /**
   * When each payment was captured, to the millisecond, as the test observed it (the sandbox, like
   * Razorpay, says `created_at` in whole seconds); others fall back to Razorpay's.
   */
  capturedAt: ReadonlyMap<string, number>;
  /** When the test hid a dinner (not by a cancel). */
  hiddenAt: ReadonlyMap<string, string>;
  /** Guests whose credit is read whole (besides the guests of the orders read). */
  userIds?: readonly string[];
  quiescent: boolean;
};

type Row = Record<string, unknown>;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** `query` with one `(?*)`, the list `ids` goes there. */
async function select(query: string, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const out: Row[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 40) {
    const slice = ids.slice(i, i + 40);
    const { results } = await env.DB.prepare(query.replace('(?*)', `(${marks(slice.length)})`))
      .bind(...slice)
      .all<Row>();
    out.push(...results);
  }
  return out;
}

const str = (x: unknown) => (x === null || x === undefined ? null : String(x));

type RzpPayment = {
  id: string;
  order_id: string;
  status: string;
  amount: number;
  amount_refunded: number;
  created_at: number;
};

export async function readLedgerSnapshot(scope: LedgerScope): Promise<LedgerSnapshot> {
  const now = new Date().toISOString();
  const orderRows = await select(
    'SELECT * FROM payment_orders WHERE razorpay_order_id IN (?*)',
    scope.razorpayOrderIds,
  );
  const onDinners = await select('SELECT * FROM payment_orders WHERE event_id IN (?*)', scope.eventIds);
  const ordersById = new Map<string, Row>();
  for (const o of [...orderRows, ...onDinners]) ordersById.set(String(o.id), o);
  // Credit: every entry of every guest in scope, and the orders their spends name (a balance
  // counts a spend only while its order keeps it).
  const userIds = new Set(scope.userIds ?? []);
  for (const o of ordersById.values()) userIds.add(String(o.user_id));
  const creditRows = await select('SELECT * FROM credit_entries WHERE user_id IN (?*)', [...userIds]);
  const spentOn = creditRows
    .map((c) => str(c.order_id))
    .filter((id): id is string => id !== null && !ordersById.has(id));
  for (const o of await select('SELECT * FROM payment_orders WHERE id IN (?*)', [...new Set(spentOn)]))
    ordersById.set(String(o.id), o);
  const orderIds = [...ordersById.keys()];
  const bookingRows = new Map<string, Row>();
  for (const b of [
    ...(await select('SELECT * FROM event_bookings WHERE order_id IN (?*)', orderIds)),
    ...(await select('SELECT * FROM event_bookings WHERE event_id IN (?*)', scope.eventIds)),
  ])
    bookingRows.set(String(b.id), b);
  // Bookings a release credit names, and their orders, wherever they are.
  const creditedBookings = creditRows
    .map((c) => str(c.booking_id))
    .filter((id): id is string => id !== null && !bookingRows.has(id));
  for (const b of await select('SELECT * FROM event_bookings WHERE id IN (?*)', [...new Set(creditedBookings)])) {
    bookingRows.set(String(b.id), b);
    if (!ordersById.has(String(b.order_id)))
      for (const o of await select('SELECT * FROM payment_orders WHERE id IN (?*)', [String(b.order_id)]))
        ordersById.set(String(o.id), o);
  }
  const eventIds = new Set(scope.eventIds);
  for (const o of ordersById.values()) eventIds.add(String(o.event_id));
  for (const b of bookingRows.values()) eventIds.add(String(b.event_id));
  const eventRows = await select('SELECT * FROM events WHERE id IN (?*)', [...eventIds]);
  const couponRows = await select('SELECT * FROM coupons WHERE code IN (?*)', scope.couponCodes);
  const waitlistRows = await select('SELECT * FROM waitlist_entries WHERE event_id IN (?*)', [...eventIds]);

  const payments: LedgerPayment[] = [];
  for (const rzp of new Set([...ordersById.values()].map((o) => str(o.razorpay_order_id)).filter((x) => x !== null))) {
    const listed = await razorpayGet<{ items?: RzpPayment[] }>(`/v1/orders/${rzp}/payments`);
    for (const p of listed.items ?? []) {
      let refunds = 0;
      if (p.amount_refunded > 0) {
        const r = await razorpayGet<{ items?: Array<{ status: string }> }>(`/v1/payments/${p.id}/refunds`);
        refunds = (r.items ?? []).filter((x) => x.status !== 'failed').length;
      }
      const seen = scope.capturedAt.get(p.id);
      const captured = p.status === 'captured' || p.status === 'refunded';
      payments.push({
        id: p.id,
        orderId: p.order_id,
        status: p.status,
        amountPaise: p.amount,
        amountRefundedPaise: p.amount_refunded,
        refunds,
        capturedAt: captured ? new Date(seen ?? p.created_at * 1000).toISOString() : null,
      });
    }
  }
  const paymentsById = new Map(payments.map((p) => [p.id, p]));

  const events: LedgerEvent[] = eventRows.map((e) => ({
    id: String(e.id),
    capacity: Number(e.capacity),
    startsAt: String(e.starts_at),
    cancelledAt: str(e.cancelled_at),
    hiddenAt: Number(e.available) === 1 ? null : (scope.hiddenAt.get(String(e.id)) ?? null),
    ticketPriceSingle: Number(e.ticket_price_single),
    ticketPriceCouple: Number(e.ticket_price_couple),
    ticketPriceGroup: Number(e.ticket_price_group),
  }));
  const orders: LedgerOrder[] = [...ordersById.values()].map((o) => ({
    id: String(o.id),
    userId: String(o.user_id),
    razorpayOrderId: str(o.razorpay_order_id),
    eventId: String(o.event_id),
    ticketType: o.ticket_type as TicketType,
    seats: Number(o.seats),
    amount: Number(o.amount),
    creditAmount: Number(o.credit_amount ?? 0),
    releasedAt: str(o.released_at),
    status: o.status as OrderStatus,
    couponCode: str(o.coupon_code),
    paymentId: str(o.payment_id),
    holdExpiresAt: String(o.hold_expires_at),
    capturePendingAt: str(o.capture_pending_at),
    keepsSeat: Number(o.keeps_seat) === 1,
    capturedAt: o.payment_id ? (paymentsById.get(String(o.payment_id))?.capturedAt ?? null) : null,
  }));
  const bookings: LedgerBooking[] = [...bookingRows.values()].map((b) => ({
    id: String(b.id),
    userId: String(b.user_id),
    orderId: String(b.order_id),
    eventId: String(b.event_id),
    ticketType: b.ticket_type as TicketType,
    seats: Number(b.seats),
    status: b.status as BookingStatus,
    amount: Number(b.amount),
    paymentId: String(b.payment_id),
    bookedAt: String(b.booking_date),
    rescheduledFrom: str(b.rescheduled_from),
  }));
  const coupons: LedgerCoupon[] = couponRows.map((c) => ({
    code: String(c.code),
    kind: c.kind as CouponKind,
    value: Number(c.value),
    ticketTypes: c.ticket_types ? (JSON.parse(String(c.ticket_types)) as TicketType[]) : null,
    eventId: str(c.event_id),
    maxRedemptions: c.max_redemptions === null ? null : Number(c.max_redemptions),
  }));
  const credits: LedgerCreditEntry[] = creditRows.map((c) => ({
    id: String(c.id),
    userId: String(c.user_id),
    kind: c.kind as CreditKind,
    amount: Number(c.amount),
    bookingId: str(c.booking_id),
    orderId: str(c.order_id),
    grantId: str(c.grant_id),
    createdAt: String(c.created_at),
  }));
  const waitlist: LedgerWaitlistEntry[] = waitlistRows.map((w) => ({
    id: String(w.id),
    userId: String(w.user_id),
    eventId: String(w.event_id),
    ticketType: w.ticket_type as TicketType,
    seats: Number(w.seats),
    status: w.status as WaitlistStatus,
    orderId: str(w.order_id),
  }));
  return { now, quiescent: scope.quiescent, events, orders, bookings, coupons, payments, credits, waitlist };
}
