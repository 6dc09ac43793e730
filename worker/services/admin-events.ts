/**
 * Dinners as the operator console sees them (DESIGN.md "Operating the product"): every dinner,
 * past and future, with its seats and money, and the one change the console makes so far,
 * creating and editing dinners. Seat counts come from the one seat predicate (services/ledger/seats.ts),
 * so the console, the event page and the sale itself never disagree.
 */
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, is, isNull, lte, or, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, eventBookings, events, paymentIssues, paymentOrders } from '../../db/schema';
import { REVENUE_BOOKING_STATUSES } from '@domain/statuses';
import { type AuditFields, auditRow, auditRowBefore, eventTarget } from './audit';
import { ownsSeatsSql, seatsLeftSql, seatsTakenSql, soldForGoodSql } from './ledger/seats';
import { dinnerColumns } from './events';

/** Dinners on one page of the console's table. */
export const ADMIN_EVENTS_PAGE_SIZE = 25;

/**
 * A page of the console's dinners: `upcoming` (soonest first) or `past` (latest first), searched
 * by title, area, city or id (`q`), in one city, and within IST dates `from`..`to` (inclusive).
 */
export type AdminEventsFilter = {
  status: 'upcoming' | 'past';
  q?: string;
  city?: string;
  from?: string;
  to?: string;
  page: number;
};

/** `q` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The WHERE of a filtered list (undefined: every dinner). */
function filterWhere(f: AdminEventsFilter | undefined, nowIso: string) {
  if (!f) return undefined;
  const q = f.q?.trim();
  const like = q ? containsPattern(q) : '';
  return and(
    f.status === 'upcoming' ? gt(events.startsAt, nowIso) : lte(events.startsAt, nowIso),
    q
      ? or(
          sql`${events.title} LIKE ${like} ESCAPE '\\'`,
          sql`${events.location} LIKE ${like} ESCAPE '\\'`,
          sql`${events.city} LIKE ${like} ESCAPE '\\'`,
          sql`${events.id} LIKE ${like} ESCAPE '\\'`,
          sql`${events.city} IN (SELECT ${cities.slug} FROM ${cities} WHERE ${cities.name} LIKE ${like} ESCAPE '\\')`,
        )
      : undefined,
    f.city ? eq(events.city, f.city) : undefined,
    f.from ? gte(events.date, f.from) : undefined,
    f.to ? lte(events.date, f.to) : undefined,
  );
}

/**
 * The console's dinners with their seats and money, and how many orders and payments wait for a
 * person. Without a filter: every dinner, newest start first (the pickers of the coupon and audit
 * pages). With one: one page of {@link ADMIN_EVENTS_PAGE_SIZE}, filtered, searched and paged in
 * SQL, with `total` matching. Per dinner: `seats_sold` (paid or confirmed orders not released), `seats_held`
 * (every other order that owns seats right now: live unpaid holds, captures being booked, flagged
 * orders keeping their seat), `seats_left`, `revenue` (whole rupees of bookings whose money is
 * kept) and `needs_attention` (its orders in that status), each a correlated subquery on the
 * page's rows only. `summary` is the dashboard's totals over every dinner; the answer's
 * `needs_attention` adds the unresolved payment issues and the guests' open reports. One round trip (a batch of reads).
 */
