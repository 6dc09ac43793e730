/**
 * A dinner's tables (issue 13, DESIGN.md "Matching", docs/decisions/022): run the matching, adjust
 * by hand, lock, publish; the cron publishes by itself at the 48-hour reveal; a booking made or
 * moved in after the tables were set joins the table that fits best without moving anyone.
 *
 * The seating lives on the booking (`event_bookings.table_number`: a party is one booking, so it
 * can never be split); `event_tables` holds the locks; `events.tables_published_at` decides who
 * may see it (operators always, guests and hosts once published).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { eventBookings, events, eventTables, quizResponses, userProfiles } from '../../db/schema';
import {
  type ApartPair,
  bestTableFor,
  dinnerMix,
  hardRuleBreaks,
  type MatchParty,
  partyOf,
  planTables,
  scoreTables,
  seatParties,
  TABLE_SIZES,
} from '@domain/matching';
import { SEATED_BOOKING_STATUSES } from '@domain/statuses';
import { tableBalance } from '@domain/table-talk';
import { HOUR_MS, VENUE_REVEAL_HOURS } from '@domain/time';
import { auditRow, auditRowOf, eventTarget } from './audit';
import { assignStatement, seatAtTableStatement, unseatOthersStatement } from './ledger/table-seats';
import { apartPairs, tableMemoryQuery } from './table-memory';

/** The seated bookings of a dinner with what the matching and the console read of each: one query. */
export function seatedBookingsQuery(d: Db, eventId: string) {
  return d
    .select({
      id: eventBookings.id,
      userId: eventBookings.userId,
      seats: eventBookings.seats,
      ticketType: eventBookings.ticketType,
      status: eventBookings.status,
      tableNumber: eventBookings.tableNumber,
      partyName: eventBookings.partyName,
      name: userProfiles.fullName,
      sex: userProfiles.sex,
      dateOfBirth: userProfiles.dateOfBirth,
      workProfile: userProfiles.workProfile,
      seatWithWomen: userProfiles.seatWithWomen,
      answers: quizResponses.answers,
    })
    .from(eventBookings)
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .leftJoin(quizResponses, eq(quizResponses.userId, eventBookings.userId))
    .where(and(eq(eventBookings.eventId, eventId), inArray(eventBookings.status, [...SEATED_BOOKING_STATUSES])))
    .orderBy(asc(eventBookings.bookingDate), asc(eventBookings.id));
}
export type SeatedBooking = Awaited<ReturnType<typeof seatedBookingsQuery>>[number];

function dinnerQuery(d: Db, eventId: string) {
  return d
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      cancelledAt: events.cancelledAt,
      publishedAt: events.tablesPublishedAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
}

const locksQuery = (d: Db, eventId: string) =>
  d.select({ number: eventTables.number }).from(eventTables).where(eq(eventTables.eventId, eventId));

/**
 * A dinner with its seated bookings, locked tables and the pairs of its guests who must sit apart
 * (table-memory.ts), in one round trip; null for an unknown dinner.
 */
async function loadDinner(d: Db, eventId: string) {
  const [dinner, bookings, locks, memory] = await d.batch([
    dinnerQuery(d, eventId),
    seatedBookingsQuery(d, eventId),
    locksQuery(d, eventId),
    tableMemoryQuery(d, eventId),
  ]);
  if (!dinner[0]) return null;
  return {
    dinner: dinner[0],
    bookings,
    locked: new Set(locks.map((l) => l.number)),
    apart: apartPairs(memory, bookings),
  };
}
type LoadedDinner = NonNullable<Awaited<ReturnType<typeof loadDinner>>>;

const partyFor = (b: SeatedBooking, startsAt: string): MatchParty =>
  partyOf(
    {
      id: b.id,
      seats: b.seats,
      ticketType: b.ticketType,
      sex: b.sex,
      dateOfBirth: b.dateOfBirth,
      answers: b.answers,
      seatWithWomen: b.seatWithWomen,
    },
    startsAt,
  );

