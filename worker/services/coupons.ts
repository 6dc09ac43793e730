/**
 * Coupons: the console's list, create and edit (DESIGN.md "Operating the product"), the guest's
 * coupon check, and the SQL that judges whether a coupon may still be used, which the order's
 * seat hold runs inside its one conditional INSERT (worker/services/orders.ts).
 *
 * A redemption is not a counter but an order: an order redeems its coupon while it keeps what it
 * paid with (ledger/seats.ts `orderKeptSql`, the rule credit spent by an order follows too): while
 * it holds or owns seats, so a hold that expires or fails gives it back by itself, with no write to
 * forget (docs/decisions/015); once paid, released or not, until its booking is refunded. A guest
 * who released ("can't make it") paid the discounted price and is credited that, so the coupon
 * was used (DESIGN.md: a redemption is released when the hold ends unpaid).
 */
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, events } from '../../db/schema';
import { type CouponPatchInput, couponPrices, type NewCouponInput, parseTicketTypes } from '@domain/coupon';
import type { TicketType } from '@domain/pricing';
import { type AuditFields, auditRow, auditRowBefore } from './audit';
import { orderKeptSql } from './ledger/seats';

/** The audit target of a coupon. */
export const couponTarget = (code: string) => `coupon:${code}`;

/**
 * Scalar subquery: how many orders redeem the coupon named by `code` (a SQL expression) at
 * `nowIso`: those that keep what they paid with (the ledger's coupon-within-cap,
 * worker/domain/ledger-invariants.ts).
 */
export function redemptionsSql(code: SQL, nowIso: string): SQL<number> {
  return sql<number>`(SELECT COUNT(*) FROM payment_orders AS redeemed
    WHERE redeemed.coupon_code = ${code} AND ${orderKeptSql('redeemed', nowIso)})`;
}

/**
 * Whether the `coupons` row aliased `alias` may be used on the event `eventId` (a SQL expression)
 * at `nowIso`: active, not expired, for this dinner or every dinner, and under its cap. The order's
 * read, its seat hold and the guest's coupon check all use this one predicate.
 */
export function couponUsableSql(alias: string, eventId: SQL, nowIso: string): SQL<boolean> {
  const c = sql.raw(alias);
  return sql<boolean>`(${c}.active = 1
    AND (${c}.expires_at IS NULL OR ${c}.expires_at > ${nowIso})
    AND (${c}.event_id IS NULL OR ${c}.event_id = ${eventId})
    AND (${c}.max_redemptions IS NULL OR ${redemptionsSql(sql`${c}.code`, nowIso)} < ${c}.max_redemptions))`;
}

/**
 * Whether the `coupons` row aliased `alias` applies to a `ticketType` ticket (no list: every
 * ticket); `ticketType` may be a SQL expression, e.g. the ticket column of the order in scope.
 */
export function couponFitsTicketSql(alias: string, ticketType: TicketType | SQL): SQL<boolean> {
  const c = sql.raw(alias);
  return sql<boolean>`(${c}.ticket_types IS NULL
    OR EXISTS (SELECT 1 FROM json_each(${c}.ticket_types) AS listed WHERE listed.value = ${ticketType}))`;
}

/**
 * The coupon `code` (already upper-cased) if it may be used on `eventId` now, with the event's
 * price for every ticket type with and without it; null when the event or a usable coupon is
 * missing, or it applies to none of the tickets. One query.
 */
export async function checkCoupon(d: Db, code: string, eventId: string, now = new Date()) {
  const [row] = await d
    .select({
      code: coupons.code,
      kind: coupons.kind,
      value: coupons.value,
      ticketTypes: coupons.ticketTypes,
      ticketPriceSingle: events.ticketPriceSingle,
      ticketPriceCouple: events.ticketPriceCouple,
      ticketPriceGroup: events.ticketPriceGroup,
    })
    .from(events)
    .innerJoin(
      coupons,
      sql`${coupons.code} = ${code} AND ${couponUsableSql('coupons', sql`${events.id}`, now.toISOString())}`,
    )
    .where(eq(events.id, eventId));
  if (!row) return null;
  const prices = couponPrices(row, {
    kind: row.kind,
    value: row.value,
    ticketTypes: parseTicketTypes(row.ticketTypes),
  });
  if (prices.every((p) => p.discounted_price === null)) return null;
  return { code: row.code, kind: row.kind, value: row.value, ticket_types: prices };
}

