/**
 * "Still coming?" (issue 20, docs/decisions/027): a guest's yes on their own booking, and the
 * answer as My Booking shows it. The write is the ledger's (ledger/attendance.ts); this module
 * reads, and says why a yes was refused.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventBookings, events } from '../../db/schema';
import { type Attendance, attendanceOf } from '@domain/attendance';
import type { BookingStatus } from '@domain/statuses';
import { confirmAttendanceStatement } from './ledger/attendance';

export type AttendanceResult =
  | { kind: 'confirmed'; attendance: Attendance & { confirmed_at: string } }
  | { kind: 'not_found' }
  | { kind: 'cancelled' }
  | { kind: 'started' }
  | { kind: 'released' }
  | { kind: 'not_confirmed'; status: BookingStatus };

/** The guest's own booking with what the answer depends on: none for an unknown id or another guest's booking. */
const factsQuery = (d: Db, userId: string, bookingId: string) =>
  d
    .select({
      status: eventBookings.status,
      confirmedAt: eventBookings.attendanceConfirmedAt,
      startsAt: events.startsAt,
      cancelledAt: events.cancelledAt,
    })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(and(eq(eventBookings.id, bookingId), eq(eventBookings.userId, userId)));

/**
 * `POST /api/bookings/:id/attendance`: records the guest's "yes, see you there" (once; a second yes
 * keeps the first time) on a confirmed booking whose dinner is neither cancelled nor started. One
 * round trip: the conditional write, then the booking as it now is, which says why nothing changed.
 */
export async function confirmAttendance(
  d: Db,
  userId: string,
  bookingId: string,
  now = new Date(),
): Promise<AttendanceResult> {
  const [updated, [row]] = await d.batch([
    confirmAttendanceStatement(d, userId, bookingId, now.toISOString()),
    factsQuery(d, userId, bookingId),
  ]);
  if (!row) return { kind: 'not_found' };
  const confirmedAt = updated[0]?.confirmedAt;
  if (confirmedAt)
    return {
      kind: 'confirmed',
      attendance: { ...attendanceOf(confirmedAt, row.startsAt, now), confirmed_at: confirmedAt },
    };
  if (row.cancelledAt) return { kind: 'cancelled' };
  if (row.status === 'released') return { kind: 'released' };
  if (row.status !== 'confirmed') return { kind: 'not_confirmed', status: row.status };
  return { kind: 'started' };
}

/**
 * A booking's "Still coming?" for its guest, or null (unknown, or another guest's). My Booking
 * reads `attendance_confirmed_at` with its booking and calls `attendanceOf` (domain/attendance.ts)
 * instead, in its own round trip.
 */
export async function readAttendance(d: Db, userId: string, bookingId: string, now = new Date()) {
  const [row] = await factsQuery(d, userId, bookingId);
  return row ? attendanceOf(row.confirmedAt, row.startsAt, now) : null;
}
