/**
 * The ledger's invariants (issue 19 "One ledger for seats and money", DESIGN.md "Across nights:
 * the ledger"), written once, as data: each a name, what it says in words, and a check over a
 * {@link LedgerSnapshot} — what D1 and Razorpay hold at one moment — that lists every violation.
 * Pure, no I/O: the property test (test/worker/ledger.property.test.ts) reads snapshots through the
 * product's public surfaces and asserts {@link checkLedger} finds nothing.
 *
 * The prices come from the ledger's own rule (ledger-rules.ts `priceAt`: pricing.ts `priceFor`, coupon.ts `chargedPrice`),
 * never re-typed here. Which order holds a seat is stated here in TypeScript on purpose: it is the
 * specification the SQL predicate (worker/services/ledger/seats.ts) must meet, not a copy of it.
 */
import { priceAt } from './ledger-rules';
import type { CouponKind, PricedEvent, TicketType } from './pricing';
import {
  type BookingStatus,
  type OrderStatus,
  REVENUE_BOOKING_STATUSES,
  SEAT_HOLDING_ORDER_STATUSES,
  SEATED_BOOKING_STATUSES,
} from './statuses';

/** A dinner: its seats, its start, its prices, and when (if ever) it stopped being for sale. */
export type LedgerEvent = PricedEvent & {
  id: string;
  capacity: number;
  startsAt: string;
  /** When we cancelled it, or null. */
  cancelledAt: string | null;
  /** When it was hidden from sale (`available` off) other than by a cancel, or null. */
  hiddenAt: string | null;
};

/** A payment order: the seats it holds, the money it asks, and the marks on it. */
export type LedgerOrder = {
  id: string;
  razorpayOrderId: string | null;
  eventId: string;
  ticketType: TicketType;
  seats: number;
  /** Whole rupees asked (after the coupon). */
  amount: number;
  status: OrderStatus;
  couponCode: string | null;
  paymentId: string | null;
  holdExpiresAt: string;
  /** When a captured payment was first reported for it (it keeps the seat if inside the hold). */
  capturePendingAt: string | null;
  /** A flagged order that owned its seats when flagged. */
  keepsSeat: boolean;
  /** When the payment it carries (`paymentId`) was captured at Razorpay, or null. */
  capturedAt: string | null;
};

/** A booking: a seat at a dinner, paid by one payment. */
export type LedgerBooking = {
  id: string;
  orderId: string;
  eventId: string;
  ticketType: TicketType;
  seats: number;
  status: BookingStatus;
  /** Whole rupees, as recorded on the booking. */
  amount: number;
  paymentId: string;
};

/** A coupon as far as its scope, its terms and its cap go. */
export type LedgerCoupon = {
  code: string;
  kind: CouponKind;
  value: number;
  /** The tickets it applies to; null for every ticket. */
  ticketTypes: readonly TicketType[] | null;
  /** The one dinner it is for; null for every dinner. */
  eventId: string | null;
  maxRedemptions: number | null;
};

/** A payment as Razorpay knows it. */
export type LedgerPayment = {
  id: string;
  /** Razorpay's order id. */
  orderId: string;
  status: 'captured' | 'refunded' | 'failed' | 'authorized' | (string & {});
  amountPaise: number;
  amountRefundedPaise: number;
  /** Refunds of it that did not fail. */
  refunds: number;
  /** When it was captured (null for one that never was). */
  capturedAt: string | null;
};

/** What D1 and Razorpay hold at `now`. */
export type LedgerSnapshot = {
  now: string;
  /**
   * Whether the system is at rest: the queue drained, the cron run, flagged orders worked. Only
   * then must every captured payment have ended ({@link LEDGER_INVARIANTS} `payment-ends-once`).
   */
  quiescent: boolean;
  events: readonly LedgerEvent[];
  orders: readonly LedgerOrder[];
  bookings: readonly LedgerBooking[];
  coupons: readonly LedgerCoupon[];
  payments: readonly LedgerPayment[];
};

export type LedgerInvariant = {
  name: string;
  says: string;
  check: (s: LedgerSnapshot) => string[];
};