export async function listAdminEvents(d: Db, now: Date, filter?: AdminEventsFilter) {
  const nowIso = now.toISOString();
  const where = filterWhere(filter, nowIso);
  const soonestFirst = filter?.status === 'upcoming';
  const order = soonestFirst ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)];
  // Correlated on the outer row by explicit aliases: `po` and `b` inside, `events` outside.
  const outerId = sql.raw('"events"."id"');
  const kept = sql.join(
    REVENUE_BOOKING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );

  const rowsQuery = d
    .select({
      ...dinnerColumns,
      available: events.available,
      cancelled_at: events.cancelledAt,
      cancel_reason: events.cancelReason,
      capacity: events.capacity,
      seats_left: seatsLeftSql(events.id, events.capacity, nowIso).as('seats_left'),
      taken: sql<number>`(SELECT COALESCE(SUM(CASE WHEN ${ownsSeatsSql('po', nowIso)} THEN po.seats ELSE 0 END), 0) FROM ${paymentOrders} po WHERE po.event_id = ${outerId})`,
      // Sold for good: a released seat ("can't make it") is no longer its guest's, and may be sold again.
      sold: sql<number>`(SELECT COALESCE(SUM(po.seats), 0) FROM ${paymentOrders} po WHERE po.event_id = ${outerId} AND ${soldForGoodSql('po')})`,
      flagged: sql<number>`(SELECT COUNT(*) FROM ${paymentOrders} po WHERE po.event_id = ${outerId} AND po.status = 'needs_attention')`,
      revenue: sql<number>`(SELECT COALESCE(SUM(b.amount), 0) FROM ${eventBookings} b WHERE b.event_id = ${outerId} AND b.status IN (${kept}))`,
    })
    .from(events)
    .where(where)
    .orderBy(...order);
  const page = filter ? Math.max(1, filter.page) : 1;
  const pageQuery = filter
    ? rowsQuery.limit(ADMIN_EVENTS_PAGE_SIZE).offset((page - 1) * ADMIN_EVENTS_PAGE_SIZE)
    : rowsQuery;

  const [rows, [totals], [count]] = await d.batch([
    pageQuery,
    d
      .select({
        orders: sql<number>`(SELECT COUNT(*) FROM ${paymentOrders} WHERE ${paymentOrders.status} = 'needs_attention')`,
        // Issue 21: a guest's open report needs a person as much as a flagged payment.
        reports: sql<number>`(SELECT COUNT(*) FROM reports WHERE status = 'open')`,
        issues: sql<number>`COUNT(*)`,
        upcoming: sql<number>`(SELECT COUNT(*) FROM ${events} WHERE ${events.startsAt} > ${nowIso})`,
        seats_sold_upcoming: sql<number>`(SELECT COALESCE(SUM(so.seats), 0) FROM ${paymentOrders} AS so WHERE ${soldForGoodSql('so')} AND so.event_id IN (SELECT ${events.id} FROM ${events} WHERE ${events.startsAt} > ${nowIso}))`,
        revenue: sql<number>`(SELECT COALESCE(SUM(${eventBookings.amount}), 0) FROM ${eventBookings} WHERE ${inArray(eventBookings.status, [...REVENUE_BOOKING_STATUSES])})`,
      })
      .from(paymentIssues)
      .where(isNull(paymentIssues.resolvedAt)),
    d.select({ n: sql<number>`COUNT(*)` }).from(events).where(where),
  ]);

  const list = rows.map(({ seats_left, taken, sold, flagged, revenue, ...event }) => {
    const seatsTaken = Number(taken);
    const seatsSold = Number(sold);
    return {
      ...event,
      seats_sold: seatsSold,
      seats_held: Math.max(0, seatsTaken - seatsSold),
      seats_left: Number(seats_left),
      revenue: Number(revenue),
      needs_attention: Number(flagged),
    };
  });
  return {
    events: list,
    total: Number(count?.n ?? 0),
    page,
    page_size: filter ? ADMIN_EVENTS_PAGE_SIZE : list.length,
    summary: {
      upcoming: Number(totals?.upcoming ?? 0),
      seats_sold_upcoming: Number(totals?.seats_sold_upcoming ?? 0),
      revenue: Number(totals?.revenue ?? 0),
    },
    needs_attention: Number(totals?.orders ?? 0) + Number(totals?.issues ?? 0) + Number(totals?.reports ?? 0),
  };
}
export type AdminEvent = Awaited<ReturnType<typeof listAdminEvents>>['events'][number];

/** The wire keys of a dinner the editor writes, and their columns. */
const EDITABLE = {
  city: events.city,
  title: events.title,
  description: events.description,
  location: events.location,
  date: events.date,
  starts_at: events.startsAt,
  ends_at: events.endsAt,
  capacity: events.capacity,
  ticket_price_single: events.ticketPriceSingle,
  ticket_price_couple: events.ticketPriceCouple,
  ticket_price_group: events.ticketPriceGroup,
  venue_name: events.venueName,
  venue_address: events.venueAddress,
  image_url: events.imageUrl,
  available: events.available,
} as const;
export type DinnerFields = {
  [K in keyof typeof EDITABLE]: K extends 'capacity' | `ticket_price_${string}`
    ? number
    : K extends 'available'
      ? boolean
      : K extends 'venue_name' | 'venue_address'
        ? string | null
        : string;
};
type Prices = Pick<DinnerFields, 'ticket_price_single' | 'ticket_price_couple' | 'ticket_price_group'>;

