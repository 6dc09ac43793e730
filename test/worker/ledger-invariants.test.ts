/**
 * The ledger's invariants (worker/domain/ledger-invariants.ts) on tiny hand-made snapshots: for
 * each, one snapshot that keeps it and one that breaks it, so a check that never fires (or always
 * does) cannot pass for a proof.
 */
import { describe, expect, it } from 'vitest';
import { chargedPrice } from '../../worker/domain/coupon';
import {
  checkLedger,
  LEDGER_INVARIANTS,
  type LedgerBooking,
  type LedgerCoupon,
  type LedgerCreditEntry,
  type LedgerEvent,
  type LedgerOrder,
  type LedgerPayment,
  type LedgerSnapshot,
  type LedgerWaitlistEntry,
} from '../../worker/domain/ledger-invariants';
import { priceFor } from '../../worker/domain/pricing';

const NOW = '2026-06-01T12:00:00.000Z';
const MIN = 60_000;
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * MIN).toISOString();

const dinner = (over: Partial<LedgerEvent> = {}): LedgerEvent => ({
  id: 'e1',
  capacity: 2,
  startsAt: at(60 * 24 * 7),
  cancelledAt: null,
  hiddenAt: null,
  ticketPriceSingle: 500,
  ticketPriceCouple: 900,
  ticketPriceGroup: 800,
  ...over,
});
const order = (id: string, over: Partial<LedgerOrder> = {}): LedgerOrder => ({
  id,
  userId: 'u1',
  razorpayOrderId: `order_${id}`,
  eventId: 'e1',
  ticketType: 'male',
  seats: 1,
  amount: 500,
  creditAmount: 0,
  releasedAt: null,
  status: 'confirmed',
  couponCode: null,
  paymentId: `pay_${id}`,
  holdExpiresAt: at(-5),
  capturePendingAt: at(-10),
  keepsSeat: false,
  capturedAt: at(-10),
  ...over,
});
const booking = (id: string, over: Partial<LedgerBooking> = {}): LedgerBooking => ({
  id: `bkg_${id}`,
  userId: 'u1',
  orderId: id,
  eventId: 'e1',
  ticketType: 'male',
  seats: 1,
  status: 'confirmed',
  amount: 500,
  paymentId: `pay_${id}`,
  bookedAt: at(-9),
  rescheduledFrom: null,
  ...over,
});
const payment = (id: string, over: Partial<LedgerPayment> = {}): LedgerPayment => ({
  id: `pay_${id}`,
  orderId: `order_${id}`,
  status: 'captured',
  amountPaise: 50_000,
  amountRefundedPaise: 0,
  refunds: 0,
  capturedAt: at(-10),
  ...over,
});
const coupon = (over: Partial<LedgerCoupon> = {}): LedgerCoupon => ({
  code: 'HALF',
  kind: 'percent',
  value: 50,
  ticketTypes: null,
  eventId: null,
  maxRedemptions: 1,
  ...over,
});
const credit = (id: string, over: Partial<LedgerCreditEntry> = {}): LedgerCreditEntry => ({
  id,
  userId: 'u1',
  kind: 'operator',
  amount: 300,
  bookingId: null,
  orderId: null,
  grantId: null,
  createdAt: at(-60),
  ...over,
});
const entry = (id: string, over: Partial<LedgerWaitlistEntry> = {}): LedgerWaitlistEntry => ({
  id,
  userId: 'u2',
  eventId: 'e1',
  ticketType: 'male',
  seats: 1,
  status: 'waiting',
  orderId: null,
  ...over,
});
/** One confirmed guest on a dinner of two seats, paid ₹500: keeps every invariant. */
const snapshot = (over: Partial<LedgerSnapshot> = {}): LedgerSnapshot => ({
  now: NOW,
  quiescent: true,
  events: [dinner()],
  orders: [order('a')],
  bookings: [booking('a')],
  coupons: [],
  payments: [payment('a')],
  credits: [],
  waitlist: [],
  ...over,
});

const byName = (name: string) => {
  const inv = LEDGER_INVARIANTS.find((i) => i.name === name);
  if (!inv) throw new Error(`no invariant ${name}`);
  return inv;
};

