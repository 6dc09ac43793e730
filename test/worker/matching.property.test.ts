/**
 * The matching's hard rules, for any guest list (issue 13): property tests with fast-check, run in
 * workerd like the Worker that seats the guests. Seeded (`seed` below), so a failure reproduces;
 * numRuns keep the file to a few seconds. A small evaluation budget where the property does not
 * depend on how good the seating is (the hard rules hold from the first seating on).
 *
 * The rules from history and wishes (issue 21: parties kept apart, a guest's wish for two other
 * women at the table) are checked against an exhaustive oracle written here, apart from the
 * domain's own counting: on dinners of one or two tables, every seating the sizes allow is tried.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApartPair,
  type ApartReason,
  bestTableFor,
  HARD_WEIGHTS,
  hardCost,
  hardRuleBreaks,
  type MatchGuest,
  type MatchParty,
  OTHER_WOMEN_WANTED,
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

/**
 * The oracle: the weight of what one table breaks, counted independently of the domain (a pair
 * matrix and a women count), and the least any seating of one or two tables can break.
 */
function oracle(parties: readonly MatchParty[], apart: readonly ApartPair[]) {
  const n = parties.length;
  const at = new Map(parties.map((p, i) => [p.id, i]));
  const weight = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const pair of apart) {
    const i = at.get(pair.a);
    const j = at.get(pair.b);
    if (i === undefined || j === undefined || i === j) continue;
    const w = HARD_WEIGHTS[pair.why];
    weight[i][j] = weight[j][i] = Math.max(weight[i][j], w);
  }
  const women = parties.map((p) => p.guests.filter((g) => g.sex === 'female').length);
  const broken = (table: readonly number[]) => {
    let w = 0;
    const womenHere = table.reduce((s, i) => s + women[i], 0);
    for (const [x, i] of table.entries()) {
      for (const j of table.slice(x + 1)) w += weight[i][j];
      const p = parties[i];
      if (p.seatWithWomen) {
        const others = womenHere - (p.guests[0].sex === 'female' ? 1 : 0);
        w += HARD_WEIGHTS.women * Math.max(0, OTHER_WOMEN_WANTED - others);
      }
    }
    return w;
  };
  /** The least weight over every seating at `tables` (1 or 2) tables of `min`-`max` guests. */
  const minimum = (tables: number, min: number, max: number) => {
    const all = parties.map((_, i) => i);
    if (tables === 1) return broken(all);
    const size = parties.map((p) => p.guests.length);
    let best = Number.POSITIVE_INFINITY;
    // Party 0 sits at the first table: the tables are interchangeable.
    for (let mask = 0; mask < 1 << (n - 1); mask++) {
      const first = [0];
      const second: number[] = [];
      for (let i = 1; i < n; i++) ((mask >> (i - 1)) & 1 ? first : second).push(i);
      const s1 = first.reduce((s, i) => s + size[i], 0);
      const s2 = second.reduce((s, i) => s + size[i], 0);
      if (s1 < min || s1 > max || s2 < min || s2 > max) continue;
      best = Math.min(best, broken(first) + broken(second));
      if (best === 0) break;
    }
    return best;
  };
  return { broken: (ids: readonly string[]) => broken(ids.map((id) => at.get(id) as number)), minimum };
}

/**
 * Parties with rules: some pairs kept apart (met lately, or one asked), about one booker in eight
 * asking for two other women at the table. Dense enough that a seating keeping every rule is
 * sometimes impossible.
 */
const withRules = (count: fc.Arbitrary<number>) =>
  guestListOf(count).chain((parties) =>
    fc
      .tuple(
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom<ApartReason>('met', 'met', 'asked')), {
          maxLength: parties.length + 2,
        }),
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: parties.length, maxLength: parties.length }),
      )
      .map(([pairs, wishes]) => ({
        parties: parties.map((p, i) => (wishes[i] === 0 ? { ...p, seatWithWomen: true } : p)),
        apart: pairs
          .map(([x, y, why]) => ({ a: parties[x % parties.length].id, b: parties[y % parties.length].id, why }))
          .filter((pair) => pair.a !== pair.b),
      })),
  );

