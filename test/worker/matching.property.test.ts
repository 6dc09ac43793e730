/**
 * The matching's hard rules, for any guest list (issue 13): property tests with fast-check, run in
 * workerd like the Worker that seats the guests. Seeded (`seed` below), so a failure reproduces;
 * numRuns keep the file to a few seconds. A small evaluation budget where the property does not
 * depend on how good the seating is (the hard rules hold from the first seating on).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestTableFor,
  type MatchGuest,
  type MatchParty,
  planTables,
  type Seating,
  seatParties,
} from '../../worker/domain/matching';
import { MOVIE_GENRES, MUSIC_GENRES } from '../../worker/domain/quiz';
import { hasLone, loneFreeSeatingExists } from '../bench/matching-exact';

const FC = { seed: 1313 };

const guest: fc.Arbitrary<MatchGuest> = fc.record({
  sex: fc.constantFrom<MatchGuest['sex']>('male', 'male', 'male', 'female', 'female', null),
  age: fc.option(fc.integer({ min: 18, max: 70 }), { freq: 8 }),
  battery: fc.constantFrom<MatchGuest['battery']>('extrovert', 'introvert', 'ambivert', null),
  music: fc.subarray(
    MUSIC_GENRES.map((o) => o.value),
    { maxLength: 3 },
  ),
  films: fc.subarray(
    MOVIE_GENRES.map((o) => o.value),
    { maxLength: 3 },
  ),
});

const single = fc.tuple(guest).map((g) => [...g]);
const pair = fc.tuple(guest, guest).map((g) => [...g]);
/** Parties of one or two (any sexes: couples, duos, and what the data may hold besides). */
const partyGuests = fc.oneof({ weight: 4, arbitrary: single }, { weight: 1, arbitrary: pair });
/** Lists from all singles to all pairs: pairs are what make sizes and lone guests hard. */
const anyMix = fc.constantFrom(single, partyGuests, fc.oneof(single, pair), pair);

/**
 * A guest list of exactly n guests, n uniform in `min`-`max` (so long lists are as likely as short
 * ones); ids unique and in no particular order. A pair that would overflow n comes alone.
 */
const guestList = (min: number, max: number) => guestListOf(fc.integer({ min, max }));
const guestListOf = (count: fc.Arbitrary<number>) =>
  count
    .chain((n) =>
      anyMix.chain((parties) => fc.array(parties, { minLength: n, maxLength: n }).map((all) => ({ n, all }))),
    )
    .map(({ n, all }) => {
      const parties: MatchParty[] = [];
      let count = 0;
      for (const guests of all) {
        if (count === n) break;
        const g = count + guests.length > n ? guests.slice(0, 1) : guests;
        parties.push({ id: `q${(parties.length * 7919) % 10007}-${parties.length}`, guests: g });
        count += g.length;
      }
      return parties;
    });

const guestsIn = (parties: readonly MatchParty[]) => parties.reduce((s, p) => s + p.guests.length, 0);
const tableGuests = (seating: Seating, parties: readonly MatchParty[]) => {
  const byId = new Map(parties.map((p) => [p.id, p]));
  return seating.tables.map((ids) => ids.flatMap((id) => byId.get(id)!.guests));
};

