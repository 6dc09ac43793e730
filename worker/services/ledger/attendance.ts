/**
 * "Still coming?" answered yes (issue 20): the one write of `event_bookings.attendance_confirmed_at`.
 * Not a transition (the booking stays `confirmed`), but a write to a booking, so it lives with the
 * ledger (docs/decisions/024).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventBookings } from '../../../db/schema';
import { guard } from './guards';

/**
 * Records the guest's yes on their own booking, once: a second yes keeps the first time. Only a
 * `confirmed` booking whose dinner is not cancelled and has not started (`nowIso`) changes; the
 * statement answers the booking's `confirmed_at` when it did, nothing otherwise (the caller's
 * read says why).
 */
export const confirmAttendanceStatement = (d: Db, userId: string, bookingId: string, nowIso: string) =>
  d
    .update(eventBookings)
    .set({ attendanceConfirmedAt: sql`COALESCE(${eventBookings.attendanceConfirmedAt}, ${nowIso})` })
    .where(
      and(
        eq(eventBookings.id, bookingId),
        eq(eventBookings.userId, userId),
        eq(eventBookings.status, 'confirmed'),
        guard('dinner_not_cancelled', { order: 'event_bookings', eventId: sql`${eventBookings.eventId}`, nowIso }),
        sql`EXISTS (SELECT 1 FROM events AS started WHERE started.id = ${eventBookings.eventId} AND started.starts_at > ${nowIso})`,
      ),
    )
    .returning({ confirmedAt: eventBookings.attendanceConfirmedAt });
