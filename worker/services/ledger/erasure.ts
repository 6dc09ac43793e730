/**
 * The ledger's part of deleting an account (issue 22, worker/services/data-rights.ts): the only
 * writes an erasure makes to orders, bookings, credit and the waitlist, as statements for the
 * erasure's one D1 batch.
 * - Each booking at a dinner not yet started gives its seats up (`erase_release`, the release
 *   path of "can't make it": the order's `released_at` and the booking `released`, so the seat
 *   predicate stops counting them at once). No refund (SPEC §9) and no credit: a released
 *   booking of an erased account never earns release credit ({@link ownerNotErasedSql}).
 * - Holds and waitlist offers not paid end now (a capture under way keeps its hold: the pipeline
 *   books or refunds it); the guest's places in line go.
 * - Kept orders, bookings and credit lose every column the registry names (worker/domain/
 *   personal-data.ts): what remains is what an invoice and a payment record need.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { PERSONAL_DATA } from '@domain/personal-data';
import { fromStatuses, requiredGuards } from './guards';
import { prepared } from './statements';

/**
 * Whether the guest of the row whose user id is `userIdColumn` still has an account: release
 * credit goes only to one (ledger/credit.ts), as nobody can sign in to an erased one to spend it.
 */
export const ownerNotErasedSql = (userIdColumn: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM users AS eu WHERE eu.id = ${sql.raw(userIdColumn)} AND eu.erased_at IS NOT NULL)`;

/** `a = NULL, b = NULL` for the registry's columns of `table`. */
const cleared = (columns: readonly string[]) => sql.raw(columns.map((c) => `${c} = NULL`).join(', '));

/**
 * The erasure's ledger statements, in the order they must run (before the account row is
 * stripped, so each still finds the guest by `user_id`), each written only while `guard` holds
 * (an inactive account's: nobody visited since the cron chose it). The caller reads which dinners lose
 * seats ({@link dinnersFreedByErasureSql}) before the batch, to offer them to the waitlist after.
 */
export function erasureLedgerStatements(d: Db, userId: string, now: Date, guard: SQL = sql`1`): D1PreparedStatement[] {
  const client = d.$client;
  const nowIso = now.toISOString();
  const scope = { order: 'payment_orders', eventId: sql`payment_orders.event_id`, nowIso };
  return [
    // The seats of every booking at a dinner not yet started go back on sale.
    prepared(
      client,
      sql`UPDATE payment_orders SET released_at = ${nowIso}, updated_at = ${nowIso}
        WHERE user_id = ${userId} AND released_at IS NULL
          AND id IN (SELECT eb.order_id FROM event_bookings AS eb WHERE eb.user_id = ${userId}
            AND eb.status IN (${fromStatuses('erase_release')}))
          AND ${requiredGuards('erase_release', scope)}
          AND (SELECT es.starts_at FROM events AS es WHERE es.id = payment_orders.event_id) > ${nowIso} AND ${guard}`,
    ),
    prepared(
      client,
      sql`UPDATE event_bookings SET status = 'released', released_at = ${nowIso}
        WHERE user_id = ${userId} AND status = 'confirmed'
          AND EXISTS (SELECT 1 FROM payment_orders AS ro WHERE ro.id = event_bookings.order_id AND ro.released_at = ${nowIso})
          AND ${guard}`,
    ),
    // Unpaid holds and offers end now, as leaving the waitlist ends an offer (ledger/waitlist.ts).
    prepared(
      client,
      sql`UPDATE payment_orders SET hold_expires_at = ${nowIso}, updated_at = ${nowIso}
        WHERE user_id = ${userId} AND status = 'created' AND capture_pending_at IS NULL AND hold_expires_at > ${nowIso}
          AND ${guard}`,
    ),
    prepared(client, sql`DELETE FROM waitlist_entries WHERE user_id = ${userId} AND ${guard}`),
    prepared(
      client,
      sql`UPDATE payment_orders SET ${cleared(PERSONAL_DATA.payment_orders.erase.columns)} WHERE user_id = ${userId} AND ${guard}`,
    ),
    prepared(
      client,
      sql`UPDATE event_bookings SET ${cleared(PERSONAL_DATA.event_bookings.erase.columns)} WHERE user_id = ${userId} AND ${guard}`,
    ),
    prepared(
      client,
      sql`UPDATE credit_entries SET ${cleared(PERSONAL_DATA.credit_entries.erase.columns)} WHERE user_id = ${userId} AND ${guard}`,
    ),
  ];
}

/**
 * The dinners whose seats an erasure frees (a booking not yet started, a live hold or offer), for
 * the read before the batch: after it, each gets a `seats-freed` sweep so the waitlist takes them.
 */
export const dinnersFreedByErasureSql = (userId: string, nowIso: string): SQL =>
  sql`SELECT DISTINCT o.event_id FROM payment_orders AS o JOIN events AS e ON e.id = o.event_id
    WHERE o.user_id = ${userId} AND e.starts_at > ${nowIso}
      AND ((o.status = 'confirmed' AND o.released_at IS NULL) OR (o.status = 'created' AND o.hold_expires_at > ${nowIso}))`;
