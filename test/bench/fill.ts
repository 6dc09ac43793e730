/**
 * `npm run bench:fill [-- --seed N] [-- --months N] [-- --demand X] [-- --json]`: how full and how balanced the
 * tables are on the night, with and without the waitlist (issue 20, docs/decisions/027), on a
 * seeded month of dinners. The same guests, the same cancellations and the same no-shows meet
 * three rules:
 *
 * - **no waitlist**: a sold-out dinner turns every later guest away; a guest who can't make it
 *   inside 48 hours just does not come (an empty chair);
 * - **waitlist, first come**: a turned-away guest may join the line; a released seat is offered to
 *   the first in line whose ticket fits;
 * - **waitlist, balanced**: the same, the offer picked by `pickOffer` (worker/domain/waitlist-pick.ts).
 *
 * The month: 3 cities × every Friday and Saturday dinner of December 2026 (8 weekend nights each,
 * 24 dinners), 16-24 seats a dinner. Demand arrives over the 14 days before (more of it late) until
 * the waitlist closes 3 hours before, in parties of the ticket mix below, from 60% to nearly twice
 * the seats of a dinner (busier cities and Saturdays want more). Of the parties seated,
 * {@link CANT_MAKE_IT} say inside 48 hours that they can't make it, and {@link NO_SHOW} of those who
 * neither release nor are replaced do not turn up. With the waitlist, {@link JOINS_WAITLIST} of the
 * turned-away join the line; an offer holds its seats as long as `offerHoldMs` says and is taken
 * with probability {@link ACCEPTS_OFFER} at a random moment of its window, else it lapses at the end;
 * offers stop `OFFERS_STOP_BEFORE_START_MS` before the start. The night's guests are seated by
 * the matching (`seatParties`) to count the tables with a lone man or woman.
 *
 * Every random draw belongs to a party or a dinner, not to a rule, so the three rules are compared
 * on exactly the same people. Runs under Node 22's type stripping: the domain modules
 * (extensionless imports) are bundled with esbuild and imported from a temp file, as in
 * test/bench/matching.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import type { MatchParty } from '../../worker/domain/matching.ts';
import type { TicketType } from '../../worker/domain/pricing.ts';
import type { SexCount, WaitingGuest } from '../../worker/domain/waitlist-pick.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How much each city wants a dinner, relative to its seats; Saturdays a little more. */
const CITIES = [
  { name: 'Gurugram', demand: 1.25 },
  { name: 'Bengaluru', demand: 1.1 },
  { name: 'Mumbai', demand: 0.9 },
];
const SATURDAY_DEMAND = 1.1;
const FRIDAY_DEMAND = 0.9;
/** A dinner's demand, as a share of its seats, is its city's × its day's × a draw in this range. */
const DEMAND_SPREAD = [0.75, 1.4] as const;
const CAPACITIES = [16, 18, 20, 24];
/** The parties that ask for a seat: more single men than single women, as at our dinners. */
const TICKET_MIX: [TicketType, number][] = [
  ['male', 0.48],
  ['female', 0.22],
  ['couple', 0.18],
  ['female_duo', 0.12],
];
const BOOKING_OPENS_BEFORE = 14 * DAY;
/** Share of parties seated who can't make it, and say so inside the 48 hours before. */
const CANT_MAKE_IT = 0.1;
const RELEASE_WINDOW = 48 * HOUR;
/** The last moment a release comes in: nobody says "can't make it" on the doorstep. */
const LAST_RELEASE_BEFORE = 2 * HOUR;
/** Share of the guests on the night's list who do not come and never said so. */
const NO_SHOW = 0.07;
const JOINS_WAITLIST = 0.6;
const ACCEPTS_OFFER = 0.7;
/** Dinners start at 20:00 IST (14:30 UTC). */
const MONTH = { year: 2026, month: 11, days: 31, startUtc: { h: 14, m: 30 } };
const SEATING_BUDGET = 20_000;

const RULES = ['none', 'fifo', 'balanced'] as const;
type Rule = (typeof RULES)[number];
const RULE_LABELS: Record<Rule, string> = {
  none: 'no waitlist',
  fifo: 'waitlist, first come',
  balanced: 'waitlist, balanced',
};

