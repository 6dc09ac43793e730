/** The Tables tab's arithmetic (web/src/features/admin/lib/seating.ts): PUT bodies, the seating drawn meanwhile, the balance's words. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TablesEditSchema } from '@domain/tables';
import type { DinnerTable, TableGuest, TablesView } from '@/features/admin/api/tables-api';
import {
  agesLine,
  batteryLine,
  emptyBalance,
  moveGuest,
  nextTableNumber,
  planLine,
  setLocked,
  sexesLine,
  sharedLine,
} from '@/features/admin/lib/seating';

const guest = (id: string, over: Partial<TableGuest> = {}): TableGuest => ({
  booking_id: id,
  name: `Guest ${id}`,
  party_name: null,
  seats: 1,
  ticket_type: 'female',
  checked_in: false,
  sex: 'female',
  age: 28,
  social_battery: 'ambivert',
  ...over,
});

const balance = (over: Partial<DinnerTable['balance']> = {}): DinnerTable['balance'] => ({
  ...emptyBalance(),
  ...over,
});

const table = (number: number, guests: TableGuest[], locked = false): DinnerTable => ({
  number,
  locked,
  seats: guests.reduce((n, g) => n + g.seats, 0),
  guests,
  balance: balance({ guests: guests.length }),
  history: [],
});

function view(tables: DinnerTable[], unseated: TableGuest[] = []): TablesView {
  return {
    event: { id: 'evt', title: 'Supper', starts_at: '2030-01-05T13:30:00.000Z', cancelled_at: null },
    published_at: null,
    plan: { tables: 2, guests: 14, fits: true, min: 6, max: 8 },
    score: 1.5,
    tables,
    unseated,
  };
}

const valid = (body: unknown) => v.safeParse(TablesEditSchema, body).success;

describe('moving a guest', () => {
  const couple = guest('c', { seats: 2, ticket_type: 'couple', party_name: 'Vikram' });
  const before = view([table(1, [guest('a'), couple]), table(2, [guest('b')], true)], [guest('u')]);

  it('sends only the guest moved and no lock, so a lock this screen has not seen is never undone', () => {
    const change = moveGuest(before, 'c', 2);
    expect(change?.body).toEqual({ tables: [{ number: 2, booking_ids: ['c'] }] });
    expect(valid(change?.body)).toBe(true);
  });

  it('draws the party at its new table at once, seats and all, and nowhere else', () => {
    const { optimistic } = moveGuest(before, 'c', 2) ?? { optimistic: before };
    expect(optimistic.tables.map((t) => [t.number, t.seats, t.guests.map((g) => g.booking_id)])).toEqual([
      [1, 1, ['a']],
      [2, 3, ['b', 'c']],
    ]);
    // The view it came from is untouched (react-query keeps it to roll back to).
    expect(before.tables[0].guests).toHaveLength(2);
  });

  it('seats an unseated guest, and starts a new table when asked', () => {
    const change = moveGuest(before, 'u', nextTableNumber(before) ?? 0);
    expect(nextTableNumber(before)).toBe(3);
    expect(change?.body.tables).toEqual([{ number: 3, booking_ids: ['u'] }]);
    expect(change?.optimistic.unseated).toEqual([]);
    expect(change?.optimistic.tables.map((t) => t.number)).toEqual([1, 2, 3]);
    expect(valid(change?.body)).toBe(true);
  });

  it('drops a table the move left empty, unless it is locked', () => {
    const two = view([table(1, [guest('a')]), table(2, [guest('b')]), table(3, [], true)]);
    expect(moveGuest(two, 'a', 2)?.optimistic.tables.map((t) => t.number)).toEqual([2, 3]);
    expect(moveGuest(two, 'b', 3)?.optimistic.tables.map((t) => t.number)).toEqual([1, 3]);
  });

  it('does nothing for the table the guest is at, an unknown guest or an impossible table', () => {
    expect(moveGuest(before, 'a', 1)).toBeNull();
    expect(moveGuest(before, 'nobody', 2)).toBeNull();
    expect(moveGuest(before, 'a', 0)).toBeNull();
    expect(moveGuest(before, 'a', 51)).toBeNull();
  });

  it('offers no new table past the fiftieth', () => {
    expect(nextTableNumber(view([table(50, [guest('a')])]))).toBeNull();
  });
});

describe('locking a table', () => {
  const before = view([table(1, [guest('a')]), table(2, [guest('b')], true)]);

  it('sends only the table locked or unlocked, and lists no guest', () => {
    const change = setLocked(before, 1, true);
    expect(change?.body).toEqual({ tables: [{ number: 1, locked: true, booking_ids: [] }] });
    expect(change?.optimistic.tables.map((t) => t.locked)).toEqual([true, true]);
    expect(setLocked(before, 2, false)?.body).toEqual({ tables: [{ number: 2, locked: false, booking_ids: [] }] });
  });

  it('does nothing when the lock is already so or the table is unknown', () => {
    expect(setLocked(before, 2, true)).toBeNull();
    expect(setLocked(before, 9, true)).toBeNull();
  });
});

describe('the words of the page', () => {
  it('says the plan, and says plainly when the count cannot split evenly', () => {
    expect(planLine({ guests: 20, tables: 3, fits: true, min: 6, max: 8 })).toEqual({
      text: '20 guests → 3 tables of 6–8',
      fits: true,
    });
    expect(planLine({ guests: 10, tables: 2, fits: false, min: 6, max: 8 })).toEqual({
      text: '10 guests cannot split evenly into tables of 6–8: 2 tables, at least one under 6',
      fits: false,
    });
    expect(planLine({ guests: 4, tables: 1, fits: false, min: 6, max: 8 }).fits).toBe(false);
    expect(planLine({ guests: 7, tables: 1, fits: true, min: 6, max: 8 }).text).toBe('7 guests → 1 table of 6–8');
  });

  it('reads a table’s balance at a glance', () => {
    const b = balance({
      guests: 8,
      men: 3,
      women: 4,
      unknown: 1,
      extroverts: 2,
      ambiverts: 3,
      introverts: 2,
      age_min: 24,
      age_max: 31,
      shared: [
        { pick: 'K-Pop', count: 3 },
        { pick: 'Comedy', count: 2 },
      ],
    });
    expect(sexesLine(b)).toBe('4 women · 3 men · 1 not known');
    expect(batteryLine(b)).toBe('2 extroverts · 3 ambiverts · 2 introverts · 1 no quiz');
    expect(agesLine(b)).toBe('ages 24–31');
    expect(sharedLine(b)).toBe('shared: K-Pop ×3, Comedy ×2');
    expect(sexesLine(balance({ men: 1, women: 1, guests: 2 }))).toBe('1 woman · 1 man');
    expect(agesLine(balance({ age_min: 27, age_max: 27 }))).toBe('age 27');
    expect(agesLine(balance())).toBeNull();
    expect(sharedLine(balance())).toBeNull();
  });
});
