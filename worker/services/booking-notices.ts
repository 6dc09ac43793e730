/**
 * One-off messages about a booking that are not its confirmation or a reminder: the refund of a
 * dinner we cancelled and "running late" to the dinner's host. Each (booking, notice) is delivered
 * once per channel through {@link deliverOnce} under `notice:<kind>:<booking>` (docs/decisions/025),
 * so a redelivered queue message sends nothing twice; a transient provider failure leaves it owed
 * (the caller throws and the queue retries), a permanent refusal is recorded and alerted once.
 */
import type { Db } from '../../db/client';
import type { MessageChannel } from '@domain/guest-messages';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { DELIVERY_KEYS, deliverOnce, type Sent } from './deliveries';

/** A message ready to go on one channel: what {@link emailTo} and {@link whatsAppTo} make. */
export type Outgoing = { channel: MessageChannel; send: (idempotencyKey: string) => Promise<Sent> };

/**
 * Delivers one notice about a booking once on the channel `outgoing` names. `kind` names the
 * notice (`refund`, `late:<at>:<host>`), one delivery per channel.
 * @returns whether it is still owed (a transient failure): the caller must have it retried.
 * @example await sendClaimed(d, booking.id, 'refund', () => emailTo(env, to, cancellationRefundEmail(facts)))
 */
export async function sendClaimed(d: Db, bookingId: string, kind: string, outgoing: () => Outgoing): Promise<boolean> {
  const message = outgoing();
  return deliverOnce(
    d,
    { key: DELIVERY_KEYS.notice(kind, bookingId), channel: message.channel, bookingId },
    message.send,
  );
}

/** An email through the provider, sent with the idempotency key of its delivery. */
export const emailTo = (env: Env, to: string, mail: { subject: string; text: string; html: string }): Outgoing => ({
  channel: 'email',
  send: (idempotencyKey) => sendEmail(env, { to, ...mail }, idempotencyKey),
});

/** A WhatsApp template through the provider (Graph takes no idempotency key). */
export const whatsAppTo = (env: Env, to: string, template: { name: string; params: string[] }): Outgoing => ({
  channel: 'whatsapp',
  send: () => sendWhatsAppTemplate(env, { to, ...template }),
});
