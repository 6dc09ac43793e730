/**
 * The Tables tab's arithmetic (issue 13): the PUT body of a move or a lock, the seating the
 * operator sees while it is on its way, and the words of each table's balance. Pure, so the
 * rules are tested without a browser (test/web/tables-seating.test.ts).
 */
import { MAX_TABLE_NUMBER, type TablesEditInput } from '@domain/tables';
import type { DinnerTable, TableBalance, TableGuest, TablesView } from '../api/tables-api';

/** Where a guest sits now: a table's number, or null when unseated or unknown. */
export function tableOf(view: TablesView, bookingId: string): number | null {
  return view.tables.find((t) => t.guests.some((g) => g.booking_id === bookingId))?.number ?? null;
}

/** The number a new table would take: one past the highest, or null when the dinner has all it may. */
export function nextTableNumber(view: TablesView): number | null {
  const next = Math.max(0, ...view.tables.map((t) => t.number)) + 1;
  return next <= MAX_TABLE_NUMBER ? next : null;
}

/** The balance of a table nobody sits at (a new table drawn before the server answers). */
export const emptyBalance = (): TableBalance => ({
  guests: 0,
  men: 0,
  women: 0,
  unknown: 0,
  extroverts: 0,
  ambiverts: 0,
  introverts: 0,
  age_min: null,
  age_max: null,
  shared: [],
  flags: [],
});

/**
 * Moves one guest (a booking: the whole party) to table `to`, which may be a new one. Answers the
 * PUT body and the seating to draw until the server answers (each table's balance is the server's
 * to compute, so it stays as it was; the seat counts move), or null when there is nothing to do.
 */
export function moveGuest(
  view: TablesView,
  bookingId: string,
  to: number,
): { body: TablesEditInput; optimistic: TablesView } | null {
  if (!Number.isInteger(to) || to < 1 || to > MAX_TABLE_NUMBER) return null;
  const guest =
    view.unseated.find((g) => g.booking_id === bookingId) ??
    view.tables.flatMap((t) => t.guests).find((g) => g.booking_id === bookingId);
  if (!guest || tableOf(view, bookingId) === to) return null;

  // Only the guest moved, and no lock: the PUT leaves every other seat and every lock as the
  // server has them, so a screen that missed another operator's change cannot undo it.
  const body: TablesEditInput['tables'] = [{ number: to, booking_ids: [bookingId] }];

  const without = (t: DinnerTable): DinnerTable =>
    t.guests.some((g) => g.booking_id === bookingId)
      ? { ...t, seats: t.seats - guest.seats, guests: t.guests.filter((g) => g.booking_id !== bookingId) }
      : t;
  let tables = view.tables.map(without);
  if (!tables.some((t) => t.number === to))
    tables.push({ number: to, locked: false, seats: 0, guests: [], balance: emptyBalance(), history: [] });
  tables = tables
    .map((t) => (t.number === to ? { ...t, seats: t.seats + guest.seats, guests: [...t.guests, guest] } : t))
    // A table left empty and unlocked is gone once saved (the server lists seated or locked tables).
    .filter((t) => t.guests.length > 0 || t.locked)
    .sort((a, b) => a.number - b.number);
  const optimistic: TablesView = {
    ...view,
    tables,
    unseated: view.unseated.filter((g) => g.booking_id !== bookingId),
  };
  return { body: { tables: body }, optimistic };
}

/** Locks or unlocks table `number`: the PUT body and the seating to draw meanwhile, or null when unchanged. */
export function setLocked(
  view: TablesView,
  number: number,
  locked: boolean,
): { body: TablesEditInput; optimistic: TablesView } | null {
  const table = view.tables.find((t) => t.number === number);
  if (!table || table.locked === locked) return null;
  const tables = view.tables.map((t) => (t.number === number ? { ...t, locked } : t));
  return { body: { tables: [{ number, locked, booking_ids: [] }] }, optimistic: { ...view, tables } };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the dinner's guest count allows, in a line, and whether it needs the operator's eye.
 * @example planLine({ guests: 20, tables: 3, fits: true, min: 6, max: 8 }) // { text: '20 guests → 3 tables of 6–8', fits: true }
 */
export function planLine(plan: TablesView['plan']): { text: string; fits: boolean } {
  const sizes = `${plan.min}–${plan.max}`;
  if (plan.guests === 0) return { text: 'No guests to seat yet', fits: true };
  if (plan.fits)
    return {
      text: `${plural(plan.guests, 'guest', 'guests')} → ${plural(plan.tables, 'table', 'tables')} of ${sizes}`,
      fits: true,
    };
  if (plan.guests < plan.min)
    return {
      text: `${plural(plan.guests, 'guest', 'guests')} → 1 table, smaller than ${plan.min}: too few for a full table`,
      fits: false,
    };
  return {
    text: `${plural(plan.guests, 'guest', 'guests')} cannot split evenly into tables of ${sizes}: ${plan.tables} tables, at least one under ${plan.min}`,
    fits: false,
  };
}

/** "4 women · 3 men" (and anyone whose sex is not known). */
export function sexesLine(b: TableBalance): string {
  const parts = [plural(b.women, 'woman', 'women'), plural(b.men, 'man', 'men')];
  if (b.unknown) parts.push(`${b.unknown} not known`);
  return parts.join(' · ');
}

/** "2 extroverts · 3 ambiverts · 2 introverts"; guests without a quiz are not counted. */
export function batteryLine(b: TableBalance): string {
  const parts = [
    plural(b.extroverts, 'extrovert', 'extroverts'),
    plural(b.ambiverts, 'ambivert', 'ambiverts'),
    plural(b.introverts, 'introvert', 'introverts'),
  ];
  const noQuiz = b.guests - b.extroverts - b.ambiverts - b.introverts;
  if (noQuiz > 0) parts.push(`${noQuiz} no quiz`);
  return parts.join(' · ');
}

/** "ages 24–31", "age 27", or null when no age is known. */
export function agesLine(b: TableBalance): string | null {
  if (b.age_min === null || b.age_max === null) return null;
  return b.age_min === b.age_max ? `age ${b.age_min}` : `ages ${b.age_min}–${b.age_max}`;
}

/** "shared: K-Pop ×3, Comedy ×2", or null when the table shares nothing. */
export function sharedLine(b: TableBalance): string | null {
  if (b.shared.length === 0) return null;
  return `shared: ${b.shared.map((s) => `${s.pick} ×${s.count}`).join(', ')}`;
}

/** A table's warnings, as the badges say them. */
export const FLAG_LABELS: Record<TableBalance['flags'][number], string> = {
  lone_man: 'Lone man',
  lone_woman: 'Lone woman',
  only_introverts: 'Only introverts',
};

const BATTERY_LABELS: Record<string, string> = { extrovert: 'Extrovert', ambivert: 'Ambivert', introvert: 'Introvert' };

/** A guest's facts after their name: "Couple · 27 · Ambivert". */
export function guestFacts(g: TableGuest, ticketLabel: string): string {
  const parts = [ticketLabel];
  if (g.age !== null) parts.push(String(g.age));
  parts.push(g.social_battery ? (BATTERY_LABELS[g.social_battery] ?? g.social_battery) : 'No quiz');
  return parts.join(' · ');
}

/** Every guest seated and unseated, each once: what the page counts. */
export function everyGuest(view: TablesView): TableGuest[] {
  return [...view.tables.flatMap((t) => t.guests), ...view.unseated];
}