describe('seatParties: the hard rules for any guest list of 1-200', () => {
  it('seats every party at exactly one table, together, within the plan', () => {
    fc.assert(
      fc.property(guestList(1, 200), fc.integer({ min: 0, max: 3000 }), (parties, budget) => {
        const seating = seatParties(parties, { seed: 'prop', budget });
        const n = guestsIn(parties);
        const plan = planTables(n);
        // Every party exactly once (a party's guests are one id: never split).
        const seated = seating.tables.flat().sort();
        expect(seated).toEqual(parties.map((p) => p.id).sort());
        expect(seating.tables).toHaveLength(plan.tables);
        expect(seating.plan.tables).toBe(plan.tables);
        expect(seating.plan.fits).toBe(plan.fits);
        const sizes = tableGuests(seating, parties).map((t) => t.length);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        if (plan.fits) for (const s of sizes) expect(s >= 6 && s <= 8, `sizes ${sizes}`).toBe(true);
        // A count that cannot fit: it says so, and the tables are the sizes it reports, at most one
        // seat under planTables' (a pair does not split: five couples sit 6 and 4).
        else {
          expect(seating.plan.max).toBe(plan.max);
          expect(seating.plan.min).toBeGreaterThanOrEqual(plan.min - 1);
          for (const s of sizes) expect(s >= seating.plan.min && s <= seating.plan.max, `sizes ${sizes}`).toBe(true);
        }
      }),
      { ...FC, numRuns: 60 },
    );
  });

  it('reports a count that cannot fit (1-5, 9-11, 17) and seats it at the sizes it reports', () => {
    fc.assert(
      fc.property(guestListOf(fc.constantFrom(1, 2, 3, 4, 5, 9, 10, 11, 17)), (parties) => {
        const plan = planTables(guestsIn(parties));
        const seating = seatParties(parties, { seed: 'odd', budget: 2000 });
        expect(plan.fits).toBe(false);
        expect(seating.plan.fits).toBe(false);
        const sizes = tableGuests(seating, parties).map((t) => t.length);
        expect(sizes).toHaveLength(plan.tables);
        for (const s of sizes) expect(s >= seating.plan.min && s <= seating.plan.max, `sizes ${sizes}`).toBe(true);
        expect(seating.plan.min).toBeGreaterThanOrEqual(plan.min - 1);
      }),
      { ...FC, numRuns: 300 },
    );
  });

  it('is deterministic: the same guests in any order and the same seed give the same tables', () => {
    fc.assert(
      fc.property(guestList(1, 120), fc.integer(), fc.string({ maxLength: 8 }), (parties, shuffleSeed, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(parties, { minLength: parties.length }), {
          seed: shuffleSeed,
          numRuns: 1,
        })[0];
        const a = seatParties(parties, { seed, budget: 4000 });
        const b = seatParties(shuffled, { seed, budget: 4000 });
        expect(b).toEqual(a);
      }),
      { ...FC, numRuns: 25 },
    );
  });

  it('leaves no man or woman alone at a table whenever a seating without one exists (up to 24 guests)', () => {
    let possible = 0;
    fc.assert(
      fc.property(guestList(1, 24), (parties) => {
        const seating = seatParties(parties, { seed: 'lone' });
        const exists = loneFreeSeatingExists(parties, seating.plan);
        if (!exists) return;
        possible++;
        const lone = tableGuests(seating, parties).filter(hasLone);
        expect(lone, `${seating.tables.map((t) => t.join(' ')).join(' | ')}`).toEqual([]);
      }),
      { ...FC, numRuns: 150 },
    );
    // The property is not vacuous: most generated lists can be seated without a lone guest.
    expect(possible).toBeGreaterThan(50);
  });
});

describe('bestTableFor: a late booking joins a table without moving anyone', () => {
  const tables = fc
    .array(fc.array(partyGuests, { maxLength: 5 }), { minLength: 0, maxLength: 6 })
    .map((ts) => ts.map((t, i) => t.map((guests, j) => ({ id: `t${i}-${j}`, guests }))));

  it('picks a table with room when one exists, else the smallest, and changes nothing', () => {
    fc.assert(
      fc.property(tables, partyGuests, (seated, guests) => {
        const party = { id: 'late', guests };
        const before = structuredClone(seated);
        const t = bestTableFor(party, seated);
        expect(seated).toEqual(before);
        if (seated.length === 0) {
          expect(t).toBe(-1);
          return;
        }
        expect(t >= 0 && t < seated.length).toBe(true);
        const sizes = seated.map((tb) => guestsIn(tb));
        const withRoom = sizes.filter((s) => s + guests.length <= 8);
        if (withRoom.length) expect(sizes[t] + guests.length).toBeLessThanOrEqual(8);
        else expect(sizes[t]).toBe(Math.min(...sizes));
      }),
      { ...FC, numRuns: 200 },
    );
  });
});
