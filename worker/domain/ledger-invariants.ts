/**
 * The ledger's invariants (issue 19 "One ledger for seats and money", DESIGN.md "Across nights:
 * the ledger"), written once, as data: each a name, what it says in words, and a check over a
 * {@link LedgerSnapshot} — what D1 and Razorpay hold at one moment — that lists every violation.
 * Pure, no I/O: the property test (test/worker/ledger.property.test.ts) reads snapshots through the
 * product's public surfaces and asserts {@link checkLedger} finds nothing.
 *
 * The prices come from the ledger's own rule (ledger-rules.ts `priceAt`: pricing.ts `priceFor`, coupon.ts `chargedPrice`),
 * never re-typed here. Which order holds a seat is stated here in TypeScript on purpose: it is the
 * specification the SQL predicate (worker/services/ledger/seats.ts) must meet, not a copy of it;
 * likewise which spend of credit and which coupon use still count ({@link orderIsKept}, for ledger/
 * seats.ts `orderKeptSql`). Issue 20 (docs/decisions/027) added the credit and waitlist invariants.
 */
import type { CreditKind } from './credit';
import { priceAt } from './ledger-rules';
import type { CouponKind, PricedEvent, TicketType } from './pricing';
import {
  type BookingStatus,
  isPaidFor,
  type OrderStatus,
  REVENUE_BOOKING_STATUSES,
  SEATED_BOOKING_STATUSES,
} from './statuses';
import { ACTIVE_WAITLIST_STATUSES, type WaitlistStatus } from './waitlist';

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
  /** The guest who holds it. */
  userId: string;
  /** Null for a waitlist offer not yet accepted, and for an order credit paid in full. */
  razorpayOrderId: string | null;
  eventId: string;
  ticketType: TicketType;
  seats: number;
  /** Whole rupees Razorpay is asked for (after the coupon and the credit). */
  amount: number;
  /** Whole rupees of credit it spends beside `amount` (issue 20). */
  creditAmount: number;
  /** When its guest released its seats ("can't make it"), or null. */
  releasedAt: string | null;
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
  userId: string;
  orderId: string;
  eventId: string;
  ticketType: TicketType;
  seats: number;
  status: BookingStatus;
  /** Whole rupees, as recorded on the booking (Razorpay's part; the credit part is on the order). */
  amount: number;
  /** A Razorpay payment, or `credit_<order id>` for an order credit paid in full. */
  paymentId: string;
  /** When the booking was recorded. */
  bookedAt: string;
  /** The dinner it was last moved from (reschedule, or a move after a cancel), or null. */
  rescheduledFrom: string | null;
};

/** One movement of a guest's credit (`credit_entries`): the kind gives the sign. */
export type LedgerCreditEntry = {
  id: string;
  userId: string;
  kind: CreditKind;
  /** Positive rupees (0 only for the write-off of a grant spent in full). */
  amount: number;
  /** A `release` grant's released booking. */
  bookingId: string | null;
  /** A `spent` entry's order. */
  orderId: string | null;
  /** An `expired` entry's grant. */
  grantId: string | null;
  createdAt: string;
};

/** A guest in a dinner's line (`waitlist_entries`), and the offer's hold once offered. */
export type LedgerWaitlistEntry = {
  id: string;
  userId: string;
  eventId: string;
  ticketType: TicketType;
  seats: number;
  status: WaitlistStatus;
  orderId: string | null;
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
  /** Every credit entry of the guests in the snapshot (a balance is the sum of all of a guest's). */
  credits: readonly LedgerCreditEntry[];
  /** The lines of the snapshot's dinners. */
  waitlist: readonly LedgerWaitlistEntry[];
};

export type LedgerInvariant = {
  name: string;
  says: string;
  check: (s: LedgerSnapshot) => string[];
};

const t = (iso: string) => Date.parse(iso);
const inList = <T extends string>(list: readonly T[], x: string): x is T => (list as readonly string[]).includes(x);
/**
 * Seats sold for good (decision 027's F): paid or confirmed and not released; nothing that may
 * still end refunded. ledger/seats.ts `soldForGoodSql`.
 */
