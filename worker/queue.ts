import type { BookingMessage, Env } from './env';
import { sendConfirmation } from './services/booking-confirmation';
import { processBookingMessage } from './services/ledger/capture';
import { db } from '../db/client';
import { flagNeedsAttention } from './services/ledger/flag';
import { handleSeatsFreed } from './services/ledger/offers';
import { deliverGuestMessage } from './services/guest-messages';
import { handleBookingChoiceMessage, isBookingChoiceMessage } from './services/booking-choice-queue';

/** Retry delay for attempt n (1-based): 10 s, 20 s, 40 s … capped at 5 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * The dead-letter consumer's `max_retries` in wrangler.toml (the platform's ceiling). Nothing is
 * behind that queue, so a message is never left to reach it: on its last attempts it is handed
 * back to `bookings` instead (and so comes round again), never deleted.
 */
export const DLQ_MAX_RETRIES = 100;
/** Dead-letter retry delay: 1 min, 2 min, 4 min … capped at 1 hour (about four days per round). */
export const dlqRetryDelaySeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

/**
 * Consumer for the `bookings` queue and its dead-letter queue (wrangler.toml). Each message is
 * acked or retried on its own: one bad message must not make the whole batch redeliver
 * (queues are at-least-once; every handler is idempotent anyway). A message is acked only after
 * its work, or the record that a person must do it, is written (docs/decisions/012).
 */
export async function handleQueue(batch: MessageBatch<BookingMessage>, env: Env): Promise<void> {
  const deadLetter = batch.queue.endsWith('-dlq');
  for (const msg of batch.messages) {
    try {
      if (deadLetter) await handleDeadLetter(env, msg.body);
      else if (msg.body.kind === 'guest-message') await deliverGuestMessage(env, msg.body);
      else if (msg.body.kind === 'seats-freed') await handleSeatsFreed(env, db(env.DB), msg.body);
      else if (isBookingChoiceMessage(msg.body)) await handleBookingChoiceMessage(env, msg.body);
      else await processBookingMessage(env, msg.body);
      msg.ack();
    } catch (err) {
      if (!deadLetter) {
        console.error(`${batch.queue}: message ${msg.id} failed (attempt ${msg.attempts})`, err);
        msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) });
        continue;
      }
      // Loud: money or a confirmation is waiting on something a person may have to fix.
      console.error(
        JSON.stringify({
          level: 'error',
          alert: 'dead_letter_unresolved',
          queue: batch.queue,
          message: msg.id,
          attempts: msg.attempts,
          body: msg.body,
          error: String(err),
        }),
      );
      if (msg.attempts >= DLQ_MAX_RETRIES && (await handBack(env, msg.body))) msg.ack();
      else msg.retry({ delaySeconds: dlqRetryDelaySeconds(msg.attempts) });
    }
  }
}

/** Delay of a `bookings` message held back by a broken config: fixing it takes a deploy, not seconds. */
export const CONFIG_RETRY_DELAY_S = 300;

/**
 * The Worker's config is broken (assertConfig threw), so no message can be handled. Every message
 * is retried explicitly with a delay, never acked: thrown from queue(), the batch would be retried
 * without our delays and, after max_retries, dropped from `bookings-dlq` (which has nothing
 * behind it). A dead letter on its last attempt is handed back to `bookings` as handleQueue does.
 */
export async function holdBatch(batch: MessageBatch<BookingMessage>, env: Env, error: unknown): Promise<void> {
  const deadLetter = batch.queue.endsWith('-dlq');
  console.error(
    JSON.stringify({
      level: 'error',
      alert: 'queue_config_invalid',
      queue: batch.queue,
      messages: batch.messages.length,
      error: String((error as Error)?.message ?? error),
    }),
  );
  for (const msg of batch.messages) {
    if (deadLetter && msg.attempts >= DLQ_MAX_RETRIES && (await handBack(env, msg.body))) msg.ack();
    else msg.retry({ delaySeconds: deadLetter ? dlqRetryDelaySeconds(msg.attempts) : CONFIG_RETRY_DELAY_S });
  }
}

/**
 * A payment is flagged for a person; a confirmation or a console message to a guest is simply
 * tried again (it is the guest's, not an operator's).
 */
async function handleDeadLetter(env: Env, body: BookingMessage) {
  if (body.kind === 'send-confirmation') await sendConfirmation(env, body.bookingId);
  else if (body.kind === 'guest-message') await deliverGuestMessage(env, body);
  else if (body.kind === 'seats-freed') await handleSeatsFreed(env, db(env.DB), body);
  else if (isBookingChoiceMessage(body)) await handleBookingChoiceMessage(env, body);
  else await flagNeedsAttention(env, body);
}

/** Puts a dead letter that is out of retries back on `bookings`; false if even that fails. */
async function handBack(env: Env, body: BookingMessage): Promise<boolean> {
  try {
    await env.BOOKINGS.send(body);
    return true;
  } catch (err) {
    console.error('dead letter could not be handed back to bookings', err);
    return false;
  }
}
