/**
 * The booking confirmation (email with its calendar file, and WhatsApp): sent once per booking and
 * channel, retried through the `bookings` queue until delivered (docs/decisions/005, 012).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type Db, db } from '../../db/client';
import { eventBookings, events, paymentOrders } from '../../db/schema';
import { confirmationEmail, confirmationWhatsApp, myBookingUrl } from '../domain/booking-messages';
import { TICKET_LABELS } from '../domain/pricing';
import { ticketIcs, venueLine } from '../domain/ticket-ics';
import { isVenueRevealed } from '../domain/time';
import type { Env } from '../env';
import { base64Utf8, sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { guestContact } from './guests';

const nowIso = () => new Date().toISOString();

/**
 * Confirmation email and WhatsApp, each claimed with a conditional UPDATE on its sent-at column
 * so it goes out once per booking (Resend also gets the booking id as its idempotency key). A
 * provider failure releases the claim and never undoes the booking.
 * @returns whether a message is still owed (a send failed): the caller must have it retried.
 */
export async function notifyConfirmed(env: Env, d: Db, bookingId: string): Promise<boolean> {
  const [row] = await d
    .select({
      booking: eventBookings,
      startsAt: events.startsAt,
      cancelledAt: events.cancelledAt,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      ticketType: paymentOrders.ticketType,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, eventBookings.orderId))
    .where(eq(eventBookings.id, bookingId));
  // Booked after its dinner was cancelled (the order was already paid when the cancel landed): no
  // "You're All Set!"; the cron sends it the cancellation notice instead (guest-messages.ts).
  if (!row || row.cancelledAt) return false;
  const guest = await guestContact(d, row.booking.userId);
  const facts = {
    name: guest.fullName,
    bookingId,
    eventName: row.booking.eventName,
    eventLocation: row.booking.eventLocation,
    startsAt: row.startsAt,
    amount: row.booking.amount,
    ticketLabel: TICKET_LABELS[row.ticketType],
    myBookingUrl: myBookingUrl(env.APP_ORIGIN, bookingId),
  };
  // A booking that moved (services/reschedule.ts) is confirmed again for its new dinner: its own
  // idempotency key per move, or Resend would answer the first confirmation's id and send nothing.
  const movedAt = row.booking.rescheduledAt;
  const revealed = isVenueRevealed(row.startsAt) && row.venueName !== null;
  const ics = ticketIcs({
    bookingId,
    eventTitle: row.booking.eventName,
    location: revealed ? venueLine(row.venueName, row.venueAddress) : row.booking.eventLocation,
    venueRevealed: revealed,
    startsAt: row.startsAt,
    ticketLabel: facts.ticketLabel,
    amount: row.booking.amount,
    url: facts.myBookingUrl,
    sequence: movedAt ? Math.floor(Date.parse(movedAt) / 1000) : undefined,
  });

  let owed = false;
  if (guest.email && (await claim(d, bookingId, 'email'))) {
    const sent = await sendEmail(
      env,
      {
        to: guest.email,
        ...confirmationEmail({ ...facts, rescheduled: movedAt !== null }),
        attachments: [{ filename: `tablemates-${bookingId}.ics`, content: base64Utf8(ics) }],
      },
      movedAt ? `${bookingId}_moved_${movedAt}` : bookingId,
    );
    if (!sent.ok) owed = (await undelivered(d, bookingId, 'email', sent)) || owed;
  }
  if (guest.phone && (await claim(d, bookingId, 'whatsapp'))) {
    const sent = await sendWhatsAppTemplate(env, { to: guest.phone, ...confirmationWhatsApp(facts) });
    if (!sent.ok) owed = (await undelivered(d, bookingId, 'whatsapp', sent)) || owed;
  }
  return owed;
}

/**
 * Whether a provider's refusal is about the recipient and will never change: a 4xx such as an
 * invalid email address (Resend 422) or a number not on WhatsApp (Graph 400). Not 408/409/429
 * (try again later), nor 401/403/404 (our key or sender id is wrong: fixing the config must
 * still deliver every confirmation owed meanwhile). A timeout or 5xx has no such status or ≥ 500.
 */
export const isPermanentRefusal = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && ![401, 403, 404, 408, 409, 429].includes(status);

/**
 * A confirmation send that failed. A permanent refusal is recorded (an error log line) and the
 * channel's claim kept, so it is not retried forever (between the queue and its dead-letter queue,
 * alerting every hour); anything else releases the claim to be retried.
 * @returns whether the message is still owed
 */
async function undelivered(
  d: Db,
  bookingId: string,
  channel: 'email' | 'whatsapp',
  sent: { error: string; status?: number },
): Promise<boolean> {
  if (isPermanentRefusal(sent.status)) {
    // The booking has no column for a note, so the log line is the record (decision 012).
    console.error(
      JSON.stringify({
        level: 'error',
        alert: 'confirmation_undeliverable',
        booking: bookingId,
        channel,
        status: sent.status,
        error: sent.error,
      }),
    );
    return false;
  }
  console.error(`confirmation ${channel} failed; will retry`, bookingId, sent.error);
  await release(d, bookingId, channel);
  return true;
}

/** A `send-confirmation` message: throws while a message is owed, so the queue retries it with its delay. */
export async function sendConfirmation(env: Env, bookingId: string) {
  if (await notifyConfirmed(env, db(env.DB), bookingId))
    throw new Error(`confirmation of ${bookingId} not delivered yet`);
}

const sentColumn = (channel: 'email' | 'whatsapp') =>
  channel === 'email' ? eventBookings.confirmationEmailSentAt : eventBookings.confirmationWhatsappSentAt;

async function claim(d: Db, bookingId: string, channel: 'email' | 'whatsapp'): Promise<boolean> {
  const col = sentColumn(channel);
  const res = await d
    .update(eventBookings)
    .set(channel === 'email' ? { confirmationEmailSentAt: nowIso() } : { confirmationWhatsappSentAt: nowIso() })
    .where(and(eq(eventBookings.id, bookingId), isNull(col)));
  return (res.meta.changes ?? 0) === 1;
}

async function release(d: Db, bookingId: string, channel: 'email' | 'whatsapp') {
  await d
    .update(eventBookings)
    .set(channel === 'email' ? { confirmationEmailSentAt: null } : { confirmationWhatsappSentAt: null })
    .where(eq(eventBookings.id, bookingId));
}