describe('seatParties: the rules from history and wishes (issue 21)', () => {
  it('keeps them whenever some seating does, and otherwise breaks them as little as any seating can (1-2 tables)', () => {
    let keepable = 0;
    let notKeepable = 0;
    fc.assert(
      fc.property(withRules(fc.constantFrom(6, 7, 8, 12, 13, 14, 15, 16)), ({ parties, apart }) => {
        const seating = seatParties(parties, { seed: 'memory', apart });
        const check = oracle(parties, apart);
        const least = check.minimum(seating.plan.tables, seating.plan.min, seating.plan.max);
        const got = seating.tables.reduce((s, t) => s + check.broken(t), 0);
        const where = `${seating.tables.map((t) => t.join(' ')).join(' | ')} apart ${JSON.stringify(apart)}`;
        // What it reports is what the seating breaks, counted by the oracle.
        expect(seating.hard, where).toBe(got);
        const byId = new Map(parties.map((p) => [p.id, p]));
        const tables = seating.tables.map((t) => t.map((id) => byId.get(id) as MatchParty));
        expect(hardCost(tables, apart)).toBe(got);
        expect(hardRuleBreaks(tables, apart).length === 0, where).toBe(got === 0);
        if (least === 0) keepable++;
        else notKeepable++;
        expect(got, where).toBe(least);
      }),
      { ...FC, numRuns: 200 },
    );
    // Not vacuous either way: both kinds of dinner were generated.
    expect(keepable).toBeGreaterThan(40);
    expect(notKeepable).toBeGreaterThan(10);
  });

  it('still seats every party once, together, within the plan (any size up to 200)', () => {
    fc.assert(
      fc.property(withRules(fc.integer({ min: 1, max: 200 })), fc.integer({ min: 0, max: 3000 }), (input, budget) => {
        const seating = seatParties(input.parties, { seed: 'prop', budget, apart: input.apart });
        const plan = planTables(guestsIn(input.parties));
        expect(seating.tables.flat().sort()).toEqual(input.parties.map((p) => p.id).sort());
        expect(seating.tables).toHaveLength(plan.tables);
        const sizes = tableGuests(seating, input.parties).map((t) => t.length);
        if (plan.fits) for (const s of sizes) expect(s >= 6 && s <= 8, `sizes ${sizes}`).toBe(true);
      }),
      { ...FC, numRuns: 40 },
    );
  });

  it('is deterministic with rules: any order of parties and of pairs, either way round, gives the same tables', () => {
    fc.assert(
      fc.property(withRules(fc.integer({ min: 1, max: 96 })), fc.integer(), (input, shuffleSeed) => {
        const [parties, apart] = fc.sample(
          fc.tuple(
            fc.shuffledSubarray(input.parties, { minLength: input.parties.length }),
            fc.shuffledSubarray(input.apart, { minLength: input.apart.length }),
          ),
          { seed: shuffleSeed, numRuns: 1 },
        )[0];
        const flipped = apart.map((p, i) => (i % 2 ? { ...p, a: p.b, b: p.a } : p));
        const a = seatParties(input.parties, { seed: 'det', budget: 4000, apart: input.apart });
        const b = seatParties(parties, { seed: 'det', budget: 4000, apart: flipped });
        expect(b).toEqual(a);
      }),
      { ...FC, numRuns: 25 },
    );
  });
});

describe('bestTableFor with rules: a late booking keeps them when a table with room does', () => {
  const tables = fc
    .array(fc.array(partyGuests, { maxLength: 5 }), { minLength: 1, maxLength: 5 })
    .map((ts) => ts.map((t, i) => t.map((guests, j) => ({ id: `t${i}-${j}`, guests }) as MatchParty)));

  it('joins a table with room where it adds the least to what is broken', () => {
    fc.assert(
      fc.property(
        tables,
        partyGuests,
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom<ApartReason>('met', 'asked')), { maxLength: 6 }),
        (seated, guests, wish, pairs) => {
          const everyone = seated.flat();
          const party: MatchParty = { id: 'late', guests, seatWithWomen: wish };
          const apart: ApartPair[] = everyone.length
            ? pairs.map(([x, why]) => ({ a: 'late', b: everyone[x % everyone.length].id, why }))
            : [];
          const t = bestTableFor(party, seated, undefined, apart);
          const sizes = seated.map((tb) => guestsIn(tb));
          const added = seated.map((tb) => hardCost([[...tb, party]], apart) - hardCost([tb], apart));
          const withRoom = seated.map((_, i) => i).filter((i) => sizes[i] + guests.length <= 8);
          if (withRoom.length) {
            expect(withRoom).toContain(t);
            expect(added[t]).toBe(Math.min(...withRoom.map((i) => added[i])));
          } else expect(added[t]).toBe(Math.min(...added));
        },
      ),
      { ...FC, numRuns: 200 },
    );
  });
});
