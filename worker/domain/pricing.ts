/**
 * Ticket types, prices and coupon discounts (SPEC §9). Pure and dependency-free so the Worker
 * (which charges) and the web app (which only displays) compute the same numbers; the server
 * never takes a price from the client. Prices are whole rupees.
 */

export const TICKET_TYPES = ['male', 'female', 'couple', 'female_duo'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** The price columns of an event row. */
export type PricedEvent = {
  ticketPriceSingle: number;
  ticketPriceCouple: number;
  ticketPriceGroup: number;
};

/** What the booking dialog lists for one ticket type. */
export type TicketOption = {
  type: TicketType;
  label: string;
  price: number;
  seats: number;
  /** False when the event has fewer seats left than this ticket takes. */
  available: boolean;
};

export const TICKET_LABELS: Record<TicketType, string> = {
  male: 'Male',
  female: 'Female',
  couple: 'Couple (male + female)',
  female_duo: 'Female duo',
};

/** A couple and a female duo are one purchase for two guests, so they take two seats. */
export const TICKET_SEATS: Record<TicketType, number> = { male: 1, female: 1, couple: 2, female_duo: 2 };

/**
 * The price of one ticket of `type` in whole rupees. The female ticket is 62.5% of the single
 * price, rounded half up in integer arithmetic (×5/8) so no float drift changes a rupee.
 * @example priceFor({ ticketPriceSingle: 499, ticketPriceCouple: 899, ticketPriceGroup: 749 }, 'female') // 312
 */
export function priceFor(event: PricedEvent, type: TicketType): number {
  switch (type) {
    case 'male':
      return event.ticketPriceSingle;
    case 'female':
      return Math.floor((event.ticketPriceSingle * 5 + 4) / 8);
    case 'couple':
      return event.ticketPriceCouple;
    case 'female_duo':
      return event.ticketPriceGroup;
  }
}

/**
 * Every ticket type with its label, price and seats, in the order the dialog shows them.
 * `seatsLeft` marks the types that no longer fit (omit it to treat all as available).
 */
export function ticketOptions(event: PricedEvent, seatsLeft = Number.POSITIVE_INFINITY): TicketOption[] {
  return TICKET_TYPES.map((type) => ({
    type,
    label: TICKET_LABELS[type],
    price: priceFor(event, type),
    seats: TICKET_SEATS[type],
    available: TICKET_SEATS[type] <= seatsLeft,
  }));
}

/**
 * Whole rupees as guests read them, grouped the Indian way: `rupees(123456)` → '₹1,23,456'.
 * Without Intl, so the Worker (drawing the home page's cards) and every browser write the same.
 */
export function rupees(n: number): string {
  const s = String(Math.trunc(n));
  const grouped = s.length <= 3 ? s : `${s.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${s.slice(-3)}`;
  return `₹${grouped}`;
}

/**
 * An amount in paise as people read money: rupees through {@link rupees} (with paise when there are
 * any), another currency by its code. The console shows Razorpay's paise this way, never raw.
 * @example paiseAsMoney(99900, 'INR') // '₹999'
 * @example paiseAsMoney(99950, 'INR') // '₹999.50'
 * @example paiseAsMoney(1200, 'USD') // 'USD 12.00'
 */
export function paiseAsMoney(paise: number, currency: string): string {
  const whole = Math.trunc(paise / 100);
  const cents = String(Math.abs(paise % 100)).padStart(2, '0');
  if (currency !== 'INR') return `${currency} ${whole}.${cents}`;
  return paise % 100 === 0 ? rupees(whole) : `${rupees(whole)}.${cents}`;
}

/** Razorpay's smallest order is ₹1: a coupon may lower a price to this, never below. */
export const MIN_CHARGE_RUPEES = 1;

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What a coupon takes off: `value` percent (1-100) of the price, or `value` whole rupees. */
export type CouponTerms = { kind: CouponKind; value: number };

/** What a coupon saves, as the guest reads it. @example couponSaving({ kind: 'percent', value: 10 }) // '10% off' */
export const couponSaving = (coupon: CouponTerms) =>
  coupon.kind === 'percent' ? `${coupon.value}% off` : `${rupees(coupon.value)} off`;

/**
 * The price after a coupon, in whole rupees, floored at {@link MIN_CHARGE_RUPEES}: Razorpay cannot
 * take less, and a free seat would need a flow without payment, so even "100% off" charges ₹1
 * (docs/decisions/015). Never more than the price itself (a ₹0 ticket stays ₹0). Percentages round
 * half up, like the female price, in integer arithmetic.
 * @example discountedPrice(499, { kind: 'percent', value: 20 }) // 399
 * @example discountedPrice(499, { kind: 'fixed', value: 100 }) // 399
 * @example discountedPrice(499, { kind: 'fixed', value: 1000 }) // 1
 */
export function discountedPrice(price: number, coupon: CouponTerms): number {
  const discounted =
    coupon.kind === 'percent' ? Math.floor((price * (100 - coupon.value) + 50) / 100) : price - coupon.value;
  return Math.min(price, Math.max(MIN_CHARGE_RUPEES, discounted));
}