const t = (iso: string) => Date.parse(iso);
const inList = <T extends string>(list: readonly T[], x: string): x is T => (list as readonly string[]).includes(x);

/**
 * Whether an order holds its seats at `now`: paid or confirmed; a flagged one that kept its seat;
 * an unpaid one while its hold is live, or for good once a captured payment was reported inside
 * the hold (that guest paid in time).
 */
export function orderHoldsSeats(o: LedgerOrder, now: string): boolean {
  if (inList(SEAT_HOLDING_ORDER_STATUSES, o.status)) return true;
  if (o.status === 'needs_attention') return o.keepsSeat;
  if (o.status === 'created')
    return t(o.holdExpiresAt) > t(now) || (o.capturePendingAt !== null && t(o.capturePendingAt) <= t(o.holdExpiresAt));
  return false;
}

/** Bookings whose money the business keeps (a seat sold). */
const keepsMoney = (b: LedgerBooking) => inList(REVENUE_BOOKING_STATUSES, b.status);
/** Bookings holding a seat at their dinner. */
const seated = (b: LedgerBooking) => inList(SEATED_BOOKING_STATUSES, b.status);
/** A payment Razorpay took at some point (captured, possibly refunded since). */
const wasCaptured = (p: LedgerPayment) => p.capturedAt !== null && (p.status === 'captured' || p.status === 'refunded');
/** Refunded in full at Razorpay. */
const refundedInFull = (p: LedgerPayment) => p.amountRefundedPaise >= p.amountPaise && p.amountPaise > 0;

function index<T, K>(items: readonly T[], key: (x: T) => K): Map<K, T> {
  return new Map(items.map((x) => [key(x), x]));
}

