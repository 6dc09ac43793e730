/**
 * Synthetic dinners for the matching benchmark (test/bench/matching.ts): seeded, so every run
 * measures the same guests. Pure; imports only types. The mix is what a dinner in Gurugram looks
 * like: 60/40 men and women, a fifth of the guests in couples or female duos, ages 21-45 around
 * the late twenties, every social battery, and music and film picks from the quiz's own options
 * with some far more popular than others. A party's second guest has no quiz of their own, the way
 * `partyOf` reads a booking.
 */
import type { Battery, MatchGuest, MatchParty } from '../../worker/domain/matching.ts';

export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** How popular each pick is (relative weights); a quiz option missing here weighs 1. */
const MUSIC_POPULARITY: Record<string, number> = {
  'Desi/Bollywood': 30,
  Pop: 24,
  'Hip-Hop': 14,
  Rock: 12,
  EDM: 10,
  'R&B': 8,
  'K-Pop': 7,
  Classical: 4,
  Jazz: 4,
  Ghazal: 4,
  Metal: 3,
  Reggae: 2,
};
const FILM_POPULARITY: Record<string, number> = {
  Comedy: 25,
  'Action / Thriller': 22,
  Drama: 14,
  Romance: 12,
  'Sci-Fi': 10,
  'Superhero / Fantasy': 9,
  'Musical / Bollywood': 9,
  Horror: 9,
  'True Crime': 7,
  'K-Drama / K-Movies': 6,
  Animation: 5,
  Documentary: 4,
  'Historical / Period': 3,
};

/** The quiz's option values (worker/domain/quiz.ts's MUSIC_GENRES and MOVIE_GENRES). */
/**
 * What a synthetic dinner draws from: the quiz's options and the domain's seeded generator (passed
 * in, as this module imports only types: node runs it without bundling the domain).
 */
export type PickOptions = {
  music: readonly string[];
  films: readonly string[];
  seededRandom: (seed: number) => () => number;
};

/** The popularity tables name only real quiz options (a renamed option would silently weigh 1). */
export function checkPopularity(options: PickOptions): string[] {
  return [
    ...Object.keys(MUSIC_POPULARITY).filter((v) => !options.music.includes(v)),
    ...Object.keys(FILM_POPULARITY).filter((v) => !options.films.includes(v)),
  ];
}

function weightedPicks(options: readonly string[], weights: Record<string, number>, n: number, random: () => number) {
  const pool = options.map((value) => ({ value, weight: weights[value] ?? 1 }));
  const out: string[] = [];
  while (out.length < n && pool.length) {
    let r = random() * pool.reduce((s, p) => s + p.weight, 0);
    let i = 0;
    while (i < pool.length - 1 && r >= pool[i].weight) r -= pool[i++].weight;
    out.push(pool[i].value);
    pool.splice(i, 1);
  }
  return out;
}

export type DinnerShape = {
  /** Share of men among all guests (0.6 for a realistic dinner). */
  men: number;
  /** Share of guests who came as a party of two (0.2). */
  inPairs: number;
  /** Share of those parties that are couples (the rest are female duos). */
  couples: number;
};
export const REALISTIC: DinnerShape = { men: 0.6, inPairs: 0.2, couples: 0.6 };

/**
 * A dinner of `guests` people as parties. Deterministic in (`guests`, `seed`, `shape`).
 * Party ids are `p000`, `p001`, … in a shuffled order, so pairs are not the first ids.
 */
export function syntheticDinner(
  guests: number,
  seed: number,
  options: PickOptions,
  shape: DinnerShape = REALISTIC,
): MatchParty[] {
  const random = options.seededRandom(seed * 7919 + guests);
  const pairs = Math.round((guests * shape.inPairs) / 2);
  let couples = 0;
  for (let i = 0; i < pairs; i++) if (random() < shape.couples) couples++;
  const duos = pairs - couples;
  const men = Math.round(guests * shape.men);
  const singleMen = Math.max(0, Math.min(guests - 2 * pairs, men - couples));
  const singleWomen = guests - 2 * pairs - singleMen;

  // Ages 21-45, most in the mid to late twenties: a triangle peaking at 27.
  const age = () => {
    const u = random();
    const [lo, mode, hi] = [21, 27, 45];
    const f = (mode - lo) / (hi - lo);
    const x = u < f ? lo + Math.sqrt(u * (hi - lo) * (mode - lo)) : hi - Math.sqrt((1 - u) * (hi - lo) * (hi - mode));
    return Math.round(x);
  };
  const battery = (): Battery | null => {
    const u = random();
    return u < 0.3 ? 'extrovert' : u < 0.75 ? 'ambivert' : 'introvert';
  };
  /** A booker with a quiz (one in twenty never took it). */
  const booker = (sex: 'male' | 'female'): MatchGuest => {
    if (random() < 0.05) return { sex, age: age(), battery: null, music: [], films: [] };
    const musicCount = 1 + Math.floor(random() * 3);
    return {
      sex,
      age: age(),
      battery: battery(),
      music: weightedPicks(options.music, MUSIC_POPULARITY, musicCount, random),
      films: weightedPicks(options.films, FILM_POPULARITY, 3, random),
    };
  };
  /** A party's second guest: of about the booker's age, no quiz of their own. */
  const partner = (sex: 'male' | 'female', of: MatchGuest): MatchGuest => ({
    sex,
    age: of.age === null ? null : Math.max(21, Math.min(45, of.age + Math.round(random() * 6) - 3)),
    battery: null,
    music: [],
    films: [],
  });

  const parties: MatchGuest[][] = [];
  for (let i = 0; i < couples; i++) {
    const first = booker(random() < 0.5 ? 'male' : 'female');
    parties.push([first, partner(first.sex === 'male' ? 'female' : 'male', first)]);
  }
  for (let i = 0; i < duos; i++) {
    const first = booker('female');
    parties.push([first, partner('female', first)]);
  }
  for (let i = 0; i < singleMen; i++) parties.push([booker('male')]);
  for (let i = 0; i < singleWomen; i++) parties.push([booker('female')]);
  return shuffled(parties, random).map((g, i) => ({ id: `p${String(i).padStart(3, '0')}`, guests: g }));
}

/**
 * A random valid seating: the parties at tables of exactly `sizes`, pairs first (each at a random
 * table with two seats left), then the singles shuffled into the seats left. Retries the rare deal
 * that strands a pair; null if it never works.
 */
export function randomSeating(
  parties: readonly MatchParty[],
  sizes: readonly number[],
  random: () => number,
): MatchParty[][] | null {
  for (let attempt = 0; attempt < 50; attempt++) {
    const room = [...sizes];
    const tables: MatchParty[][] = sizes.map(() => []);
    let stranded = false;
    for (const p of shuffled(
      parties.filter((q) => q.guests.length > 1),
      random,
    )) {
      const open = room.map((r, t) => (r >= p.guests.length ? t : -1)).filter((t) => t >= 0);
      if (!open.length) {
        stranded = true;
        break;
      }
      const t = open[Math.floor(random() * open.length)];
      tables[t].push(p);
      room[t] -= p.guests.length;
    }
    if (stranded) continue;
    const seats = room.flatMap((r, t) => new Array<number>(r).fill(t));
    const singles = shuffled(
      parties.filter((q) => q.guests.length === 1),
      random,
    );
    if (seats.length !== singles.length) return null;
    const order = shuffled(seats, random);
    for (const [i, p] of singles.entries()) tables[order[i]].push(p);
    return tables;
  }
  return null;
}
