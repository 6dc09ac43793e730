/**
 * Table matching (SPEC §1 "guests are matched into tables from profile and quiz answers", DESIGN.md
 * "Matching", docs/decisions/022). Pure and deterministic: the same parties and seed always give
 * the same tables, whatever order they arrive in; no clock, no I/O, no Math.random.
 *
 * A *party* is one booking: a single guest, or a couple / female duo who always sit together.
 * Hard rules: every party at exactly one table; parties never split; every table within the
 * dinner's sizes (6-8) whenever the count allows it — when it cannot, `planTables` says so and
 * the sizes are as close to the range as they can be. Soft goals are the terms of `tableCost`;
 * `seatingScore` weighs the worst table on top of the average, so one miserable table is not
 * bought with five slightly better ones.
 *
 * Rules from history and wishes (issue 21, "hard when feasible"): parties who must sit apart
 * (`ApartPair`: they shared a table lately, or one asked never to sit with the other) and a guest
 * who asked for at least two other women at the table (`MatchParty.seatWithWomen`). The search
 * compares seatings by these first (`hardCost`, weighed by `HARD_WEIGHTS`) and by the soft score
 * only between seatings that break them equally: never broken while some seating keeps them, and
 * broken as little as the numbers allow when none does (`hardRuleBreaks` says where).
 */
import type { TicketType } from './pricing';
import { ageInIst } from './time';

export type MatchSex = 'male' | 'female';
export type Battery = 'extrovert' | 'introvert' | 'ambivert';

/** One person at the table as the matching sees them; null is "we do not know". */
export type MatchGuest = {
  sex: MatchSex | null;
  age: number | null;
  battery: Battery | null;
  /** Quiz picks (SPEC §2: music up to 3, films exactly 3), by value. */
  music: readonly string[];
  films: readonly string[];
};

export type MatchParty = {
  id: string;
  guests: readonly MatchGuest[];
  /**
   * The booker (`guests[0]`) asked to sit only at tables with at least two *other* women (issue 21;
   * their own party's second guest counts). Absent is false.
   */
  seatWithWomen?: boolean;
};

/**
 * Why two parties must not share a table (issue 21): `met`, they shared a table in the last six
 * months (`MEMORY_MS`); `asked`, one of them said 'rather not' of the other or reported them
 * (for good). Which one asked is not part of it: the matching, and whoever reads its warnings,
 * need only the pair.
 */
export type ApartReason = 'met' | 'asked';
export type ApartPair = { a: string; b: string; why: ApartReason };

/**
 * How much each broken rule weighs when the numbers leave no seating that keeps them all: a pair
 * who asked to be apart before a guest's wish for women at the table (per woman missing), before a
 * pair who only met lately. Integers, so seatings compare exactly.
 */
export const HARD_WEIGHTS = { asked: 4, women: 2, met: 1 } as const;

/** Women other than the guest who asked that a table must have for `seatWithWomen`. */
export const OTHER_WOMEN_WANTED = 2;

export type TableSizes = { min: number; max: number };
export const TABLE_SIZES: TableSizes = { min: 6, max: 8 };

/** How many tables a dinner gets and the sizes each may take. */
export type TablePlan = {
  tables: number;
  min: number;
  max: number;
  /** False when the guests cannot all sit at tables of `sizes.min`-`sizes.max` (e.g. 10 or 17). */
  fits: boolean;
};

/**
 * Tables for `guests` people. Up to `max` guests share one table (fewer than `min` too: a small
 * dinner is one table, reported as not fitting). Otherwise the fewest tables of at most `max`;
 * when that would leave a table under `min` (10 or 17 guests at 6-8), the same number of tables
 * with sizes one or two under the minimum — a chair short is easier to live with than a table
 * over what the restaurant seats.
 * @example planTables(20) // { tables: 3, min: 6, max: 8, fits: true }
 * @example planTables(10) // { tables: 2, min: 5, max: 8, fits: false }
 */
export function planTables(guests: number, sizes: TableSizes = TABLE_SIZES): TablePlan {
  if (guests <= sizes.max) return { tables: 1, min: guests, max: guests, fits: guests >= sizes.min };
  const tables = Math.ceil(guests / sizes.max);
  if (tables * sizes.min <= guests) return { tables, min: sizes.min, max: sizes.max, fits: true };
  return { tables, min: Math.floor(guests / tables), max: sizes.max, fits: false };
}

/**
 * The weights of the soft goals. Each term is documented where it is computed; a lone man or
 * woman outweighs everything else together, so it is only ever accepted when unavoidable.
 */
export const WEIGHTS = {
  /** Per lone man and per lone woman at a table. */
  lone: 100,
  /** (men − women)² / size: sexes balanced, spread evenly across tables. */
  sexBalance: 3,
  /** (extroverts − the dinner's share of them)²: extroverts spread out. */
  extroverts: 2,
  /** A table of only introverts (no extrovert, no ambivert) when avoidable. */
  onlyIntroverts: 10,
  /** Per year between the youngest and the oldest guest. */
  ageSpread: 0.3,
  /** Share of guests with no music or film pick in common with anyone at the table. */
  noTastemate: 4,
  /** 1 − the share of pairs at the table who share a music or film pick. */
  sharedTastes: 2,
} as const;

