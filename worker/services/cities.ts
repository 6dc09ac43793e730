/**
 * The cities the home page shows (SPEC §2 "Upcoming events") and the console edits
 * (DESIGN.md "Operating the product"): one row per city in `cities`, ordered by `position`.
 * The home page's HTML (routes/pages.ts) and `GET /api/cities` read the same list here, so the
 * first frame and the SPA's own answer never differ.
 */
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { cities, events } from '../../db/schema';
import type { CityPatchInput, NewCityInput } from '@domain/city';
import { type AuditFields, auditRow, auditRowBefore } from './audit';
import { isBookable, withRoomFirst } from './events';
import { seatsLeftSql } from './ledger/seats';

/** The audit target of a city. */
export const cityTarget = (slug: string) => `city:${slug}`;

/**
 * The id of `city`'s next bookable dinner with a seat free, else its next bookable one (soonest
 * start), as a scalar subquery: the dinner `/event/<city>` opens (services/events.ts), so the card
 * and the page it leads to agree.
 */
const nextDinnerIdSql = (city: SQL | typeof cities.slug, nowIso: string) =>
  sql`(SELECT ${events.id} FROM ${events} WHERE ${events.city} = ${city} AND ${isBookable(nowIso)} ORDER BY ${withRoomFirst(nowIso)}, ${events.startsAt}, ${events.id} LIMIT 1)`;

const nextEvent = alias(events, 'next_event');

/**
 * The home page's cards: every city not hidden, by position; an available city with its next
 * bookable dinner (what the card shows: title, date, price, picture), or null when it has none.
 * One query (the next dinner is a correlated subquery on `events_city_date_idx`).
 */
export async function listPublicCities(d: Db, now: Date) {
  const rows = await d
    .select({
      slug: cities.slug,
      name: cities.name,
      blurb: cities.blurb,
      status: cities.status,
      eventId: nextEvent.id,
      title: nextEvent.title,
      date: nextEvent.date,
      startsAt: nextEvent.startsAt,
      endsAt: nextEvent.endsAt,
      price: nextEvent.ticketPriceSingle,
      imageUrl: nextEvent.imageUrl,
      seatsLeft: seatsLeftSql(nextEvent.id, nextEvent.capacity, now.toISOString()),
    })
    .from(cities)
    .leftJoin(
      nextEvent,
      and(eq(cities.status, 'available'), eq(nextEvent.id, nextDinnerIdSql(cities.slug, now.toISOString()))),
    )
    .where(ne(cities.status, 'hidden'))
    .orderBy(asc(cities.position), asc(cities.slug));
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    blurb: r.blurb,
    status: r.status as 'available' | 'coming_soon',
    next_event:
      r.eventId !== null &&
      r.title !== null &&
      r.date !== null &&
      r.startsAt !== null &&
      r.endsAt !== null &&
      r.price !== null
        ? {
            id: r.eventId,
            title: r.title,
            date: r.date,
            starts_at: r.startsAt,
            ends_at: r.endsAt,
            ticket_price_single: r.price,
            image_url: r.imageUrl ?? '',
            seats_left: Number(r.seatsLeft),
          }
        : null,
  }));
}
export type PublicCity = Awaited<ReturnType<typeof listPublicCities>>[number];

/** How many bookable dinners a city has (shown by the console next to each city). */
const upcomingDinnersSql = (nowIso: string) =>
  sql<number>`(SELECT COUNT(*) FROM ${events} WHERE ${events.city} = ${cities.slug} AND ${isBookable(nowIso)})`;

/** A city as the console reads it (wire keys). */
const adminColumns = (nowIso: string) => ({
  slug: cities.slug,
  name: cities.name,
  blurb: cities.blurb,
  status: cities.status,
  position: cities.position,
  gst_state_code: cities.gstStateCode,
  upcoming_dinners: upcomingDinnersSql(nowIso),
  created_at: cities.createdAt,
  updated_at: cities.updatedAt,
});
const toAdminCity = <T extends { upcoming_dinners: number }>(row: T) => ({
  ...row,
  upcoming_dinners: Number(row.upcoming_dinners),
});

