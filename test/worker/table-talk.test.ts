/**
 * What guests, hosts and operators learn about a table (issue 13): the hints never identify a
 * person, the icebreakers come from what the table shares, the balance flags what to look at.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchGuest, quizTraits } from '../../worker/domain/matching';
import { MOVIE_GENRES, MUSIC_GENRES } from '../../worker/domain/quiz';
import {
  FALLBACK_ICEBREAKERS,
  type TableTalker,
  tableBalance,
  tableHints,
  tableIcebreakers,
} from '../../worker/domain/table-talk';

const talker = (over: Partial<TableTalker> = {}): TableTalker => ({
  ...quizTraits(null),
  workProfile: null,
  ...over,
});

/** Names and phones of the people at the table, put everywhere a careless caller might put them. */
const NAMES = ['Priya Sharma', 'Rohan', '+919876543210', '9876543210', 'priya@example.com'];
const leaky = (i: number, over: Partial<TableTalker> = {}): TableTalker =>
  ({
    ...talker(over),
    // Extra fields, as when a row is spread into a talker.
    name: NAMES[i % NAMES.length],
    phone: NAMES[(i + 2) % NAMES.length],
    party_name: NAMES[(i + 1) % NAMES.length],
  }) as TableTalker;

describe('tableHints', () => {
  it('counts fellow batteries and shared picks ("two fellow ambiverts", "someone else picked K-Drama")', () => {
    const me = talker({ battery: 'ambivert', films: ['K-Drama / K-Movies', 'Horror', 'Drama'], music: ['Jazz'] });
    const mates = [
      talker({ battery: 'ambivert', films: ['K-Drama / K-Movies'], workProfile: 'student' }),
      talker({ battery: 'ambivert', music: ['Jazz'], workProfile: 'startup' }),
      talker({ battery: 'extrovert', music: ['Jazz'], workProfile: 'student' }),
    ];
    expect(tableHints(me, mates)).toEqual([
      'Two fellow ambiverts',
      'Someone else picked K-Drama',
      'Two others picked Jazz',
      'A mix of students and founders',
    ]);
  });

  it('tells a table with one of your kind, or none, what it is', () => {
    const intro = talker({ battery: 'introvert' });
    expect(tableHints(intro, [talker({ battery: 'introvert' }), talker({ battery: 'extrovert' })])[0]).toBe(
      'One fellow introvert',
    );
    expect(tableHints(intro, [talker({ battery: 'ambivert' }), talker({ battery: 'extrovert' })])[0]).toBe(
      'A mix of ambiverts and extroverts',
    );
  });

  it('counts people, not bookings: two couples are four tablemates', () => {
    expect(tableHints(talker(), [talker(), talker()], 4)[0]).toBe('Four tablemates, all strangers for now');
  });

  it('gives three hints even about a table that told us nothing, and never more than five', () => {
    const none = tableHints(talker(), [talker(), talker()]);
    expect(none).toEqual([
      'Two tablemates, all strangers for now',
      'A table matched from the vibe check',
      'A table built for conversation',
    ]);
    const everything = {
      battery: 'extrovert' as const,
      music: ['Rock'],
      films: ['Comedy'],
      superpower: 'read_minds',
      doingNothing: 'peace',
      diet: 'vegetarian',
      workProfile: 'job',
    };
    const many = tableHints(talker(everything), [
      talker({ ...everything, freeEntry: 'matches' }),
      talker({ ...everything, freeEntry: 'concerts', workProfile: 'business' }),
      talker(everything),
    ]);
    expect(many).toHaveLength(5);
  });

  it('returns 3-5 hints and never a name, a phone or a value that is not ours, whatever it is given', () => {
    const pick = (options: readonly { value: string }[]) =>
      fc.subarray([...options.map((o) => o.value), ...NAMES], { maxLength: 4 });
    const field = fc.constantFrom<string | null>(null, ...NAMES, 'peace', 'read_minds', 'teleport', 'matches', 'job');
    const anyTalker = fc
      .record({
        battery: fc.constantFrom<TableTalker['battery']>('extrovert', 'introvert', 'ambivert', null),
        music: pick(MUSIC_GENRES),
        films: pick(MOVIE_GENRES),
        superpower: field,
        doingNothing: field,
        freeEntry: field,
        netflix: field,
        diet: fc.constantFrom<string | null>(null, 'vegetarian', 'non_vegetarian', ...NAMES),
        workProfile: field,
        i: fc.nat(),
      })
      .map(({ i, ...t }) => leaky(i, t));
    fc.assert(
      fc.property(anyTalker, fc.array(anyTalker, { maxLength: 7 }), (me, mates) => {
        const hints = tableHints(me, mates);
        expect(hints.length).toBeGreaterThanOrEqual(3);
        expect(hints.length).toBeLessThanOrEqual(5);
        const text = JSON.stringify(hints).toLowerCase();
        for (const name of NAMES) expect(text).not.toContain(name.toLowerCase());
        expect(text).not.toMatch(/\d{6,}/);
        const icebreakers = JSON.stringify(tableIcebreakers([me, ...mates])).toLowerCase();
        for (const name of NAMES) expect(icebreakers).not.toContain(name.toLowerCase());
      }),
      { seed: 1313, numRuns: 300 },
    );
  });
});