/** One dinner as the editor reads it (wire keys). */
const editableDinnerColumns = { id: events.id, ...EDITABLE, cancelled_at: events.cancelledAt };
export async function getDinner(d: Db, eventId: string) {
  const [row] = await d.select(editableDinnerColumns).from(events).where(eq(events.id, eventId));
  return row ?? null;
}
export type Dinner = NonNullable<Awaited<ReturnType<typeof getDinner>>>;

/**
 * Whether `city` is in the cities table, and the prices of its latest dinner (null when it has
 * none). One read.
 */
export async function lastPricesOf(d: Db, city: string): Promise<{ cityKnown: boolean; prices: Prices | null }> {
  const [row] = await d
    .select({
      ticket_price_single: events.ticketPriceSingle,
      ticket_price_couple: events.ticketPriceCouple,
      ticket_price_group: events.ticketPriceGroup,
    })
    .from(cities)
    .leftJoin(
      events,
      eq(
        events.id,
        sql`(SELECT ${events.id} FROM ${events} WHERE ${events.city} = ${cities.slug} ORDER BY ${events.startsAt} DESC, ${events.createdAt} DESC LIMIT 1)`,
      ),
    )
    .where(eq(cities.slug, city));
  if (!row) return { cityKnown: false, prices: null };
  const { ticket_price_single, ticket_price_couple, ticket_price_group } = row;
  return {
    cityKnown: true,
    prices:
      ticket_price_single === null || ticket_price_couple === null || ticket_price_group === null
        ? null
        : { ticket_price_single, ticket_price_couple, ticket_price_group },
  };
}

const toRow = (id: string, x: DinnerFields) => ({
  id,
  city: x.city,
  title: x.title,
  description: x.description,
  location: x.location,
  date: x.date,
  startsAt: x.starts_at,
  endsAt: x.ends_at,
  capacity: x.capacity,
  ticketPriceSingle: x.ticket_price_single,
  ticketPriceCouple: x.ticket_price_couple,
  ticketPriceGroup: x.ticket_price_group,
  venueName: x.venue_name || null,
  venueAddress: x.venue_address || null,
  imageUrl: x.image_url,
  available: x.available,
});

/**
 * `row` inserted only if its city is in the cities table: `INSERT … SELECT … FROM cities WHERE
 * slug = ?` (the city column is the table's own slug), so an unknown city inserts nothing and
 * costs no read of its own. Every column in the table's order, as an INSERT … SELECT needs.
 */
function insertInKnownCity(d: Db, row: ReturnType<typeof toRow>) {
  const values: Record<string, unknown> = row;
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(events)).map(([key, column]) => {
      if (key === 'city') return [key, cities.slug];
      const value = values[key];
      if (value !== undefined) return [key, sql`${typeof value === 'boolean' ? Number(value) : value}`];
      return [key, is(column.default, SQL) ? column.default : sql`${column.default ?? null}`];
    }),
  ) as Record<keyof typeof events.$inferSelect, SQL>;
  return d
    .insert(events)
    .select(d.select(fields).from(cities).where(eq(cities.slug, row.city)) as never)
    .returning({ id: events.id });
}

/**
 * Creates dinners (one, or a weekly series), each with its `event.create` audit row, all in ONE
 * batch: every dinner exists, or none. Returns the new dinners in order, or null when the city
 * is not in the cities table (nothing written: each insert is conditional on it, and each audit
 * row on its insert). One round trip.
 */
export async function createDinners(d: Db, actorId: string, dinners: DinnerFields[]) {
  const ids = dinners.map(() => crypto.randomUUID());
  const statements = dinners.flatMap((x, i) => {
    const row = toRow(ids[i], x);
    return [
      insertInKnownCity(d, row),
      auditRow(d, {
        actorId,
        action: 'event.create',
        target: eventTarget(ids[i]),
        before: null,
        after: { ...x, venue_name: row.venueName, venue_address: row.venueAddress },
      }),
    ];
  });
  const results = await d.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  if ((results[0] as unknown[]).length === 0) return null;
  return dinners.map((x, i) => ({ id: ids[i], ...x }));
}

