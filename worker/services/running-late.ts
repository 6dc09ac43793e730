/**
 * "Running late" (DESIGN.md "My Booking"): on the day of the dinner, until an hour after its
 * start (later is a no-show, SPEC §4), a guest tells the host how late they will be. The press is
 * one conditional UPDATE (own confirmed booking, dinner going ahead, the window, at most one press
 * per {@link RUNNING_LATE_REPEAT_MINUTES}); the host is told off the request by the `bookings`
 * queue (`running-late`), by WhatsApp, or by email when the host has no phone. A dinner with no
 * host assigned yet keeps the record only: the host's page and the console's guest list read it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Db, db } from '../../db/client';
import { eventBookings, eventHosts, events, userProfiles, users } from '../../db/schema';
import { RUNNING_LATE_REPEAT_MINUTES, runningLateWindow } from '@domain/booking-choice';
import { runningLateEmail, runningLateWhatsApp } from '@domain/booking-messages';
import { NO_SHOW_AFTER_MINUTES } from '@domain/booking-policy';
import { istDate } from '@domain/time';
import type { Env } from '../env';
import { emailTo, sendClaimed, whatsAppTo } from './booking-notices';
import { type ChoiceState, choiceState } from './booking-choices';
import { runningLateStatement } from './ledger/night';
import { guestContact, guestContactColumns, toGuestContact } from './guests';

export type RunningLateResult =
  | { kind: 'done'; booking: ChoiceState }
  | { kind: 'not_found' }
  | { kind: 'not_open' }
  | { kind: 'not_today' }
  | { kind: 'over' }
  | { kind: 'too_soon' };

/**
 * Records the press in ONE batch (the conditional UPDATE, then the booking read back). A press
 * that changed nothing says why, from the booking as it is now.
 */
export async function sayRunningLate(
  d: Db,
  userId: string,
  bookingId: string,
  minutes: number,
  now: Date,
): Promise<RunningLateResult> {
  const nowIso = now.toISOString();
  const repeatAfter = new Date(now.getTime() - RUNNING_LATE_REPEAT_MINUTES * 60_000).toISOString();
  const startedAfter = new Date(now.getTime() - NO_SHOW_AFTER_MINUTES * 60_000).toISOString();
  const [, [state]] = await d.batch([
    runningLateStatement(
      d,
      and(
        eq(eventBookings.id, bookingId),
        eq(eventBookings.userId, userId),
        eq(eventBookings.status, 'confirmed'),
        sql`(${eventBookings.runningLateAt} IS NULL OR ${eventBookings.runningLateAt} <= ${repeatAfter})`,
        sql`EXISTS (SELECT 1 FROM events e WHERE e.id = ${eventBookings.eventId} AND e.cancelled_at IS NULL
            AND e.date = ${istDate(now)} AND e.starts_at >= ${startedAfter})`,
      ),
      minutes,
      nowIso,
    ),
    choiceState(d, userId, bookingId),
  ]);
  if (!state) return { kind: 'not_found' };
  if (state.running_late_at === nowIso) return { kind: 'done', booking: state };
  if (state.status !== 'confirmed' || state.cancelled_at) return { kind: 'not_open' };
  const window = runningLateWindow(state.starts_at, now);
  if (window !== 'open') return { kind: window };
  return { kind: 'too_soon' };
}

/**
 * The `running-late` message: every host of the dinner told once per press (`late:<at>:<host>`).
 * A press superseded by a later one, or a guest who has checked in since, sends nothing. Throws
 * while a message is owed (the queue retries).
 */
export async function tellHosts(env: Env, bookingId: string, at: string): Promise<void> {
  const d = db(env.DB);
  const [row] = await d
    .select({ booking: eventBookings, eventName: events.title })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(eq(eventBookings.id, bookingId));
  if (!row || row.booking.runningLateAt !== at || row.booking.status !== 'confirmed') return;
  const minutes = row.booking.runningLateMinutes ?? 0;
  const hosts = await d
    .select({ hostId: eventHosts.userId, ...guestContactColumns })
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, eventHosts.userId))
    .where(eq(eventHosts.eventId, row.booking.eventId));
  if (hosts.length === 0) {
    console.info(JSON.stringify({ level: 'info', msg: 'running late: no host assigned yet', booking: bookingId }));
    return;
  }
  const guest = await guestContact(d, row.booking.userId);
  let owed = false;
  for (const h of hosts) {
    const host = toGuestContact(h);
    const facts = {
      hostName: host.fullName,
      guestName: guest.fullName,
      minutes,
      eventName: row.eventName,
      seats: row.booking.seats,
    };
    const kind = `late:${at}:${h.hostId}`;
    // WhatsApp only to a verified sign-in phone (decision 025); else the host's confirmed email (026).
    if (host.whatsapp) {
      const to = host.whatsapp;
      owed = (await sendClaimed(d, bookingId, kind, () => whatsAppTo(env, to, runningLateWhatsApp(facts)))) || owed;
    } else if (host.verifiedEmail) {
      const to = host.verifiedEmail;
      owed = (await sendClaimed(d, bookingId, kind, () => emailTo(env, to, runningLateEmail(facts)))) || owed;
    }
  }
  if (owed) throw new Error(`running late of ${bookingId} not delivered to every host yet`);
}