type Domain = Pick<
  typeof import('../../worker/domain/waitlist-pick.ts'),
  'pickOffer' | 'ticketParty' | 'WAITLIST_LOOKAHEAD' | 'MAX_PASSED_OVER'
> &
  Pick<typeof import('../../worker/domain/waitlist.ts'), 'offerHoldMs' | 'offersOpen' | 'OFFERS_STOP_BEFORE_START_MS'> &
  Pick<typeof import('../../worker/domain/matching.ts'), 'seatParties' | 'seededRandom' | 'hashSeed'> &
  Pick<typeof import('../../worker/domain/pricing.ts'), 'TICKET_SEATS'>;

/** One party that wants a seat, with every draw that decides what they do. Times in ms since the epoch. */
type Party = {
  id: string;
  ticket: TicketType;
  seats: number;
  arrivesAt: number;
  /** Can't make it: where in their release window (0-1) they say so; null when they come. */
  release: number | null;
  noShow: boolean;
  joinsWaitlist: boolean;
  /** Takes an offer: where in the offer's window (0-1) they pay; null when they let it lapse. */
  accept: number | null;
};

type Dinner = { id: string; city: string; startsAt: number; capacity: number; parties: Party[] };

type Tally = {
  dinners: number;
  seats: number;
  /** Guests at the table on the night. */
  present: number;
  /** The same at the dinners asked for more seats than they have (where the waitlist can help). */
  busySeats: number;
  busyPresent: number;
  /** Guests who booked and then could not make it (their seats released, or their chairs empty). */
  cantMakeIt: number;
  noShows: number;
  /** Guests (people, not parties) who asked for a seat and were never seated nor offered one. */
  turnedAway: number;
  joined: number;
  offersMade: number;
  offersAccepted: number;
  /** Offers that went to someone behind a guest who fitted: where balance changed the order. */
  offersPassingOver: number;
  /** Guests on the line still waiting when offers stopped. */
  toldFull: number;
  balancedDinners: number;
  gapSum: number;
  tables: number;
  loneTables: number;
  maxPassedOver: number;
};

const emptyTally = (): Tally => ({
  dinners: 0,
  seats: 0,
  present: 0,
  busySeats: 0,
  busyPresent: 0,
  cantMakeIt: 0,
  noShows: 0,
  turnedAway: 0,
  joined: 0,
  offersMade: 0,
  offersAccepted: 0,
  offersPassingOver: 0,
  toldFull: 0,
  balancedDinners: 0,
  gapSum: 0,
  tables: 0,
  loneTables: 0,
  maxPassedOver: 0,
});

function pickFrom<T>(weighted: readonly [T, number][], u: number): T {
  let acc = 0;
  for (const [value, weight] of weighted) {
    acc += weight;
    if (u < acc) return value;
  }
  return weighted[weighted.length - 1][0];
}

/** The month's dinners and the parties that want each, all drawn from `seed`; `demand` scales every dinner's. */
function month(domain: Domain, seed: string, demand: number): Dinner[] {
  const dinners: Dinner[] = [];
  for (let day = 1; day <= MONTH.days; day++) {
    const startsAt = Date.UTC(MONTH.year, MONTH.month, day, MONTH.startUtc.h, MONTH.startUtc.m);
    const weekday = new Date(startsAt).getUTCDay();
    if (weekday !== 5 && weekday !== 6) continue;
    for (const city of CITIES) {
      const id = `${city.name}-${new Date(startsAt).toISOString().slice(0, 10)}`;
      const random = domain.seededRandom(domain.hashSeed(`${seed}:${id}`));
      const capacity = CAPACITIES[Math.floor(random() * CAPACITIES.length)];
      const spread = DEMAND_SPREAD[0] + (DEMAND_SPREAD[1] - DEMAND_SPREAD[0]) * random();
      const wanted = demand * capacity * city.demand * (weekday === 6 ? SATURDAY_DEMAND : FRIDAY_DEMAND) * spread;
      const parties: Party[] = [];
      const lastArrival = startsAt - domain.OFFERS_STOP_BEFORE_START_MS;
      for (let asked = 0; asked < wanted; ) {
        const ticket = pickFrom(TICKET_MIX, random());
        // More guests book late: u^1.6 puts about half of them in the last 4 days.
        const before = (BOOKING_OPENS_BEFORE - domain.OFFERS_STOP_BEFORE_START_MS) * random() ** 1.6;
        const release = random() < CANT_MAKE_IT ? random() : null;
        const noShow = random() < NO_SHOW;
        const joinsWaitlist = random() < JOINS_WAITLIST;
        const accept = random() < ACCEPTS_OFFER ? random() : null;
        parties.push({
          id: `${id}-${parties.length + 1}`,
          ticket,
          seats: domain.TICKET_SEATS[ticket],
          arrivesAt: lastArrival - before,
          release,
          noShow,
          joinsWaitlist,
          accept,
        });
        asked += domain.TICKET_SEATS[ticket];
      }
      dinners.push({ id, city: city.name, startsAt, capacity, parties });
    }
  }
  return dinners;
}

