/**
 * The `bookings` queue's messages about a booking's refund and the night (worker/queue.ts
 * dispatches them here, from the dead-letter queue too: they are the guest's, so they are simply
 * tried again, never flagged).
 */
import type { BookingMessage, Env } from '../env';
import { handleBookingRefund } from './ledger/cancelled-refunds';
import { tellHosts } from './running-late';

export type BookingChoiceMessage = Extract<BookingMessage, { kind: 'booking-refund' | 'running-late' }>;

export const isBookingChoiceMessage = (m: BookingMessage): m is BookingChoiceMessage =>
  m.kind === 'booking-refund' || m.kind === 'running-late';

/** One message; throws on anything transient (the queue retries with backoff). */
export async function handleBookingChoiceMessage(env: Env, m: BookingChoiceMessage): Promise<void> {
  if (m.kind === 'booking-refund') await handleBookingRefund(env, m.bookingId);
  else await tellHosts(env, m.bookingId, m.at);
}