describe('tableIcebreakers', () => {
  it('starts from the picks the table shares, most shared first', () => {
    const table = [
      talker({ music: ['K-Pop'], films: ['Horror'] }),
      talker({ music: ['K-Pop'], films: ['Horror'] }),
      talker({ music: ['K-Pop', 'Rock'] }),
      talker({ music: ['Rock'] }),
    ];
    const out = tableIcebreakers(table);
    expect(out[0]).toBe('Three of you picked K-Pop. Which K-Pop group would you fly to Seoul for?');
    expect(out[1]).toMatch(/^Two of you picked (Horror|Rock)\./);
    expect(out.length).toBeGreaterThanOrEqual(3);
    expect(out.length).toBeLessThanOrEqual(5);
  });

  it('asks about the superpower split, doing nothing and free entry when the table differs', () => {
    const out = tableIcebreakers([
      talker({ superpower: 'teleport', doingNothing: 'peace', freeEntry: 'concerts' }),
      talker({ superpower: 'read_minds', doingNothing: 'torture', freeEntry: 'matches' }),
    ]);
    expect(out).toEqual([
      'Teleport or read minds: the table is split. Defend your pick.',
      'A whole day of doing nothing: pure peace or actual torture? Go round the table.',
      'Lifetime free entry: concerts or matches? The best one you have been to?',
    ]);
  });

  it('falls back to the general set for a table that shares nothing', () => {
    const out = tableIcebreakers([
      talker({ music: ['Rock'], films: ['Horror'] }),
      talker({ music: ['Jazz'], films: ['Comedy'] }),
      talker(),
    ]);
    expect(out).toEqual(FALLBACK_ICEBREAKERS.slice(0, 3));
    expect(tableIcebreakers([])).toEqual(FALLBACK_ICEBREAKERS.slice(0, 3));
  });
});

describe('tableBalance', () => {
  const mix = { guests: 12, extroverts: 4 };
  const guest = (sex: MatchGuest['sex'], more: Partial<MatchGuest> = {}): MatchGuest => ({
    sex,
    age: 30,
    battery: 'ambivert',
    music: [],
    films: [],
    ...more,
  });

  it('counts the table and flags a lone man, a lone woman and a table of introverts', () => {
    const balance = tableBalance(
      [
        guest('male', { battery: 'introvert', age: 24, music: ['K-Pop'] }),
        guest('female', { battery: 'introvert', age: 35, music: ['K-Pop'], films: ['K-Drama / K-Movies'] }),
        guest('female', { battery: 'introvert', films: ['K-Drama / K-Movies'] }),
        guest('female', { battery: 'introvert' }),
        guest(null, { battery: null, age: null }),
      ],
      mix,
    );
    expect(balance).toEqual({
      guests: 5,
      men: 1,
      women: 3,
      unknown: 1,
      extroverts: 0,
      ambiverts: 0,
      introverts: 4,
      age_min: 24,
      age_max: 35,
      shared: [
        // Ties in the order of the label.
        { pick: 'K-Drama', count: 2 },
        { pick: 'K-Pop', count: 2 },
      ],
      flags: ['lone_man', 'only_introverts'],
    });
    expect(tableBalance([guest('female'), guest('male'), guest('male')], mix).flags).toEqual(['lone_woman']);
    expect(tableBalance([guest('female'), guest('female'), guest('male'), guest('male')], mix).flags).toEqual([]);
    expect(tableBalance([], mix)).toMatchObject({ guests: 0, age_min: null, age_max: null, flags: [] });
  });
});
