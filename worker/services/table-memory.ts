/**
 * The table remembers (issue 21, docs/decisions/022 "Amended (issue 21)"): which of a dinner's
 * guests must not share a table, read in one query that rides in the tables' own batch (no round
 * trip of its own).
 *
 * - `met`: both checked in at the same table of another dinner that started in the `MEMORY_MS`
 *   (six months) before this one. A no-show met nobody (the tablemates' rule, tablemates.ts).
 * - `asked`: one said 'rather not' of the other after a dinner (`tablemate_verdicts`), or reported
 *   them (`reports.about_user_id`), in either direction and for good.
 *
 * Only pairs of the dinner's own seated guests are read; who asked about whom stays in the
 * database: the rows carry the pair and the reason, and `apartPairs` orders each pair by id.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { eventBookings, events, reports, tablemateVerdicts } from '../../db/schema';
import { MEMORY_MS } from '@domain/feedback';
import type { ApartPair, ApartReason } from '@domain/matching';
import { SEATED_BOOKING_STATUSES } from '@domain/statuses';

const mine = alias(eventBookings, 'memory_mine');
const a = alias(eventBookings, 'memory_a');
const b = alias(eventBookings, 'memory_b');
const past = alias(events, 'memory_past');
const dinner = alias(events, 'memory_dinner');

/**
 * A user id column under its own name: a D1 batch answers rows as objects, so two columns both
 * named `user_id` would come back as one.
 */
const pick = (column: SQLiteColumn, name: 'a' | 'b') => sql<string>`${column}`.as(name);

/**
 * The pairs of `eventId`'s seated guests who must sit apart, as user ids: one SELECT (three
 * parts, UNION), for the caller's batch. A pair may come twice, once per reason.
 */
export function tableMemoryQuery(d: Db, eventId: string) {
  const guests = d
    .select({ userId: mine.userId })
    .from(mine)
    .where(and(eq(mine.eventId, eventId), inArray(mine.status, [...SEATED_BOOKING_STATUSES])));
  const startsAt = d.select({ startsAt: dinner.startsAt }).from(dinner).where(eq(dinner.id, eventId));
  const memorySeconds = Math.round(MEMORY_MS / 1000);
  const met = d
    .select({ a: pick(a.userId, 'a'), b: pick(b.userId, 'b'), why: sql<ApartReason>`'met'`.as('why') })
    .from(a)
    .innerJoin(b, and(eq(b.eventId, a.eventId), eq(b.tableNumber, a.tableNumber), sql`${a.userId} < ${b.userId}`))
    .innerJoin(past, eq(past.id, a.eventId))
    .where(
      and(
        ne(a.eventId, eventId),
        isNotNull(a.tableNumber),
        isNotNull(a.checkedInAt),
        isNotNull(b.checkedInAt),
        sql`${past.startsAt} < (${startsAt})`,
        sql`${past.startsAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', (${startsAt}), ${`-${memorySeconds} seconds`})`,
        inArray(a.userId, guests),
        inArray(b.userId, guests),
      ),
    );
  const ratherNot = d
    .select({
      a: pick(tablemateVerdicts.fromUserId, 'a'),
      b: pick(tablemateVerdicts.toUserId, 'b'),
      why: sql<ApartReason>`'asked'`.as('why'),
    })
    .from(tablemateVerdicts)
    .where(
      and(
        eq(tablemateVerdicts.verdict, 'rather_not'),
        inArray(tablemateVerdicts.fromUserId, guests),
        inArray(tablemateVerdicts.toUserId, guests),
      ),
    );
  const reported = d
    .select({
      a: pick(reports.reporterId, 'a'),
      b: pick(reports.aboutUserId, 'b'),
      why: sql<ApartReason>`'asked'`.as('why'),
    })
    .from(reports)
    .where(
      and(
        isNotNull(reports.aboutUserId),
        ne(reports.aboutUserId, reports.reporterId),
        inArray(reports.reporterId, guests),
        inArray(reports.aboutUserId, guests),
      ),
    );
  return met.union(ratherNot).union(reported);
}
export type MemoryRow = Awaited<ReturnType<typeof tableMemoryQuery>>[number];

/**
 * The rows as the matching's parties (bookings): every booking of one guest apart from every
 * booking of the other; each pair once, its heavier reason kept ('asked' over 'met'), in a stable
 * order (so the matching's result never depends on the order SQLite answered in).
 */
export function apartPairs(rows: readonly MemoryRow[], bookings: readonly { id: string; userId: string }[]) {
  const bookingsOf = new Map<string, string[]>();
  for (const bk of bookings) bookingsOf.set(bk.userId, [...(bookingsOf.get(bk.userId) ?? []), bk.id]);
  const pairs = new Map<string, ApartPair>();
  for (const row of rows)
    for (const x of bookingsOf.get(row.a) ?? [])
      for (const y of bookingsOf.get(row.b) ?? []) {
        if (x === y) continue;
        const [first, second] = x < y ? [x, y] : [y, x];
        const key = `${first} ${second}`;
        const known = pairs.get(key);
        if (!known || (known.why === 'met' && row.why === 'asked'))
          pairs.set(key, { a: first, b: second, why: row.why });
      }
  return [...pairs.values()].sort((p, q) => (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : p.b > q.b ? 1 : 0));
}