/** What the whole dinner looks like, for the terms measured against it. */
export type DinnerMix = { guests: number; extroverts: number };

export function dinnerMix(parties: readonly MatchParty[]): DinnerMix {
  let guests = 0;
  let extroverts = 0;
  for (const p of parties)
    for (const g of p.guests) {
      guests++;
      if (g.battery === 'extrovert') extroverts++;
    }
  return { guests, extroverts };
}

export type CostTerms = {
  lone: number;
  sexBalance: number;
  extroverts: number;
  onlyIntroverts: number;
  ageSpread: number;
  noTastemate: number;
  sharedTastes: number;
};

/**
 * A guest as the search handles them: tastes as bit masks over the dinner's distinct picks (the
 * quiz has 25 options, so two 31-bit words hold any dinner's), so "shares a pick" is one AND.
 */
type Seat = { sex: MatchSex | null; age: number | null; battery: Battery | null; lo: number; hi: number };

/** The seats of some guests, the picks numbered in a dictionary shared by one search. */
function toSeats(guests: readonly MatchGuest[], picks: Map<string, number>): Seat[] {
  return guests.map((g) => {
    let lo = 0;
    let hi = 0;
    for (const [kind, list] of [
      ['m', g.music],
      ['f', g.films],
    ] as const)
      for (const value of list) {
        const key = `${kind}:${value}`;
        let bit = picks.get(key);
        if (bit === undefined) {
          bit = picks.size;
          picks.set(key, bit);
        }
        // Beyond 62 distinct picks (impossible with the quiz's 25) a pick is not compared.
        if (bit < 31) lo |= 1 << bit;
        else if (bit < 62) hi |= 1 << (bit - 31);
      }
    return { sex: g.sex, age: g.age, battery: g.battery, lo, hi };
  });
}

function seatTerms(seats: readonly Seat[], mix: DinnerMix): CostTerms {
  const size = seats.length;
  if (size === 0)
    return { lone: 0, sexBalance: 0, extroverts: 0, onlyIntroverts: 0, ageSpread: 0, noTastemate: 0, sharedTastes: 0 };
  let men = 0;
  let women = 0;
  let extroverts = 0;
  let introverts = 0;
  let batteries = 0;
  let youngest = Number.POSITIVE_INFINITY;
  let oldest = Number.NEGATIVE_INFINITY;
  for (const g of seats) {
    if (g.sex === 'male') men++;
    else if (g.sex === 'female') women++;
    if (g.battery) batteries++;
    if (g.battery === 'extrovert') extroverts++;
    else if (g.battery === 'introvert') introverts++;
    if (g.age !== null) {
      youngest = Math.min(youngest, g.age);
      oldest = Math.max(oldest, g.age);
    }
  }
  // Tastes: who has a tastemate, and how many pairs share something. Guests without picks (a
  // party's second guest) neither count nor are counted against.
  let withPicks = 0;
  let withoutMate = 0;
  let sharingPairs = 0;
  for (let i = 0; i < size; i++) {
    const a = seats[i];
    if (!(a.lo | a.hi)) continue;
    withPicks++;
    let mate = false;
    for (let j = 0; j < size; j++) {
      if (j === i) continue;
      const b = seats[j];
      if ((a.lo & b.lo) | (a.hi & b.hi)) {
        mate = true;
        if (j > i) sharingPairs++;
      }
    }
    if (!mate) withoutMate++;
  }
  const pairs = (withPicks * (withPicks - 1)) / 2;
  const expectedExtroverts = mix.guests ? (mix.extroverts * size) / mix.guests : 0;
  return {
    lone: (men === 1 ? 1 : 0) + (women === 1 ? 1 : 0),
    sexBalance: (men - women) ** 2 / size,
    extroverts: (extroverts - expectedExtroverts) ** 2,
    onlyIntroverts: batteries > 0 && introverts === batteries ? 1 : 0,
    ageSpread: oldest >= youngest ? oldest - youngest : 0,
    noTastemate: withPicks > 1 ? withoutMate / withPicks : 0,
    sharedTastes: pairs > 0 ? 1 - sharingPairs / pairs : 0,
  };
}

/** Each soft goal of one table, unweighted (see WEIGHTS for what each measures). */
export function tableTerms(guests: readonly MatchGuest[], mix: DinnerMix): CostTerms {
  return seatTerms(toSeats(guests, new Map()), mix);
}

const TERM_KEYS = Object.keys(WEIGHTS) as (keyof CostTerms)[];
const weigh = (t: CostTerms) => {
  let cost = 0;
  for (const k of TERM_KEYS) cost += WEIGHTS[k] * t[k];
  return cost;
};

