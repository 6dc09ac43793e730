import type { BookingMessage, Env } from './env';
import { flagNeedsAttention, processCapturedPayment } from './services/booking-pipeline';

/** Retry delay for attempt n (1-based): 10 s, 20 s, 40 s … capped at 5 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Consumer for the `bookings` queue and its dead-letter queue (wrangler.toml). Each message is
 * acked or retried on its own: one bad message must not make the whole batch redeliver
 * (queues are at-least-once; processCapturedPayment is idempotent anyway).
 */
export async function handleQueue(batch: MessageBatch<BookingMessage>, env: Env): Promise<void> {
  const deadLetter = batch.queue.endsWith('-dlq');
  for (const msg of batch.messages) {
    try {
      if (deadLetter) await flagNeedsAttention(env, msg.body);
      else await processCapturedPayment(env, msg.body);
      msg.ack();
    } catch (err) {
      console.error(`${batch.queue}: message ${msg.id} failed (attempt ${msg.attempts})`, err);
      msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
    }
  }
}
