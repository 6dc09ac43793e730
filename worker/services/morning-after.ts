/**
 * The morning after (issue 21): at 10:00 IST the day after a dinner, each guest who checked in
 * is asked how it was, by email (a confirmed address only) and WhatsApp (`dinner_feedback`),
 * with a link to the dinner's feedback page. One cron job (worker/scheduled.ts) also sends any
 * mutual 'dine again' message a save could not (services/feedback.ts).
 */
import { and, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, eventBookings, events, userProfiles, users } from '../../db/schema';
import { feedbackUrl, morningAfterEmail, morningAfterWhatsApp } from '@domain/copy-feedback';
import { feedbackClosesAt, isMorningAfterDue, MORNING_AFTER_SEND_MS } from '@domain/feedback';
import { HOUR_MS, istDate } from '@domain/time';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { DELIVERY_KEYS, deliverOnce } from './deliveries';
import { tellOwedMutuals } from './feedback';
import { guestContactColumns, toGuestContact } from './guests';

/**
 * Sends the morning-after message to every booking checked in at a dinner (not cancelled) whose
 * message is due ({@link isMorningAfterDue}: from 10:00 IST the day after, for 48 hours), each
 * channel through `deliverOnce` (`morning-after:<booking>`): overlapping or repeated runs send it
 * once, and a channel that failed is sent by a later run without the other going twice. A no-show,
 * a guest never checked in, a booking refunded or released, a dinner we cancelled: nothing.
 */
export async function sendMorningAfter(env: Env, d: Db, now: Date) {
  // The dinners whose message may be due: held on the IST dates from the window's start back to
  // the day before today (exactly which, by the hour, is asked per row below).
  const earliest = istDate(new Date(now.getTime() - MORNING_AFTER_SEND_MS - 24 * HOUR_MS));
  const latest = istDate(new Date(now.getTime() - 24 * HOUR_MS));
  const rows = await d
    .select({
      bookingId: eventBookings.id,
      userId: eventBookings.userId,
      date: events.date,
      title: events.title,
      location: events.location,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      ...guestContactColumns,
      // The message's channels delivered or refused for good: settled, no claim on later runs.
      settled: sql<string | null>`(SELECT group_concat(${deliveries.channel}, ' ') FROM ${deliveries}
        WHERE ${deliveries.key} = 'morning-after:' || ${eventBookings.id} AND ${deliveries.state} IN ('sent', 'undeliverable'))`,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventBookings.userId))
    .where(
      and(
        eq(eventBookings.status, 'checked_in'),
        isNotNull(eventBookings.checkedInAt),
        isNull(events.cancelledAt),
        isNull(users.erasedAt),
        gte(events.date, earliest),
        lte(events.date, latest),
      ),
    );
  for (const row of rows) {
    if (!isMorningAfterDue(row.date, now)) continue;
    const key = DELIVERY_KEYS.morningAfter(row.bookingId);
    const settled = new Set(row.settled?.split(' '));
    const guest = toGuestContact(row);
    const facts = {
      name: guest.fullName,
      bookingId: row.bookingId,
      eventName: row.title,
      eventLocation: row.location,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      feedbackUrl: feedbackUrl(env.APP_ORIGIN, row.bookingId),
    };
    const about = { key, bookingId: row.bookingId, userId: row.userId };
    if (guest.verifiedEmail && !settled.has('email')) {
      const to = guest.verifiedEmail;
      const mail = morningAfterEmail({ ...facts, closesAt: feedbackClosesAt(row.endsAt) });
      await deliverOnce(d, { ...about, channel: 'email' }, (idempotencyKey) =>
        sendEmail(env, { to, ...mail }, idempotencyKey),
      );
    }
    if (guest.whatsapp && !settled.has('whatsapp')) {
      const to = guest.whatsapp;
      await deliverOnce(d, { ...about, channel: 'whatsapp' }, () =>
        sendWhatsAppTemplate(env, { to, ...morningAfterWhatsApp(facts) }),
      );
    }
  }
}

/** The cron's one job for the morning after: the requests due, then any 'dine again' still owed. */
export async function afterTheDinner(env: Env, d: Db, now: Date) {
  await sendMorningAfter(env, d, now);
  await tellOwedMutuals(env, d, now);
}
