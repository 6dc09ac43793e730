/**
 * What people learn about a table (issue 13, DESIGN.md "Matching"). Pure, no I/O.
 * - `tableHints`: three to five anonymous hints a guest reads on My Booking about their
 *   tablemates. They only ever count answers ("two fellow ambiverts", "someone else picked
 *   K-Pop"): never a name, a phone, an age or anything that singles a person out.
 * - `tableIcebreakers`: conversation starters for the host, from what a table shares, with a
 *   fallback set for tables that share little.
 * - `tableBalance`: the console's at-a-glance balance of one table.
 */
import { type MatchGuest, type QuizTraits, tableTerms, type DinnerMix } from './matching';
import { MOVIE_GENRES, MUSIC_GENRES } from './quiz';

/** A tablemate as the hints and icebreakers read them: quiz traits and the profile's work. */
export type TableTalker = QuizTraits & { workProfile: string | null };

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const inWords = (n: number) => NUMBER_WORDS[n] ?? String(n);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Only ever words of our own: a value that is not one of the quiz's options (an old row, a hand-
 * edited one, a profile field holding free text) is left out, never echoed, so nothing a person
 * typed (a name, a phone) can reach a hint, an icebreaker or the console's balance.
 */
const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? null;
/** "K-Drama / K-Movies" reads "K-Drama" in a sentence; "Action / Thriller" stays whole. */
const filmLabel = (value: string) => (value === 'K-Drama / K-Movies' ? 'K-Drama' : labelOf(MOVIE_GENRES, value));
const musicLabel = (value: string) => labelOf(MUSIC_GENRES, value);
const SUPERPOWERS = ['teleport', 'read_minds'];
const known = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : null);

const BATTERY_PLURAL = { extrovert: 'extroverts', introvert: 'introverts', ambivert: 'ambiverts' } as const;
const WORK_PLURAL: Record<string, string> = {
  job: 'professionals',
  business: 'business owners',
  student: 'students',
  startup: 'founders',
};
const DIET_PLURAL: Record<string, string> = { vegetarian: 'vegetarians', non_vegetarian: 'non-vegetarians' };

