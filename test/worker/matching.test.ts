/**
 * The matching's score terms, plan and reading of a booking, one rule at a time (issue 13). The
 * hard rules for any guest list are in matching.property.test.ts; how good the seating is, in
 * `npm run bench:matching`.
 */
import { describe, expect, it } from 'vitest';
import {
  type ApartPair,
  type BookingForMatching,
  bestTableFor,
  type DinnerMix,
  HARD_WEIGHTS,
  hardCost,
  hardRuleBreaks,
  type MatchGuest,
  type MatchParty,
  partyOf,
  planTables,
  quizTraits,
  scoreTables,
  seatingScore,
  seatParties,
  tableCost,
  tableTerms,
  WEIGHTS,
} from '../../worker/domain/matching';

const g = (sex: MatchGuest['sex'], more: Partial<MatchGuest> = {}): MatchGuest => ({
  sex,
  age: 30,
  battery: 'ambivert',
  music: [],
  films: [],
  ...more,
});
const times = (n: number, make: () => MatchGuest) => Array.from({ length: n }, make);
/** A dinner of 12 with 4 extroverts: a table of six expects two. */
const MIX: DinnerMix = { guests: 12, extroverts: 4 };

describe('tableTerms: each soft goal of one table', () => {
  it('lone: one per lone man and per lone woman', () => {
    expect(tableTerms([g('male'), ...times(5, () => g('female'))], MIX).lone).toBe(1);
    expect(tableTerms([g('female'), ...times(5, () => g('male'))], MIX).lone).toBe(1);
    expect(tableTerms([g('male'), g('female'), ...times(4, () => g(null))], MIX).lone).toBe(2);
    expect(tableTerms([...times(3, () => g('male')), ...times(3, () => g('female'))], MIX).lone).toBe(0);
    // No woman at all is not a lone woman: a table of men only is balanced badly, not lonely.
    expect(
      tableTerms(
        times(6, () => g('male')),
        MIX,
      ).lone,
    ).toBe(0);
  });

  it('sexBalance: (men − women)² / size', () => {
    expect(tableTerms([...times(4, () => g('male')), ...times(2, () => g('female'))], MIX).sexBalance).toBeCloseTo(
      4 / 6,
    );
    expect(tableTerms([...times(3, () => g('male')), ...times(3, () => g('female'))], MIX).sexBalance).toBe(0);
    expect(tableTerms([...times(6, () => g('male')), g(null), g(null)], MIX).sexBalance).toBeCloseTo(36 / 8);
  });

  it('extroverts: squared distance from the dinner’s share', () => {
    const table = (e: number) => [
      ...times(e, () => g('male', { battery: 'extrovert' })),
      ...times(6 - e, () => g('female', { battery: 'introvert' })),
    ];
    expect(tableTerms(table(2), MIX).extroverts).toBe(0);
    expect(tableTerms(table(0), MIX).extroverts).toBe(4);
    expect(tableTerms(table(5), MIX).extroverts).toBe(9);
    expect(tableTerms(table(0), { guests: 12, extroverts: 0 }).extroverts).toBe(0);
  });

  it('onlyIntroverts: a table whose known batteries are all introverts', () => {
    const intro = () => g('male', { battery: 'introvert' });
    expect(tableTerms(times(6, intro), MIX).onlyIntroverts).toBe(1);
    expect(tableTerms([...times(5, intro), g('female', { battery: null })], MIX).onlyIntroverts).toBe(1);
    expect(tableTerms([...times(5, intro), g('female', { battery: 'ambivert' })], MIX).onlyIntroverts).toBe(0);
    expect(
      tableTerms(
        times(6, () => g('male', { battery: null })),
        MIX,
      ).onlyIntroverts,
    ).toBe(0);
  });

  it('ageSpread: years between the youngest and the oldest known age', () => {
    expect(
      tableTerms([g('male', { age: 24 }), g('female', { age: 31 }), g('male', { age: null })], MIX).ageSpread,
    ).toBe(7);
    expect(tableTerms([g('male', { age: null }), g('female', { age: null })], MIX).ageSpread).toBe(0);
    expect(tableTerms([g('male', { age: 40 })], MIX).ageSpread).toBe(0);
  });

  it('noTastemate and sharedTastes: who shares a pick, among guests with picks', () => {
    const table = [
      g('male', { music: ['Rock'], films: [] }),
      g('female', { music: ['Rock', 'Jazz'], films: ['Horror'] }),
      g('male', { music: ['Pop'], films: ['Comedy'] }),
      // No picks (a party's second guest): neither counted nor counted against.
      g('female'),
    ];
    const t = tableTerms(table, MIX);
    expect(t.noTastemate).toBeCloseTo(1 / 3);
    expect(t.sharedTastes).toBeCloseTo(1 - 1 / 3);
    // A film and a song of the same name are not a shared pick.
    const crossed = tableTerms([g('male', { music: ['Drama'] }), g('female', { films: ['Drama'] })], MIX);
    expect(crossed.noTastemate).toBe(1);
    expect(crossed.sharedTastes).toBe(1);
    const all = tableTerms(
      times(4, () => g('male', { films: ['Comedy'] })),
      MIX,
    );
    expect(all.noTastemate).toBe(0);
    expect(all.sharedTastes).toBe(0);
    expect(tableTerms([g('male', { films: ['Comedy'] })], MIX).noTastemate).toBe(0);
  });

  it('an empty table costs nothing, and tableCost is the weighted sum of the terms', () => {
    expect(tableCost([], MIX)).toBe(0);
    const table = [g('male', { age: 22, battery: 'introvert', music: ['Rock'] }), ...times(5, () => g('female'))];
    const terms = tableTerms(table, MIX);
    const sum = (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).reduce((s, k) => s + WEIGHTS[k] * terms[k], 0);
    expect(tableCost(table, MIX)).toBeCloseTo(sum);
    // A lone guest outweighs every other term of a table put together.
    expect(WEIGHTS.lone).toBeGreaterThan(
      WEIGHTS.sexBalance * 8 + WEIGHTS.extroverts * 9 + WEIGHTS.onlyIntroverts + WEIGHTS.ageSpread * 24 + 6,
    );
  });
});