/** When a party seated at `bookedAt` says it can't make it, or null when it comes (or booked too late to say). */
function releaseAt(party: Party, dinner: Dinner, bookedAt: number): number | null {
  if (party.release === null) return null;
  const from = Math.max(bookedAt, dinner.startsAt - RELEASE_WINDOW);
  const to = dinner.startsAt - LAST_RELEASE_BEFORE;
  return from < to ? from + (to - from) * party.release : null;
}

type Event =
  | { at: number; kind: 'arrive'; party: Party }
  | { at: number; kind: 'release'; party: Party }
  | { at: number; kind: 'respond'; party: Party }
  | { at: number; kind: 'close' };

/** One dinner under one rule: who sits at the table on the night, and what happened on the way. */
function runDinner(domain: Domain, dinner: Dinner, rule: Rule, tally: Tally) {
  const events: Event[] = dinner.parties.map((party) => ({ at: party.arrivesAt, kind: 'arrive', party }));
  events.push({ at: dinner.startsAt - domain.OFFERS_STOP_BEFORE_START_MS, kind: 'close' });
  const booked = new Set<Party>();
  const offered = new Set<Party>();
  /** Parties who can't make it (released, or without the waitlist simply absent). */
  const absent = new Set<Party>();
  const everOffered = new Set<Party>();
  const line: (WaitingGuest & { party: Party })[] = [];
  const startsAt = new Date(dinner.startsAt).toISOString();
  const sum = (parties: Iterable<Party>) => {
    let seats = 0;
    for (const p of parties) seats += p.seats;
    return seats;
  };
  const mixOf = (parties: Iterable<Party>): SexCount => {
    const mix = { women: 0, men: 0 };
    for (const p of parties) {
      const party = domain.ticketParty(p.ticket);
      mix.women += party.women;
      mix.men += party.men;
    }
    return mix;
  };
  const free = () => dinner.capacity - sum(booked) - sum(offered);
  const book = (party: Party, at: number) => {
    booked.add(party);
    const when = releaseAt(party, dinner, at);
    if (when !== null) events.push({ at: when, kind: 'release', party });
  };
  const firstWhoFits = (waiting: readonly WaitingGuest[], seats: number) => {
    const chosen = waiting.find((g) => g.seats <= seats);
    return chosen ? { chosen, passedOver: [] as string[] } : null;
  };
  /** Offers the free seats while offers are open and someone in line fits them. */
  const sweep = (at: number) => {
    if (!domain.offersOpen(startsAt, new Date(at))) return;
    for (;;) {
      const seats = free();
      const offer =
        rule === 'balanced' ? domain.pickOffer(line, seats, mixOf([...booked, ...offered])) : firstWhoFits(line, seats);
      if (offer === null) return;
      for (const g of line) if (offer.passedOver.includes(g.id)) g.passedOver++;
      const entry = line.splice(line.indexOf(offer.chosen as (typeof line)[number]), 1)[0];
      for (const g of line) tally.maxPassedOver = Math.max(tally.maxPassedOver, g.passedOver);
      offered.add(entry.party);
      everOffered.add(entry.party);
      tally.offersMade++;
      if (offer.passedOver.length > 0) tally.offersPassingOver++;
      const hold = domain.offerHoldMs(startsAt, new Date(at));
      const accept = entry.party.accept;
      events.push({ at: at + (accept === null ? hold : hold * accept), kind: 'respond', party: entry.party });
    }
  };

  // A handful of events a dinner: the earliest first, ties in the order they were added.
  while (events.length > 0) {
    let next = 0;
    for (let i = 1; i < events.length; i++) if (events[i].at < events[next].at) next = i;
    const event = events.splice(next, 1)[0];
    switch (event.kind) {
      case 'arrive': {
        const { party } = event;
        if (free() >= party.seats) book(party, event.at);
        else if (rule !== 'none' && party.joinsWaitlist && domain.offersOpen(startsAt, new Date(event.at))) {
          line.push({ id: party.id, ticketType: party.ticket, seats: party.seats, passedOver: 0, party });
          tally.joined += party.seats;
        }
        break;
      }
      case 'release':
        absent.add(event.party);
        // Without the waitlist nobody hears of it: the guest just does not come, the chair stays empty.
        if (rule === 'none') break;
        booked.delete(event.party);
        sweep(event.at);
        break;
      case 'respond':
        offered.delete(event.party);
        if (event.party.accept !== null) {
          tally.offersAccepted++;
          book(event.party, event.at);
        } else sweep(event.at);
        break;
      case 'close':
        tally.toldFull += sum(line.map((g) => g.party));
        break;
    }
  }

  // Who can't make it is absent either way; a no-show is one who neither released nor told us.
  const present = [...booked].filter((p) => !p.noShow && !absent.has(p));
  tally.dinners++;
  tally.seats += dinner.capacity;
  tally.present += sum(present);
  if (sum(dinner.parties) > dinner.capacity) {
    tally.busySeats += dinner.capacity;
    tally.busyPresent += sum(present);
  }
  tally.noShows += sum([...booked].filter((p) => p.noShow && !absent.has(p)));
  tally.cantMakeIt += sum(absent);
  for (const p of dinner.parties)
    if (!booked.has(p) && !absent.has(p) && !everOffered.has(p)) tally.turnedAway += p.seats;

  const mix = mixOf(present);
  const gap = Math.abs(mix.women - mix.men);
  tally.gapSum += gap;
  if (gap <= 1) tally.balancedDinners++;
  const parties: MatchParty[] = present.map((p) => {
    const party = domain.ticketParty(p.ticket);
    const guest = (sex: 'male' | 'female') => ({ sex, age: null, battery: null, music: [], films: [] });
    return {
      id: p.id,
      guests: [
        ...Array.from({ length: party.women }, () => guest('female')),
        ...Array.from({ length: party.men }, () => guest('male')),
      ],
    };
  });
  const seating = domain.seatParties(parties, { seed: dinner.id, budget: SEATING_BUDGET });
  const byId = new Map(parties.map((p) => [p.id, p]));
  for (const table of seating.tables) {
    const guests = table.flatMap((id) => byId.get(id)!.guests);
    const women = guests.filter((g) => g.sex === 'female').length;
    tally.tables++;
    if (women === 1 || guests.length - women === 1) tally.loneTables++;
  }
}