/** The tables as they stand: table number → its bookings, in table order. */
function tablesOf(bookings: readonly SeatedBooking[]) {
  const byTable = new Map<number, SeatedBooking[]>();
  for (const b of bookings) {
    if (b.tableNumber === null) continue;
    const list = byTable.get(b.tableNumber) ?? [];
    list.push(b);
    byTable.set(b.tableNumber, list);
  }
  return [...byTable].sort((a, b) => a[0] - b[0]);
}

/**
 * What a table breaks of the guests' history and wishes (issue 21), for the operator: `met`, two
 * guests who shared a table in the last six months; `apart`, two guests one of whom asked never to
 * sit with the other ('rather not' or a report: which one, and which way, is not said); `women`, a
 * guest who asked for two other women at the table. Names only: what the operator needs to move
 * someone.
 */
export type HistoryWarning = { kind: 'met' | 'apart' | 'women'; booking_ids: string[]; guests: string[] };

function historyWarnings(
  seated: readonly (readonly [number, SeatedBooking[]])[],
  parties: ReadonlyMap<string, MatchParty>,
  apart: readonly ApartPair[],
) {
  const byTable = new Map<number, HistoryWarning[]>();
  const names = new Map(seated.flatMap(([, list]) => list.map((b) => [b.id, b.name ?? 'Guest'] as const)));
  const breaks = hardRuleBreaks(
    seated.map(([, list]) => list.map((b) => parties.get(b.id) as MatchParty)),
    apart,
  );
  for (const br of breaks) {
    const number = seated[br.table][0];
    const list = byTable.get(number) ?? [];
    list.push({
      kind: br.rule === 'asked' ? 'apart' : br.rule,
      booking_ids: [...br.parties],
      guests: br.parties.map((id) => names.get(id) ?? 'Guest'),
    });
    byTable.set(number, list);
  }
  return byTable;
}

/** The console's view of a dinner's tables (`GET /api/admin/events/:id/tables`). */
function tablesView({ dinner, bookings, locked, apart }: LoadedDinner) {
  const parties = new Map(bookings.map((b) => [b.id, partyFor(b, dinner.startsAt)]));
  const mix = dinnerMix([...parties.values()]);
  const guestOf = (b: SeatedBooking) => {
    const booker = parties.get(b.id)?.guests[0];
    return {
      booking_id: b.id,
      name: b.name ?? 'Guest',
      party_name: b.partyName,
      seats: b.seats,
      ticket_type: b.ticketType,
      checked_in: b.status === 'checked_in',
      sex: booker?.sex ?? null,
      age: booker?.age ?? null,
      social_battery: booker?.battery ?? null,
    };
  };
  const seated = tablesOf(bookings);
  const warnings = historyWarnings(seated, parties, apart);
  const numbers = [...new Set([...seated.map(([n]) => n), ...locked])].sort((a, b) => a - b);
  const tables = numbers.map((number) => {
    const list = seated.find(([n]) => n === number)?.[1] ?? [];
    const guests = list.flatMap((b) => parties.get(b.id)?.guests ?? []);
    return {
      number,
      locked: locked.has(number),
      seats: guests.length,
      guests: list.map(guestOf),
      balance: tableBalance(guests, mix),
      /** What the table breaks of the guests' history and wishes (issue 21); empty when nothing. */
      history: warnings.get(number) ?? [],
    };
  });
  const seatedParties = seated.map(([, list]) => list.map((b) => parties.get(b.id) as MatchParty));
  const plan = planTables(mix.guests);
  return {
    event: { id: dinner.id, title: dinner.title, starts_at: dinner.startsAt, cancelled_at: dinner.cancelledAt },
    published_at: dinner.publishedAt,
    /** What the dinner's guest count allows: how many tables and whether 6-8 each is possible. */
    plan: { tables: plan.tables, guests: mix.guests, fits: plan.fits, min: TABLE_SIZES.min, max: TABLE_SIZES.max },
    /** The fair objective of the seating as it stands (lower is better), null before any seating. */
    score: seatedParties.length ? Math.round(scoreTables(seatedParties, mix) * 100) / 100 : null,
    tables,
    unseated: bookings.filter((b) => b.tableNumber === null).map(guestOf),
  };
}
export type TablesView = ReturnType<typeof tablesView>;