describe('seatingScore: the worst table counts more than the average', () => {
  it('is the mean plus the worst', () => {
    expect(seatingScore([])).toBe(0);
    expect(seatingScore([2, 4, 6])).toBe(4 + 6);
    // The same total, one miserable table: worse.
    expect(seatingScore([1, 1, 10])).toBeGreaterThan(seatingScore([4, 4, 4]));
  });

  it('scoreTables scores tables of parties the same way', () => {
    const a: MatchParty = { id: 'a', guests: [g('male'), g('female')] };
    const b: MatchParty = { id: 'b', guests: [g('male')] };
    const c: MatchParty = { id: 'c', guests: [g('female')] };
    const mix = { guests: 4, extroverts: 0 };
    expect(scoreTables([[a], [b, c]])).toBeCloseTo(
      seatingScore([tableCost(a.guests, mix), tableCost([...b.guests, ...c.guests], mix)]),
    );
  });
});

describe('planTables', () => {
  it('names the tables for every count from 1 to 200', () => {
    const notFitting: number[] = [];
    for (let n = 1; n <= 200; n++) {
      const plan = planTables(n);
      if (!plan.fits) notFitting.push(n);
      // The fewest tables of at most eight.
      expect(plan.tables).toBe(Math.max(1, Math.ceil(n / 8)));
      expect(plan.tables * plan.max).toBeGreaterThanOrEqual(n);
      expect(plan.tables * plan.min).toBeLessThanOrEqual(n);
      if (plan.fits) expect([plan.min, plan.max]).toEqual(n <= 8 ? [n, n] : [6, 8]);
    }
    expect(notFitting).toEqual([1, 2, 3, 4, 5, 9, 10, 11, 17]);
  });

  it.each([
    [5, { tables: 1, min: 5, max: 5, fits: false }],
    [6, { tables: 1, min: 6, max: 6, fits: true }],
    [8, { tables: 1, min: 8, max: 8, fits: true }],
    [9, { tables: 2, min: 4, max: 8, fits: false }],
    [10, { tables: 2, min: 5, max: 8, fits: false }],
    [11, { tables: 2, min: 5, max: 8, fits: false }],
    [12, { tables: 2, min: 6, max: 8, fits: true }],
    [17, { tables: 3, min: 5, max: 8, fits: false }],
    [20, { tables: 3, min: 6, max: 8, fits: true }],
    [200, { tables: 25, min: 6, max: 8, fits: true }],
  ])('%i guests', (n, plan) => {
    expect(planTables(n)).toEqual(plan);
  });
});