/** A coupon as the console reads it (wire keys), with its dinner and redemptions right now. */
function couponColumns(nowIso: string) {
  return {
    code: coupons.code,
    kind: coupons.kind,
    value: coupons.value,
    ticket_types: coupons.ticketTypes,
    event_id: coupons.eventId,
    event_title: events.title,
    event_date: events.date,
    max_redemptions: coupons.maxRedemptions,
    expires_at: coupons.expiresAt,
    active: coupons.active,
    redemptions: redemptionsSql(sql`${coupons.code}`, nowIso),
    created_at: coupons.createdAt,
    updated_at: coupons.updatedAt,
  };
}
const selectCoupons = (d: Db, nowIso: string) =>
  d.select(couponColumns(nowIso)).from(coupons).leftJoin(events, eq(events.id, coupons.eventId));

const toWire = (row: Awaited<ReturnType<typeof selectCoupons>>[number]) => ({
  ...row,
  ticket_types: parseTicketTypes(row.ticket_types),
  redemptions: Number(row.redemptions),
});
export type AdminCoupon = ReturnType<typeof toWire>;

/** Every coupon, newest first, with its redemptions now. One query. */
export async function listCoupons(d: Db, now: Date) {
  const rows = await selectCoupons(d, now.toISOString()).orderBy(desc(coupons.createdAt), coupons.code);
  return rows.map(toWire);
}

/** What the audit log records of a coupon (wire keys; the ticket types as a list in words). */
function auditFields(x: Partial<NewCouponInput>): AuditFields {
  const out: AuditFields = {};
  for (const [k, value] of Object.entries(x)) {
    out[k] = Array.isArray(value) ? value.join(', ') : (value as AuditFields[string]);
  }
  return out;
}

export type CreateResult = { kind: 'done'; coupon: AdminCoupon } | { kind: 'duplicate' } | { kind: 'unknown_event' };

/**
 * Creates a coupon and its `coupon.create` audit row in ONE batch: the insert names its dinner
 * only if that dinner exists (else nothing is written) and does nothing on a taken code; the audit
 * row follows only a row actually inserted; the same batch reads back the coupon and whether the
 * dinner exists, to tell a duplicate from an unknown dinner. One round trip.
 */
export async function createCoupon(d: Db, actorId: string, x: NewCouponInput, now: Date): Promise<CreateResult> {
  const nowIso = now.toISOString();
  const ticketTypes = x.ticket_types === null ? null : JSON.stringify(x.ticket_types);
  const [inserted, , current, [dinner]] = await d.batch([
    // Every column in the table's order (an INSERT … SELECT from SQL names them all).
    d
      .insert(coupons)
      .select(
        sql`SELECT ${x.code}, ${x.kind}, ${x.value}, ${ticketTypes}, ${x.event_id}, ${x.max_redemptions}, ${x.expires_at},
          ${x.active ? 1 : 0}, ${nowIso}, ${nowIso}
        WHERE ${x.event_id} IS NULL OR EXISTS (SELECT 1 FROM events WHERE id = ${x.event_id})`,
      )
      .onConflictDoNothing({ target: coupons.code })
      .returning({ code: coupons.code }),
    auditRow(d, {
      actorId,
      action: 'coupon.create',
      target: couponTarget(x.code),
      before: null,
      after: auditFields(x),
    }),
    selectCoupons(d, nowIso).where(eq(coupons.code, x.code)),
    d
      .select({ found: sql<number>`COUNT(*)` })
      .from(events)
      .where(eq(events.id, x.event_id ?? '')),
  ]);
  if (inserted.length === 1 && current[0]) return { kind: 'done', coupon: toWire(current[0]) };
  if (x.event_id !== null && Number(dinner?.found ?? 0) === 0) return { kind: 'unknown_event' };
  return { kind: 'duplicate' };
}

export type EditResult =
  | { kind: 'done'; coupon: AdminCoupon; changed: boolean }
  | { kind: 'not_found' }
  | { kind: 'unknown_event' }
  | { kind: 'percent_range' };

