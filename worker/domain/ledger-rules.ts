/**
 * The ledger's guest-facing rules (issue 19 "One ledger for seats and money"): which ticket a
 * profile may buy, how often a booking may move, how many holds a guest and an address may have,
 * and the words of each refusal. Pure, so the booking box offers only what the API will sell and
 * the Worker refuses the rest with the same words.
 */
import type { TicketType } from './pricing';
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

/** Free moves one booking may make (reschedules and moves after a cancellation, together). */
export const MAX_MOVES_PER_BOOKING = 3;
/** Live unpaid holds one guest may have on one dinner: a second Book Now gets the first back. */
export const MAX_LIVE_HOLDS_PER_GUEST = 1;

/** Limits per client address (rate_events), so one address cannot open accounts or holds without end. */
export const ADDRESS_LIMITS = {
  signUps: [{ windowS: 3600, max: 5 }],
  holds: [{ windowS: 3600, max: 12 }],
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
} as const;