const soldForGood = (o: LedgerOrder) => isPaidFor(o.status) && o.releasedAt === null;

/**
 * Whether an order holds its seats at `now`: paid or confirmed; a flagged one that kept its seat;
 * an unpaid one while its hold is live, or for good once a captured payment was reported inside
 * the hold (that guest paid in time).
 */
export function orderHoldsSeats(o: LedgerOrder, now: string): boolean {
  // A released order ("can't make it") gave its seats back for good.
  if (isPaidFor(o.status)) return soldForGood(o);
  if (o.status === 'needs_attention') return o.keepsSeat;
  if (o.status === 'created')
    return t(o.holdExpiresAt) > t(now) || (o.capturePendingAt !== null && t(o.capturePendingAt) <= t(o.holdExpiresAt));
  return false;
}

/**
 * Whether an order still keeps what it paid with: the credit it spent (so the spend counts
 * against the balance) and the coupon it redeemed (coupon-within-cap). It is paid, confirmed (a
 * released one too: the guest had the seat), or
 * holds its seats — and its booking is not being refunded (a dinner we cancelled gives the credit
 * part back as credit). The specification ledger/seats.ts `orderKeptSql` must meet, mirrored
 * here clause for clause (with {@link orderHoldsSeats} for its `ownsSeatsSql`).
 */
export function orderIsKept(o: LedgerOrder, bookings: readonly LedgerBooking[], now: string): boolean {
  // A flagged order keeps it only while it keeps its seat (orderHoldsSeats): one without a seat is
  // never booked with credit and ends refunded.
  const keeps = isPaidFor(o.status) || orderHoldsSeats(o, now);
  return (
    keeps && !bookings.some((b) => b.orderId === o.id && (b.status === 'refund_pending' || b.status === 'refunded'))
  );
}

/**
 * Each guest's credit balance (₹): grants (`release`, `operator`), less spends their orders still
 * keep ({@link orderIsKept}), less expiries. A spend whose order is not in the snapshot counts
 * (the cautious reading: it lowers the balance).
 */
export function creditBalances(s: LedgerSnapshot): Map<string, number> {
  const orders = index(s.orders, (o) => o.id);
  const balances = new Map<string, number>();
  for (const c of s.credits) {
    let delta = 0;
    if (c.kind === 'release' || c.kind === 'operator') delta = c.amount;
    else if (c.kind === 'expired') delta = -c.amount;
    else if (c.kind === 'spent') {
      const o = c.orderId ? orders.get(c.orderId) : undefined;
      delta = o === undefined || orderIsKept(o, s.bookings, s.now) ? -c.amount : 0;
    }
    balances.set(c.userId, (balances.get(c.userId) ?? 0) + delta);
  }
  return balances;
}

/** Booked by credit alone: no Razorpay payment, the payment id `credit_<order id>` (decision 027). */
const paidByCredit = (b: LedgerBooking) => b.paymentId === `credit_${b.orderId}`;