/** One table's cost: the weighted sum of its terms (lower is better, 0 is perfect). */
export function tableCost(guests: readonly MatchGuest[], mix: DinnerMix): number {
  return weigh(tableTerms(guests, mix));
}

/**
 * The fair objective (lower is better): the average table's cost plus the worst table's, so the
 * worst table counts more than the average one and the search cannot hide one bad table.
 */
export function seatingScore(costs: readonly number[]): number {
  if (costs.length === 0) return 0;
  let sum = 0;
  let worst = 0;
  for (const c of costs) {
    sum += c;
    worst = Math.max(worst, c);
  }
  return sum / costs.length + worst;
}

/** Scores a seating given as tables of parties (for the console, tests and the benchmark). */
export function scoreTables(tables: readonly (readonly MatchParty[])[], mix?: DinnerMix): number {
  const m = mix ?? dinnerMix(tables.flat());
  return seatingScore(
    tables.map((t) =>
      tableCost(
        t.flatMap((p) => p.guests),
        m,
      ),
    ),
  );
}

/** The hard rules of one list of parties, by position in it, as the search and the checks read them. */
type HardRules = {
  /** False when no party has a rule: every cost is 0 and nothing is counted. */
  any: boolean;
  /** Per party: the parties (positions) it must not sit with, and the weight of sitting with each. */
  apart: { j: number; w: number; why: ApartReason }[][];
  /** Per party: its women. */
  women: number[];
  /** Per party: whether its booker asked for women at the table, and whether the booker is one. */
  asks: boolean[];
  askerIsWoman: boolean[];
};

function hardRulesOf(parties: readonly MatchParty[], apart: readonly ApartPair[] = []): HardRules {
  const at = new Map(parties.map((p, i) => [p.id, i]));
  const lists: HardRules['apart'] = parties.map(() => []);
  let any = false;
  for (const pair of apart) {
    const i = at.get(pair.a);
    const j = at.get(pair.b);
    if (i === undefined || j === undefined || i === j) continue;
    any = true;
    const w = HARD_WEIGHTS[pair.why];
    // The same pair twice (they met, and one asked): the heavier reason stands.
    for (const [x, y] of [
      [i, j],
      [j, i],
    ]) {
      const known = lists[x].find((e) => e.j === y);
      if (!known) lists[x].push({ j: y, w, why: pair.why });
      else if (w > known.w) Object.assign(known, { w, why: pair.why });
    }
  }
  for (const list of lists) list.sort((a, b) => a.j - b.j);
  const asks = parties.map((p) => p.seatWithWomen === true && p.guests.length > 0);
  if (asks.some(Boolean)) any = true;
  return {
    any,
    apart: lists,
    women: parties.map((p) => p.guests.filter((g) => g.sex === 'female').length),
    asks,
    askerIsWoman: parties.map((p) => p.guests[0]?.sex === 'female'),
  };
}

/**
 * The weighted cost of the hard rules one table breaks (0 when it keeps them all), given as
 * positions into the parties `rules` was built from. Reuses one marker array: call it from one
 * search at a time.
 */
function hardCostFor(rules: HardRules) {
  const mark = new Int32Array(rules.women.length);
  let round = 0;
  return (list: readonly number[]) => {
    if (!rules.any) return 0;
    if (++round === 0x3fffffff) {
      mark.fill(0);
      round = 1;
    }
    let women = 0;
    for (const i of list) {
      mark[i] = round;
      women += rules.women[i];
    }
    let cost = 0;
    for (const i of list) {
      for (const e of rules.apart[i]) if (e.j > i && mark[e.j] === round) cost += e.w;
      if (rules.asks[i]) {
        const others = women - (rules.askerIsWoman[i] ? 1 : 0);
        if (others < OTHER_WOMEN_WANTED) cost += HARD_WEIGHTS.women * (OTHER_WOMEN_WANTED - others);
      }
    }
    return cost;
  };
}

/**
 * The parties of one table (positions, as for hardCostFor) whose moving could mend what it
 * breaks: both of every pair kept apart there, and everyone at a table short of women for a guest
 * who asked (anyone there may trade places with a woman).
 */
function involvedFor(rules: HardRules) {
  const cost = hardCostFor(rules);
  return (list: readonly number[]) => {
    if (!rules.any) return [];
    const here = new Set(list);
    let women = 0;
    for (const i of list) women += rules.women[i];
    const short = list.some((i) => rules.asks[i] && women - (rules.askerIsWoman[i] ? 1 : 0) < OTHER_WOMEN_WANTED);
    if (short) return [...list];
    if (cost(list) === 0) return [];
    return list.filter((i) => rules.apart[i].some((e) => here.has(e.j)));
  };
}

/** A hard rule a seating breaks, at `table` (an index into the tables given). */
export type HardRuleBreak =
  | { table: number; rule: ApartReason; parties: [string, string] }
  | { table: number; rule: 'women'; parties: [string] };

