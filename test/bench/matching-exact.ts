/**
 * Exact answers for small or structured questions about a dinner's seating, to check the matching
 * against (the benchmark, test/bench/matching.ts, and the property tests,
 * test/worker/matching.property.test.ts). Pure; imports only types, so Node's type stripping and
 * workerd both run it as is.
 */
import type { MatchParty } from '../../worker/domain/matching.ts';

/** Table sizes a seating may use: `tables` tables of `min`-`max` guests each. */
export type SizeRange = { tables: number; min: number; max: number };

/** A party as the lone-gender question sees it: how many men, women and guests of unknown sex. */
type Kind = { men: number; women: number; unknown: number; size: number };

const kindOf = (p: MatchParty): Kind => {
  let men = 0;
  let women = 0;
  for (const g of p.guests) {
    if (g.sex === 'male') men++;
    else if (g.sex === 'female') women++;
  }
  return { men, women, unknown: p.guests.length - men - women, size: p.guests.length };
};

/** A table has a lone man or woman: exactly one of them. */
export const hasLone = (guests: readonly { sex: string | null }[]) => {
  let men = 0;
  let women = 0;
  for (const g of guests) {
    if (g.sex === 'male') men++;
    else if (g.sex === 'female') women++;
  }
  return men === 1 || women === 1;
};

/**
 * Whether the parties can sit at `range.tables` tables of `range.min`-`range.max` guests with no
 * table holding exactly one man or exactly one woman, parties kept together. Exact: a depth-first
 * search over table *compositions* (how many parties of each kind — single man, single woman,
 * couple, duo, … — a table takes), memoising the remainders that cannot be seated. Tables are
 * interchangeable, so each table is the one that seats a party of the first kind left, which keeps
 * the search small: a 200-guest dinner with four kinds of party answers in milliseconds.
 */
export function loneFreeSeatingExists(parties: readonly MatchParty[], range: SizeRange): boolean {
  const byKey = new Map<string, { kind: Kind; count: number }>();
  for (const p of parties) {
    const kind = kindOf(p);
    const key = `${kind.men}/${kind.women}/${kind.unknown}`;
    const entry = byKey.get(key);
    if (entry) entry.count++;
    else byKey.set(key, { kind, count: 1 });
  }
  const kinds = [...byKey.values()].map((e) => e.kind);
  const start = [...byKey.values()].map((e) => e.count);
  const guests = kinds.reduce((sum, k, i) => sum + k.size * start[i], 0);
  if (guests === 0) return true;

  // Every composition of at most `max` guests (lone or not; size checked per table).
  const compositions: number[][] = [];
  const build = (i: number, left: number, acc: number[]) => {
    if (i === kinds.length) {
      compositions.push([...acc]);
      return;
    }
    for (let n = 0; n * kinds[i].size <= left; n++) {
      acc.push(n);
      build(i + 1, left - n * kinds[i].size, acc);
      acc.pop();
    }
  };
  build(0, range.max, []);
  const ok = compositions.filter((c) => {
    let size = 0;
    let men = 0;
    let women = 0;
    c.forEach((n, i) => {
      size += n * kinds[i].size;
      men += n * kinds[i].men;
      women += n * kinds[i].women;
    });
    return size >= range.min && size <= range.max && men !== 1 && women !== 1;
  });

  const failed = new Set<string>();
  const search = (tables: number, left: number[], leftGuests: number): boolean => {
    if (tables === 0) return leftGuests === 0;
    if (leftGuests < tables * range.min || leftGuests > tables * range.max) return false;
    const key = `${tables}|${left.join(',')}`;
    if (failed.has(key)) return false;
    const first = left.findIndex((n) => n > 0);
    for (const c of ok) {
      if (c[first] === 0) continue;
      let fits = true;
      let size = 0;
      for (let i = 0; i < c.length; i++) {
        if (c[i] > left[i]) {
          fits = false;
          break;
        }
        size += c[i] * kinds[i].size;
      }
      if (!fits) continue;
      const rest = left.map((n, i) => n - c[i]);
      if (search(tables - 1, rest, leftGuests - size)) return true;
    }
    failed.add(key);
    return false;
  };
  return search(range.tables, start, guests);
}

/**
 * The best score over every seating of `parties` at `range.tables` tables of `range.min`-`range.max`
 * guests, parties kept together (`score` is lower-is-better, e.g. the domain's scoreTables).
 * Exhaustive, so for small dinners only: the first party sits at the first table and a party opens
 * a new table only after the ones before it, so each seating is visited once whatever the order of
 * its tables.
 */
export function exhaustiveOptimum(
  parties: readonly MatchParty[],
  range: SizeRange,
  score: (tables: MatchParty[][]) => number,
): { score: number; seatings: number; tables: MatchParty[][] } {
  const tables: MatchParty[][] = Array.from({ length: range.tables }, () => []);
  const sizes = new Array<number>(range.tables).fill(0);
  let best = Number.POSITIVE_INFINITY;
  let bestTables: MatchParty[][] = [];
  let seatings = 0;
  let left = parties.reduce((sum, p) => sum + p.guests.length, 0);
  const visit = (i: number, opened: number) => {
    if (i === parties.length) {
      if (opened < range.tables || sizes.some((s) => s < range.min)) return;
      seatings++;
      const s = score(tables);
      if (s < best) {
        best = s;
        bestTables = tables.map((t) => [...t]);
      }
      return;
    }
    const p = parties[i];
    const n = p.guests.length;
    left -= n;
    for (let t = 0; t < Math.min(opened + 1, range.tables); t++) {
      if (sizes[t] + n > range.max) continue;
      tables[t].push(p);
      sizes[t] += n;
      // Prune: the guests still to seat must be able to bring every table up to the minimum.
      let short = 0;
      for (let u = 0; u < range.tables; u++) short += Math.max(0, range.min - sizes[u]);
      if (short <= left) visit(i + 1, Math.max(opened, t + 1));
      sizes[t] -= n;
      tables[t].pop();
    }
    left += n;
  };
  visit(0, 0);
  return { score: best, seatings, tables: bestTables };
}
