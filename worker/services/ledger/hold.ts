/**
 * The hold: the one INSERT that takes seats for an unpaid order (docs/decisions/004, 015). "Are
 * seats left, is the coupon under its cap, has this guest no other live hold here?" and "take them"
 * are ONE statement, so no interleaving of requests can sell more than the capacity, redeem a coupon
 * past its cap, or give one guest two holds on one dinner.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { CouponKind, TicketType } from '@domain/pricing';
import { MAX_LIVE_HOLDS_PER_GUEST } from '@domain/ledger-rules';
import type { OrderStatus } from '@domain/statuses';
import { couponFitsTicketSql, couponUsableSql } from '../coupons';
import { type Limit, recordAfterStatement, roomSql } from '../rate-limit';
import { creditBalanceSql, spendForOrderSql } from './credit';
import { guard } from './guards';
import { seatsTakenSql } from './seats';
import { prepared, preparedQuery } from './statements';

export const HOLD_MINUTES = 15;

/** The coupon an order redeems, as it was priced. */
export type PricedCoupon = { code: string; kind: CouponKind; value: number };

/** A couple's or female duo's second guest (worker/domain/order.ts), null on a single ticket. */
export type Party = { partyName: string | null; partyPhone: string | null };

/** The guest's live unpaid holds on the dinner `eventId` (a SQL expression) at `nowIso`. */
const liveHoldsSql = (userId: string, eventId: SQL | string, nowIso: string) =>
  sql<number>`(SELECT COUNT(*) FROM payment_orders AS mine
    WHERE mine.user_id = ${userId} AND mine.event_id = ${eventId} AND mine.status = 'created' AND mine.hold_expires_at > ${nowIso})`;

/**
 * The guest's own live hold on the dinner, newest first, as JSON (our id, Razorpay's, amount, hold
 * end, ticket, coupon, party, whether a payment is under way), or NULL. A guest who presses Book
 * Now again gets it back when it is the same purchase, and is told it exists when it is not.
 */
export const liveHoldSql = (userId: string, eventId: SQL, nowIso: string) =>
  sql<
    string | null
  >`(SELECT json_object('id', mine.id, 'razorpay_order_id', mine.razorpay_order_id, 'amount', mine.amount,
      'hold_expires_at', mine.hold_expires_at, 'ticket_type', mine.ticket_type, 'coupon_code', mine.coupon_code,
      'party_name', mine.party_name, 'party_phone', mine.party_phone, 'paying', mine.capture_pending_at IS NOT NULL,
      'credit_amount', mine.credit_amount,
      'offer', EXISTS (SELECT 1 FROM waitlist_entries AS lw WHERE lw.order_id = mine.id))
    FROM payment_orders AS mine
    WHERE mine.user_id = ${userId} AND mine.event_id = ${eventId} AND mine.status = 'created' AND mine.hold_expires_at > ${nowIso}
    ORDER BY mine.created_at DESC LIMIT 1)`;

/** A guest's live hold as {@link liveHoldSql} reads it. */
export type LiveHold = {
  id: string;
  /** Null for a waitlist offer not accepted yet (ledger/waitlist.ts). */
  razorpay_order_id: string | null;
  amount: number;
  hold_expires_at: string;
  ticket_type: TicketType;
  coupon_code: string | null;
  party_name: string | null;
  party_phone: string | null;
  paying: number;
  credit_amount: number;
  /** 1 when the hold is a waitlist offer (ledger/waitlist.ts), else 0. */
  offer: number;
};

/**
 * Inside the hold's INSERT … SELECT … FROM events AS e: the coupon is still usable on `e` (active,
 * not expired, this dinner, under its cap, for this ticket) and still has the terms the order was
 * priced with, so an operator's edit between the read and the hold cannot change the charge.
 */