/**
 * Every hard rule a seating breaks (issue 21): each pair at one table who must sit apart (the
 * heavier reason when both hold; the two ids in order), and each guest who asked for two other
 * women at a table with fewer. Empty when the seating keeps them all.
 */
export function hardRuleBreaks(
  tables: readonly (readonly MatchParty[])[],
  apart: readonly ApartPair[] = [],
): HardRuleBreak[] {
  const parties = tables.flat();
  const rules = hardRulesOf(parties, apart);
  if (!rules.any) return [];
  const tableOf: number[] = [];
  tables.forEach((t, n) => {
    for (const _ of t) tableOf.push(n);
  });
  const breaks: HardRuleBreak[] = [];
  const womenAt = tables.map(() => 0);
  parties.forEach((_, i) => {
    womenAt[tableOf[i]] += rules.women[i];
  });
  parties.forEach((p, i) => {
    const table = tableOf[i];
    for (const e of rules.apart[i])
      if (e.j > i && tableOf[e.j] === table) {
        // In id order: nothing in a break says which of the two asked.
        const q = parties[e.j].id;
        breaks.push({ table, rule: e.why, parties: p.id < q ? [p.id, q] : [q, p.id] });
      }
    if (rules.asks[i] && womenAt[table] - (rules.askerIsWoman[i] ? 1 : 0) < OTHER_WOMEN_WANTED)
      breaks.push({ table, rule: 'women', parties: [p.id] });
  });
  return breaks.sort((a, b) => a.table - b.table);
}

/** The weighted cost of every hard rule a seating breaks (`HARD_WEIGHTS`; 0 when it keeps them all). */
export function hardCost(tables: readonly (readonly MatchParty[])[], apart: readonly ApartPair[] = []): number {
  const parties = tables.flat();
  const cost = hardCostFor(hardRulesOf(parties, apart));
  let at = 0;
  let sum = 0;
  for (const t of tables) {
    sum += cost(t.map(() => at++));
  }
  return sum;
}

/** 32-bit FNV-1a: a seed string (the dinner id) as a number. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, seeded generator; the whole search is reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Seating = {
  /** Party ids per table, tables in order; each table's parties sorted by id. */
  tables: string[][];
  /**
   * planTables' plan, with the sizes the parties allow: for a count that cannot fit, `min` may be
   * one under planTables' when pairs leave no other way.
   */
  plan: TablePlan;
  /** seatingScore of the result (lower is better). */
  score: number;
  /** hardCost of the result: 0 when it keeps every rule from history and wishes. */
  hard: number;
};

export type SeatOptions = {
  seed: string;
  sizes?: TableSizes;
  /**
   * How many candidate moves the search may evaluate: bounds its time the same way on every
   * machine (a wall clock would make the result depend on the machine's speed).
   */
  budget?: number;
  /** Parties who must not share a table (pairs naming a party not in the list are ignored). */
  apart?: readonly ApartPair[];
};

export const DEFAULT_BUDGET = 100_000;
/** Restarts in a row that find nothing better before the search calls the best seating final. */
const PATIENCE = 12;
/** The same, while the best seating still breaks a rule from history or wishes (issue 21). */
const HARD_PATIENCE = 48;
/**
 * The share of the search's budget two-trade repairs (see `repair`) may spend in all, and what one
 * repair may: where every rule cannot be kept, they never eat the budget the soft goals need.
 */
const REPAIR_SHARE = 0.1;
const REPAIR_BUDGET = 12_000;

/**
 * Seats the parties at tables: a greedy first seating (parties of two first, each where it costs
 * least among the tables with room left in the plan), then a seeded local search of moves and
 * swaps that keeps every table within the plan's sizes, with random restarts from the best
 * seating found while the budget lasts.
 */
