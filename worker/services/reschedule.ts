/**
 * The free reschedule (SPEC §4, §9: "Free reschedule up to 48 hours before", in My Booking): a
 * confirmed booking moves, with its payment order, to another bookable dinner in its city that
 * has room for all its seats. Seats are counted from `payment_orders` by `event_id` (seats.ts), so
 * moving the order frees the old seats and takes the new ones in one statement.
 *
 * One D1 batch (atomic, docs/decisions/004): the conditional UPDATE of the order carries every
 * rule (the guest's own confirmed booking, more than 48 hours before its dinner, which is not
 * cancelled; a target that is bookable, in the same city and has room *at that moment*); the
 * booking follows only if its order moved; the booking's reminders are cleared so they follow the
 * new date; then the page is read back. Two guests racing for a dinner's last seat: D1 runs the
 * batches one after the other, the second's UPDATE finds no room and changes nothing (409).
 * A move that did not happen is explained from the rows the same batch read, never re-read.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events, paymentOrders, remindersSent } from '../../db/schema';
import { REMINDER_KINDS } from '../domain/booking-messages';
import { canReschedule, movableIfStartsAfter } from '../domain/booking-policy';
import { MY_BOOKING_COPY } from '../domain/copy-my-booking';
import type { Env } from '../env';
import { notifyConfirmed } from './booking-pipeline';
import { isBookable } from './events';
import { type MyBookingView, myBookingQueries, toMyBookingView } from './my-booking';
import { ownsSeatsSql, seatsTakenSql } from './seats';

export type RescheduleResult =
  | { kind: 'moved'; view: MyBookingView }
  | { kind: 'not_found' }
  | { kind: 'refused'; status: 400 | 409; code: string; message: string };

const refused = (status: 400 | 409, code: string, message: string): RescheduleResult => ({
  kind: 'refused',
  status,
  code,
  message,
});

/**
 * Moves the guest's booking `bookingId` to the dinner `targetId`, or says why not (nothing
 * changed then). On success the guest's new confirmation (email + WhatsApp, with the new .ics) is
 * put on the `bookings` queue, which retries it until delivered.
 */
