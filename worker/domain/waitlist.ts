/**
 * The waitlist of a sold-out dinner (issue 20, docs/decisions/027): the constants and words the
 * API, the cron, the console and the browser share. Who is offered a freed seat is decided by the
 * pure rule in waitlist-pick.ts; the seats an offer holds are an ordinary hold in the ledger
 * (worker/services/ledger/offers.ts), so an offer can never take a seat another order holds.
 */
import * as v from 'valibot';
import { PartyNameSchema, PartyPhoneSchema } from './order';
import { TICKET_TYPES } from './pricing';
import { HOUR_MS } from './time';

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'left', 'lapsed', 'closed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Entries still in line: waiting, or holding an offer. One per guest and dinner. */
export const ACTIVE_WAITLIST_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];

/** How long an offer holds the seats: 2 hours, or 30 minutes inside 24 hours of the dinner. */
export const OFFER_HOLD_MS = 2 * HOUR_MS;
export const OFFER_HOLD_LATE_MS = 30 * 60_000;
export const OFFER_LATE_WITHIN_MS = 24 * HOUR_MS;
/** No offer goes out once the dinner starts in under this long; everyone still waiting is told it is full. */
export const OFFERS_STOP_BEFORE_START_MS = 3 * HOUR_MS;

/** How long an offer made at `now` for a dinner starting at `startsAt` holds its seats (ms). */
export function offerHoldMs(startsAt: string, now: Date): number {
  const untilStart = new Date(startsAt).getTime() - now.getTime();
  return untilStart <= OFFER_LATE_WITHIN_MS ? OFFER_HOLD_LATE_MS : OFFER_HOLD_MS;
}

/** Whether offers may still go out for a dinner starting at `startsAt`. */
export const offersOpen = (startsAt: string, now: Date) =>
  new Date(startsAt).getTime() - now.getTime() >= OFFERS_STOP_BEFORE_START_MS;

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offer sent',
  booked: 'Booked',
  left: 'Left',
  lapsed: 'Offer lapsed',
  closed: 'Dinner full',
};

export const WAITLIST_COPY = {
  join: 'Join the waitlist',
  leave: 'Leave the waitlist',
  joined: "You're on the waitlist. We'll WhatsApp and email you the moment a seat frees up.",
  position: (n: number) => `You're number ${n} in line.`,
  notSoldOut: 'This dinner still has seats. Book it instead.',
  alreadyBooked: 'You already have a seat at this dinner.',
  alreadyWaiting: "You're already on this dinner's waitlist.",
  closed: 'This dinner starts soon, so its waitlist is closed.',
  offerGone: 'This offer has ended. It may have lapsed, or been taken.',
  offerNotYours: 'This offer is for another guest.',
  offerExpiresAt: (time: string) => `Your seats are held until ${time}.`,
  notWaiting: "You're not on this dinner's waitlist.",
  partyNameRequired: 'Please tell us the first name of the guest coming with you.',
  notEnoughCredit: "You don't have that much credit any more. Pay the rest by card, UPI or net banking.",
  offerWaiting:
    'A seat at this dinner is being held for you from the waitlist. Take it from your offer (on your profile, or the link we sent you).',
} as const;

/** `POST /api/events/:id/waitlist`. */
export const JoinWaitlistSchema = v.object({
  ticket_type: v.picklist(TICKET_TYPES, 'Please choose a ticket.'),
});

/** `POST /api/offers/:token/accept`: credit first if asked; a couple's or duo's second guest. */
export const AcceptOfferSchema = v.object({
  use_credit: v.optional(v.boolean()),
  party_name: v.optional(v.nullable(PartyNameSchema)),
  party_phone: v.optional(PartyPhoneSchema),
});