export function seatParties(input: readonly MatchParty[], options: SeatOptions): Seating {
  // Sorted by id: the caller's order never changes the result.
  const parties = [...input].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const mix = dinnerMix(parties);
  const plan = planTables(mix.guests, options.sizes ?? TABLE_SIZES);
  if (parties.length === 0) return { tables: [], plan: { ...plan, tables: 0 }, score: 0, hard: 0 };
  const random = seededRandom(hashSeed(options.seed));
  const k = plan.tables;
  const sizeOf = parties.map((p) => p.guests.length);
  const picks = new Map<string, number>();
  const seatsOf = parties.map((p) => toSeats(p.guests, picks));
  // One buffer for the seats of the table being costed: the search costs two tables per candidate
  // move, and a fresh array each time was a good part of its run time.
  const buffer: Seat[] = [];
  const costOf = (list: readonly number[]) => {
    buffer.length = 0;
    for (const i of list) for (const seat of seatsOf[i]) buffer.push(seat);
    return weigh(seatTerms(buffer, mix));
  };
  // The hard rules (issue 21) come first: a candidate is better when it breaks them less, and by
  // the soft score only when it breaks them as much (see `better`).
  const rules = hardRulesOf(parties, options.apart);
  const hardOf = hardCostFor(rules);
  const involved = involvedFor(rules);

  // Target sizes: parties of two dealt round-robin, then singles to the emptiest table. With at
  // most one more pair at any table, the sizes differ by at most two and all fit the plan.
  const order = parties.map((_, i) => i).sort((a, b) => sizeOf[b] - sizeOf[a] || a - b);
  const targets = new Array<number>(k).fill(0);
  for (const i of order) {
    let best = 0;
    for (let t = 1; t < k; t++) if (targets[t] < targets[best]) best = t;
    targets[best] += sizeOf[i];
  }

  // The sizes the parties allow, as reported: a count that cannot fit may need a table a seat
  // shorter than planTables says, because a pair does not split (10 guests as five couples sit 6
  // and 4, not 5 and 5). A count that fits always gets tables within the plan's sizes.
  const seatingPlan: TablePlan = {
    ...plan,
    min: Math.min(plan.min, ...targets),
    max: Math.max(plan.max, ...targets),
  };

  const table = new Array<number>(parties.length).fill(-1);
  const members: number[][] = Array.from({ length: k }, () => []);
  const size = new Array<number>(k).fill(0);
  const costs = new Array<number>(k).fill(0);
  const hards = new Array<number>(k).fill(0);

  // Greedy: each party (pairs first, then in a seeded order) where it breaks the fewest rules and
  // adds the least cost.
  const singles = order.filter((i) => sizeOf[i] === 1);
  shuffle(singles, random);
  const greedyOrder = [...order.filter((i) => sizeOf[i] > 1), ...singles];
  for (const i of greedyOrder) {
    let bestT = -1;
    let bestHard = Number.POSITIVE_INFINITY;
    let bestDelta = Number.POSITIVE_INFINITY;
    for (let t = 0; t < k; t++) {
      if (size[t] + sizeOf[i] > targets[t]) continue;
      const hard = hardOf([...members[t], i]) - hards[t];
      if (hard > bestHard) continue;
      const delta = costOf([...members[t], i]) - costs[t];
      if (hard < bestHard || delta < bestDelta) {
        bestHard = hard;
        bestDelta = delta;
        bestT = t;
      }
    }
    // Cannot happen (targets add up to every guest and pairs were dealt first); kept total.
    if (bestT < 0) bestT = size.indexOf(Math.min(...size));
    table[i] = bestT;
    members[bestT].push(i);
    size[bestT] += sizeOf[i];
    costs[bestT] = costOf(members[bestT]);
    hards[bestT] = hardOf(members[bestT]);
  }

  const fitsPlan = (t: number, newSize: number) =>
    newSize <= Math.max(plan.max, targets[t]) && newSize >= Math.min(plan.min, targets[t]);

  const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  /** Whether (hard, score) beats (hard0, score0): fewer broken rules first, then the soft score. */
  const better = (hard: number, score: number, hard0: number, score0: number) =>
    hard < hard0 || (hard === hard0 && score < score0 - 1e-9);
  let current = seatingScore(costs);
  let currentHard = sumOf(hards);
  let best = { table: [...table], score: current, hard: currentHard };
  let budget = options.budget ?? DEFAULT_BUDGET;
  let fruitless = 0;
  const n = parties.length;

  // A table's members after a move, its soft cost and the cost of the hard rules it breaks: one
  // list for both (hardOf returns 0 at once when nobody has a rule).
  let hardWith = 0;
  const costWith = (t: number, remove: number, add: number, remove2 = -1) => {
    const list = members[t].filter((i) => i !== remove && i !== remove2);
    if (add >= 0) list.push(add);
    hardWith = hardOf(list);
    return costOf(list);
  };
  const costWithTwo = (t: number, remove: number, add: number, add2: number) => {
    const list = members[t].filter((i) => i !== remove);
    list.push(add, add2);
    hardWith = hardOf(list);
    return costOf(list);
  };
  const scoreWith = (a: number, ca: number, b: number, cb: number) => {
    let sum = 0;
    let worst = 0;
    for (let t = 0; t < k; t++) {
      const c = t === a ? ca : t === b ? cb : costs[t];
      sum += c;
      worst = Math.max(worst, c);
    }
    return sum / k + worst;
  };
  const place = (i: number, from: number, to: number) => {
    members[from] = members[from].filter((x) => x !== i);
    members[to].push(i);
    size[from] -= sizeOf[i];
    size[to] += sizeOf[i];
    table[i] = to;
  };

  /**
   * Two trades at once, for a seating that still breaks a rule and where no single move or swap
   * helps: a party involved in a broken rule trades places with a party of its size at another
   * table, then a party involved in what the two tables break after that trades with one of its
   * size anywhere else. Taken when the two together break less than before (a hill climb cannot
   * cross the worse seating in between: e.g. two guests who must be apart from a third and can
   * only leave his table together). Tried once per seating the climbs stop at, within
   * REPAIR_BUDGET evaluations a time and REPAIR_SHARE of the budget in all.
   */
  let repairLeft = Math.floor((options.budget ?? DEFAULT_BUDGET) * REPAIR_SHARE);
  const repaired = new Set<string>();
  const hardSwapped = (t: number, remove: number, add: number) => {
    const list = members[t].filter((x) => x !== remove);
    list.push(add);
    return hardOf(list);
  };
  const swap = (i: number, j: number) => {
    const a = table[i];
    const b = table[j];
    place(i, a, b);
    place(j, b, a);
  };
  const repair = () => {
    const key = table.join(',');
    if (repaired.has(key)) return false;
    repaired.add(key);
    let allowance = Math.min(budget, repairLeft, REPAIR_BUDGET);
    const spend = () => {
      allowance--;
      repairLeft--;
      budget--;
      return allowance > 0;
    };
    const firsts = members.flatMap((list, t) => (hards[t] > 0 ? involved(list) : []));
    shuffle(firsts, random);
    for (const i of firsts) {
      const a = table[i];
      for (let j = 0; j < n; j++) {
        if (table[j] === a || sizeOf[j] !== sizeOf[i]) continue;
        const b = table[j];
        if (!spend()) return false;
        const ha = hardSwapped(a, i, j);
        const hb = hardSwapped(b, j, i);
        swap(i, j);
        const after = { [a]: ha, [b]: hb } as Record<number, number>;
        const hardNow = (t: number) => after[t] ?? hards[t];
        const h1 = currentHard - hards[a] - hards[b] + ha + hb;
        const seconds = [...(ha > 0 ? involved(members[a]) : []), ...(hb > 0 ? involved(members[b]) : [])];
        for (const x of seconds)
          for (let y = 0; y < n; y++) {
            const c = table[x];
            const d = table[y];
            if (c === d || sizeOf[y] !== sizeOf[x] || y === i || y === j) continue;
            if (!spend()) {
              swap(j, i);
              return false;
            }
            const hc = hardSwapped(c, x, y);
            const hd = hardSwapped(d, y, x);
            if (h1 - hardNow(c) - hardNow(d) + hc + hd < currentHard) {
              swap(x, y);
              for (const t of new Set([a, b, c, d])) {
                costs[t] = costOf(members[t]);
                hards[t] = hardOf(members[t]);
              }
              current = seatingScore(costs);
              currentHard = sumOf(hards);
              return true;
            }
          }
        swap(j, i);
      }
    }
    return false;
  };

  while (k > 1 && budget > 0) {
    // One hill climb: try every move and swap in a seeded order, take any improvement, repeat
    // until a whole pass finds none (a local optimum) or the budget runs out.
    let improved = true;
    while (improved && budget > 0) {
      improved = false;
      const idx = parties.map((_, i) => i);
      shuffle(idx, random);
      for (const i of idx) {
        if (budget <= 0) break;
        const a = table[i];
        // Moves: party i to another table.
        for (let b = 0; b < k && budget > 0; b++) {
          if (b === a) continue;
          if (!fitsPlan(a, size[a] - sizeOf[i]) || !fitsPlan(b, size[b] + sizeOf[i])) continue;
          budget--;
          const ca = costWith(a, i, -1);
          const ha = hardWith;
          const cb = costWith(b, -1, i);
          const hb = hardWith;
          const s = scoreWith(a, ca, b, cb);
          const h = currentHard - hards[a] - hards[b] + ha + hb;
          if (better(h, s, currentHard, current)) {
            place(i, a, b);
            costs[a] = ca;
            costs[b] = cb;
            hards[a] = ha;
            hards[b] = hb;
            current = s;
            currentHard = h;
            improved = true;
            break;
          }
        }
        if (table[i] !== a) continue;
        // Swaps: party i with a party j at another table.
        for (let j = 0; j < n && budget > 0; j++) {
          const b = table[j];
          if (b === a) continue;
          const d = sizeOf[j] - sizeOf[i];
          if (!fitsPlan(a, size[a] + d) || !fitsPlan(b, size[b] - d)) continue;
          budget--;
          const ca = costWith(a, i, j);
          const ha = hardWith;
          const cb = costWith(b, j, i);
          const hb = hardWith;
          const s = scoreWith(a, ca, b, cb);
          const h = currentHard - hards[a] - hards[b] + ha + hb;
          if (better(h, s, currentHard, current)) {
            place(i, a, b);
            place(j, b, a);
            costs[a] = ca;
            costs[b] = cb;
            hards[a] = ha;
            hards[b] = hb;
            current = s;
            currentHard = h;
            improved = true;
            break;
          }
        }
        if (table[i] !== a || sizeOf[i] !== 2) continue;
        // A party of two for two singles at another table. Without it a pair could only trade
        // places with another pair whenever the sizes are fixed (12, 24, 48, 96 or 200 guests fill
        // every table to the plan's size exactly), so the greedy's place for a couple was final:
        // the benchmark found 12-guest dinners 5% off the optimum and, on dinners of mostly men,
        // a lone woman that putting two couples together would have avoided.
        for (let b = 0; b < k && budget > 0 && table[i] === a; b++) {
          if (b === a) continue;
          const singlesAtB = members[b].filter((x) => sizeOf[x] === 1);
          for (let x = 0; x < singlesAtB.length && table[i] === a && budget > 0; x++)
            for (let y = x + 1; y < singlesAtB.length && budget > 0; y++) {
              const j = singlesAtB[x];
              const l = singlesAtB[y];
              budget--;
              const ca = costWithTwo(a, i, j, l);
              const ha = hardWith;
              const cb = costWith(b, j, i, l);
              const hb = hardWith;
              const s = scoreWith(a, ca, b, cb);
              const h = currentHard - hards[a] - hards[b] + ha + hb;
              if (better(h, s, currentHard, current)) {
                place(i, a, b);
                place(j, b, a);
                place(l, b, a);
                costs[a] = ca;
                costs[b] = cb;
                hards[a] = ha;
                hards[b] = hb;
                current = s;
                currentHard = h;
                improved = true;
                break;
              }
            }
        }
      }
      // A local optimum that still breaks a rule: two trades at once may mend it.
      if (!improved && currentHard > 0 && repairLeft > 0 && budget > 0) improved = repair();
    }
    if (better(currentHard, current, best.hard, best.score)) {
      best = { table: [...table], score: current, hard: currentHard };
      fruitless = 0;
    } else fruitless++;
    // A seating that still breaks a rule from history or wishes gets more restarts (the budget
    // bounds them all the same): one more swap may be all it takes.
    const patience = best.hard > 0 ? HARD_PATIENCE : PATIENCE;
    if (budget <= 0 || (best.score === 0 && best.hard === 0) || fruitless >= patience) break;
    // Restart from the best seating, shaken by a few random swaps of same-size parties.
    for (let t = 0; t < k; t++) members[t] = [];
    size.fill(0);
    best.table.forEach((t, i) => {
      table[i] = t;
      members[t].push(i);
      size[t] += sizeOf[i];
    });
    if (best.hard > 0) {
      // Aimed first: a party at a table that breaks a rule trades places with a party of its size
      // at another table, preferably one trade that breaks no more than before (a sideways step:
      // the hill climb stops where every single step breaks more or costs more).
      const tableHard = members.map((list) => hardOf(list));
      const broken = parties.map((_, i) => i).filter((i) => tableHard[table[i]] > 0);
      const i = broken[Math.floor(random() * broken.length)];
      const a = table[i];
      const others = parties.map((_, j) => j).filter((j) => table[j] !== a && sizeOf[j] === sizeOf[i]);
      const sideways = others.filter((j) => {
        const b = table[j];
        costWith(a, i, j);
        const ha = hardWith;
        costWith(b, j, i);
        return ha + hardWith <= tableHard[a] + tableHard[b];
      });
      const pool = sideways.length ? sideways : others;
      if (pool.length) {
        const j = pool[Math.floor(random() * pool.length)];
        const b = table[j];
        place(i, a, b);
        place(j, b, a);
      }
    }
    const kicks = 2 + Math.floor(random() * 3);
    for (let s = 0; s < kicks; s++) {
      const i = Math.floor(random() * n);
      const j = Math.floor(random() * n);
      if (table[i] !== table[j] && sizeOf[i] === sizeOf[j]) {
        const a = table[i];
        const b = table[j];
        place(i, a, b);
        place(j, b, a);
      }
    }
    for (let t = 0; t < k; t++) {
      costs[t] = costOf(members[t]);
      hards[t] = hardOf(members[t]);
    }
    current = seatingScore(costs);
    currentHard = sumOf(hards);
    budget -= k;
  }

  const tables = Array.from({ length: k }, () => [] as string[]);
  best.table.forEach((t, i) => {
    tables[t].push(parties[i].id);
  });
  for (const t of tables) t.sort();
  return { tables, plan: seatingPlan, score: best.score, hard: best.hard };
}

