/**
 * The reminders before a dinner (SPEC §9: 48 hours, 24 hours, the day of), sent by the cron
 * (worker/scheduled.ts) once per booking, kind and dinner. The 24-hour one asks "Still coming?"
 * (issue 20) with two links to My Booking, `?still_coming=yes|no`: in the email, and as the two
 * URL buttons of its WhatsApp template (domain/booking-messages.ts `STILL_COMING_WHATSAPP`).
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, eventBookings, events, userProfiles, users } from '../../db/schema';
import { myBookingUrl, type ReminderKind, reminderEmail, reminderWhatsApp } from '@domain/booking-messages';
import { TICKET_LABELS } from '@domain/pricing';
import { venueLine } from '@domain/ticket-ics';
import { HOUR_MS, istDate, isVenueRevealed } from '@domain/time';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';
import { guestContactColumns, toGuestContact } from './guests';

/** Which reminder is due for a dinner starting at `startsAt`, or null (SPEC §9: 48 h, 24 h, day of). */
export function dueReminder(startsAt: string, now: Date): ReminderKind | null {
  const left = new Date(startsAt).getTime() - now.getTime();
  if (left <= 0 || left > 48 * HOUR_MS) return null;
  if (istDate(startsAt) === istDate(now)) return 'day_of';
  return left <= 24 * HOUR_MS ? '24h' : '48h';
}

/**
 * Sends the one due reminder per confirmed booking, each channel on its own through `deliverOnce`
 * (`reminder:<kind>:<booking>[:moved:<at>]`): two cron runs send it once, and a channel that
 * failed (a WhatsApp outage after the email went out) is sent by the next run without the other
 * channel going twice. A booking that moved has new keys, so its new dinner gets all three.
 * Transient failures are simply left owed: the cron runs every 5 minutes while the kind is due.
 */
export async function sendReminders(env: Env, d: Db, now: Date) {
  const rows = await d
    .select({
      booking: eventBookings,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venueName: events.venueName,
      venueAddress: events.venueAddress,
      tablesPublishedAt: events.tablesPublishedAt,
      // Where the guest can be reached, read with the booking: no contact read per reminder.
      ...guestContactColumns,
      // The booking's reminders delivered or refused for good, as `<key>/<channel>` (keys hold no
      // spaces): what is settled costs no contact read and no claim on the next runs.
      settled: sql<
        string | null
      >`(SELECT group_concat(${deliveries.key} || '/' || ${deliveries.channel}, ' ') FROM ${deliveries}
        WHERE ${deliveries.bookingId} = ${eventBookings.id} AND ${deliveries.key} LIKE 'reminder:%' AND ${deliveries.state} IN ('sent', 'undeliverable'))`,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .where(
      and(
        // Confirmed only: a guest who said "can't make it" (`released`), moved, was refunded or
        // checked in is reminded of nothing.
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
    const key = DELIVERY_KEYS.reminder(kind, row.booking.id, row.booking.rescheduledAt);
    const settled = new Set(row.settled?.split(' '));
    const guest = toGuestContact(row);
    // A channel is owed only to an address we may use (a confirmed email, the verified phone): a
    // guest without one is settled on that channel, not tried again every run.
    const address = { email: guest.verifiedEmail, whatsapp: guest.whatsapp };
    const owed = (channel: 'email' | 'whatsapp') => address[channel] !== null && !settled.has(`${key}/${channel}`);
    if (!owed('email') && !owed('whatsapp')) continue;
    const facts = {
      name: guest.fullName,
      bookingId: row.booking.id,
      eventName: row.booking.eventName,
      eventLocation: row.booking.eventLocation,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
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
    const about = {
      key,
      bookingId: row.booking.id,
      userId: row.booking.userId,
    };
    if (guest.verifiedEmail && owed('email')) {
      const to = guest.verifiedEmail;
      await deliverOnce(d, { ...about, channel: 'email' }, (idempotencyKey) =>
        sendEmail(env, { to, ...reminderEmail(kind, facts) }, idempotencyKey),
      );
    }
    if (guest.whatsapp && owed('whatsapp')) {
      const to = guest.whatsapp;
      await deliverOnce(d, { ...about, channel: 'whatsapp' }, () =>
        sendWhatsAppTemplate(env, { to, ...reminderWhatsApp(kind, facts) }),
      );
    }
  }
}
