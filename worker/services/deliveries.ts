/**
 * One home for every message we send a guest (or a dinner's host): each is claimed once per
 * (key, channel) in `deliveries` before its provider is called, and the outcome written back
 * (docs/decisions/025). Confirmations, reminders, notices, console messages, refund emails and the
 * welcome email all go through {@link deliverOnce}, so they share one claim, one retry rule and one
 * alert.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import { providerKey } from '@domain/deliveries';
import type { MessageChannel } from '@domain/guest-messages';

export { DELIVERY_KEYS } from '@domain/deliveries';

/** What a provider adapter answers (worker/providers/result.ts), its value unused here. */
export type Sent = { ok: true } | { ok: false; error: string; status?: number };

/** One message on one channel, and what it concerns. */
export type Delivery = {
  /** The message's name, from `DELIVERY_KEYS` (domain/deliveries.ts). */
  key: string;
  channel: MessageChannel;
  /** The booking it is about, if any. */
  bookingId?: string | null;
  /** The person it concerns, if any. */
  userId?: string | null;
};

/**
 * A `sending` claim older than this is taken to belong to a worker that died between its claim and
 * its send (provider calls time out within seconds), and may be claimed again.
 */
const CLAIM_LEASE_MS = 10 * 60_000;

/**
 * Whether a provider's refusal is about the recipient and will never change: a 4xx such as an
 * invalid email address (Resend 422) or a number not on WhatsApp (Graph 400). Not 408/409/429
 * (try again later), nor 401/403/404 (our key or sender id is wrong: fixing the config must
 * still deliver every message owed meanwhile). A timeout or 5xx has no such status or ≥ 500.
 */
const isPermanentRefusal = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && ![401, 403, 404, 408, 409, 429].includes(status);

/**
 * Sends one message on one channel at most once, whoever asks and however often.
 *
 * 1. Claims `(key, channel)` with one conditional INSERT (an upsert that takes over only a `failed`
 *    row, or a `sending` one older than {@link CLAIM_LEASE_MS}). Not claimed: it was sent, refused
 *    for good, or is being sent right now.
 * 2. Calls `send` with the provider's idempotency key, derived from the key (`<key>/<channel>`:
 *    pass it to Resend).
 * 3. Records the outcome: `sent`; a permanent refusal ({@link isPermanentRefusal}) `undeliverable`
 *    with ONE alert line (`alert: message_undeliverable`) and never tried again; anything else
 *    `failed`, which releases the claim so the next try sends it.
 *
 * @returns whether the message is still owed: true after a transient failure, and while another
 * worker holds a live claim (it may yet fail). The caller has it retried (a queue message throws;
 * the cron's next run tries again). False once sent, refused for good, or nothing to do.
 * @example
 * const owed = await deliverOnce(d, { key: DELIVERY_KEYS.confirmation(b.id), channel: 'email', bookingId: b.id },
 *   (idempotencyKey) => sendEmail(env, { to, ...mail }, idempotencyKey));
 */
export async function deliverOnce(
  d: Db,
  delivery: Delivery,
  send: (idempotencyKey: string) => Promise<Sent>,
  now = new Date(),
): Promise<boolean> {
  const { key, channel } = delivery;
  const nowIso = now.toISOString();
  const leaseEnd = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const claimed = await d
    .insert(deliveries)
    .values({
      key,
      channel,
      bookingId: delivery.bookingId ?? null,
      userId: delivery.userId ?? null,
      state: 'sending',
      claimedAt: nowIso,
    })
    .onConflictDoUpdate({
      target: [deliveries.key, deliveries.channel],
      set: { state: 'sending', claimedAt: nowIso, attempts: sql`${deliveries.attempts} + 1` },
      setWhere: sql`${deliveries.state} = 'failed' OR (${deliveries.state} = 'sending' AND ${deliveries.claimedAt} < ${leaseEnd})`,
    })
    .returning({ attempts: deliveries.attempts });
  if (claimed.length === 0) {
    const [row] = await d
      .select({ state: deliveries.state })
      .from(deliveries)
      .where(and(eq(deliveries.key, key), eq(deliveries.channel, channel)));
    return row?.state === 'sending' || row?.state === 'failed';
  }

  let sent: Sent;
  try {
    sent = await send(providerKey(key, channel));
  } catch (err) {
    sent = { ok: false, error: String(err) };
  }
  const mine = and(eq(deliveries.key, key), eq(deliveries.channel, channel), eq(deliveries.claimedAt, nowIso));
  if (sent.ok) {
    await d
      .update(deliveries)
      .set({ state: 'sent', sentAt: new Date().toISOString(), lastStatus: null, lastError: null })
      .where(mine);
    return false;
  }
  const permanent = isPermanentRefusal(sent.status);
  await d
    .update(deliveries)
    .set({ state: permanent ? 'undeliverable' : 'failed', lastStatus: sent.status ?? null, lastError: sent.error })
    .where(mine);
  if (permanent) {
    // One shape for every message, so one alert rule finds them all (docs/decisions/025).
    console.error(
      JSON.stringify({
        level: 'error',
        alert: 'message_undeliverable',
        key,
        channel,
        booking: delivery.bookingId ?? undefined,
        user: delivery.userId ?? undefined,
        status: sent.status,
        error: sent.error,
      }),
    );
    return false;
  }
  console.warn(JSON.stringify({ level: 'warn', msg: 'delivery failed; will retry', key, channel, error: sent.error }));
  return true;
}

/**
 * SQL that is true when `key` (an SQL expression, e.g. built from a joined row) has been claimed
 * on `channel` (or on either channel), whatever came of it: what a re-enqueue asks before sending
 * the same message again.
 * @example d.select().from(eventBookings).where(sql`NOT ${claimedSql(sql`'notice:refund:' || ${eventBookings.id}`)}`)
 */
export const claimedSql = (key: ReturnType<typeof sql>, channel?: MessageChannel) =>
  channel
    ? sql`EXISTS (SELECT 1 FROM ${deliveries} WHERE ${deliveries.key} = ${key} AND ${deliveries.channel} = ${channel})`
    : sql`EXISTS (SELECT 1 FROM ${deliveries} WHERE ${deliveries.key} = ${key})`;