/** Wire key → column, of what an edit may change. */
const EDITABLE = {
  kind: coupons.kind,
  value: coupons.value,
  ticket_types: coupons.ticketTypes,
  event_id: coupons.eventId,
  max_redemptions: coupons.maxRedemptions,
  expires_at: coupons.expiresAt,
  active: coupons.active,
} as const;
const PROPERTY_OF: Record<keyof typeof EDITABLE, keyof typeof coupons.$inferInsert> = {
  kind: 'kind',
  value: 'value',
  ticket_types: 'ticketTypes',
  event_id: 'eventId',
  max_redemptions: 'maxRedemptions',
  expires_at: 'expiresAt',
  active: 'active',
};

/**
 * Edits a coupon: ONE conditional UPDATE whose condition also holds the rules that need the row
 * (a percent value stays within 100 whichever of kind and value is sent; a named dinner exists),
 * and its `coupon.update` audit row, placed before it with the same condition and reading `before`
 * from the row itself. The same batch reads the coupon back and whether the dinner exists, to
 * answer and to tell a refusal's reason. Nothing is read before the write. One round trip.
 */
export async function editCoupon(
  d: Db,
  actorId: string,
  code: string,
  patch: CouponPatchInput,
  now: Date,
): Promise<EditResult> {
  const nowIso = now.toISOString();
  const keys = Object.keys(patch) as (keyof typeof EDITABLE)[];
  const stored = (k: keyof typeof EDITABLE) => {
    const value = patch[k];
    if (k === 'ticket_types') return value === null ? null : JSON.stringify(value);
    if (k === 'active') return value ? 1 : 0;
    return value as string | number | null;
  };
  const differs = sql.join(
    keys.map((k) => sql`${EDITABLE[k]} IS NOT ${stored(k)}`),
    sql` OR `,
  );
  const kindAfter = patch.kind === undefined ? sql`${coupons.kind}` : sql`${patch.kind}`;
  const valueAfter = patch.value === undefined ? sql`${coupons.value}` : sql`${patch.value}`;
  const where = sql`${coupons.code} = ${code} AND (${differs})
    AND (${kindAfter} <> 'percent' OR ${valueAfter} <= 100)
    AND ${patch.event_id ? sql`EXISTS (SELECT 1 FROM events WHERE id = ${patch.event_id})` : sql`1`}`;
  const before = sql`json_object(${sql.join(
    keys.map((k) =>
      k === 'active'
        ? sql`${k}, json(CASE WHEN ${coupons.active} THEN 'true' ELSE 'false' END)`
        : k === 'ticket_types'
          ? sql`${k}, (SELECT group_concat(value, ', ') FROM json_each(${coupons.ticketTypes}))`
          : sql`${k}, ${EDITABLE[k]}`,
    ),
    sql`, `,
  )})`;
  const values: Partial<typeof coupons.$inferInsert> = { updatedAt: nowIso };
  for (const k of keys) {
    const value = patch[k];
    Object.assign(values, { [PROPERTY_OF[k]]: k === 'ticket_types' ? stored(k) : value });
  }
  const [, updated, current, [dinner]] = await d.batch([
    auditRowBefore(d, {
      actorId,
      action: 'coupon.update',
      target: couponTarget(code),
      before,
      after: auditFields(patch),
      from: sql`${coupons}`,
      where,
    }),
    d.update(coupons).set(values).where(where).returning({ code: coupons.code }),
    selectCoupons(d, nowIso).where(eq(coupons.code, code)),
    d
      .select({ found: sql<number>`COUNT(*)` })
      .from(events)
      .where(eq(events.id, patch.event_id ?? '')),
  ]);
  const coupon = current[0];
  if (!coupon) return { kind: 'not_found' };
  if (updated.length === 0) {
    if (patch.event_id && Number(dinner?.found ?? 0) === 0) return { kind: 'unknown_event' };
    const kind = patch.kind ?? coupon.kind;
    const value = patch.value ?? coupon.value;
    if (kind === 'percent' && value > 100) return { kind: 'percent_range' };
  }
  return { kind: 'done', coupon: toWire(coupon), changed: updated.length > 0 };
}
