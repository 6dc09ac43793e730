/**
 * The ledger's guest-facing rules (issue 19 "One ledger for seats and money"): which ticket a
 * profile may buy, how often a booking may move, how many holds a guest and an address may have,
 * and the words of each refusal. Pure, so the booking box offers only what the API will sell and
 * the Worker refuses the rest with the same words.
 */
import { type CouponRule, chargedPrice } from './coupon';
import { type PricedEvent, priceFor, type TicketType } from './pricing';
import type { Sex } from './profile';

/**
 * The tickets a guest may buy, by the sex on their profile. A couple is one man and one woman and a
 * duo two women, the booker one of them; a guest who prefers not to say (or has not said) buys the
 * single price ('male', the ticket priced `ticket_price_single`). Matching trusts the ticket, so
 * this is also what keeps its tables balanced.
 * @example ticketsFor('male') // ['male', 'couple']
 */
export const TICKETS_FOR_SEX: Readonly<Record<Sex, readonly TicketType[]>> = {
  male: ['male', 'couple'],
  female: ['female', 'couple', 'female_duo'],
  prefer_not_to_say: ['male'],
};
export const ticketsFor = (sex: Sex | null | undefined): readonly TicketType[] =>
  TICKETS_FOR_SEX[sex ?? 'prefer_not_to_say'];
export const ticketAllowed = (sex: Sex | null | undefined, type: TicketType) => ticketsFor(sex).includes(type);

/** Free reschedules one booking may make (a move after we cancel its dinner does not count: it is ours). */
export const MAX_MOVES_PER_BOOKING = 3;
/** Live unpaid holds one guest may have on one dinner: a second Book Now gets the first back. */
export const MAX_LIVE_HOLDS_PER_GUEST = 1;

/**
 * Limits per client address (rate_events), so one address cannot open accounts or holds without
 * end. Generous: in India many guests share one address (mobile carriers' NAT, a campus, an office),
 * and the guest-level rules (a verified phone, one live hold per dinner) do the real work.
 */
export const ADDRESS_LIMITS = {
  signUps: [{ windowS: 3600, max: 20 }],
  holds: [{ windowS: 3600, max: 60 }],
} as const;
/** `POST /api/coupons/validate`: guesses per signed-in guest and per address. */
export const COUPON_CHECK_LIMITS = {
  perGuest: [
    { windowS: 60, max: 5 },
    { windowS: 3600, max: 20 },
  ],
  perAddress: [{ windowS: 3600, max: 40 }],
} as const;

export const LEDGER_COPY = {
  ticketMismatch: "This ticket doesn't match the sex on your profile.",
  verifyPhone: 'Please verify your phone number to book a seat.',
  holdExists: "You're already holding seats at this dinner. Finish that payment, or wait for the hold to end.",
  moveCostsMore:
    "This dinner costs more than you paid, so it can't be a free move. Choose one at the same price or less.",
  moveLimit: `This booking has already moved ${MAX_MOVES_PER_BOOKING} times, the most we allow.`,
  signInToCheckCoupon: 'Please sign in to use a coupon.',
  /** `failure_reason` of an order whose late payment was refunded, by why (shown on the order). */
  refundClosed: 'Paid when the dinner was no longer open for booking: refunded in full.',
  refundCoupon: 'Paid after the hold expired, when the coupon could no longer be used: refunded in full.',
  refundPrice: 'Paid after the hold expired, when the price had changed: refunded in full.',
  refundCredit:
    'Paid after the hold expired; the credit it used went back to your balance, and this payment is refunded in full.',
  refundedAtRazorpay: 'This payment was refunded at Razorpay, so it was not booked.',
  /** A payment of an account suspended before it was booked (issue 21): neutral, never why. */
  refundSuspended: 'Your account is paused, so this payment could not be booked: refunded in full.',
  /** A payment of an account deleted before it was booked. */
  refundErased: 'The account was deleted before this payment could be booked: refunded in full.',
  /** The console, when a retry meets a payment of a suspended or deleted account. */
  retryAccountClosed:
    "This guest's account is suspended or deleted, so this payment can't be booked. Refund it instead.",
  /** The console, when a retry meets an order an operator's refund has claimed. */
  refundUnderWay: 'A refund of this order is under way, so it can no longer be booked. Refund it again if it failed.',
} as const;

/** The coupon an order redeemed, as far as its price and its scope go (`eventId` null: every dinner). */
export type RedeemedCoupon = CouponRule & { eventId: string | null };

/**
 * What a ticket of `type` costs at `event` for an order that redeemed `coupon`: discounted only
 * where the coupon's own scope (its dinner, its tickets) reaches, else the full price. A booking may
 * sit only at a dinner whose price this is no more than what was paid (a move, a late payment).
 * @example priceAt({ id: 'b', ticketPriceSingle: 100, … }, 'male', { eventId: 'a', kind: 'percent', value: 95, ticketTypes: null }) // 100
 */
export function priceAt(event: PricedEvent & { id: string }, type: TicketType, coupon: RedeemedCoupon | null): number {
  const inScope = coupon !== null && (coupon.eventId === null || coupon.eventId === event.id);
  return (inScope ? chargedPrice(event, type, coupon) : null) ?? priceFor(event, type);
}

/** Whether `paid` rupees cover a ticket of `type` at `event` (see {@link priceAt}). */
export const paidCovers = (
  paid: number,
  event: PricedEvent & { id: string },
  type: TicketType,
  coupon: RedeemedCoupon | null,
) => paid >= priceAt(event, type, coupon);