/** Bookings whose money the business keeps (a seat sold). */
const keepsMoney = (b: LedgerBooking) => inList(REVENUE_BOOKING_STATUSES, b.status);
/** Bookings that keep their payment: a seat sold, or released (the money stays; credit may follow). */
const keepsPayment = (b: LedgerBooking) => keepsMoney(b) || b.status === 'released';
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
    says: 'On every dinner, the seats booked (confirmed, checked in, no-show) plus the seats held by orders without a booking (holds and waitlist offers alike; never a released order) never exceed its capacity.',
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
    says: 'At rest, every payment Razorpay captured ends as exactly one booking that keeps it (a released one keeps it too), or exactly one full refund: never neither, never both, never two.',
    check: (s) => {
      if (!s.quiescent) return [];
      return s.payments.filter(wasCaptured).flatMap((p) => {
        const kept = s.bookings.filter((b) => b.paymentId === p.id && keepsPayment(b));
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
    says: 'No seated booking (confirmed or checked in) rests on a payment that was refunded, or that Razorpay does not know as captured (a booking credit paid in full has none).',
    check: (s) => {
      const payments = index(s.payments, (p) => p.id);
      // A booking credit paid in full has no Razorpay payment: its credit is credit-spent-once's concern.
      return s.bookings
        .filter((b) => seated(b) && !paidByCredit(b))
        .flatMap((b) => {
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
    says: "A capped coupon's redemptions (orders with it that keep what they paid with, as spent credit does: holding or owning seats, or paid, released or not, while their booking is not refunded) never exceed its cap.",
    check: (s) =>
      s.coupons.flatMap((c) => {
        if (c.maxRedemptions === null) return [];
        const n = s.orders.filter((o) => o.couponCode === c.code && orderIsKept(o, s.bookings, s.now)).length;
        return n > c.maxRedemptions ? [`coupon ${c.code}: ${n} redemptions, cap ${c.maxRedemptions}`] : [];
      }),
  },
  {
    name: 'paid-covers-price',
    says: "Every booking that keeps its money paid at least the price of the dinner it is at now (Razorpay's part plus its order's credit), for its ticket, with its coupon applied only where the coupon's own scope (dinner, tickets) reaches.",
    check: (s) => {
      const events = index(s.events, (e) => e.id);
      const orders = index(s.orders, (o) => o.id);
      const coupons = index(s.coupons, (c) => c.code);
      const payments = index(s.payments, (p) => p.id);
      return s.bookings.filter(keepsMoney).flatMap((b) => {
        const e = events.get(b.eventId);
        if (!e) return [`booking ${b.id}: its dinner ${b.eventId} is not in the snapshot`];
        const order = orders.get(b.orderId);
        const code = order?.couponCode ?? null;
        const coupon = code ? (coupons.get(code) ?? null) : null;
        // The ledger's one price rule (ledger-rules.ts priceAt): the invariant names it, never re-types it.
        const required = priceAt(e, b.ticketType, coupon);
        const p = payments.get(b.paymentId);
        // What was captured (a refund since is no-seat-on-refunded-money's concern, not a price's),
        // and the credit its order spent.
        const credit = order?.creditAmount ?? 0;
        const paid = (p ? p.amountPaise / 100 : b.amount) + credit;
        return paid < required
          ? [
              `booking ${b.id} (${b.ticketType}${code ? `, coupon ${code}` : ''}${credit ? `, ₹${credit} credit` : ''}) paid ₹${paid} at dinner ${e.id}, whose price for it is ₹${required}`,
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
        // A booking credit paid in full was paid when it was booked (in the request that held it).
        const at = paidByCredit(b)
          ? b.bookedAt
          : (payments.get(b.paymentId)?.capturedAt ?? orders.get(b.orderId)?.capturedAt ?? null);
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
  {
    name: 'credit-balance-not-negative',
    says: "Every guest's credit balance (grants, less spends their orders still keep, less expiries) is never below zero.",
    check: (s) =>
      [...creditBalances(s)].flatMap(([userId, balance]) =>
        balance < 0 ? [`guest ${userId}: credit balance ₹${balance}`] : [],
      ),
  },
  {
    name: 'release-credited-once',
    says: 'A release is credited at most once, only to a booking that is released, to its own guest, for exactly what its order paid (Razorpay part plus credit), and never for a payment refunded.',
    check: (s) => {
      const bookings = index(s.bookings, (b) => b.id);
      const orders = index(s.orders, (o) => o.id);
      const payments = index(s.payments, (p) => p.id);
      // A release credit written off because its payment was refunded from Razorpay's dashboard
      // (ledger/credit.ts writeOffReleaseCredit): the card refund replaced it. What was spent
      // before the refund cannot be taken back; the Worker raises an alert for that.
      const writtenOff = new Set(s.credits.filter((c) => c.kind === 'expired' && c.grantId).map((c) => c.grantId));
      const seen = new Set<string>();
      return s.credits
        .filter((c) => c.kind === 'release')
        .flatMap((c) => {
          const where = `release credit ${c.id} (₹${c.amount})`;
          if (c.bookingId === null) return [`${where}: names no booking`];
          if (seen.has(c.bookingId)) return [`${where}: booking ${c.bookingId} credited twice`];
          seen.add(c.bookingId);
          const b = bookings.get(c.bookingId);
          if (!b) return [`${where}: booking ${c.bookingId} is not in the snapshot`];
          if (b.status === 'refunded' && writtenOff.has(c.id)) return [];
          if (b.status !== 'released') return [`${where}: booking ${b.id} is ${b.status}, not released`];
          if (b.userId !== c.userId) return [`${where}: booking ${b.id} is another guest's`];
          const o = orders.get(b.orderId);
          const paid = o ? o.amount + o.creditAmount : null;
          if (paid !== c.amount) return [`${where}: booking ${b.id}'s order paid ₹${paid}`];
          // Credit for money the guest also got back is the money twice.
          const refunded = payments.get(b.paymentId)?.amountRefundedPaise ?? 0;
          return refunded > 0
            ? [`${where}: booking ${b.id}'s payment ${b.paymentId} was refunded ₹${refunded / 100}`]
            : [];
        });
    },
  },
  {
    name: 'release-credited-after-resale',
    says: 'At a dinner not cancelled, the released seats credited never exceed max(0, R − (C − F)): R seats released (also those refunded from the Razorpay dashboard after their release), capacity C, F other seats that were ever held for good there (paid, confirmed, flagged or captured in time, or moved away since) — credit only once the seats were sold again.',
    check: (s) => {
      const credited = new Set(s.credits.filter((c) => c.kind === 'release').map((c) => c.bookingId));
      return s.events.flatMap((e) => {
        // A dinner we cancelled refunds and moves its guests away: grants made before then were
        // judged on seats the snapshot can no longer see.
        if (e.cancelledAt !== null) return [];
        // Released seats: a booking `released`, or one released and then refunded from Razorpay's
        // dashboard (its order still says when it was released). The latter's grant, written off
        // with the refund, was still a grant and counts among the credited.
        const releasedOrders = new Set(s.orders.filter((o) => o.releasedAt !== null).map((o) => o.id));
        const released = s.bookings.filter(
          (b) =>
            b.eventId === e.id &&
            (b.status === 'released' ||
              (releasedOrders.has(b.orderId) && (b.status === 'refunded' || b.status === 'refund_pending'))),
        );
        const r = released.reduce((n, b) => n + b.seats, 0);
        const k = released.filter((b) => credited.has(b.id)).reduce((n, b) => n + b.seats, 0);
        if (k === 0) return [];
        // Every seat firm when a grant was made is still at this dinner (a release stops
        // reschedules out of it: both need the 48 hours), or was moved out after a cancel.
        const everFirm =
          s.orders
            .filter(
              (o) =>
                o.eventId === e.id &&
                o.releasedAt === null &&
                (soldForGood(o) || o.paymentId !== null || o.capturePendingAt !== null || o.keepsSeat),
            )
            .reduce((n, o) => n + o.seats, 0) +
          s.bookings.filter((b) => b.rescheduledFrom === e.id && b.eventId !== e.id).reduce((n, b) => n + b.seats, 0);
        const resold = Math.max(0, r - (e.capacity - everFirm));
        return k > resold
          ? [
              `dinner ${e.id}: ${k} released seats credited, but at most ${resold} were sold again (${r} released, capacity ${e.capacity}, ${everFirm} ever held for good)`,
            ]
          : [];
      });
    },
  },
  {
    name: 'credit-spent-once',
    says: 'An order spends its credit once: at most one spend, by its own guest, of exactly its credit_amount; and an order with credit that was paid or booked has its spend.',
    check: (s) => {
      const orders = index(s.orders, (o) => o.id);
      const booked = new Set(s.bookings.map((b) => b.orderId));
      const spends = new Map<string, number>();
      const out = s.credits
        .filter((c) => c.kind === 'spent')
        .flatMap((c) => {
          const where = `spend ${c.id} (₹${c.amount})`;
          if (c.orderId === null) return [`${where}: names no order`];
          spends.set(c.orderId, (spends.get(c.orderId) ?? 0) + 1);
          const o = orders.get(c.orderId);
          if (!o) return [];
          if (o.userId !== c.userId) return [`${where}: order ${o.id} is another guest's`];
          return o.creditAmount === c.amount ? [] : [`${where}: order ${o.id} spends ₹${o.creditAmount}`];
        });
      for (const [orderId, n] of spends) if (n > 1) out.push(`order ${orderId}: ${n} spends`);
      for (const o of s.orders)
        if (o.creditAmount > 0 && !spends.has(o.id) && (booked.has(o.id) || isPaidFor(o.status)))
          out.push(`order ${o.id} (${o.status}) has ₹${o.creditAmount} credit but no spend`);
      return out;
    },
  },
  {
    name: 'credit-order-paid-in-time',
    says: 'An order that spent credit is booked only through its own hold: its payment was captured (or, credit paying it all, it was booked) while the hold was live; never paid late.',
    check: (s) => {
      const orders = index(s.orders, (o) => o.id);
      const payments = index(s.payments, (p) => p.id);
      return s.bookings.flatMap((b) => {
        const o = orders.get(b.orderId);
        if (!o || o.creditAmount === 0) return [];
        const at = paidByCredit(b) ? b.bookedAt : (payments.get(b.paymentId)?.capturedAt ?? o.capturedAt);
        if (at === null)
          return [`booking ${b.id} (₹${o.creditAmount} credit): its payment ${b.paymentId} was never captured`];
        return t(at) > t(o.holdExpiresAt)
          ? [
              `booking ${b.id} (₹${o.creditAmount} credit, ${b.status}): paid at ${at}, after its hold ended at ${o.holdExpiresAt}`,
            ]
          : [];
      });
    },
  },
  {
    name: 'offer-holds-its-seats',
    says: "Every waitlist entry that is offered has its own guest's order for its seats, which holds them or was paid.",
    check: (s) => {
      const orders = index(s.orders, (o) => o.id);
      return s.waitlist
        .filter((w) => w.status === 'offered')
        .flatMap((w) => {
          const o = w.orderId ? orders.get(w.orderId) : undefined;
          const where = `waitlist entry ${w.id} (offered)`;
          if (!o) return [`${where}: its order ${w.orderId} is not in the snapshot`];
          if (o.userId !== w.userId || o.seats !== w.seats) return [`${where}: order ${o.id} is not its guest's seats`];
          const paid = isPaidFor(o.status) || o.status === 'needs_attention';
          return paid || orderHoldsSeats(o, s.now)
            ? []
            : [
                `${where}: order ${o.id} (${o.status}, hold until ${o.holdExpiresAt}) neither holds its seats nor was paid`,
              ];
        });
    },
  },
  {
    name: 'one-active-waitlist-entry',
    says: "A guest has at most one active entry (waiting or offered) in a dinner's line.",
    check: (s) => {
      const active = new Map<string, number>();
      for (const w of s.waitlist)
        if (inList(ACTIVE_WAITLIST_STATUSES, w.status))
          active.set(`${w.userId} at dinner ${w.eventId}`, (active.get(`${w.userId} at dinner ${w.eventId}`) ?? 0) + 1);
      return [...active].flatMap(([who, n]) => (n > 1 ? [`guest ${who}: ${n} active entries`] : []));
    },
  },
];

/** Every violation of every invariant, each prefixed with the invariant's name. */
export function checkLedger(snapshot: LedgerSnapshot): string[] {
  return LEDGER_INVARIANTS.flatMap((inv) => inv.check(snapshot).map((v) => `${inv.name}: ${v}`));
}
