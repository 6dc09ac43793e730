/**
 * Who is offered freed seats at a sold-out dinner (issue 20, docs/decisions/027): balance-aware,
 * with bounded unfairness. Among the first few in line whose ticket fits, the guest who keeps the
 * dinner's tables balanced, but nobody is passed over more than twice. Pure: the cron and the
 * console's "offer by hand" call it with the line as stored (`passed_over` on each entry) and add
 * one to every entry it says was passed over.
 */
import type { TicketType } from './pricing';

/** How many fitting guests at the head of the line the rule weighs against each other. */
export const WAITLIST_LOOKAHEAD = 3;
/** How many times a guest may be passed over for someone behind them; after that, they are next. */
export const MAX_PASSED_OVER = 2;

/** Who comes to dinner, counted by sex (not the matching's `DinnerMix`, which counts extroverts). */
export type SexCount = { women: number; men: number };

/**
 * Who a ticket brings: the same reading as the matching's `partyOf` (a couple is one man and one
 * woman whichever of them booked, a female duo two women).
 * @example ticketParty('couple') // { women: 1, men: 1 }
 */
export function ticketParty(ticket: TicketType): SexCount {
  switch (ticket) {
    case 'male':
      return { women: 0, men: 1 };
    case 'female':
      return { women: 1, men: 0 };
    case 'couple':
      return { women: 1, men: 1 };
    case 'female_duo':
      return { women: 2, men: 0 };
  }
}

/**
 * How unbalanced a dinner of `mix` is, compared with {@link compareImbalance}: first `lone`, the
 * sexes with exactly one guest while the other sex is there too (that guest is a lone man or woman
 * at whatever table they sit: the matching can seat two or more of a sex together, never one;
 * it weighs a lone guest above all its other goals, `WEIGHTS.lone`), then `gap`, |women − men|.
 * A lone guest only arises at a dinner with few of one sex, so at a large, mixed dinner this is
 * the gap alone.
 * @example imbalance({ women: 1, men: 5 }) // { lone: 1, gap: 4 }
 */
export function imbalance(mix: SexCount): { lone: number; gap: number } {
  const lone = (mix.women === 1 && mix.men > 0 ? 1 : 0) + (mix.men === 1 && mix.women > 0 ? 1 : 0);
  return { lone, gap: Math.abs(mix.women - mix.men) };
}

/** Negative when `a` is the more balanced: fewer lone guests, then the smaller gap. */
export const compareImbalance = (a: SexCount, b: SexCount) => {
  const x = imbalance(a);
  const y = imbalance(b);
  return x.lone - y.lone || x.gap - y.gap;
};

/** The dinner once the party of a `ticket` has joined the guests of `seated`. */
export function mixWith(seated: SexCount, ticket: TicketType): SexCount {
  const party = ticketParty(ticket);
  return { women: seated.women + party.women, men: seated.men + party.men };
}

/** One entry in line: `seats` as the ticket takes them; `passedOver`, times someone behind was offered first. */
export type WaitingGuest = { id: string; ticketType: TicketType; seats: number; passedOver: number };

export type Offer = {
  chosen: WaitingGuest;
  /** Ids of the fitting guests ahead of `chosen`, in line order: the caller adds 1 to each `passedOver`. */
  passedOver: string[];
};

/**
 * Who gets the next offer when `freeSeats` seats are free at a dinner whose guests (booked, and
 * holding offers) are `seated`. `line` is the waiting guests in the order they joined.
 *
 * The candidates are the guests whose ticket fits the free seats (a couple is not offered one seat,
 * and skipping them is not passing them over: they could not take it). The rule weighs the first
 * {@link WAITLIST_LOOKAHEAD} candidates, the window ending early at the first one already passed
 * over {@link MAX_PASSED_OVER} times: the guest who may not be passed again is weighed only
 * against those ahead of them, whom nobody skipped. In the window it chooses the guest after whom
 * the dinner is most balanced ({@link compareImbalance}: no lone man or woman, then the sexes
 * closest), the earliest in line on a tie, so when balance does not tell them apart it is first
 * come, first offered. The choice is never less balanced than offering the first candidate.
 *
 * @returns the chosen guest and the ids of those passed over, or null when no ticket fits.
 * @example
 * // A dinner of 9 men and 7 women, one seat free: the woman behind the man is offered first.
 * pickOffer(
 *   [{ id: 'a', ticketType: 'male', seats: 1, passedOver: 0 }, { id: 'b', ticketType: 'female', seats: 1, passedOver: 0 }],
 *   1,
 *   { women: 7, men: 9 },
 * ) // { chosen: b, passedOver: ['a'] }
 */
export function pickOffer(line: readonly WaitingGuest[], freeSeats: number, seated: SexCount): Offer | null {
  const window: WaitingGuest[] = [];
  for (const guest of line) {
    if (guest.seats > freeSeats) continue;
    window.push(guest);
    if (window.length === WAITLIST_LOOKAHEAD || guest.passedOver >= MAX_PASSED_OVER) break;
  }
  if (window.length === 0) return null;
  let best = 0;
  let bestMix = mixWith(seated, window[0].ticketType);
  for (let i = 1; i < window.length; i++) {
    const mix = mixWith(seated, window[i].ticketType);
    if (compareImbalance(mix, bestMix) < 0) {
      best = i;
      bestMix = mix;
    }
  }
  return { chosen: window[best], passedOver: window.slice(0, best).map((g) => g.id) };
}