export async function getTables(d: Db, eventId: string): Promise<TablesView | null> {
  const loaded = await loadDinner(d, eventId);
  return loaded ? tablesView(loaded) : null;
}

/**
 * Runs the matching over every guest not at a locked table; locked tables keep their guests and
 * numbers, the others are numbered from 1 around them. Seeded by the dinner's id, so the same
 * guests give the same tables.
 */
function matchSeating({ dinner, bookings, locked, apart }: LoadedDinner) {
  const free = bookings.filter((b) => b.tableNumber === null || !locked.has(b.tableNumber));
  const result = seatParties(
    free.map((b) => partyFor(b, dinner.startsAt)),
    { seed: dinner.id, apart },
  );
  const seating = new Map<string, number>();
  let next = 1;
  for (const table of result.tables) {
    while (locked.has(next)) next++;
    for (const id of table) seating.set(id, next);
    next++;
  }
  return seating;
}

export type TablesWrite =
  | { kind: 'not_found' }
  | { kind: 'cancelled' }
  | { kind: 'no_guests' }
  | { kind: 'stale' }
  | { kind: 'ok'; tables: TablesView; changed: boolean };

/** `POST /api/admin/events/:id/tables`: (re-)runs the matching; locked tables stay as they are. */
export async function runMatching(d: Db, actorId: string, eventId: string): Promise<TablesWrite> {
  const loaded = await loadDinner(d, eventId);
  if (!loaded) return { kind: 'not_found' };
  if (loaded.dinner.cancelledAt) return { kind: 'cancelled' };
  if (loaded.bookings.length === 0) return { kind: 'no_guests' };
  const seating = matchSeating(loaded);
  if (seating.size) {
    await d.batch([
      unseatOthersStatement(d, eventId, seating, loaded.locked),
      assignStatement(d, eventId, seating),
      auditRow(d, {
        actorId,
        action: 'tables.match',
        target: eventTarget(eventId),
        before: null,
        after: { guests: seating.size, tables: new Set(seating.values()).size, locked: loaded.locked.size },
      }),
    ]);
  }
  return { kind: 'ok', tables: (await getTables(d, eventId)) as TablesView, changed: true };
}

export type TablesEdit = { tables: { number: number; locked?: boolean; booking_ids: string[] }[] };

/**
 * `PUT /api/admin/events/:id/tables`: the operator's seating by hand. Every listed booking sits at
 * its listed table; a table listed with `locked` is locked or unlocked, one listed without keeps
 * its lock (so a move from a screen that has not seen another operator's lock never undoes it). A
 * booking not listed keeps its table (so one made meanwhile is never unseated); a listed booking
 * that is no longer a seated guest of this dinner (moved, refunded) makes the whole edit stale:
 * nothing changes.
 */
export async function saveTables(d: Db, actorId: string, eventId: string, edit: TablesEdit): Promise<TablesWrite> {
  const loaded = await loadDinner(d, eventId);
  if (!loaded) return { kind: 'not_found' };
  if (loaded.dinner.cancelledAt) return { kind: 'cancelled' };
  const known = new Set(loaded.bookings.map((b) => b.id));
  const seating = new Map<string, number>();
  for (const t of edit.tables) for (const id of t.booking_ids) seating.set(id, t.number);
  if ([...seating.keys()].some((id) => !known.has(id))) return { kind: 'stale' };
  const lock = edit.tables.filter((t) => t.locked === true && !loaded.locked.has(t.number)).map((t) => t.number);
  const unlock = edit.tables.filter((t) => t.locked === false && loaded.locked.has(t.number)).map((t) => t.number);
  if (seating.size === 0 && lock.length === 0 && unlock.length === 0)
    return { kind: 'ok', tables: tablesView(loaded), changed: false };
  const statements: BatchItem<'sqlite'>[] = [];
  if (unlock.length)
    statements.push(
      d
        .delete(eventTables)
        .where(
          and(
            eq(eventTables.eventId, eventId),
            sql`${eventTables.number} IN (SELECT value FROM json_each(${JSON.stringify(unlock)}))`,
          ),
        ),
    );
  if (lock.length)
    statements.push(
      d
        .insert(eventTables)
        // Every column in the table's order; `WHERE 1` lets SQLite read ON CONFLICT after a SELECT.
        .select(
          sql`SELECT ${eventId}, value, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ${actorId} FROM json_each(${JSON.stringify(lock)}) WHERE 1`,
        )
        .onConflictDoNothing(),
    );
  if (seating.size) statements.push(assignStatement(d, eventId, seating));
  // Something changes (compared above), so the row is written whatever the last statement counted.
  statements.push(
    auditRowOf(d, {
      actorId,
      action: 'tables.update',
      target: eventTarget(eventId),
      before: null,
      after: { guests: seating.size, locked: lock.join(','), unlocked: unlock.join(',') },
    }),
  );
  await d.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { kind: 'ok', tables: (await getTables(d, eventId)) as TablesView, changed: true };
}

