import type { Env, BookingMessage } from './env';

/**
 * Consumer for the `bookings` queue and its dead-letter queue.
 * OWNER: booking capability (issue 5).
 */
export async function handleQueue(batch: MessageBatch<BookingMessage>, _env: Env): Promise<void> {
  for (const msg of batch.messages) msg.ack();
}