export async function rescheduleBooking(
  env: Env,
  d: Db,
  input: { userId: string; bookingId: string; targetId: string },
  now = new Date(),
): Promise<RescheduleResult> {
  const { userId, bookingId, targetId } = input;
  const nowIso = now.toISOString();
  const mine = and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId));

  // The order of the guest's confirmed booking, while its dinner is not the target.
  const bookingOrder = sql`(SELECT ${eventBookings.orderId} FROM ${eventBookings}
    WHERE ${mine} AND ${eventBookings.status} = 'confirmed' AND ${eventBookings.eventId} = ${paymentOrders.eventId}
      AND ${eventBookings.eventId} <> ${targetId})`;
  // Its dinner: not cancelled, and more than 48 hours away (the domain's canReschedule, in SQL).
  const bookedStillMovable = sql`EXISTS (SELECT 1 FROM ${events} AS booked WHERE booked.id = ${paymentOrders.eventId}
    AND booked.cancelled_at IS NULL AND booked.starts_at > ${movableIfStartsAfter(now)})`;
  // The target: bookable, in the same city, with room for every seat of this order right now.
  const targetHasRoom = sql`EXISTS (SELECT 1 FROM ${events} JOIN ${events} AS booked ON booked.id = ${paymentOrders.eventId}
    WHERE ${events.id} = ${targetId} AND ${events.city} = booked.city AND ${isBookable(nowIso)}
      AND ${seatsTakenSql(targetId, nowIso)} + ${paymentOrders.seats} <= ${events.capacity})`;

  const [movedOrder, movedBooking, , [target], bookingRows, optionRows] = await d.batch([
    d
      .update(paymentOrders)
      .set({ eventId: targetId, updatedAt: nowIso })
      .where(
        and(
          eq(paymentOrders.id, bookingOrder),
          // Only an order that owns its seats (seats.ts, the one predicate) carries them over.
          ownsSeatsSql('payment_orders', nowIso),
          bookedStillMovable,
          targetHasRoom,
        ),
      )
      .returning({ id: paymentOrders.id }),
    // The booking follows its order, never alone; its confirmation is owed again (claimed afresh).
    d
      .update(eventBookings)
      .set({
        eventId: targetId,
        eventName: sql`(SELECT ${events.title} FROM ${events} WHERE ${events.id} = ${targetId})`,
        eventLocation: sql`(SELECT ${events.location} FROM ${events} WHERE ${events.id} = ${targetId})`,
        eventDate: sql`(SELECT ${events.date} FROM ${events} WHERE ${events.id} = ${targetId})`,
        // SET reads the row as it was: the dinner it is leaving.
        rescheduledFrom: sql`${eventBookings.eventId}`,
        rescheduledAt: nowIso,
        confirmationEmailSentAt: null,
        confirmationWhatsappSentAt: null,
      })
      .where(
        and(
          mine,
          ne(eventBookings.eventId, targetId),
          sql`EXISTS (SELECT 1 FROM ${paymentOrders} WHERE ${paymentOrders.id} = ${eventBookings.orderId} AND ${paymentOrders.eventId} = ${targetId})`,
        ),
      )
      .returning({ id: eventBookings.id }),
    // Reminders follow the new date: the cron claims (booking, kind) afresh for it. Only the
    // reminders' rows: other notices claimed in this table (decision 021) stay claimed.
    d.delete(remindersSent).where(
      and(
        eq(remindersSent.bookingId, bookingId),
        inArray(remindersSent.kind, [...REMINDER_KINDS]),
        sql`EXISTS (SELECT 1 FROM ${eventBookings} WHERE ${mine} AND ${eventBookings.eventId} = ${targetId}
            AND ${eventBookings.rescheduledAt} = ${nowIso})`,
      ),
    ),
    d
      .select({
        id: events.id,
        city: events.city,
        startsAt: events.startsAt,
        bookable: sql<number>`CASE WHEN ${isBookable(nowIso)} THEN 1 ELSE 0 END`,
        capacity: events.capacity,
        taken: seatsTakenSql(targetId, nowIso),
      })
      .from(events)
      .where(eq(events.id, targetId)),
    ...myBookingQueries(d, userId, bookingId, now),
  ]);

  const view = toMyBookingView([bookingRows, optionRows], now);
  if (!view) return { kind: 'not_found' };
  if (movedOrder.length === 1 && movedBooking.length === 1) {
    await sendNewConfirmation(env, d, bookingId);
    return { kind: 'moved', view };
  }

  // Nothing changed: say why, from what the batch read.
  const M = MY_BOOKING_COPY;
  const { booking, event } = view;
  if (targetId === event.id) return refused(400, 'same_dinner', M.sameDinner);
  if (!target || !Number(target.bookable) || target.city !== event.city)
    return refused(400, 'target_unavailable', M.targetUnavailable);
  if (booking.status !== 'confirmed') return refused(409, 'not_confirmed', M.rescheduleNotConfirmed);
  if (event.cancelled_at) return refused(409, 'dinner_cancelled', M.rescheduleCancelled);
  if (!canReschedule(event.starts_at, now)) return refused(409, 'reschedule_closed', M.rescheduleClosed);
  // Full, or filled by another guest between reading and writing: the same answer either way.
  return refused(409, 'target_full', M.targetFull);
}

/**
 * The moved booking's new confirmation, through the queue so it is retried until delivered
 * (booking-pipeline.ts `send-confirmation`). If even the queue refuses, it is tried at once: the
 * move itself is done and stays done.
 */
async function sendNewConfirmation(env: Env, d: Db, bookingId: string) {
  try {
    await env.BOOKINGS.send({ kind: 'send-confirmation', bookingId });
  } catch (err) {
    console.error('reschedule: could not queue the new confirmation; sending it now', bookingId, err);
    try {
      if (await notifyConfirmed(env, d, bookingId))
        console.error(JSON.stringify({ level: 'error', alert: 'reschedule_confirmation_owed', booking: bookingId }));
    } catch (sendErr) {
      console.error(
        JSON.stringify({
          level: 'error',
          alert: 'reschedule_confirmation_owed',
          booking: bookingId,
          error: String(sendErr),
        }),
      );
    }
  }
}
