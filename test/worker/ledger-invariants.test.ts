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
  type LedgerEvent,
  type LedgerOrder,
  type LedgerPayment,
  type LedgerSnapshot,
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
  razorpayOrderId: `order_${id}`,
  eventId: 'e1',
  ticketType: 'male',
  seats: 1,
  amount: 500,
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
  orderId: id,
  eventId: 'e1',
  ticketType: 'male',
  seats: 1,
  status: 'confirmed',
  amount: 500,
  paymentId: `pay_${id}`,
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
/** One confirmed guest on a dinner of two seats, paid ₹500: keeps every invariant. */
const snapshot = (over: Partial<LedgerSnapshot> = {}): LedgerSnapshot => ({
  now: NOW,
  quiescent: true,
  events: [dinner()],
  orders: [order('a')],
  bookings: [booking('a')],
  coupons: [],
  payments: [payment('a')],
  ...over,
});

const byName = (name: string) => {
  const inv = LEDGER_INVARIANTS.find((i) => i.name === name);
  if (!inv) throw new Error(`no invariant ${name}`);
  return inv;
};

describe('the ledger invariants', () => {
  it('are six, each named and said in words', () => {
    expect(LEDGER_INVARIANTS.map((i) => i.name)).toEqual([
      'seats-within-capacity',
      'payment-ends-once',
      'no-seat-on-refunded-money',
      'coupon-within-cap',
      'paid-covers-price',
      'nothing-booked-after-start',
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
});
