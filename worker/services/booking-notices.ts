/**
 * One-off messages about a booking that are not its confirmation or a reminder: the refund of a
 * dinner we cancelled, the new confirmation after a move, and "running late" to the dinner's host.
 * Each (booking, notice, channel) is claimed first with `INSERT OR IGNORE INTO reminders_sent`
 * (its `kind` is free text; the reminder kinds are `48h`, `24h`, `day_of`, these are `refund:…`,
 * `moved:…`, `late:…`), so a redelivered queue message sends nothing twice. A transient provider
 * failure releases the claim and the caller throws (the queue retries); a permanent refusal (an
 * invalid address, a number not on WhatsApp) keeps it and is logged, as confirmations do
 * (docs/decisions/012).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Env } from '../env';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { isPermanentRefusal } from './booking-confirmation';

type Sent = { ok: true } | { ok: false; error: string; status?: number };

/** Claims `kind` for this booking; false when it was claimed (sent, or being sent) before. */
export async function claimNotice(d: Db, bookingId: string, kind: string, now = new Date()): Promise<boolean> {
  const res = await d.run(
    sql`INSERT OR IGNORE INTO reminders_sent (booking_id, kind, sent_at) VALUES (${bookingId}, ${kind}, ${now.toISOString()})`,
  );
  return (res.meta.changes ?? 0) === 1;
}

async function releaseNotice(d: Db, bookingId: string, kind: string) {
  await d.run(sql`DELETE FROM reminders_sent WHERE booking_id = ${bookingId} AND kind = ${kind}`);
}

/**
 * Sends one claimed notice. @returns whether it is still owed (a transient failure, claim released).
 */
export async function sendClaimed(d: Db, bookingId: string, kind: string, send: () => Promise<Sent>): Promise<boolean> {
  if (!(await claimNotice(d, bookingId, kind))) return false;
  const sent = await send();
  if (sent.ok) return false;
  if (isPermanentRefusal(sent.status)) {
    console.error(
      JSON.stringify({
        level: 'error',
        alert: 'notice_undeliverable',
        booking: bookingId,
        kind,
        status: sent.status,
        error: sent.error,
      }),
    );
    return false;
  }
  console.error(`notice ${kind} failed; will retry`, bookingId, sent.error);
  await releaseNotice(d, bookingId, kind);
  return true;
}

/** An email through the provider, as a {@link Sent}. */
export const emailTo = (env: Env, to: string, mail: { subject: string; text: string; html: string }, key: string) =>
  sendEmail(env, { to, ...mail }, key) as Promise<Sent>;

/** A WhatsApp template through the provider, as a {@link Sent}. */
export const whatsAppTo = (env: Env, to: string, template: { name: string; params: string[] }) =>
  sendWhatsAppTemplate(env, { to, ...template }) as Promise<Sent>;