/** Values counted, most common first (ties in a stable order: by value). */
function tally(values: readonly (string | null)[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** "someone else picked X" / "two others picked X" */
const othersPicked = (count: number, label: string) =>
  count === 1 ? `someone else picked ${label}` : `${inWords(count)} others picked ${label}`;

/**
 * Three to five hints for `self` about `mates` (the other bookings at the table; a guest's own
 * party partner has no quiz and is not among them); `people` is how many others sit there, the
 * mates' second guests counted. Counts only, so no hint points at one person.
 * @example tableHints(me, mates, 6) // ['two fellow ambiverts', 'someone else picked K-Drama', 'a mix of students and founders']
 */
export function tableHints(self: TableTalker, mates: readonly TableTalker[], people = mates.length): string[] {
  const hints: string[] = [];
  const answered = mates.filter((m) => m.battery);

  // The social battery: fellow ones, or the mix.
  const sameBattery = self.battery ? answered.filter((m) => m.battery === self.battery).length : 0;
  if (self.battery && sameBattery >= 2) hints.push(`${inWords(sameBattery)} fellow ${BATTERY_PLURAL[self.battery]}`);
  else if (self.battery && sameBattery === 1) hints.push(`one fellow ${self.battery}`);
  else {
    const kinds = tally(answered.map((m) => m.battery)).map(([b]) => BATTERY_PLURAL[b as keyof typeof BATTERY_PLURAL]);
    if (kinds.length >= 2) hints.push(`a mix of ${kinds.slice(0, 2).join(' and ')}`);
    else if (kinds.length === 1) hints.push(`a table of ${kinds[0]}`);
  }

  // Shared tastes: the pick of yours the most others share, films then music.
  const sharedPick = (
    mine: readonly string[],
    theirs: (m: TableTalker) => readonly string[],
    label: (value: string) => string | null,
  ) => {
    const counts = tally(mates.flatMap((m) => theirs(m).filter((x) => mine.includes(x) && label(x))));
    return counts[0] ? ([counts[0][1], label(counts[0][0]) as string] as const) : null;
  };
  const film = sharedPick(self.films, (m) => m.films, filmLabel);
  if (film) hints.push(othersPicked(...film));
  const song = sharedPick(self.music, (m) => m.music, musicLabel);
  if (song) hints.push(othersPicked(...song));

  // What the table does for a living.
  const work = tally(mates.map((m) => known(m.workProfile, Object.keys(WORK_PLURAL)))).map(([w]) => WORK_PLURAL[w]);
  if (work.length >= 2) hints.push(`a mix of ${work[0]} and ${work[1]}`);
  // "A table of founders" only when every tablemate's work is known to be that.
  else if (work.length === 1 && mates.length > 1 && mates.every((m) => known(m.workProfile, Object.keys(WORK_PLURAL))))
    hints.push(`a table of ${work[0]}`);

  // Lighter ones, while fewer than five.
  const superpower = tally(mates.map((m) => known(m.superpower, SUPERPOWERS)))[0];
  if (superpower && superpower[1] >= 2)
    hints.push(
      `${inWords(superpower[1])} would rather ${superpower[0] === 'read_minds' ? 'read minds' : 'teleport anywhere'}`,
    );
  const myDiet = known(self.diet, Object.keys(DIET_PLURAL));
  const diet = myDiet ? mates.filter((m) => m.diet === myDiet).length : 0;
  if (myDiet && diet >= 2) hints.push(`${inWords(diet)} fellow ${DIET_PLURAL[myDiet]}`);
  const peace = mates.filter((m) => m.doingNothing === 'peace').length;
  if (peace >= 2) hints.push(`${inWords(peace)} think a day of doing nothing is pure peace`);
  const matches = mates.filter((m) => m.freeEntry === 'matches').length;
  const concerts = mates.filter((m) => m.freeEntry === 'concerts').length;
  if (matches && concerts) hints.push('concert people and match people, both');

  // Never fewer than three: a table that told us little still gets something true.
  const fallbacks = [
    `${inWords(people)} tablemates, all strangers for now`,
    'a table matched from the vibe check',
    'a table built for conversation',
  ];
  for (const f of fallbacks) if (hints.length < 3) hints.push(f);
  return hints.slice(0, 5).map(capitalise);
}

/** Questions for a music or film pick the table shares; a generic one for the rest. */
const PICK_QUESTIONS: Record<string, string> = {
  'm:K-Pop': 'Which K-Pop group would you fly to Seoul for?',
  'm:Desi/Bollywood': 'The Bollywood song you know every word of?',
  'm:Ghazal': 'The ghazal that gets you every time?',
  'm:Rock': 'The concert you would time-travel to?',
  'm:EDM': 'Best festival set you have ever seen?',
  'm:Classical': 'The piece you put on to think?',
  'm:Jazz': 'Best place in town for live jazz?',
  'f:Horror': 'The scariest film you actually finished?',
  'f:K-Drama / K-Movies': 'The K-Drama you would recommend to a first-timer?',
  'f:Comedy': 'The film that made you laugh the hardest?',
  'f:True Crime': 'The case you still think about?',
  'f:Sci-Fi': 'Which sci-fi future would you actually live in?',
  'f:Romance': 'Best on-screen couple of all time?',
  'f:Documentary': 'The documentary that changed your mind about something?',
  'f:Animation': 'The animated film that is secretly for adults?',
};

/** For tables that share little: good for any six strangers. */
export const FALLBACK_ICEBREAKERS = [
  'What is the best thing you ate this month?',
  'Which city would you move to tomorrow, if work did not matter?',
  'What is a small thing that made your week?',
  'What is something you are unreasonably good at?',
  'The last thing you learned just for fun?',
] as const;

/**
 * Three to five icebreakers for one table, from what its guests share (music, films, superpower,
 * a day of doing nothing, concerts or matches); the fallback set fills the rest.
 */
export function tableIcebreakers(guests: readonly TableTalker[]): string[] {
  const out: string[] = [];
  const shared = [
    ...tally(guests.flatMap((g) => g.music.map((m) => `m:${m}`))),
    ...tally(guests.flatMap((g) => g.films.map((f) => `f:${f}`))),
  ]
    .filter(([key, n]) => n >= 2 && (key.startsWith('m:') ? musicLabel(key.slice(2)) : filmLabel(key.slice(2))))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [key, n] of shared.slice(0, 2)) {
    const value = key.slice(2);
    const label = (key.startsWith('m:') ? musicLabel(value) : filmLabel(value)) as string;
    const question = PICK_QUESTIONS[key] ?? `What got you into ${label}?`;
    out.push(`${capitalise(inWords(n))} of you picked ${label}. ${question}`);
  }
  const powers = tally(guests.map((g) => known(g.superpower, SUPERPOWERS)));
  if (powers.length === 2) out.push('Teleport or read minds: the table is split. Defend your pick.');
  else if (powers.length === 1 && powers[0][1] >= 2)
    out.push(
      powers[0][0] === 'read_minds'
        ? 'Everyone here would read minds. What is the first thought you would want to hear?'
        : 'Everyone here would teleport. Where are you going first?',
    );
  const nothing = tally(guests.map((g) => known(g.doingNothing, ['peace', 'okay', 'torture'])));
  if (nothing.length >= 2) out.push('A whole day of doing nothing: pure peace or actual torture? Go round the table.');
  const entry = tally(guests.map((g) => known(g.freeEntry, ['concerts', 'matches'])));
  if (entry.length === 2) out.push('Lifetime free entry: concerts or matches? The best one you have been to?');
  for (const f of FALLBACK_ICEBREAKERS) if (out.length < 3) out.push(f);
  return out.slice(0, 5);
}

/** The console's view of one table: who sits there in numbers, and what to look at. */
export type TableBalance = {
  guests: number;
  men: number;
  women: number;
  /** Guests whose sex we do not know ('prefer not to say'). */
  unknown: number;
  extroverts: number;
  ambiverts: number;
  introverts: number;
  age_min: number | null;
  age_max: number | null;
  /** Picks at least two guests share, most shared first: e.g. "K-Pop" × 3. */
  shared: { pick: string; count: number }[];
  /** Problems to look at: 'lone_man', 'lone_woman', 'only_introverts'. */
  flags: ('lone_man' | 'lone_woman' | 'only_introverts')[];
};

export function tableBalance(guests: readonly MatchGuest[], mix: DinnerMix): TableBalance {
  const count = (p: (g: MatchGuest) => boolean) => guests.filter(p).length;
  const ages = guests.map((g) => g.age).filter((a): a is number => a !== null);
  const men = count((g) => g.sex === 'male');
  const women = count((g) => g.sex === 'female');
  const terms = tableTerms(guests, mix);
  const shared = [
    ...tally(guests.flatMap((g) => g.music.map(musicLabel))),
    ...tally(guests.flatMap((g) => g.films.map(filmLabel))),
    // (tally skips the nulls: a value that is not a quiz option is not shown)
  ]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 4)
    .map(([pick, n]) => ({ pick, count: n }));
  const flags: TableBalance['flags'] = [];
  if (men === 1) flags.push('lone_man');
  if (women === 1) flags.push('lone_woman');
  if (terms.onlyIntroverts) flags.push('only_introverts');
  return {
    guests: guests.length,
    men,
    women,
    unknown: guests.length - men - women,
    extroverts: count((g) => g.battery === 'extrovert'),
    ambiverts: count((g) => g.battery === 'ambivert'),
    introverts: count((g) => g.battery === 'introvert'),
    age_min: ages.length ? Math.min(...ages) : null,
    age_max: ages.length ? Math.max(...ages) : null,
    shared,
    flags,
  };
}
