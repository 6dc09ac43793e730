/**
 * Who is offered freed seats (issue 20, worker/domain/waitlist-pick.ts): examples that read like
 * the rule, then its properties with fast-check over any line, free seats and dinner. Seeded
 * (`FC` below), so a failure reproduces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_SEATS, TICKET_TYPES, type TicketType } from '../../worker/domain/pricing';
import {
  compareImbalance,
  imbalance,
  MAX_PASSED_OVER,
  mixWith,
  pickOffer,
  type SexCount,
  ticketParty,
  WAITLIST_LOOKAHEAD,
  type WaitingGuest,
} from '../../worker/domain/waitlist-pick';

const FC = { seed: 2020, numRuns: 300 };

const waiting = (id: string, ticketType: TicketType, passedOver = 0): WaitingGuest => ({
  id,
  ticketType,
  seats: TICKET_SEATS[ticketType],
  passedOver,
});

/** The fitting guests at the head of the line, as the rule sees them. */
const candidates = (line: readonly WaitingGuest[], freeSeats: number) => line.filter((g) => g.seats <= freeSeats);

describe('who a ticket brings', () => {
  it('a single ticket one guest of its sex, a couple a man and a woman, a female duo two women', () => {
    expect(ticketParty('male')).toEqual({ women: 0, men: 1 });
    expect(ticketParty('female')).toEqual({ women: 1, men: 0 });
    expect(ticketParty('couple')).toEqual({ women: 1, men: 1 });
    expect(ticketParty('female_duo')).toEqual({ women: 2, men: 0 });
  });

  it('brings as many guests as the ticket takes seats', () => {
    for (const type of TICKET_TYPES) {
      const party = ticketParty(type);
      expect(party.women + party.men).toBe(TICKET_SEATS[type]);
    }
  });

  it('one guest of a sex beside the other is a lone guest; none of a sex, or two, is not', () => {
    expect(imbalance({ women: 1, men: 5 })).toEqual({ lone: 1, gap: 4 });
    expect(imbalance({ women: 0, men: 6 })).toEqual({ lone: 0, gap: 6 });
    expect(imbalance({ women: 2, men: 5 })).toEqual({ lone: 0, gap: 3 });
    expect(imbalance({ women: 1, men: 1 })).toEqual({ lone: 2, gap: 0 });
  });
});

describe('who is offered the freed seats', () => {
  it('nobody is offered when no ticket in line fits the free seats', () => {
    expect(pickOffer([], 2, { women: 8, men: 8 })).toBeNull();
    expect(pickOffer([waiting('c', 'couple'), waiting('d', 'female_duo')], 1, { women: 8, men: 8 })).toBeNull();
  });

  it('the first in line is offered when every ticket in line brings the same party', () => {
    const line = [waiting('a', 'male'), waiting('b', 'male'), waiting('c', 'male')];
    expect(pickOffer(line, 1, { women: 6, men: 10 })).toEqual({ chosen: line[0], passedOver: [] });
  });

  it('a woman behind two men is offered first at a dinner with more men, and both men are passed over', () => {
    const line = [waiting('a', 'male'), waiting('b', 'male'), waiting('c', 'female')];
    expect(pickOffer(line, 1, { women: 7, men: 9 })).toEqual({ chosen: line[2], passedOver: ['a', 'b'] });
  });

  it('a man at the head of the line is offered first at a dinner with more women', () => {
    const line = [waiting('a', 'male'), waiting('b', 'female')];
    expect(pickOffer(line, 1, { women: 9, men: 7 })?.chosen.id).toBe('a');
  });

  it('only the first three who fit are weighed: a woman fourth in line waits her turn', () => {
    const line = [waiting('a', 'male'), waiting('b', 'male'), waiting('c', 'male'), waiting('d', 'female')];
    expect(pickOffer(line, 1, { women: 6, men: 10 })?.chosen.id).toBe('a');
  });

  it('a couple who does not fit one free seat is skipped, and not counted as passed over', () => {
    const line = [waiting('c', 'couple', MAX_PASSED_OVER), waiting('a', 'male'), waiting('b', 'female')];
    expect(pickOffer(line, 1, { women: 7, men: 9 })).toEqual({ chosen: line[2], passedOver: ['a'] });
  });

  it('the same couple is offered first once two seats are free, and balance keeps them ahead', () => {
    const line = [waiting('c', 'couple'), waiting('a', 'male'), waiting('b', 'female')];
    expect(pickOffer(line, 2, { women: 7, men: 7 })?.chosen.id).toBe('c');
  });

  it('a guest already passed over twice is offered before a better-balancing guest behind them', () => {
    const line = [waiting('a', 'male', MAX_PASSED_OVER), waiting('b', 'female')];
    expect(pickOffer(line, 1, { women: 7, men: 9 })).toEqual({ chosen: line[0], passedOver: [] });
  });

  it('a guest passed over twice is not passed again, but a better-balancing guest ahead of them still may be chosen', () => {
    const line = [waiting('a', 'female'), waiting('b', 'male', MAX_PASSED_OVER), waiting('c', 'female')];
    expect(pickOffer(line, 1, { women: 7, men: 9 })).toEqual({ chosen: line[0], passedOver: [] });
  });

  it('a female duo rather than one woman who would be the only woman among men', () => {
    const line = [waiting('a', 'female'), waiting('b', 'female_duo')];
    expect(pickOffer(line, 2, { women: 0, men: 6 })).toEqual({ chosen: line[1], passedOver: ['a'] });
  });

  it('a man rather than one woman who would be the only woman among men: a lone guest weighs above the gap', () => {
    const line = [waiting('a', 'female'), waiting('b', 'male')];
    expect(pickOffer(line, 1, { women: 0, men: 6 })?.chosen.id).toBe('b');
  });

  it('a man rather than a woman at a dinner of one man among women, so he is not the only man', () => {
    const line = [waiting('a', 'female'), waiting('b', 'male')];
    expect(pickOffer(line, 1, { women: 6, men: 1 })?.chosen.id).toBe('b');
  });
});