export const couponStillHoldsSql = (coupon: PricedCoupon, ticketType: TicketType, eventId: SQL, nowIso: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM coupons AS c WHERE c.code = ${coupon.code} AND c.kind = ${coupon.kind}
    AND c.value = ${coupon.value} AND ${couponUsableSql('c', eventId, nowIso)} AND ${couponFitsTicketSql('c', ticketType)})`;

/**
 * Holds `seats` on the event in one conditional INSERT, for {@link HOLD_MINUTES} (or `holdMs`),
 * for the Razorpay order already created (none for a waitlist offer, until it is accepted, nor for an
 * order credit pays in full). With a coupon, the same INSERT redeems it only under its cap; with
 * `credit`, only while the guest's balance covers it, and the spend is written in the same batch;
 * with an `address` limit, only while the address has room, and the hold is counted against it in
 * the same batch (one round trip), so only holds that happened use the allowance. `also` (a
 * condition) and `then` (statements, run in the batch only if they check the order exists) let an
 * offer tie its waitlist entry to the hold.
 * @returns whether the seats were held; when not, the caller reads why (the guest's own hold, the
 * coupon, the address, the seats or the dinner).
 */
export async function holdSeats(
  d: Db,
  o: {
    id: string;
    razorpayOrderId: string | null;
    userId: string;
    eventId: string;
    ticketType: TicketType;
    seats: number;
    amount: number;
    credit?: number;
    coupon: PricedCoupon | null;
    party: Party;
    address: { key: string; limits: readonly Limit[] } | null;
    now: Date;
    holdMs?: number;
    also?: SQL;
    then?: SQL[];
  },
): Promise<boolean> {
  const nowIso = o.now.toISOString();
  const credit = o.credit ?? 0;
  const expires = new Date(o.now.getTime() + (o.holdMs ?? HOLD_MINUTES * 60_000)).toISOString();
  const hold = sql`INSERT INTO payment_orders (id, razorpay_order_id, receipt, user_id, event_id, ticket_type, seats, amount, credit_amount, currency, status, hold_expires_at, coupon_code, party_name, party_phone, created_at, updated_at)
    SELECT ${o.id}, ${o.razorpayOrderId}, ${o.id}, ${o.userId}, e.id, ${o.ticketType}, ${o.seats}, ${o.amount}, ${credit}, 'INR', 'created', ${expires}, ${o.coupon?.code ?? null}, ${o.party.partyName}, ${o.party.partyPhone}, ${nowIso}, ${nowIso}
    FROM events AS e
    WHERE e.id = ${o.eventId} AND ${guard('dinner_open', { order: 'payment_orders', eventId: sql`e.id`, nowIso })}
      AND ${seatsTakenSql(sql`e.id`, nowIso)} + ${o.seats} <= e.capacity
      AND ${liveHoldsSql(o.userId, sql`e.id`, nowIso)} < ${MAX_LIVE_HOLDS_PER_GUEST}
      AND ${o.coupon ? couponStillHoldsSql(o.coupon, o.ticketType, sql`e.id`, nowIso) : sql`1`}
      AND ${credit > 0 ? sql`${creditBalanceSql(o.userId, nowIso)} >= ${credit}` : sql`1`}
      AND ${o.also ?? sql`1`}
      AND ${o.address ? roomSql(o.address.key, o.address.limits, o.now.getTime()) : sql`1`}`;
  const client = d.$client;
  const statements = [
    prepared(client, hold),
    // Right after the hold: it counts the address only if the hold's INSERT changed a row.
    ...(o.address ? [preparedQuery(client, recordAfterStatement(d, o.address.key, o.now.getTime()).toSQL())] : []),
    ...(credit > 0 ? [prepared(client, spendForOrderSql(o.id, nowIso))] : []),
    ...(o.then ?? []).map((s) => prepared(client, s)),
  ];
  if (statements.length === 1) return ((await d.run(hold)).meta.changes ?? 0) === 1;
  const [held] = await client.batch(statements);
  return (held.meta.changes ?? 0) === 1;
}

/** What {@link endOwnHold} found: the hold ended now, or the order as it stands (null: not this guest's). */
export type EndedHold =
  | { ended: true; eventId: string }
  | {
      ended: false;
      order: { status: OrderStatus; capturePending: boolean; live: boolean; offer: boolean } | null;
    };

/**
 * 'Let the seat go' (issue 24): the guest ends their own live unpaid hold now, so its seats are on
 * sale again at once (the seat predicate stops counting a hold the moment it lapses; a credit it
 * spent counts again by itself, ledger/credit.ts). ONE conditional UPDATE: this guest's order
 * (`orderId` is ours or Razorpay's), still `created`, its hold live, no captured payment reported,
 * a Razorpay order attached (a waitlist offer not accepted yet is declined from its own page).
 * Nothing else changes: a payment that lands later is a late payment, booked on a new order's terms
 * or refunded (`pay_late`). In the same batch, the order is read back, so a refusal is explained
 * without another round trip.
 */
export async function endOwnHold(d: Db, userId: string, orderId: string, now: Date): Promise<EndedHold> {
  const nowIso = now.toISOString();
  const own = sql`user_id = ${userId} AND (id = ${orderId} OR razorpay_order_id = ${orderId})`;
  const client = d.$client;
  const [ended, read] = await client.batch<{
    event_id?: string;
    status?: string;
    capture_pending?: number;
    live?: number;
    offer?: number;
  }>([
    prepared(
      client,
      sql`UPDATE payment_orders SET hold_expires_at = ${nowIso}, updated_at = ${nowIso}
        WHERE ${own} AND status = 'created' AND hold_expires_at > ${nowIso} AND capture_pending_at IS NULL
          AND razorpay_order_id IS NOT NULL
        RETURNING event_id`,
    ),
    prepared(
      client,
      sql`SELECT status, capture_pending_at IS NOT NULL AS capture_pending, hold_expires_at > ${nowIso} AS live,
          razorpay_order_id IS NULL AS offer
        FROM payment_orders WHERE ${own} LIMIT 1`,
    ),
  ]);
  const endedRow = ended.results[0];
  if (endedRow?.event_id) return { ended: true, eventId: endedRow.event_id };
  const row = read.results[0];
  return {
    ended: false,
    order: row
      ? {
          // The column holds only these (its CHECK, payment_orders_status_chk).
          status: String(row.status) as OrderStatus,
          capturePending: Boolean(Number(row.capture_pending)),
          live: Boolean(Number(row.live)),
          offer: Boolean(Number(row.offer)),
        }
      : null,
  };
}