/**
 * Seats every seated guest who has no table yet: with no tables at all, the matching seats
 * everyone (but locked tables); otherwise each joins the table that fits best, one by one, and
 * nobody already seated moves. Returns the statement, or null when everyone has a table.
 */
function seatTheRest(d: Db, loaded: LoadedDinner) {
  const { dinner, bookings } = loaded;
  const unseated = bookings.filter((b) => b.tableNumber === null);
  if (unseated.length === 0) return null;
  const seated = tablesOf(bookings);
  if (seated.length === 0) return assignStatement(d, dinner.id, matchSeating(loaded));
  const tables = seated.map(([number, list]) => ({
    number,
    parties: list.map((b) => partyFor(b, dinner.startsAt)),
  }));
  const seating = new Map<string, number>();
  for (const b of unseated) {
    const party = partyFor(b, dinner.startsAt);
    const table = joinTable(party, tables, loaded.locked, loaded.apart);
    table.parties.push(party);
    seating.set(b.id, table.number);
  }
  return assignStatement(d, dinner.id, seating, true);
}

/**
 * The table a party joins after the tables were set: the best fit among the unlocked tables with
 * room (an operator locked a table to keep it as it is); among all of them when none has room.
 * The fit keeps the rules from history and wishes first (`apart`, `seatWithWomen`: issue 21).
 */
function joinTable<T extends { number: number; parties: MatchParty[] }>(
  party: MatchParty,
  tables: readonly T[],
  locked: ReadonlySet<number>,
  apart: readonly ApartPair[],
): T {
  const size = (t: T) => t.parties.reduce((n, p) => n + p.guests.length, 0);
  const open = tables.filter((t) => !locked.has(t.number) && size(t) + party.guests.length <= TABLE_SIZES.max);
  const pool = open.length > 0 ? open : tables;
  return pool[
    bestTableFor(
      party,
      pool.map((t) => t.parties),
      TABLE_SIZES,
      apart,
    )
  ];
}

export type PublishResult =
  | { kind: 'not_found' }
  | { kind: 'cancelled' }
  | { kind: 'no_guests' }
  | { kind: 'ok'; tables: TablesView; changed: boolean };

/**
 * Publishes a dinner's tables: anyone still without a table is seated first (see seatTheRest),
 * then `tables_published_at` is set once. Publishing again changes nothing. `actorId` is null
 * for the cron at the 48-hour reveal (no audit row: nobody acted).
 */
