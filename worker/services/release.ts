/**
 * "Can't make it" (`POST /api/bookings/:id/release`, docs/decisions/027): the ledger releases the
 * seats, the waitlist is offered them at once, and My Booking answers as it now is. A refusal says
 * why in the guest's words: reschedule instead while that is free, or too late.
 */
import type { Db } from '../../db/client';
import { CREDIT_COPY } from '@domain/credit';
import { MY_BOOKING_COPY } from '@domain/copy-my-booking';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { queueSeatsFreed } from './ledger/offers';
import { releaseBooking } from './ledger/release';
import { myBookingView } from './my-booking';

export async function releaseSeats(env: Env, d: Db, o: { userId: string; bookingId: string; now?: Date }) {
  const now = o.now ?? new Date();
  const released = await releaseBooking(d, o.userId, o.bookingId, now);
  const view = await myBookingView(d, o.userId, o.bookingId, now);
  if (!view) throw new ApiError(404, 'booking_not_found', MY_BOOKING_COPY.notFound);
  if (!released) {
    if (view.release.state === 'reschedule')
      throw new ApiError(409, 'release_reschedule_instead', CREDIT_COPY.releaseInsideWindow);
    if (view.release.state === 'closed' && view.booking.status === 'confirmed' && !view.event.cancelled_at)
      throw new ApiError(409, 'release_closed', CREDIT_COPY.releaseClosed);
    throw new ApiError(409, 'not_releasable', CREDIT_COPY.notReleasable);
  }
  // The freed seats go to the next guest in line straight away, off the queue (the cron would within 5 minutes).
  await queueSeatsFreed(env, view.event.id);
  return view;
}
