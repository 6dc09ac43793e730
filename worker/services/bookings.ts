/** A guest's bookings as they read them (SPEC §3 event_bookings, §7 "Bookings"). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events } from '../../db/schema';
import { bookingState } from '@domain/booking-state';

/** A booking on the wire: the one shape of /api/bookings and /api/orders/:id. */
export const bookingColumns = {
  id: eventBookings.id,
  event_id: eventBookings.eventId,
  event_name: eventBookings.eventName,
  event_location: eventBookings.eventLocation,
  event_date: eventBookings.eventDate,
  ticket_type: eventBookings.ticketType,
  seats: eventBookings.seats,
  amount: eventBookings.amount,
  payment_id: eventBookings.paymentId,
  status: eventBookings.status,
  booking_date: eventBookings.bookingDate,
  /** A couple's or female duo's second guest, by first name (null on a single ticket): the guest's own data. */
  party_name: eventBookings.partyName,
};

/**
 * The guest's own bookings, newest booking_date first, each with its dinner's start (`starts_at`,
 * for the time /profile shows; null if the dinner row is gone) and its state in words and colour
 * (`state`, domain/booking-state.ts: a booking of a dinner we cancelled is not 'Confirmed'), in the
 * same one query.
 */
export async function listOwnBookings(d: Db, userId: string) {
  const rows = await d
    .select({
      ...bookingColumns,
      starts_at: events.startsAt,
      ends_at: events.endsAt,
      cancelled_at: events.cancelledAt,
      cancellation_choice: eventBookings.cancellationChoice,
    })
    .from(eventBookings)
    .leftJoin(events, eq(events.id, eventBookings.eventId))
    .where(eq(eventBookings.userId, userId))
    .orderBy(desc(eventBookings.bookingDate), desc(eventBookings.id));
  return rows.map(({ cancelled_at, cancellation_choice, ...b }) => ({
    ...b,
    state: bookingState({ status: b.status, cancelled_at, cancellation_choice, amount: b.amount }),
  }));
}