export type EditResult =
  | { kind: 'done'; event: Dinner; changed: boolean }
  | { kind: 'not_found' }
  | { kind: 'unknown_city' }
  | { kind: 'capacity_below_taken'; taken: number };

/**
 * Edits a dinner: ONE conditional UPDATE, whose condition holds the capacity rule (the seats
 * taken, by the one seat predicate, must fit the new capacity), and its audit row in the same
 * batch, placed before it with the same condition and reading `before` from the row itself.
 * A move to another city needs the city in the cities table (the same condition). Nothing is read
 * before the write; the dinner, its seats taken and the city are read after it, in the batch, to
 * answer (and to tell a refusal's reason). One round trip.
 */
export async function editDinner(
  d: Db,
  actorId: string,
  eventId: string,
  patch: Partial<DinnerFields>,
  now: Date,
): Promise<EditResult> {
  const nowIso = now.toISOString();
  const keys = Object.keys(patch) as (keyof DinnerFields)[];
  const values: Record<string, unknown> = {};
  for (const k of keys) {
    const value = patch[k];
    values[COLUMN_OF[k]] = (k === 'venue_name' || k === 'venue_address') && !value ? null : value;
  }
  const after: AuditFields = {};
  for (const k of keys) after[k] = (values[COLUMN_OF[k]] ?? null) as AuditFields[string];
  const differs = sql.join(
    keys.map(
      (k) => sql`${EDITABLE[k]} IS NOT ${k === 'available' ? (values[COLUMN_OF[k]] ? 1 : 0) : values[COLUMN_OF[k]]}`,
    ),
    sql` OR `,
  );
  const where = and(
    eq(events.id, eventId),
    // A cancelled dinner is never edited or shown again (the route answers 409).
    isNull(events.cancelledAt),
    sql`(${differs})`,
    patch.capacity === undefined ? undefined : sql`${seatsTakenSql(eventId, nowIso)} <= ${patch.capacity}`,
    // A move to another city only to one in the cities table.
    patch.city === undefined ? undefined : sql`EXISTS (SELECT 1 FROM ${cities} WHERE ${cities.slug} = ${patch.city})`,
  );
  const before = sql`json_object(${sql.join(
    keys.map((k) =>
      k === 'available'
        ? sql`${k}, json(CASE WHEN ${events.available} THEN 'true' ELSE 'false' END)`
        : sql`${k}, ${EDITABLE[k]}`,
    ),
    sql`, `,
  )})`;
  const [, updated, current, taken, city] = await d.batch([
    auditRowBefore(d, {
      actorId,
      action: 'event.update',
      target: eventTarget(eventId),
      before,
      after,
      from: sql`${events}`,
      where,
    }),
    d.update(events).set(values).where(where).returning({ id: events.id }),
    d.select(editableDinnerColumns).from(events).where(eq(events.id, eventId)),
    d
      .select({ taken: seatsTakenSql(eventId, nowIso) })
      .from(events)
      .where(eq(events.id, eventId)),
    d
      .select({ slug: cities.slug })
      .from(cities)
      .where(eq(cities.slug, patch.city ?? '')),
  ]);
  const event = current[0];
  if (!event) return { kind: 'not_found' };
  if (updated.length === 0 && patch.city !== undefined && city.length === 0) return { kind: 'unknown_city' };
  const seatsTaken = Number(taken[0]?.taken ?? 0);
  if (updated.length === 0 && patch.capacity !== undefined && seatsTaken > patch.capacity) {
    return { kind: 'capacity_below_taken', taken: seatsTaken };
  }
  return { kind: 'done', event, changed: updated.length > 0 };
}

const COLUMN_OF: Record<keyof DinnerFields, string> = {
  city: 'city',
  title: 'title',
  description: 'description',
  location: 'location',
  date: 'date',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
  capacity: 'capacity',
  ticket_price_single: 'ticketPriceSingle',
  ticket_price_couple: 'ticketPriceCouple',
  ticket_price_group: 'ticketPriceGroup',
  venue_name: 'venueName',
  venue_address: 'venueAddress',
  image_url: 'imageUrl',
  available: 'available',
};
