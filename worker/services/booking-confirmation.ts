/**
 * The booking confirmation (email with its calendar file, and WhatsApp): sent once per booking and
 * channel, retried through the `bookings` queue until delivered (docs/decisions/005, 012).
 */
import { eq } from 'drizzle-orm';
import { type Db, db } from '../../db/client';
import { eventBookings, events, paymentOrders } from '../../db/schema';
import { confirmationEmail, confirmationWhatsApp, movedWhatsApp, myBookingUrl } from '@domain/booking-messages';
import { TICKET_LABELS } from '@domain/pricing';
import { ticketIcs, venueLine } from '@domain/ticket-ics';
import { isVenueRevealed } from '@domain/time';
import type { Env } from '../env';
import { base64Bytes, base64Utf8, type EmailAttachment, sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';
import { guestContact } from './guests';
import { invoicePdf } from './invoice-pdf';
import { documentFileName, type InvoiceRecord, issueInvoice, withAgainst } from './invoices';

/**
 * Confirmation email and WhatsApp (to the verified sign-in phone only), each delivered once per
 * booking and move through {@link deliverOnce} (`confirmation:<booking>[:moved:<at>]`, channel by
 * channel: a WhatsApp that failed is retried without the email being sent again). A provider
 * failure never undoes the booking.
 * @returns whether a message is still owed (a send failed): the caller must have it retried.
 */
export async function notifyConfirmed(env: Env, d: Db, bookingId: string): Promise<boolean> {
  const [row] = await d
    .select({
      booking: eventBookings,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
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
    endsAt: row.endsAt,
    amount: row.booking.amount,
    ticketLabel: TICKET_LABELS[row.ticketType],
    myBookingUrl: myBookingUrl(env.APP_ORIGIN, bookingId),
  };
  // A booking that moved (services/reschedule.ts) is confirmed again for its new dinner: its own
  // delivery key (and so Resend key) per move, or the first confirmation's claim would stand.
  const movedAt = row.booking.rescheduledAt;
  const revealed = isVenueRevealed(row.startsAt) && row.venueName !== null;
  const ics = ticketIcs({
    bookingId,
    eventTitle: row.booking.eventName,
    location: revealed ? venueLine(row.venueName, row.venueAddress) : row.booking.eventLocation,
    venueRevealed: revealed,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    ticketLabel: facts.ticketLabel,
    amount: row.booking.amount,
    url: facts.myBookingUrl,
    sequence: movedAt ? Math.floor(Date.parse(movedAt) / 1000) : undefined,
  });

  const about = { key: DELIVERY_KEYS.confirmation(bookingId, movedAt), bookingId, userId: row.booking.userId };
  // The booking's tax invoice is issued here, where every paid booking passes (issue 22). A failure
  // never holds up the confirmation: the cron and the guest's first download issue it later.
  const invoice = await issueInvoice(env, d, bookingId).catch((err) => invoiceFailed(bookingId, err));
  let owed = false;
  if (guest.verifiedEmail) {
    const to = guest.verifiedEmail;
    const invoicePdfFile = invoice ? await invoiceAttachment(d, invoice) : null;
    owed = await deliverOnce(d, { ...about, channel: 'email' }, (idempotencyKey) =>
      sendEmail(
        env,
        {
          to,
          ...confirmationEmail({ ...facts, rescheduled: movedAt !== null }),
          attachments: [
            { filename: `tablemates-${bookingId}.ics`, content: base64Utf8(ics) },
            ...(invoicePdfFile ? [invoicePdfFile] : []),
          ],
        },
        idempotencyKey,
      ),
    );
  }
  if (guest.whatsapp) {
    const to = guest.whatsapp;
    owed =
      (await deliverOnce(d, { ...about, channel: 'whatsapp' }, () =>
        // A move is not a new purchase: its own template (`booking_moved`), not `booking_confirmed`.
        sendWhatsAppTemplate(env, { to, ...(movedAt ? movedWhatsApp(facts) : confirmationWhatsApp(facts)) }),
      )) || owed;
  }
  return owed;
}

const invoiceFailed = (bookingId: string, err: unknown) => {
  console.error(
    JSON.stringify({ level: 'error', alert: 'invoice_not_issued', booking: bookingId, error: String(err) }),
  );
  return null;
};

/** The invoice as the confirmation's PDF attachment; without it (a failure) the email still goes. */
async function invoiceAttachment(d: Db, invoice: InvoiceRecord): Promise<EmailAttachment | null> {
  try {
    return {
      filename: documentFileName(invoice),
      content: base64Bytes(await invoicePdf(await withAgainst(d, invoice))),
    };
  } catch (err) {
    return invoiceFailed(invoice.booking_id ?? invoice.order_id, err);
  }
}

/** A `send-confirmation` message: throws while a message is owed, so the queue retries it with its delay. */
export async function sendConfirmation(env: Env, bookingId: string) {
  if (await notifyConfirmed(env, db(env.DB), bookingId))
    throw new Error(`confirmation of ${bookingId} not delivered yet`);
}