describe('seatParties', () => {
  it('seats nobody at no table, and a small dinner at one table', () => {
    expect(seatParties([], { seed: 's' }).tables).toEqual([]);
    const few = times(5, () => g('male')).map((guest, i) => ({ id: `p${i}`, guests: [guest] }));
    const seating = seatParties(few, { seed: 's' });
    expect(seating.tables).toEqual([['p0', 'p1', 'p2', 'p3', 'p4']]);
    expect(seating.plan.fits).toBe(false);
  });

  it('reports the sizes pairs force on a count that cannot fit: five couples sit 6 and 4', () => {
    const couples = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, guests: [g('male'), g('female')] }));
    const seating = seatParties(couples, { seed: 's' });
    expect(seating.tables.map((t) => t.length * 2).sort()).toEqual([4, 6]);
    expect(seating.plan).toEqual({ tables: 2, min: 4, max: 8, fits: false });
  });

  it('puts two couples together rather than leave a woman alone (sizes fixed at 6, 6, 6)', () => {
    // 18 guests: four couples and ten single men. Only two couples at one table, two at another
    // and a table of six men avoid a lone woman; a couple can reach it only by trading places with
    // two single men.
    const parties: MatchParty[] = [
      ...Array.from({ length: 4 }, (_, i) => ({ id: `c${i}`, guests: [g('male'), g('female')] })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, guests: [g('male')] })),
    ];
    const seating = seatParties(parties, { seed: 'couples' });
    const women = seating.tables.map((t) => t.filter((id) => id.startsWith('c')).length);
    expect(women.sort()).toEqual([0, 2, 2]);
  });
});

describe('bestTableFor', () => {
  const p = (id: string, ...guests: MatchGuest[]): MatchParty => ({ id, guests });
  it('joins the table where the party helps most, among the tables with room', () => {
    const lonely = [p('a', g('female')), p('b', g('male')), p('c', g('male')), p('d', g('male')), p('e', g('male'))];
    const even = [p('f', g('female')), p('g', g('female')), p('h', g('male')), p('i', g('male'))];
    expect(bestTableFor(p('late', g('female')), [even, lonely])).toBe(1);
  });

  it('never picks a full table while one has room; when all are full, the smallest', () => {
    const full = times(8, () => g('female')).map((guest, i) => p(`f${i}`, guest));
    const seven = times(7, () => g('male')).map((guest, i) => p(`s${i}`, guest));
    // A woman would fix nothing at the full table and makes a lone woman at the other: room wins.
    expect(bestTableFor(p('late', g('female')), [full, seven])).toBe(1);
    // A couple does not fit at seven: both are full, the smaller is taken.
    expect(bestTableFor(p('late', g('male'), g('female')), [full, seven])).toBe(1);
    expect(bestTableFor(p('late', g('male')), [])).toBe(-1);
  });
});

describe('partyOf: a booking as a party', () => {
  const answers = JSON.stringify({
    social_battery: 'extrovert',
    music_genres: ['Rock', 'K-Pop'],
    movie_genres: ['Horror', 'Comedy', 'Drama'],
  });
  const booking = (over: Partial<BookingForMatching>): BookingForMatching => ({
    id: 'b1',
    seats: 1,
    ticketType: 'male',
    sex: 'male',
    dateOfBirth: '1996-06-15',
    answers,
    ...over,
  });
  // 14 June 2026, 7 PM IST: the booker turns 30 the next day.
  const at = '2026-06-14T13:30:00.000Z';
  const booker: MatchGuest = {
    sex: 'male',
    age: 29,
    battery: 'extrovert',
    music: ['Rock', 'K-Pop'],
    films: ['Horror', 'Comedy', 'Drama'],
  };
  const partner = (sex: 'male' | 'female'): MatchGuest => ({ sex, age: 29, battery: null, music: [], films: [] });

  it('a male or female ticket is one guest of that sex, whatever the profile says', () => {
    expect(partyOf(booking({}), at)).toEqual({ id: 'b1', guests: [booker] });
    expect(partyOf(booking({ ticketType: 'female', sex: 'female' }), at).guests).toEqual([
      { ...booker, sex: 'female' },
    ]);
    expect(partyOf(booking({ sex: 'prefer_not_to_say' }), at).guests).toEqual([booker]);
    expect(partyOf(booking({ ticketType: 'female', sex: null }), at).guests[0].sex).toBe('female');
  });

  it('a couple is the booker and a partner of the other sex; a female duo, two women', () => {
    expect(partyOf(booking({ ticketType: 'couple', seats: 2 }), at).guests).toEqual([booker, partner('female')]);
    expect(partyOf(booking({ ticketType: 'couple', seats: 2, sex: 'female' }), at).guests).toEqual([
      { ...booker, sex: 'female' },
      partner('male'),
    ]);
    // Unknown profile sex: read as a man booking for a woman (the couple is one of each either way).
    const unknown = partyOf(booking({ ticketType: 'couple', seats: 2, sex: 'prefer_not_to_say' }), at);
    expect(unknown.guests.map((x) => x.sex).sort()).toEqual(['female', 'male']);
    expect(partyOf(booking({ ticketType: 'female_duo', seats: 2, sex: 'female' }), at).guests).toEqual([
      { ...booker, sex: 'female' },
      partner('female'),
    ]);
  });

  it('carries the booker’s wish for women at the table, and nothing when there is none', () => {
    expect(partyOf(booking({ ticketType: 'female', sex: 'female', seatWithWomen: true }), at).seatWithWomen).toBe(true);
    expect(partyOf(booking({ seatWithWomen: false }), at)).not.toHaveProperty('seatWithWomen');
    expect(partyOf(booking({ seatWithWomen: null }), at)).not.toHaveProperty('seatWithWomen');
  });

  it('without a birth date or a quiz, the unknowns stay unknown', () => {
    const party = partyOf(booking({ dateOfBirth: null, answers: null }), at);
    expect(party.guests).toEqual([{ sex: 'male', age: null, battery: null, music: [], films: [] }]);
  });
});