const guestArb = (id: number): fc.Arbitrary<WaitingGuest> =>
  fc
    .record({
      ticketType: fc.constantFrom<TicketType>('male', 'male', 'male', 'female', 'female', 'couple', 'female_duo'),
      passedOver: fc.integer({ min: 0, max: MAX_PASSED_OVER }),
    })
    .map(({ ticketType, passedOver }) => waiting(`g${id}`, ticketType, passedOver));

const lineArb: fc.Arbitrary<WaitingGuest[]> = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => guestArb(i))));
const seatedArb: fc.Arbitrary<SexCount> = fc.record({
  women: fc.integer({ min: 0, max: 14 }),
  men: fc.integer({ min: 0, max: 14 }),
});
const freeArb = fc.integer({ min: 0, max: 4 });

describe('the rule, for any line', () => {
  it('offers a guest whose ticket fits, from the line, or nobody only when no ticket fits', () => {
    fc.assert(
      fc.property(lineArb, freeArb, seatedArb, (line, free, seated) => {
        const offer = pickOffer(line, free, seated);
        if (offer === null) return candidates(line, free).length === 0;
        return offer.chosen.seats <= free && line.includes(offer.chosen);
      }),
      FC,
    );
  });

  it('offers one of the first three who fit, and passes over exactly the fitting guests ahead of them', () => {
    fc.assert(
      fc.property(lineArb, freeArb, seatedArb, (line, free, seated) => {
        const offer = pickOffer(line, free, seated);
        if (offer === null) return true;
        const fitting = candidates(line, free);
        const at = fitting.indexOf(offer.chosen);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThan(WAITLIST_LOOKAHEAD);
        expect(offer.passedOver).toEqual(fitting.slice(0, at).map((g) => g.id));
      }),
      FC,
    );
  });

  it('never passes over a guest already passed over twice', () => {
    fc.assert(
      fc.property(lineArb, freeArb, seatedArb, (line, free, seated) => {
        const offer = pickOffer(line, free, seated);
        const byId = new Map(line.map((g) => [g.id, g]));
        return (offer?.passedOver ?? []).every((id) => (byId.get(id)?.passedOver ?? 0) < MAX_PASSED_OVER);
      }),
      FC,
    );
  });

  it('is first come, first offered when every fitting guest brings the same party', () => {
    fc.assert(
      fc.property(lineArb, freeArb, seatedArb, fc.constantFrom(...TICKET_TYPES), (line, free, seated, ticket) => {
        const same = line.map((g) => waiting(g.id, ticket, g.passedOver));
        const offer = pickOffer(same, free, seated);
        const fitting = candidates(same, free);
        if (fitting.length === 0) return offer === null;
        return offer?.chosen === fitting[0] && offer.passedOver.length === 0;
      }),
      FC,
    );
  });

  it('never leaves the dinner less balanced than offering the first who fits would', () => {
    fc.assert(
      fc.property(lineArb, freeArb, seatedArb, (line, free, seated) => {
        const offer = pickOffer(line, free, seated);
        if (offer === null) return true;
        const first = candidates(line, free)[0];
        return compareImbalance(mixWith(seated, offer.chosen.ticketType), mixWith(seated, first.ticketType)) <= 0;
      }),
      FC,
    );
  });

  it('passes nobody over more than twice while seats free up again and again', () => {
    const step = fc.record({ free: fc.integer({ min: 1, max: 3 }), accepted: fc.boolean() });
    fc.assert(
      fc.property(
        lineArb.map((line) => line.map((g) => ({ ...g, passedOver: 0 }))),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        seatedArb,
        (start, steps, startSeated) => {
          let line = start;
          const seated = { ...startSeated };
          for (const { free, accepted } of steps) {
            const offer = pickOffer(line, free, seated);
            if (offer === null) continue;
            const passed = new Set(offer.passedOver);
            // An offer declined or lapsed leaves the line too; an accepted one joins the dinner.
            line = line
              .filter((g) => g !== offer.chosen)
              .map((g) => (passed.has(g.id) ? { ...g, passedOver: g.passedOver + 1 } : g));
            for (const g of line) expect(g.passedOver).toBeLessThanOrEqual(MAX_PASSED_OVER);
            if (accepted) {
              const party = ticketParty(offer.chosen.ticketType);
              seated.women += party.women;
              seated.men += party.men;
            }
          }
        },
      ),
      FC,
    );
  });
});
