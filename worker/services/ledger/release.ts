/**
 * "Can't make it" (issue 20, docs/decisions/027): the ledger's `release`. The booking becomes
 * `released` and its order stops owning its seats (`released_at`) in one batch, only while the
 * booking is confirmed, owns its seats, its dinner is on sale and the free-reschedule window is over
 * (inside it a free reschedule is the answer, unless the booking has no free move left). Credit follows only if the seats are taken again
 * (ledger/credit.ts grantResoldReleases).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventBookings, paymentOrders } from '../../../db/schema';
import { movableIfStartsAfter } from '@domain/booking-policy';
import { MAX_MOVES_PER_BOOKING } from '@domain/ledger-rules';
import { fromStatuses, requiredGuards } from './guards';

/** Releases the guest's booking; whether it moved (the caller reads why not). */
export async function releaseBooking(d: Db, userId: string, bookingId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const scope = { order: 'payment_orders', eventId: sql`${paymentOrders.eventId}`, nowIso };
  const [order] = await d.batch([
    d
      .update(paymentOrders)
      .set({ releasedAt: nowIso, updatedAt: nowIso })
      .where(
        and(
          sql`${paymentOrders.id} = (SELECT rb.order_id FROM event_bookings AS rb WHERE rb.id = ${bookingId}
            AND rb.user_id = ${userId} AND rb.status IN (${fromStatuses('release')}) AND rb.event_id = ${paymentOrders.eventId})`,
          sql`${paymentOrders.releasedAt} IS NULL`,
          requiredGuards('release', scope),
          // Outside the free-reschedule window (the dinner starts no later than the window's end),
          // or with no free move left (domain/credit.ts releaseState).
          sql`((SELECT re.starts_at FROM events AS re WHERE re.id = ${paymentOrders.eventId}) <= ${movableIfStartsAfter(now)}
            OR (SELECT rm.move_count FROM event_bookings AS rm WHERE rm.id = ${bookingId}) >= ${MAX_MOVES_PER_BOOKING})`,
        ),
      )
      .returning({ id: paymentOrders.id }),
    d
      .update(eventBookings)
      .set({ status: 'released', releasedAt: nowIso })
      .where(
        and(
          eq(eventBookings.id, bookingId),
          eq(eventBookings.status, 'confirmed'),
          sql`EXISTS (SELECT 1 FROM payment_orders AS ro WHERE ro.id = ${eventBookings.orderId} AND ro.released_at = ${nowIso})`,
        ),
      ),
  ]);
  return order.length === 1;
}