describe('quizTraits: stored answers read leniently', () => {
  const empty = {
    battery: null,
    music: [],
    films: [],
    superpower: null,
    doingNothing: null,
    freeEntry: null,
    netflix: null,
    diet: null,
  };
  it.each([null, '', 'not json', '{"social_battery":', 'null', '42', '"text"', '[1, 2]'])(
    '%j reads as no answers',
    (raw) => {
      expect(quizTraits(raw)).toEqual(empty);
    },
  );

  it('keeps what it understands and drops the rest', () => {
    const traits = quizTraits(
      JSON.stringify({
        social_battery: 'sometimes',
        music_genres: ['Rock', 7, null, 'Jazz'],
        movie_genres: 'Horror',
        superpower: 'teleport',
        doing_nothing: 3,
        dietary_preferences: 'vegetarian',
      }),
    );
    expect(traits).toEqual({ ...empty, music: ['Rock', 'Jazz'], superpower: 'teleport', diet: 'vegetarian' });
    expect(quizTraits('{"social_battery":"introvert"}').battery).toBe('introvert');
  });
});

describe('the rules from history and wishes (issue 21)', () => {
  const p = (id: string, ...guests: MatchGuest[]): MatchParty => ({ id, guests });
  const wish = (party: MatchParty): MatchParty => ({ ...party, seatWithWomen: true });
  const tableOf = (seating: { tables: string[][] }, id: string) => seating.tables.findIndex((t) => t.includes(id));

  it('hardCost and hardRuleBreaks: pairs at one table, the heavier reason once, in id order; a wish short of women', () => {
    const [a, b, c] = [p('a', g('male')), p('b', g('female')), p('c', g('male'))];
    const apart: ApartPair[] = [
      { a: 'b', b: 'a', why: 'met' },
      { a: 'a', b: 'b', why: 'asked' },
      { a: 'a', b: 'c', why: 'met' },
      { a: 'a', b: 'nobody', why: 'asked' },
    ];
    expect(hardRuleBreaks([[a, b], [c]], apart)).toEqual([{ table: 0, rule: 'asked', parties: ['a', 'b'] }]);
    expect(hardCost([[a, b], [c]], apart)).toBe(HARD_WEIGHTS.asked);
    expect(hardCost([[a, b, c]], apart)).toBe(HARD_WEIGHTS.asked + HARD_WEIGHTS.met);
    expect(hardRuleBreaks([[b], [a], [c]], apart)).toEqual([]);

    // A woman who asked needs two *other* women: herself does not count, her duo partner does.
    const asking = wish(p('w', g('female')));
    expect(hardRuleBreaks([[asking, p('x', g('female')), p('y', g('male'))]])).toEqual([
      { table: 0, rule: 'women', parties: ['w'] },
    ]);
    expect(hardCost([[asking, p('x', g('female')), p('y', g('male'))]])).toBe(HARD_WEIGHTS.women);
    expect(hardCost([[asking, p('y', g('male'))]])).toBe(2 * HARD_WEIGHTS.women);
    expect(hardCost([[wish(p('duo', g('female'), g('female'))), p('x', g('female'))]])).toBe(0);
    // A man may ask too: two women at his table.
    expect(hardCost([[wish(p('m', g('male'))), p('x', g('female')), p('z', g('female'))]])).toBe(0);
    // Rules outweigh everything: they are compared first, not weighed with the soft goals.
    expect(hardCost([[p('a', g('male'))]])).toBe(0);
  });

  it('seats apart every pair who met or asked, across 24 guests at three tables, and says it kept them all', () => {
    // Three tables of eight. Guests who all met at one table last month, and two pairs who asked.
    const parties = Array.from({ length: 24 }, (_, i) =>
      p(`g${String(i).padStart(2, '0')}`, g(i % 2 ? 'male' : 'female')),
    );
    const apart: ApartPair[] = [];
    const clique = ['g00', 'g02', 'g05', 'g07'];
    for (const [x, a] of clique.entries()) for (const b of clique.slice(x + 1)) apart.push({ a, b, why: 'met' });
    apart.push({ a: 'g10', b: 'g11', why: 'asked' }, { a: 'g12', b: 'g13', why: 'asked' });
    // Three who all met, one at each table, and the two pairs: every rule kept.
    const withClique3 = apart.filter((q) => q.a !== 'g07' && q.b !== 'g07');
    const seating = seatParties(parties, { seed: 'memory', apart: withClique3 });
    expect(seating.hard).toBe(0);
    for (const q of withClique3) expect(tableOf(seating, q.a)).not.toBe(tableOf(seating, q.b));
    // Four who all met, three tables: one pair must share one; the seating breaks exactly that.
    const forced = seatParties(parties, { seed: 'memory', apart });
    expect(forced.hard).toBe(HARD_WEIGHTS.met);
    const byId = new Map(parties.map((q) => [q.id, q]));
    const breaks = hardRuleBreaks(
      forced.tables.map((t) => t.map((id) => byId.get(id) as MatchParty)),
      apart,
    );
    expect(breaks).toHaveLength(1);
    expect(breaks[0].rule).toBe('met');
  });

  it('keeps a rule before it avoids a lone woman, and meets a wish for women', () => {
    // Four women and eight men at two tables of six: two women at each, unless Asha must be apart
    // from the three others (she asked about one, met the others lately): then she is the only
    // woman at her table, which the soft goals alone would never choose.
    const parties = [
      p('asha', g('female')),
      ...['w1', 'w2', 'w3'].map((id) => p(id, g('female'))),
      ...Array.from({ length: 8 }, (_, i) => p(`m${i}`, g('male'))),
    ];
    const free = seatParties(parties, { seed: 'lone' });
    expect(free.tables.map((t) => t.filter((id) => id === 'asha' || id.startsWith('w')).length)).toEqual([2, 2]);
    const apart: ApartPair[] = [
      { a: 'w1', b: 'asha', why: 'asked' },
      { a: 'asha', b: 'w2', why: 'met' },
      { a: 'asha', b: 'w3', why: 'met' },
    ];
    const kept = seatParties(parties, { seed: 'lone', apart });
    expect(kept.hard).toBe(0);
    const t = tableOf(kept, 'asha');
    for (const w of ['w1', 'w2', 'w3']) expect(tableOf(kept, w)).not.toBe(t);

    // Three women: the one who asked sits with the two others.
    const three = [
      wish(p('w0', g('female'))),
      p('w1', g('female')),
      p('w2', g('female')),
      ...Array.from({ length: 9 }, (_, i) => p(`m${i}`, g('male'))),
    ];
    const seating = seatParties(three, { seed: 'wish' });
    expect(seating.hard).toBe(0);
    expect(tableOf(seating, 'w1')).toBe(tableOf(seating, 'w0'));
    expect(tableOf(seating, 'w2')).toBe(tableOf(seating, 'w0'));
  });

  it('bestTableFor: a late party avoids a table where it breaks a rule, though it fits better there', () => {
    const lonely = [p('a', g('female')), p('b', g('male')), p('c', g('male')), p('d', g('male')), p('e', g('male'))];
    const even = [p('f', g('female')), p('g', g('female')), p('h', g('male')), p('i', g('male'))];
    const late = p('late', g('female'));
    expect(bestTableFor(late, [even, lonely])).toBe(1);
    expect(bestTableFor(late, [even, lonely], undefined, [{ a: 'late', b: 'c', why: 'met' }])).toBe(0);
    // A late woman who asked for two other women joins the table that has them.
    expect(bestTableFor(wish(late), [lonely, even])).toBe(1);
    // Both full: the one where it breaks nothing, before the smaller one.
    const full = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => p(`${prefix}${i}`, g('male')));
    expect(bestTableFor(late, [full('x', 8), full('y', 9)], undefined, [{ a: 'x3', b: 'late', why: 'asked' }])).toBe(1);
  });
});