export async function publishTables(
  d: Db,
  actorId: string | null,
  eventId: string,
  now = new Date(),
): Promise<PublishResult> {
  const loaded = await loadDinner(d, eventId);
  if (!loaded) return { kind: 'not_found' };
  if (loaded.dinner.cancelledAt) return { kind: 'cancelled' };
  if (loaded.bookings.length === 0) return { kind: 'no_guests' };
  const seat = seatTheRest(d, loaded);
  const publish = d
    .update(events)
    .set({ tablesPublishedAt: now.toISOString(), tablesPublishedBy: actorId })
    .where(and(eq(events.id, eventId), isNull(events.tablesPublishedAt), isNull(events.cancelledAt)));
  const statements: BatchItem<'sqlite'>[] = [...(seat ? [seat] : []), publish];
  if (actorId)
    statements.push(
      auditRow(d, {
        actorId,
        action: 'tables.publish',
        target: eventTarget(eventId),
        before: null,
        after: { guests: loaded.bookings.length },
      }),
    );
  const results = await d.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  const published = results[seat ? 1 : 0] as unknown as { meta: { changes: number } };
  return { kind: 'ok', tables: (await getTables(d, eventId)) as TablesView, changed: published.meta.changes > 0 };
}

/**
 * Whether the dinner `eventId` (a column or a value) has tables yet (anyone seated): a move reads
 * it in its own batch and calls {@link seatLateBooking} only then, so a move to a dinner without
 * tables costs no extra round trip.
 */
export const hasTablesSql = (eventId: SQL | string) =>
  sql<number>`EXISTS (SELECT 1 FROM event_bookings t WHERE t.event_id = ${eventId} AND t.table_number IS NOT NULL)`;

/**
 * A booking that arrived (paid, or moved in) after its dinner's tables were set joins the table
 * that fits best; nobody moves. Nothing happens while the dinner has no tables (the matching will
 * seat it) or when the booking already has one. Safe to repeat.
 */
export async function seatLateBooking(d: Db, bookingId: string): Promise<number | null> {
  const [row] = await d
    .select({
      eventId: eventBookings.eventId,
      tableNumber: eventBookings.tableNumber,
      hasTables: hasTablesSql(sql`${eventBookings.eventId}`),
    })
    .from(eventBookings)
    .where(eq(eventBookings.id, bookingId));
  if (!row || row.tableNumber !== null) return row?.tableNumber ?? null;
  // Most dinners have no tables yet when a booking is paid: one read, and the pipeline moves on.
  if (!Number(row.hasTables)) return null;
  const loaded = await loadDinner(d, row.eventId);
  if (!loaded || loaded.dinner.cancelledAt) return null;
  const me = loaded.bookings.find((b) => b.id === bookingId);
  const seated = tablesOf(loaded.bookings);
  if (!me || seated.length === 0) return null;
  const { number } = joinTable(
    partyFor(me, loaded.dinner.startsAt),
    seated.map(([n, list]) => ({ number: n, parties: list.map((b) => partyFor(b, loaded.dinner.startsAt)) })),
    loaded.locked,
    loaded.apart,
  );
  await seatAtTableStatement(d, bookingId, number);
  return number;
}

/**
 * The cron: every dinner inside its 48-hour reveal whose tables are not published gets the
 * matching's result, published; a dinner already published that has a guest without a table
 * (a late booking whose seating failed) gets them seated. Idempotent.
 * @returns how many dinners were published now.
 */
export async function publishDueTables(d: Db, now = new Date()): Promise<number> {
  const seated = sql.join(
    SEATED_BOOKING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const due = await d
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNull(events.cancelledAt),
        gt(events.startsAt, now.toISOString()),
        or(
          and(
            isNull(events.tablesPublishedAt),
            lte(events.startsAt, new Date(now.getTime() + VENUE_REVEAL_HOURS * HOUR_MS).toISOString()),
            sql`EXISTS (SELECT 1 FROM event_bookings b WHERE b.event_id = ${events.id} AND b.status IN (${seated}))`,
          ),
          and(
            isNotNull(events.tablesPublishedAt),
            sql`EXISTS (SELECT 1 FROM event_bookings b WHERE b.event_id = ${events.id} AND b.status IN (${seated}) AND b.table_number IS NULL)`,
          ),
        ),
      ),
    );
  let published = 0;
  for (const { id } of due) {
    // One dinner that cannot be published never keeps the others (or the cron's other jobs) waiting.
    try {
      const result = await publishTables(d, null, id, now);
      if (result.kind === 'ok' && result.changed) published++;
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', alert: 'tables_publish_failed', event: id, error: String(err) }));
    }
  }
  return published;
}
