/**
 * The ledger's rules as data (worker/domain/ledger.ts, ledger-rules.ts): every transition is an edge
 * the status machines allow, and the price and ticket rules a booking, a move and a late payment are
 * judged by.
 */
import { describe, expect, it } from 'vitest';
import { LEDGER_CONDITIONS, LEDGER_TRANSITIONS } from '../../worker/domain/ledger';
import { paidCovers, priceAt, TICKETS_FOR_SEX, ticketAllowed, ticketsFor } from '../../worker/domain/ledger-rules';
import { paiseAsMoney, TICKET_TYPES } from '../../worker/domain/pricing';
import { SEXES } from '../../worker/domain/profile';
import { BOOKING_STATUSES, canMoveBooking, canMoveOrder, ORDER_STATUSES } from '../../worker/domain/statuses';

const dinner = (id: string, single: number) => ({
  id,
  ticketPriceSingle: single,
  ticketPriceCouple: single * 2,
  ticketPriceGroup: single * 2,
});

describe('the ledger’s transitions', () => {
  it.each(Object.entries(LEDGER_TRANSITIONS))('%s moves along an edge the status machine allows', (_, t) => {
    for (const from of t.from) {
      if (from === t.to) continue;
      if (t.entity === 'order') {
        expect(ORDER_STATUSES).toContain(from);
        expect(canMoveOrder(from as never, t.to as never), `${from} → ${t.to}`).toBe(true);
      } else {
        expect(BOOKING_STATUSES).toContain(from);
        expect(canMoveBooking(from as never, t.to as never), `${from} → ${t.to}`).toBe(true);
      }
    }
    for (const c of t.requires) expect(Object.keys(LEDGER_CONDITIONS)).toContain(c);
  });

  it('every path that takes seats for money requires the refund claim to be absent', () => {
    for (const name of ['pay_in_time', 'pay_late', 'retry_late', 'confirm', 'confirm_flagged'] as const)
      expect(LEDGER_TRANSITIONS[name].requires).toContain('not_refund_claimed');
  });

  it('every way into a paid seat asks that the dinner is still on sale', () => {
    for (const name of ['pay_in_time', 'pay_late', 'retry_late', 'confirm_flagged'] as const)
      expect(LEDGER_TRANSITIONS[name].requires).toContain('dinner_open');
  });

  it('a late payment asks what a new order’s hold asks, and never books an order that spent credit', () => {
    expect([...LEDGER_TRANSITIONS.pay_late.requires].sort()).toEqual(
      [
        'account_live',
        'coupon_countable',
        'dinner_open',
        'no_credit_spent',
        'not_refund_claimed',
        'price_covered',
        'seat_free',
      ].sort(),
    );
  });

  it('every way into a paid seat and into a booking asks that the guest has not deleted their account nor been suspended', () => {
    for (const name of ['pay_in_time', 'pay_late', 'retry_late', 'confirm', 'confirm_flagged'] as const)
      expect(LEDGER_TRANSITIONS[name].requires).toContain('account_live');
  });

  it('a payment any booking path could still confirm may instead be refunded in full (an account closed before its booking)', () => {
    const refundable: readonly string[] = LEDGER_TRANSITIONS.refund_unbooked.from;
    for (const name of ['confirm', 'confirm_flagged'] as const)
      for (const from of LEDGER_TRANSITIONS[name].from) expect(refundable).toContain(from);
  });
});

describe('priceAt: a booking must cover its dinner’s price, the coupon’s own scope applied', () => {
  const scoped = { kind: 'percent' as const, value: 95, ticketTypes: null, eventId: 'a' };
  it('the coupon discounts only the dinner it was made for', () => {
    expect(priceAt(dinner('a', 100), 'male', scoped)).toBe(5);
    expect(priceAt(dinner('b', 100), 'male', scoped)).toBe(100);
    expect(priceAt(dinner('b', 5000), 'male', scoped)).toBe(5000);
  });
  it('an unscoped coupon discounts every dinner, only for its tickets', () => {
    const any = { ...scoped, eventId: null };
    expect(priceAt(dinner('b', 100), 'male', any)).toBe(5);
    expect(priceAt(dinner('b', 100), 'male', { ...any, ticketTypes: ['couple'] })).toBe(100);
    expect(priceAt(dinner('b', 100), 'female', null)).toBe(63);
  });
  it('paidCovers compares what was paid with that price', () => {
    expect(paidCovers(5, dinner('b', 100), 'male', { ...scoped, eventId: null })).toBe(true);
    expect(paidCovers(5, dinner('b', 100), 'male', scoped)).toBe(false);
    expect(paidCovers(499, dinner('b', 499), 'male', null)).toBe(true);
    expect(paidCovers(498, dinner('b', 499), 'male', null)).toBe(false);
  });
});

describe('tickets by the profile’s sex', () => {
  it('a man buys male or couple, a woman female, couple or duo, anyone else the single price', () => {
    expect(ticketsFor('male')).toEqual(['male', 'couple']);
    expect(ticketsFor('female')).toEqual(['female', 'couple', 'female_duo']);
    expect(ticketsFor('prefer_not_to_say')).toEqual(['male']);
    expect(ticketsFor(null)).toEqual(['male']);
    expect(ticketAllowed('male', 'female')).toBe(false);
  });
  it('every sex may buy something, and every ticket is someone’s', () => {
    for (const sex of SEXES) expect(TICKETS_FOR_SEX[sex].length).toBeGreaterThan(0);
    for (const type of TICKET_TYPES) expect(SEXES.some((s) => ticketAllowed(s, type))).toBe(true);
  });
});

describe('paiseAsMoney: Razorpay’s paise as people read money', () => {
  it('rupees the Indian way, paise only when there are some, another currency by its code', () => {
    expect(paiseAsMoney(99900, 'INR')).toBe('₹999');
    expect(paiseAsMoney(100000, 'INR')).toBe('₹1,000');
    expect(paiseAsMoney(99950, 'INR')).toBe('₹999.50');
    expect(paiseAsMoney(1200, 'USD')).toBe('USD 12.00');
  });
});