async function loadDomain(dir: string): Promise<Domain> {
  const result = await build({
    stdin: {
      contents: [
        "export { pickOffer, ticketParty, WAITLIST_LOOKAHEAD, MAX_PASSED_OVER } from './worker/domain/waitlist-pick';",
        "export { offerHoldMs, offersOpen, OFFERS_STOP_BEFORE_START_MS } from './worker/domain/waitlist';",
        "export { seatParties, seededRandom, hashSeed } from './worker/domain/matching';",
        "export { TICKET_SEATS } from './worker/domain/pricing';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  const file = join(dir, 'domain.mjs');
  writeFileSync(file, result.outputFiles[0].text);
  return (await import(pathToFileURL(file).href)) as Domain;
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

/** The figures of one rule, as printed and as `--json` gives them. */
function figures(t: Tally) {
  return {
    dinners: t.dinners,
    seats: t.seats,
    guestsAtTables: t.present,
    seatsFilled: t.present / t.seats,
    seatsFilledWhereAskedOverCapacity: t.busyPresent / t.busySeats,
    cantMakeIt: t.cantMakeIt,
    noShows: t.noShows,
    turnedAway: t.turnedAway,
    joinedWaitlist: t.joined,
    offersMade: t.offersMade,
    offersAccepted: t.offersAccepted,
    offersPassingOver: t.offersPassingOver,
    toldFull: t.toldFull,
    balancedDinners: t.balancedDinners / t.dinners,
    meanGap: t.gapSum / t.dinners,
    tables: t.tables,
    tablesWithLoneGuest: t.loneTables,
    maxPassedOver: t.maxPassedOver,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '20' },
      months: { type: 'string', default: '1' },
      demand: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
    },
  });
  const months = Number(values.months);
  const demand = Number(values.demand);
  if (!Number.isInteger(months) || months < 1) throw new Error('--months takes a whole number from 1');
  if (!(demand > 0)) throw new Error('--demand takes a positive number (1 is the month as described)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-fill-'));
  try {
    const domain = await loadDomain(dir);
    const tallies = Object.fromEntries(RULES.map((rule) => [rule, emptyTally()])) as Record<Rule, Tally>;
    let parties = 0;
    let soldOut = 0;
    for (let m = 0; m < months; m++) {
      const dinners = month(domain, months === 1 ? values.seed : `${values.seed}:${m + 1}`, demand);
      for (const dinner of dinners) {
        parties += dinner.parties.length;
        const asked = dinner.parties.reduce((s, p) => s + p.seats, 0);
        if (asked > dinner.capacity) soldOut++;
        for (const rule of RULES) runDinner(domain, dinner, rule, tallies[rule]);
      }
    }
    if (values.json) {
      const result = Object.fromEntries(RULES.map((rule) => [rule, figures(tallies[rule])]));
      const summary = { seed: values.seed, months, demand, parties, dinnersAskedOverCapacity: soldOut, result };
      console.log(JSON.stringify(summary, null, 2));
      return;
    }
    const n = tallies.none;
    console.log(
      `Seed ${values.seed}, ${months} month(s), demand ×${demand}: ${n.dinners} dinners, ${n.seats} seats, ${parties} parties asking ` +
        `(${soldOut} dinners asked for more seats than they have). Lookahead ${domain.WAITLIST_LOOKAHEAD}, ` +
        `passed over at most ${domain.MAX_PASSED_OVER}.\n`,
    );
    const rows: [string, (t: Tally) => string][] = [
      ['seats filled on the night', (t) => `${pct(t.present, t.seats)} (${t.present})`],
      ['… at dinners asked for more seats', (t) => `${pct(t.busyPresent, t.busySeats)} (${t.busyPresent})`],
      ["guests who couldn't make it", (t) => String(t.cantMakeIt)],
      ['no-shows', (t) => String(t.noShows)],
      ['guests turned away', (t) => String(t.turnedAway)],
      ['joined the waitlist (guests)', (t) => String(t.joined)],
      ['offers made / accepted', (t) => `${t.offersMade} / ${t.offersAccepted}`],
      ['offers to someone behind in line', (t) => String(t.offersPassingOver)],
      ['still waiting when offers stopped', (t) => String(t.toldFull)],
      ['dinners with |women − men| ≤ 1', (t) => pct(t.balancedDinners, t.dinners)],
      ['mean |women − men| a dinner', (t) => (t.gapSum / t.dinners).toFixed(2)],
      ['tables with a lone man or woman', (t) => `${t.loneTables} of ${t.tables}`],
      ['most times anyone was passed over', (t) => String(t.maxPassedOver)],
    ];
    const widths = [Math.max(...rows.map(([label]) => label.length)), ...RULES.map((r) => RULE_LABELS[r].length)];
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[0]) : c.padStart(widths[i]))).join('  ');
    console.log(line(['', ...RULES.map((r) => RULE_LABELS[r])]));
    for (const [label, cell] of rows) console.log(line([label, ...RULES.map((r) => cell(tallies[r]))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
