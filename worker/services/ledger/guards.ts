/**
 * One SQL guard per condition of the ledger (worker/domain/ledger.ts `LEDGER_CONDITIONS`), over
 * the `payment_orders` row in scope (by alias) and the dinner it is at or moves to. A transition's
 * conditional statement ANDs the guards its `requires` names ({@link requiredGuards}), so every
 * path that takes a seat or keeps a rupee asks the same questions in the same words.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { LedgerCondition, LedgerTransition } from '@domain/ledger';
import { LEDGER_TRANSITIONS } from '@domain/ledger';
import { couponFitsTicketSql, couponUsableSql } from '../coupons';
import { isBookable } from '../events';
import { ownsSeatsSql, seatsTakenSql } from './seats';

/**
 * What a guard reads: the order's alias, the dinner (a SQL expression for its id: the order's own
 * `event_id`, or a move's target), the clock, and for `price_covered` the least the order must
 * have paid there ({@link priceTermsSql} must still read `terms`, so an edit in between refuses).
 */
export type GuardScope = {
  order: string;
  eventId: SQL;
  nowIso: string;
  price?: { floor: number; terms: string | null };
};

/**
 * The dinner's prices and the order's coupon terms as one comparable value: read beside the order,
 * compared again inside the write, so the price judged in code is the price at the moment of writing.
 */
export function priceTermsSql(orderAlias: string, eventId: SQL): SQL<string | null> {
  const o = sql.raw(orderAlias);
  return sql<string | null>`(SELECT json_array(pe.ticket_price_single, pe.ticket_price_couple, pe.ticket_price_group,
      pc.kind, pc.value, pc.event_id, pc.ticket_types)
    FROM events AS pe LEFT JOIN coupons AS pc ON pc.code = ${o}.coupon_code WHERE pe.id = ${eventId})`;
}

const GUARDS: Record<LedgerCondition, (s: GuardScope) => SQL> = {
  owns_seats: (s) => ownsSeatsSql(s.order, s.nowIso),
  seat_free: (s) =>
    sql`(${seatsTakenSql(s.eventId, s.nowIso)} + ${sql.raw(s.order)}.seats <= (SELECT cap.capacity FROM events AS cap WHERE cap.id = ${s.eventId}))`,
  // The same rule the event pages and the hold sell by (events.ts isBookable).
  dinner_open: (s) => sql`EXISTS (SELECT 1 FROM events WHERE events.id = ${s.eventId} AND ${isBookable(s.nowIso)})`,
  dinner_not_cancelled: (s) =>
    sql`NOT EXISTS (SELECT 1 FROM events AS ev WHERE ev.id = ${s.eventId} AND ev.cancelled_at IS NOT NULL)`,
  coupon_countable: (s) => {
    const o = sql.raw(s.order);
    return sql`(${o}.coupon_code IS NULL OR EXISTS (SELECT 1 FROM coupons AS cc WHERE cc.code = ${o}.coupon_code
      AND ${couponUsableSql('cc', s.eventId, s.nowIso)} AND ${couponFitsTicketSql('cc', sql`${o}.ticket_type`)}))`;
  },
  price_covered: (s) => {
    if (!s.price) throw new Error('price_covered needs the floor read with the order');
    return sql`((${sql.raw(s.order)}.amount + ${sql.raw(s.order)}.credit_amount) >= ${s.price.floor} AND ${priceTermsSql(s.order, s.eventId)} IS ${s.price.terms})`;
  },
  not_refund_claimed: (s) => sql`${sql.raw(s.order)}.refund_claimed_at IS NULL`,
  no_credit_spent: (s) => sql`${sql.raw(s.order)}.credit_amount = 0`,
  account_live: (s) =>
    sql`NOT EXISTS (SELECT 1 FROM users AS au WHERE au.id = ${sql.raw(s.order)}.user_id
      AND (au.erased_at IS NOT NULL OR au.suspended_at IS NOT NULL))`,
};

/** One condition's guard. */
export const guard = (condition: LedgerCondition, scope: GuardScope): SQL => GUARDS[condition](scope);

/** Every guard the transition requires, ANDed (`1` when it requires none). */
export function requiredGuards(transition: LedgerTransition, scope: GuardScope): SQL {
  const required = LEDGER_TRANSITIONS[transition].requires;
  if (required.length === 0) return sql`1`;
  return sql`(${sql.join(
    required.map((c) => GUARDS[c](scope)),
    sql` AND `,
  )})`;
}

/** `'a', 'b'` for the `status IN (…)` of a transition's `from` statuses (an order's or a booking's). */
export const fromStatuses = (transition: LedgerTransition): SQL =>
  sql.join(
    LEDGER_TRANSITIONS[transition].from.map((s) => sql`${s}`),
    sql`, `,
  );
