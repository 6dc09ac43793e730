/** A booked guest in one batch, for tests of the night (check-in, no-shows). */
import { env } from 'cloudflare:test';
import { db } from '../../../db/client';
import { eventBookings, paymentOrders, userProfiles, users } from '../../../db/schema';
import type { BookingStatus } from '../../../worker/domain/statuses';
import { newTicketCode } from '../../../worker/domain/ticket';
import type { EventRow } from './event-row';

const d = () => db(env.DB);

let seq = 0;
/** A guest with a booking on `event` in `status`, as the booking pipeline leaves it (ticket code included). */
export async function booked(event: EventRow, opts: { name?: string; status?: BookingStatus; seats?: 1 | 2 } = {}) {
  seq += 1;
  const tag = `${event.id}-h${seq}`;
  const userId = crypto.randomUUID();
  const seats = opts.seats ?? 1;
  const ticketType = seats === 2 ? 'couple' : 'male';
  const ticketCode = newTicketCode();
  await d().batch([
    d()
      .insert(users)
      .values({ id: userId, phone: `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` }),
    d()
      .insert(userProfiles)
      .values({ id: crypto.randomUUID(), userId, fullName: opts.name ?? `Guest ${seq}` }),
    d()
      .insert(paymentOrders)
      .values({
        id: `o-${tag}`,
        receipt: `r-${tag}`,
        userId,
        eventId: event.id,
        ticketType,
        seats,
        amount: 499,
        status: 'confirmed',
        holdExpiresAt: new Date().toISOString(),
      }),
    d()
      .insert(eventBookings)
      .values({
        id: `b-${tag}`,
        userId,
        orderId: `o-${tag}`,
        eventId: event.id,
        eventName: event.title,
        eventLocation: event.location,
        eventDate: event.date,
        ticketType,
        seats,
        amount: 499,
        paymentId: `pay-${tag}`,
        status: opts.status ?? 'confirmed',
        ticketCode,
      }),
  ]);
  return { bookingId: `b-${tag}`, ticketCode, userId };
}