function shuffle<T>(list: T[], random: () => number) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}

/**
 * The table a party booked after the tables were set should join: among the tables with room
 * (under `sizes.max` once it sits down), the one where it breaks the fewest hard rules (`apart`,
 * `seatWithWomen`: issue 21) and, among those, whose cost rises least; when every table is full,
 * the one breaking the fewest rules, the smallest of those. Nobody already seated moves.
 * @returns the index into `tables`, or -1 when there is no table at all.
 */
export function bestTableFor(
  party: MatchParty,
  tables: readonly (readonly MatchParty[])[],
  sizes: TableSizes = TABLE_SIZES,
  apart: readonly ApartPair[] = [],
): number {
  if (tables.length === 0) return -1;
  const mix = dinnerMix([...tables.flat(), party]);
  const seated = tables.map((t) => t.flatMap((p) => p.guests));
  // How the party sitting down changes each table's broken rules (it may mend one too: a woman
  // joining a table where a guest asked for women).
  const hardDelta = tables.map((t) => hardCost([[...t, party]], apart) - hardCost([t], apart));
  const withRoom = seated.map((_, i) => i).filter((i) => seated[i].length + party.guests.length <= sizes.max);
  if (withRoom.length === 0) {
    let best = 0;
    for (let i = 1; i < seated.length; i++)
      if (
        hardDelta[i] < hardDelta[best] ||
        (hardDelta[i] === hardDelta[best] && seated[i].length < seated[best].length)
      )
        best = i;
    return best;
  }
  let best = withRoom[0];
  let bestHard = Number.POSITIVE_INFINITY;
  let bestDelta = Number.POSITIVE_INFINITY;
  for (const i of withRoom) {
    if (hardDelta[i] > bestHard) continue;
    const delta = tableCost([...seated[i], ...party.guests], mix) - tableCost(seated[i], mix);
    if (hardDelta[i] < bestHard || delta < bestDelta - 1e-9) {
      bestHard = hardDelta[i];
      bestDelta = delta;
      best = i;
    }
  }
  return best;
}