describe('the ledger invariants', () => {
  it('are thirteen, each named and said in words', () => {
    expect(LEDGER_INVARIANTS.map((i) => i.name)).toEqual([
      'seats-within-capacity',
      'payment-ends-once',
      'no-seat-on-refunded-money',
      'coupon-within-cap',
      'paid-covers-price',
      'nothing-booked-after-start',
      'credit-balance-not-negative',
      'release-credited-once',
      'release-credited-after-resale',
      'credit-spent-once',
      'credit-order-paid-in-time',
      'offer-holds-its-seats',
      'one-active-waitlist-entry',
    ]);
    for (const inv of LEDGER_INVARIANTS) expect(inv.says.length).toBeGreaterThan(20);
    expect(checkLedger(snapshot())).toEqual([]);
  });

  it('seats-within-capacity: booked plus held ≤ capacity; expired holds hold nothing', () => {
    const inv = byName('seats-within-capacity');
    const live = order('b', { status: 'created', paymentId: null, capturePendingAt: null, holdExpiresAt: at(10) });
    const couple = order('c', {
      status: 'created',
      paymentId: null,
      capturePendingAt: null,
      holdExpiresAt: at(10),
      ticketType: 'couple',
      seats: 2,
    });
    expect(inv.check(snapshot({ orders: [order('a'), live] }))).toEqual([]);
    // An expired hold without an in-time capture holds nothing.
    const expired = { ...couple, holdExpiresAt: at(-1) };
    expect(inv.check(snapshot({ orders: [order('a'), expired] }))).toEqual([]);
    // An in-time capture keeps its seats after the hold.
    const inTime = { ...couple, holdExpiresAt: at(-1), capturePendingAt: at(-2) };
    expect(inv.check(snapshot({ orders: [order('a'), inTime] }))).toEqual([
      'dinner e1: 3 seats booked or held, capacity 2',
    ]);
    expect(inv.check(snapshot({ orders: [order('a'), couple] }))).toHaveLength(1);
    // A refunded booking frees its seat.
    const refunded = snapshot({
      orders: [order('a'), order('b'), order('c')],
      bookings: [booking('a'), booking('b'), booking('c', { status: 'refunded' })],
    });
    expect(inv.check(refunded)).toEqual([]);
  });

  it('payment-ends-once: one booking or one refund, at rest only', () => {
    const inv = byName('payment-ends-once');
    expect(inv.check(snapshot())).toEqual([]);
    const refundedOnly = snapshot({
      orders: [order('a', { status: 'refunded' })],
      bookings: [],
      payments: [payment('a', { status: 'refunded', amountRefundedPaise: 50_000, refunds: 1 })],
    });
    expect(inv.check(refundedOnly)).toEqual([]);
    const lost = snapshot({ orders: [order('a', { status: 'expired' })], bookings: [] });
    expect(inv.check(lost)).toEqual(['payment pay_a (order order_a, ₹500): captured, neither booked nor refunded']);
    expect(inv.check({ ...lost, quiescent: false })).toEqual([]);
    const both = snapshot({
      payments: [payment('a', { status: 'refunded', amountRefundedPaise: 50_000, refunds: 1 })],
    });
    expect(inv.check(both)).toHaveLength(1);
    // A failed payment was never money.
    expect(
      inv.check(snapshot({ bookings: [], payments: [payment('a', { status: 'failed', capturedAt: null })] })),
    ).toEqual([]);
  });

  it('no-seat-on-refunded-money: a seated booking on refunded money breaks it; a refunded booking does not', () => {
    const inv = byName('no-seat-on-refunded-money');
    const refundedPayment = payment('a', { status: 'refunded', amountRefundedPaise: 50_000, refunds: 1 });
    expect(inv.check(snapshot({ payments: [refundedPayment] }))).toEqual([
      'booking bkg_a (confirmed) rests on payment pay_a, refunded ₹500 of ₹500',
    ]);
    expect(
      inv.check(snapshot({ payments: [refundedPayment], bookings: [booking('a', { status: 'refunded' })] })),
    ).toEqual([]);
    expect(inv.check(snapshot({ payments: [] }))).toHaveLength(1);
    expect(inv.check(snapshot())).toEqual([]);
  });

  it('coupon-within-cap: orders holding or owning seats, or confirmed, with the coupon ≤ its cap', () => {
    const inv = byName('coupon-within-cap');
    const withCoupon = (id: string, over: Partial<LedgerOrder> = {}) => order(id, { couponCode: 'HALF', ...over });
    const gaveBack = withCoupon('b', { status: 'expired', paymentId: null, capturePendingAt: null });
    expect(inv.check(snapshot({ coupons: [coupon()], orders: [withCoupon('a'), gaveBack] }))).toEqual([]);
    const live = withCoupon('b', { status: 'created', paymentId: null, capturePendingAt: null, holdExpiresAt: at(5) });
    expect(inv.check(snapshot({ coupons: [coupon()], orders: [withCoupon('a'), live] }))).toEqual([
      'coupon HALF: 2 redemptions, cap 1',
    ]);
    expect(
      inv.check(snapshot({ coupons: [coupon({ maxRedemptions: null })], orders: [withCoupon('a'), live] })),
    ).toEqual([]);
  });

  it("paid-covers-price: the booking's dinner's price, the coupon only where its scope reaches", () => {
    const inv = byName('paid-covers-price');
    const e2 = dinner({ id: 'e2', ticketPriceSingle: 700 });
    const half = coupon({ eventId: 'e1' });
    const discounted = chargedPrice(dinner(), 'male', half) as number;
    expect(discounted).toBe(250);
    const paidHalf = (eventId: string) =>
      snapshot({
        events: [dinner(), e2],
        coupons: [half],
        orders: [order('a', { couponCode: 'HALF', amount: discounted, eventId })],
        bookings: [booking('a', { amount: discounted, eventId })],
        payments: [payment('a', { amountPaise: discounted * 100 })],
      });
    // At the coupon's own dinner, the discounted price is enough.
    expect(inv.check(paidHalf('e1'))).toEqual([]);
    // Moved to another dinner, the coupon (for e1 only) no longer reaches: e2's full price is owed.
    expect(inv.check(paidHalf('e2'))).toEqual([
      `booking bkg_a (male, coupon HALF) paid ₹250 at dinner e2, whose price for it is ₹${priceFor(e2, 'male')}`,
    ]);
    // A dinner-wide coupon reaches e2 too: half of e2's ₹700 is ₹350, more than was paid.
    const wide = { ...paidHalf('e2'), coupons: [coupon({ eventId: null })] };
    expect(inv.check(wide)).toHaveLength(1);
    // A coupon for other tickets does not discount this one.
    const otherTicket = { ...paidHalf('e1'), coupons: [coupon({ eventId: 'e1', ticketTypes: ['female'] })] };
    expect(inv.check(otherTicket)).toHaveLength(1);
  });

  it('nothing-booked-after-start: captured after the start, the cancel or the hide breaks it', () => {
    const inv = byName('nothing-booked-after-start');
    expect(inv.check(snapshot({ events: [dinner({ startsAt: at(-5) })] }))).toEqual([]);
    expect(inv.check(snapshot({ events: [dinner({ startsAt: at(-20) })] }))).toEqual([
      `booking bkg_a at dinner e1: its payment pay_a was captured at ${at(-10)}, the dinner started at ${at(-20)}`,
    ]);
    expect(inv.check(snapshot({ events: [dinner({ cancelledAt: at(-11) })] }))).toHaveLength(1);
    expect(inv.check(snapshot({ events: [dinner({ cancelledAt: at(-9) })] }))).toEqual([]);
    expect(inv.check(snapshot({ events: [dinner({ hiddenAt: at(-11) })] }))).toHaveLength(1);
    // A refunded booking is no booking.
    expect(
      inv.check(
        snapshot({ events: [dinner({ startsAt: at(-20) })], bookings: [booking('a', { status: 'refunded' })] }),
      ),
    ).toEqual([]);
  });
  // Issue 20: the waitlist, "can't make it" and credit (docs/decisions/027).

  /** An unaccepted waitlist offer: a hold with no Razorpay order, for guest u2. */
  const offer = (id: string, over: Partial<LedgerOrder> = {}) =>
    order(id, {
      userId: 'u2',
      razorpayOrderId: null,
      status: 'created',
      paymentId: null,
      capturePendingAt: null,
      capturedAt: null,
      holdExpiresAt: at(60),
      ...over,
    });
  /** Booked by credit alone: no Razorpay payment, payment id `credit_<order id>`. */
  const byCredit = (id: string, over: Partial<LedgerOrder> = {}) =>
    order(id, {
      razorpayOrderId: null,
      amount: 0,
      creditAmount: 500,
      paymentId: `credit_${id}`,
      capturePendingAt: null,
      capturedAt: null,
      ...over,
    });

  it('seats-within-capacity: an offer holds seats like any hold; a released order holds none', () => {
    const inv = byName('seats-within-capacity');
    const full = snapshot({
      orders: [order('a'), order('b'), offer('o')],
      bookings: [booking('a'), booking('b')],
    });
    expect(inv.check(full)).toEqual(['dinner e1: 3 seats booked or held, capacity 2']);
    // b can't make it: its seat is the offer's.
    const released = snapshot({
      orders: [order('a'), order('b', { releasedAt: at(-1) }), offer('o')],
      bookings: [booking('a'), booking('b', { status: 'released' })],
    });
    expect(inv.check(released)).toEqual([]);
    // A paid order released before its booking was recorded holds nothing either.
    const paidReleased = order('b', { status: 'paid', releasedAt: at(-1) });
    expect(inv.check(snapshot({ orders: [order('a'), paidReleased, offer('o')] }))).toEqual([]);
    expect(
      inv.check(snapshot({ orders: [order('a'), { ...paidReleased, releasedAt: null }, offer('o')] })),
    ).toHaveLength(1);
    // A lapsed offer holds nothing.
    expect(inv.check({ ...full, orders: [order('a'), order('b'), offer('o', { holdExpiresAt: at(-1) })] })).toEqual([]);
  });

  it('payment-ends-once: a released booking keeps its payment; refunded as well is both', () => {
    const inv = byName('payment-ends-once');
    const released = snapshot({
      orders: [order('a', { releasedAt: at(-1) })],
      bookings: [booking('a', { status: 'released' })],
    });
    expect(inv.check(released)).toEqual([]);
    expect(
      inv.check({
        ...released,
        payments: [payment('a', { status: 'refunded', amountRefundedPaise: 50_000, refunds: 1 })],
      }),
    ).toEqual(['payment pay_a (order order_a, ₹500): both booked (bkg_a, released) and refunded']);
  });

  it('no-seat-on-refunded-money and nothing-booked-after-start: a booking credit paid in full has no Razorpay payment', () => {
    const paid = snapshot({
      orders: [byCredit('a')],
      bookings: [booking('a', { paymentId: 'credit_a', amount: 0 })],
      payments: [],
    });
    expect(byName('no-seat-on-refunded-money').check(paid)).toEqual([]);
    // Any other payment id must be a payment Razorpay captured.
    expect(
      byName('no-seat-on-refunded-money').check({
        ...paid,
        bookings: [booking('a', { paymentId: 'credit_b', amount: 0 })],
      }),
    ).toHaveLength(1);
    const after = byName('nothing-booked-after-start');
    expect(after.check(paid)).toEqual([]);
    // Booked by credit at -9 minutes, the dinner started at -20.
    expect(after.check({ ...paid, events: [dinner({ startsAt: at(-20) })] })).toEqual([
      `booking bkg_a at dinner e1: its payment credit_a was captured at ${at(-9)}, the dinner started at ${at(-20)}`,
    ]);
  });

  it("paid-covers-price: Razorpay's part plus the order's credit", () => {
    const inv = byName('paid-covers-price');
    const split = snapshot({
      orders: [order('a', { amount: 200, creditAmount: 300 })],
      bookings: [booking('a', { amount: 200 })],
      payments: [payment('a', { amountPaise: 20_000 })],
    });
    expect(inv.check(split)).toEqual([]);
    expect(inv.check({ ...split, orders: [order('a', { amount: 200, creditAmount: 200 })] })).toEqual([
      'booking bkg_a (male, ₹200 credit) paid ₹400 at dinner e1, whose price for it is ₹500',
    ]);
    // Credit in full.
    const whole = snapshot({
      orders: [byCredit('a')],
      bookings: [booking('a', { paymentId: 'credit_a', amount: 0 })],
      payments: [],
    });
    expect(inv.check(whole)).toEqual([]);
    expect(inv.check({ ...whole, orders: [byCredit('a', { creditAmount: 450 })] })).toHaveLength(1);
  });

  it('credit-balance-not-negative: grants less kept spends less expiries, never below zero', () => {
    const inv = byName('credit-balance-not-negative');
    const spend = (id: string, orderId: string, amount = 300) => credit(id, { kind: 'spent', orderId, amount });
    const spentOnA = snapshot({
      orders: [order('a', { amount: 200, creditAmount: 300 })],
      credits: [credit('g'), spend('s', 'a')],
    });
    expect(inv.check(spentOnA)).toEqual([]);
    // The same ₹300 spent on two orders that both keep it.
    const twice = snapshot({
      orders: [order('a', { amount: 200, creditAmount: 300 }), order('b', { amount: 200, creditAmount: 300 })],
      credits: [credit('g'), spend('s1', 'a'), spend('s2', 'b')],
    });
    expect(inv.check(twice)).toEqual(['guest u1: credit balance ₹-300']);
    // A spend whose hold lapsed came back; so did one whose booking is refunded (a dinner we cancelled).
    const lapsed = order('b', {
      amount: 200,
      creditAmount: 300,
      status: 'expired',
      paymentId: null,
      capturePendingAt: null,
      holdExpiresAt: at(-1),
    });
    expect(inv.check({ ...twice, orders: [twice.orders[0], lapsed] })).toEqual([]);
    expect(
      inv.check({
        ...twice,
        bookings: [booking('a'), booking('b', { status: 'refunded' })],
      }),
    ).toEqual([]);
    // A flagged order keeps its spend only while it keeps its seat (orderKeptSql).
    expect(
      inv.check({ ...twice, orders: [twice.orders[0], { ...lapsed, status: 'needs_attention', keepsSeat: false }] }),
    ).toEqual([]);
    expect(
      inv.check({ ...twice, orders: [twice.orders[0], { ...lapsed, status: 'needs_attention', keepsSeat: true }] }),
    ).toHaveLength(1);
    // An expiry of what was already spent.
    expect(
      inv.check({ ...spentOnA, credits: [...spentOnA.credits, credit('x', { kind: 'expired', grantId: 'g' })] }),
    ).toEqual(['guest u1: credit balance ₹-300']);
  });

  it('release-credited-once: once, for a released booking, its own guest, what its order paid', () => {
    const inv = byName('release-credited-once');
    const release = (id: string, over: Partial<LedgerCreditEntry> = {}) =>
      credit(id, { kind: 'release', bookingId: 'bkg_a', amount: 500, ...over });
    const released = snapshot({
      orders: [order('a', { amount: 200, creditAmount: 300, releasedAt: at(-30) })],
      bookings: [booking('a', { status: 'released', amount: 200 })],
      credits: [release('r')],
    });
    expect(inv.check(released)).toEqual([]);
    expect(inv.check({ ...released, credits: [release('r1'), release('r2')] })).toEqual([
      'release credit r2 (₹500): booking bkg_a credited twice',
    ]);
    expect(inv.check({ ...released, bookings: [booking('a', { amount: 200 })] })).toEqual([
      'release credit r (₹500): booking bkg_a is confirmed, not released',
    ]);
    expect(inv.check({ ...released, credits: [release('r', { amount: 200 })] })).toEqual([
      "release credit r (₹200): booking bkg_a's order paid ₹500",
    ]);
    expect(inv.check({ ...released, credits: [release('r', { userId: 'u2' })] })).toHaveLength(1);
    // Credited for a payment Razorpay's dashboard refunded: the money twice.
    expect(
      inv.check({
        ...released,
        payments: [payment('a', { amountPaise: 20_000, amountRefundedPaise: 20_000, status: 'refunded', refunds: 1 })],
      }),
    ).toEqual(["release credit r (₹500): booking bkg_a's payment pay_a was refunded ₹200"]);
    // The booking refunded from the dashboard, its release credit written off: the refund replaced it.
    const refundedAfter = {
      ...released,
      bookings: [booking('a', { status: 'refunded', amount: 200 })],
      payments: [payment('a', { amountPaise: 20_000, amountRefundedPaise: 20_000, status: 'refunded', refunds: 1 })],
    };
    expect(inv.check(refundedAfter)).toHaveLength(1);
    expect(
      inv.check({
        ...refundedAfter,
        credits: [release('r'), credit('w', { kind: 'expired', grantId: 'r', amount: 500 })],
      }),
    ).toEqual([]);
  });

  it('release-credited-after-resale: credit only once the released seats were sold again', () => {
    const inv = byName('release-credited-after-resale');
    const resold = snapshot({
      orders: [order('a', { releasedAt: at(-30) }), order('b'), order('c')],
      bookings: [booking('a', { status: 'released' }), booking('b'), booking('c')],
      payments: [payment('a'), payment('b'), payment('c')],
      credits: [credit('r', { kind: 'release', bookingId: 'bkg_a', amount: 500 })],
    });
    expect(inv.check(resold)).toEqual([]);
    // Nobody took a's seat: c's is the dinner's other seat, free anyway.
    const unsold = { ...resold, orders: resold.orders.slice(0, 2), bookings: resold.bookings.slice(0, 2) };
    expect(inv.check(unsold)).toEqual([
      'dinner e1: 1 released seats credited, but at most 0 were sold again (1 released, capacity 2, 1 ever held for good)',
    ]);
    // A bare hold or an offer is not a sale.
    expect(inv.check({ ...unsold, orders: [...unsold.orders, offer('o')] })).toHaveLength(1);
    // A buyer refunded later, or moved away after a cancel, was a sale when the credit was granted.
    expect(
      inv.check({
        ...resold,
        bookings: [resold.bookings[0], resold.bookings[1], booking('c', { status: 'refunded' })],
      }),
    ).toEqual([]);
    // A dinner we cancelled is not judged (its guests were refunded or moved).
    expect(inv.check({ ...unsold, events: [dinner({ cancelledAt: at(-1) })] })).toEqual([]);
    // b held its seat while c bought a's, then released too and was refunded from Razorpay's
    // dashboard: its booking is `refunded`, but its seat is one of the released. (The property
    // test found this: counted nowhere, b's seat made a's resale look like credit for nothing.)
    const releasedThenRefunded = snapshot({
      orders: [order('a', { releasedAt: at(-30) }), order('b', { releasedAt: at(-20) }), order('c')],
      bookings: [booking('a', { status: 'released' }), booking('b', { status: 'refunded' }), booking('c')],
      payments: [payment('a'), payment('b'), payment('c')],
      credits: [credit('r', { kind: 'release', bookingId: 'bkg_a', amount: 500 })],
    });
    expect(inv.check(releasedThenRefunded)).toEqual([]);
    // Without c, nobody bought a's seat.
    expect(
      inv.check({
        ...releasedThenRefunded,
        orders: releasedThenRefunded.orders.slice(0, 2),
        bookings: releasedThenRefunded.bookings.slice(0, 2),
      }),
    ).toEqual([
      'dinner e1: 1 released seats credited, but at most 0 were sold again (2 released, capacity 2, 0 ever held for good)',
    ]);
    // Both credited, then b refunded and its grant written off: two grants for the one seat c
    // bought. The write-off does not undo a grant that may have been spent.
    expect(
      inv.check({
        ...releasedThenRefunded,
        credits: [
          credit('r', { kind: 'release', bookingId: 'bkg_a', amount: 500 }),
          credit('rb', { kind: 'release', bookingId: 'bkg_b', amount: 500 }),
          credit('w', { kind: 'expired', grantId: 'rb', amount: 500 }),
        ],
      }),
    ).toEqual([
      'dinner e1: 2 released seats credited, but at most 1 were sold again (2 released, capacity 2, 1 ever held for good)',
    ]);
  });

  it('credit-spent-once: one spend per order, of its credit_amount, by its guest; a paid credit order has it', () => {
    const inv = byName('credit-spent-once');
    const spend = (id: string, over: Partial<LedgerCreditEntry> = {}) =>
      credit(id, { kind: 'spent', orderId: 'a', amount: 300, ...over });
    const spent = snapshot({
      orders: [order('a', { amount: 200, creditAmount: 300 })],
      credits: [credit('g'), spend('s')],
    });
    expect(inv.check(spent)).toEqual([]);
    expect(inv.check({ ...spent, credits: [spend('s1'), spend('s2')] })).toEqual(['order a: 2 spends']);
    expect(inv.check({ ...spent, credits: [spend('s', { amount: 200 })] })).toEqual([
      'spend s (₹200): order a spends ₹300',
    ]);
    expect(inv.check({ ...spent, credits: [spend('s', { userId: 'u2' })] })).toHaveLength(1);
    expect(inv.check({ ...spent, credits: [] })).toEqual(['order a (confirmed) has ₹300 credit but no spend']);
  });

  it('credit-order-paid-in-time: an order with credit is never booked on a late payment', () => {
    const inv = byName('credit-order-paid-in-time');
    const inTime = snapshot({
      orders: [order('a', { amount: 200, creditAmount: 300, holdExpiresAt: at(-5) })],
      payments: [payment('a', { amountPaise: 20_000, capturedAt: at(-10) })],
    });
    expect(inv.check(inTime)).toEqual([]);
    expect(inv.check({ ...inTime, payments: [payment('a', { amountPaise: 20_000, capturedAt: at(-1) })] })).toEqual([
      `booking bkg_a (₹300 credit, confirmed): paid at ${at(-1)}, after its hold ended at ${at(-5)}`,
    ]);
    // The same late payment without credit may be booked (pay_late): not this invariant's concern.
    expect(
      inv.check({
        ...inTime,
        orders: [order('a', { holdExpiresAt: at(-5) })],
        payments: [payment('a', { capturedAt: at(-1) })],
      }),
    ).toEqual([]);
    // Credit in full: booked (at -9) after the hold ended (at -10).
    const whole = snapshot({
      orders: [byCredit('a', { holdExpiresAt: at(-10) })],
      bookings: [booking('a', { paymentId: 'credit_a', amount: 0 })],
      payments: [],
    });
    expect(inv.check(whole)).toHaveLength(1);
    expect(inv.check({ ...whole, orders: [byCredit('a', { holdExpiresAt: at(5) })] })).toEqual([]);
  });

  it('offer-holds-its-seats: an offered entry has its guest’s order, holding its seats or paid', () => {
    const inv = byName('offer-holds-its-seats');
    const offered = snapshot({
      orders: [order('a'), offer('o')],
      waitlist: [entry('w', { status: 'offered', orderId: 'o' })],
    });
    expect(inv.check(offered)).toEqual([]);
    expect(inv.check({ ...offered, orders: [order('a'), offer('o', { holdExpiresAt: at(-1) })] })).toEqual([
      `waitlist entry w (offered): order o (created, hold until ${at(-1)}) neither holds its seats nor was paid`,
    ]);
    // Paid, not yet marked booked by the sweep.
    expect(
      inv.check({ ...offered, orders: [order('a'), offer('o', { holdExpiresAt: at(-1), status: 'paid' })] }),
    ).toEqual([]);
    expect(inv.check({ ...offered, orders: [order('a')] })).toEqual([
      'waitlist entry w (offered): its order o is not in the snapshot',
    ]);
    expect(inv.check({ ...offered, orders: [order('a'), offer('o', { userId: 'u3' })] })).toHaveLength(1);
    // A lapsed entry asks nothing of its order.
    expect(
      inv.check({
        ...offered,
        orders: [order('a'), offer('o', { holdExpiresAt: at(-1) })],
        waitlist: [entry('w', { status: 'lapsed', orderId: 'o' })],
      }),
    ).toEqual([]);
  });

  it('one-active-waitlist-entry: one waiting or offered entry per guest and dinner', () => {
    const inv = byName('one-active-waitlist-entry');
    expect(
      inv.check(snapshot({ waitlist: [entry('w1'), entry('w2', { status: 'left' }), entry('w3', { eventId: 'e2' })] })),
    ).toEqual([]);
    expect(inv.check(snapshot({ waitlist: [entry('w1'), entry('w2', { status: 'offered', orderId: 'o' })] }))).toEqual([
      'guest u2 at dinner e1: 2 active entries',
    ]);
  });
});