/** Every city, hidden ones too, by position, each with its number of bookable dinners. One query. */
export async function listAdminCities(d: Db, now: Date) {
  const rows = await d
    .select(adminColumns(now.toISOString()))
    .from(cities)
    .orderBy(asc(cities.position), asc(cities.slug));
  return rows.map(toAdminCity);
}
export type AdminCity = Awaited<ReturnType<typeof listAdminCities>>[number];

/**
 * Creates a city and its `city.create` audit row in ONE batch. The insert does nothing on a
 * taken slug (and so the audit row, which needs a change, is not written either): null then.
 */
export async function createCity(d: Db, actorId: string, city: NewCityInput, now: Date) {
  const [inserted, , read] = await d.batch([
    d
      .insert(cities)
      .values((({ gst_state_code, ...rest }) => ({ ...rest, gstStateCode: gst_state_code ?? null }))(city))
      .onConflictDoNothing()
      .returning({ slug: cities.slug }),
    auditRow(d, {
      actorId,
      action: 'city.create',
      target: cityTarget(city.slug),
      before: null,
      after: { ...city },
    }),
    d.select(adminColumns(now.toISOString())).from(cities).where(eq(cities.slug, city.slug)),
  ]);
  return inserted.length > 0 && read[0] ? toAdminCity(read[0]) : null;
}

const CITY_COLUMNS = {
  name: cities.name,
  blurb: cities.blurb,
  status: cities.status,
  position: cities.position,
  gst_state_code: cities.gstStateCode,
} as const;

export type CityEditResult = { kind: 'done'; city: AdminCity; changed: boolean } | { kind: 'not_found' };

/**
 * Edits a city (never its slug): ONE conditional UPDATE (the slug, and some field differs, so a
 * repeat writes and records nothing) and its `city.update` audit row, placed before it in the
 * same batch with the same condition, reading `before` from the row itself. The city is read
 * after the update, in the batch. One round trip.
 */
export async function updateCity(
  d: Db,
  actorId: string,
  slug: string,
  patch: CityPatchInput,
  now: Date,
): Promise<CityEditResult> {
  const keys = (Object.keys(CITY_COLUMNS) as (keyof typeof CITY_COLUMNS)[]).filter((k) => patch[k] !== undefined);
  const after: AuditFields = {};
  for (const k of keys) after[k] = patch[k] as string | number | null;
  const where = and(
    eq(cities.slug, slug),
    sql`(${sql.join(
      keys.map((k) => sql`${CITY_COLUMNS[k]} IS NOT ${patch[k]}`),
      sql` OR `,
    )})`,
  );
  const before = sql`json_object(${sql.join(
    keys.map((k) => sql`${k}, ${CITY_COLUMNS[k]}`),
    sql`, `,
  )})`;
  const [, updated, read] = await d.batch([
    auditRowBefore(d, {
      actorId,
      action: 'city.update',
      target: cityTarget(slug),
      before,
      after,
      from: sql`${cities}`,
      where,
    }),
    d
      .update(cities)
      .set({
        ...(({ gst_state_code, ...rest }) => ({
          ...rest,
          ...(gst_state_code !== undefined ? { gstStateCode: gst_state_code } : {}),
        }))(patch),
        updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      })
      .where(where)
      .returning({ slug: cities.slug }),
    d.select(adminColumns(now.toISOString())).from(cities).where(eq(cities.slug, slug)),
  ]);
  const city = read[0];
  if (!city) return { kind: 'not_found' };
  return { kind: 'done', city: toAdminCity(city), changed: updated.length > 0 };
}

/** Whether "Notify Me" may record interest in `slug`: exactly the cities coming soon. One read. */
export async function isComingSoon(d: Db, slug: string): Promise<boolean> {
  const [row] = await d.select({ status: cities.status }).from(cities).where(eq(cities.slug, slug));
  return row?.status === 'coming_soon';
}