export const LEDGER_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'seats-within-capacity',
    says: 'On every dinner, the seats booked (confirmed, checked in, no-show) plus the seats held by orders without a booking never exceed its capacity.',
    check: (s) => {
      const bookedOrders = new Set(s.bookings.map((b) => b.orderId));
      const taken = new Map<string, number>();
      const add = (eventId: string, n: number) => taken.set(eventId, (taken.get(eventId) ?? 0) + n);
      for (const b of s.bookings) if (keepsMoney(b)) add(b.eventId, b.seats);
      for (const o of s.orders) if (!bookedOrders.has(o.id) && orderHoldsSeats(o, s.now)) add(o.eventId, o.seats);
      return s.events.flatMap((e) => {
        const n = taken.get(e.id) ?? 0;
        return n > e.capacity ? [`dinner ${e.id}: ${n} seats booked or held, capacity ${e.capacity}`] : [];
      });
    },
  },
  {
    name: 'payment-ends-once',
    says: 'At rest, every payment Razorpay captured ends as exactly one booking that keeps it, or exactly one full refund: never neither, never both, never two.',
    check: (s) => {
      if (!s.quiescent) return [];
      return s.payments.filter(wasCaptured).flatMap((p) => {
        const kept = s.bookings.filter((b) => b.paymentId === p.id && keepsMoney(b));
        const pending = s.bookings.filter((b) => b.paymentId === p.id && b.status === 'refund_pending');
        const refunded = refundedInFull(p);
        const where = `payment ${p.id} (order ${p.orderId}, ₹${p.amountPaise / 100})`;
        if (p.refunds > 1) return [`${where}: refunded ${p.refunds} times`];
        if (kept.length > 1) return [`${where}: kept by ${kept.length} bookings`];
        if (kept.length === 1 && refunded)
          return [`${where}: both booked (${kept[0].id}, ${kept[0].status}) and refunded`];
        if (kept.length === 0 && !refunded)
          return [
            pending.length > 0
              ? `${where}: booking ${pending[0].id} is refund_pending but Razorpay has not refunded it`
              : `${where}: captured, neither booked nor refunded`,
          ];
        return [];
      });
    },
  },
  {
    name: 'no-seat-on-refunded-money',
    says: 'No seated booking (confirmed or checked in) rests on a payment that was refunded, or that Razorpay does not know as captured.',
    check: (s) => {
      const payments = index(s.payments, (p) => p.id);
      return s.bookings.filter(seated).flatMap((b) => {
        const p = payments.get(b.paymentId);
        if (!p || !wasCaptured(p))
          return [`booking ${b.id} (${b.status}) rests on payment ${b.paymentId}, which Razorpay never captured`];
        return p.amountRefundedPaise > 0
          ? [
              `booking ${b.id} (${b.status}) rests on payment ${b.paymentId}, refunded ₹${p.amountRefundedPaise / 100} of ₹${p.amountPaise / 100}`,
            ]
          : [];
      });
    },
  },
  {
    name: 'coupon-within-cap',
    says: "A capped coupon's redemptions (orders with it that hold or own seats, or are confirmed) never exceed its cap.",
    check: (s) =>
      s.coupons.flatMap((c) => {
        if (c.maxRedemptions === null) return [];
        const n = s.orders.filter(
          (o) => o.couponCode === c.code && (o.status === 'confirmed' || orderHoldsSeats(o, s.now)),
        ).length;
        return n > c.maxRedemptions ? [`coupon ${c.code}: ${n} redemptions, cap ${c.maxRedemptions}`] : [];
      }),
  },
  {
    name: 'paid-covers-price',
    says: "Every booking that keeps its money paid at least the price of the dinner it is at now, for its ticket, with its coupon applied only where the coupon's own scope (dinner, tickets) reaches.",
    check: (s) => {
      const events = index(s.events, (e) => e.id);
      const orders = index(s.orders, (o) => o.id);
      const coupons = index(s.coupons, (c) => c.code);
      const payments = index(s.payments, (p) => p.id);
      return s.bookings.filter(keepsMoney).flatMap((b) => {
        const e = events.get(b.eventId);
        if (!e) return [`booking ${b.id}: its dinner ${b.eventId} is not in the snapshot`];
        const code = orders.get(b.orderId)?.couponCode ?? null;
        const coupon = code ? (coupons.get(code) ?? null) : null;
        // The ledger's one price rule (ledger-rules.ts priceAt): the invariant names it, never re-types it.
        const required = priceAt(e, b.ticketType, coupon);
        const p = payments.get(b.paymentId);
        // What was captured (a refund since is no-seat-on-refunded-money's concern, not a price's).
        const paid = p ? p.amountPaise / 100 : b.amount;
        return paid < required
          ? [
              `booking ${b.id} (${b.ticketType}${code ? `, coupon ${code}` : ''}) paid ₹${paid} at dinner ${e.id}, whose price for it is ₹${required}`,
            ]
          : [];
      });
    },
  },
  {
    name: 'nothing-booked-after-start',
    says: 'No booking that keeps its money is at a dinner that had started, was cancelled or was hidden when its payment was captured.',
    check: (s) => {
      const events = index(s.events, (e) => e.id);
      const payments = index(s.payments, (p) => p.id);
      const orders = index(s.orders, (o) => o.id);
      return s.bookings.filter(keepsMoney).flatMap((b) => {
        const e = events.get(b.eventId);
        const at = payments.get(b.paymentId)?.capturedAt ?? orders.get(b.orderId)?.capturedAt ?? null;
        if (!e || at === null) return [];
        const why =
          t(e.startsAt) <= t(at)
            ? `started at ${e.startsAt}`
            : e.cancelledAt !== null && t(e.cancelledAt) <= t(at)
              ? `cancelled at ${e.cancelledAt}`
              : e.hiddenAt !== null && t(e.hiddenAt) <= t(at)
                ? `hidden at ${e.hiddenAt}`
                : null;
        return why
          ? [`booking ${b.id} at dinner ${e.id}: its payment ${b.paymentId} was captured at ${at}, the dinner ${why}`]
          : [];
      });
    },
  },
];

/** Every violation of every invariant, each prefixed with the invariant's name. */
export function checkLedger(snapshot: LedgerSnapshot): string[] {
  return LEDGER_INVARIANTS.flatMap((inv) => inv.check(snapshot).map((v) => `${inv.name}: ${v}`));
}