/** What the matching reads of a booking: its party, from the booker's profile and quiz. */
export type BookingForMatching = {
  id: string;
  /** 1 (a male or female ticket) or 2 (couple, female duo). */
  seats: number;
  ticketType: TicketType;
  sex: string | null;
  dateOfBirth: string | null;
  /** quiz_responses.answers, the raw JSON as stored (SPEC §3), or null without a quiz. */
  answers: string | null;
  /** user_profiles.seat_with_women: the booker asked for at least two other women at the table. */
  seatWithWomen?: boolean | null;
};

/** The quiz answers the matching and the table talk read, parsed leniently (old rows, no quiz). */
export type QuizTraits = {
  battery: Battery | null;
  music: string[];
  films: string[];
  superpower: string | null;
  doingNothing: string | null;
  freeEntry: string | null;
  netflix: string | null;
  diet: string | null;
};

export function quizTraits(answers: string | null): QuizTraits {
  let a: Record<string, unknown> = {};
  try {
    const parsed: unknown = answers ? JSON.parse(answers) : {};
    if (parsed && typeof parsed === 'object') a = parsed as Record<string, unknown>;
  } catch {
    // A row that is not JSON reads as no answers at all.
  }
  const str = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : null);
  const list = (k: string) => (Array.isArray(a[k]) ? (a[k] as unknown[]).filter((x) => typeof x === 'string') : []);
  const battery = str('social_battery');
  return {
    battery: battery === 'extrovert' || battery === 'introvert' || battery === 'ambivert' ? battery : null,
    music: list('music_genres') as string[],
    films: list('movie_genres') as string[],
    superpower: str('superpower'),
    doingNothing: str('doing_nothing'),
    freeEntry: str('free_entry'),
    netflix: str('netflix_style'),
    diet: str('dietary_preferences'),
  };
}

