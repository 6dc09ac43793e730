/**
 * The reminders before a dinner (SPEC §9: 48 hours, 24 hours, the day of), sent by the cron
 * (worker/scheduled.ts) once per booking, kind and dinner.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events } from '../../db/schema';
import { myBookingUrl, type ReminderKind, reminderEmail, reminderWhatsApp } from '../domain/booking-messages';
import { TICKET_LABELS } from '../domain/pricing';
import { venueLine } from '../domain/ticket-ics';
import { HOUR_MS, istDate, isVenueRevealed } from '../domain/time';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { guestContact } from './guests';

/** Which reminder is due for a dinner starting at `startsAt`, or null (SPEC §9: 48 h, 24 h, day of). */
export function dueReminder(startsAt: string, now: Date): ReminderKind | null {
  const left = new Date(startsAt).getTime() - now.getTime();
  if (left <= 0 || left > 48 * HOUR_MS) return null;
  if (istDate(startsAt) === istDate(now)) return 'day_of';
  return left <= 24 * HOUR_MS ? '24h' : '48h';
}

/**
 * Sends the one due reminder per confirmed booking. `reminders_sent` (booking, kind) is claimed
 * with INSERT OR IGNORE first, so two cron runs send it once; a failed send releases the claim.
 * A booking follows its dinner: a reschedule moves `event_id` and clears the booking's reminder rows
 * in the same batch (services/reschedule.ts), so the new date gets all three reminders.
 */
export async function sendReminders(env: Env, d: Db, now: Date) {
  const rows = await d
    .select({
      booking: eventBookings,
      startsAt: events.startsAt,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      tablesPublishedAt: events.tablesPublishedAt,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(
      and(
        eq(eventBookings.status, 'confirmed'),
        // A cancelled dinner's guests were told it is off (services/guest-messages.ts).
        isNull(events.cancelledAt),
        gt(events.startsAt, now.toISOString()),
        lte(events.startsAt, new Date(now.getTime() + 48 * HOUR_MS).toISOString()),
      ),
    );
  for (const row of rows) {
    const kind = dueReminder(row.startsAt, now);
    if (!kind) continue;
    const claimed = await d.run(
      sql`INSERT OR IGNORE INTO reminders_sent (booking_id, kind, sent_at) VALUES (${row.booking.id}, ${kind}, ${now.toISOString()})`,
    );
    if ((claimed.meta.changes ?? 0) !== 1) continue;
    const guest = await guestContact(d, row.booking.userId);
    const facts = {
      name: guest.fullName,
      bookingId: row.booking.id,
      eventName: row.booking.eventName,
      eventLocation: row.booking.eventLocation,
      startsAt: row.startsAt,
      amount: row.booking.amount,
      ticketLabel: TICKET_LABELS[row.booking.ticketType],
      myBookingUrl: myBookingUrl(env.APP_ORIGIN, row.booking.id),
      // Reminders start 48 hours before, when the venue is revealed (SPEC §1); the rule is still
      // asked, so a reminder never shows a venue the guest's My Booking page does not.
      venue: row.venueName && isVenueRevealed(row.startsAt, now) ? venueLine(row.venueName, row.venueAddress) : null,
      // The guest's table once published (services/tables.ts publishes them by the 48-hour reveal,
      // in the cron run just before this one).
      table: row.tablesPublishedAt && row.booking.tableNumber !== null ? String(row.booking.tableNumber) : null,
    };
    let delivered = false;
    if (guest.email) {
      const sent = await sendEmail(
        env,
        { to: guest.email, ...reminderEmail(kind, facts) },
        // Per dinner: a booking that moved gets its reminders again for the new date.
        `reminder_${kind}_${row.booking.id}_${row.booking.eventId}`,
      );
      if (sent.ok) delivered = true;
      else console.error('reminder email failed', row.booking.id, kind, sent.error);
    }
    if (guest.phone) {
      const sent = await sendWhatsAppTemplate(env, { to: guest.phone, ...reminderWhatsApp(kind, facts) });
      if (sent.ok) delivered = true;
      else console.error('reminder whatsapp failed', row.booking.id, kind, sent.error);
    }
    if (!delivered)
      await d.run(sql`DELETE FROM reminders_sent WHERE booking_id = ${row.booking.id} AND kind = ${kind}`);
  }
}