/**
 * A booking as a party. The ticket says who comes: a male or female ticket one guest of that sex
 * (what they booked as, even when the profile prefers not to say), a couple one man and one woman,
 * a female duo two women. The booker is who their profile and quiz say; the second guest is of
 * about the booker's age, with no quiz of their own (they count for the sexes, not for the social
 * battery or the tastes). A booker who asked for women at the table carries `seatWithWomen`.
 */
export function partyOf(b: BookingForMatching, dinnerStartsAt: string): MatchParty {
  const party = ticketParty(b, dinnerStartsAt);
  return b.seatWithWomen ? { ...party, seatWithWomen: true } : party;
}

function ticketParty(b: BookingForMatching, dinnerStartsAt: string): MatchParty {
  const traits = quizTraits(b.answers);
  const profileSex: MatchSex | null = b.sex === 'male' || b.sex === 'female' ? b.sex : null;
  const age = b.dateOfBirth ? ageInIst(b.dateOfBirth, new Date(dinnerStartsAt)) : null;
  const guest = (sex: MatchSex | null): MatchGuest => ({
    sex,
    age,
    battery: traits.battery,
    music: traits.music,
    films: traits.films,
  });
  const partner = (sex: MatchSex): MatchGuest => ({ sex, age, battery: null, music: [], films: [] });
  switch (b.ticketType) {
    case 'male':
    case 'female':
      return { id: b.id, guests: [guest(b.ticketType)] };
    case 'female_duo':
      return { id: b.id, guests: [guest('female'), partner('female')] };
    case 'couple': {
      const booker = profileSex ?? 'male';
      return { id: b.id, guests: [guest(booker), partner(booker === 'male' ? 'female' : 'male')] };
    }
  }
}
