/**
 * Accounts inactive for 3 years are erased (issue 22, privacy policy's retention), by the cron:
 * a notice goes out 48 hours before (`users.inactivity_notice_at`), and a sign-in or session
 * refresh in between cancels it (services/sessions.ts clears the notice with the visit). Each run
 * takes a bounded number of accounts; the next run takes the rest.
 *
 * The notice goes to a verified address only: the profile's verified email, else the sign-in one;
 * an account with neither is told by WhatsApp on its sign-in phone (proved by a code; template
 * `account_inactivity_notice`, README's deploy section). An account is stamped as told only once
 * a notice was sent: one we could tell on no channel is never erased by the clock.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inactivityNoticeEmail, inactivityNoticeWhatsApp } from '@domain/copy-data-rights';
import { INACTIVE_AFTER_MS, INACTIVITY_BATCH, INACTIVITY_NOTICE_MS } from '@domain/personal-data';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { sendEmail } from '../providers/email';
import { sendWhatsAppTemplate } from '../providers/whatsapp';
import { eraseAccount } from './data-rights';
import { deliverOnce } from './deliveries';

/** The account's last visit, or its creation for one that never had a session. */
const lastVisit = sql`COALESCE(u.last_active_at, u.created_at)`;

/** The account's verified email: the profile's once verified, else the sign-in one (password or Google). */
const verifiedEmail = sql`COALESCE(CASE WHEN p.email_verified_at IS NOT NULL THEN p.email END, u.email)`;

/** The notice's delivery key, per the visit it is about: a guest who comes back and leaves again gets a new notice. */
const noticeKey = (userId: string, last: string) => `inactivity:${userId}:${last}`;

/** Notices for accounts 48 hours from erasure, then the erasure of those noticed 48 hours ago. */
export async function eraseInactiveAccounts(env: Env, d: Db, now = new Date()) {
  return { noticed: await sendInactivityNotices(env, d, now), erased: await eraseNoticedAccounts(env, d, now) };
}

async function sendInactivityNotices(env: Env, d: Db, now: Date): Promise<number> {
  const noticeFrom = new Date(now.getTime() - (INACTIVE_AFTER_MS - INACTIVITY_NOTICE_MS)).toISOString();
  // Operators and hosts are staff accounts, kept by the business, not erased by the clock. An
  // account every channel of which refused this notice for good is left out (not retried each run).
  const due = await d.all<{
    id: string;
    last: string;
    email: string | null;
    phone: string | null;
    name: string | null;
  }>(
    sql`SELECT u.id, ${lastVisit} AS last, ${verifiedEmail} AS email, u.phone, COALESCE(p.full_name, u.full_name) AS name
    FROM users AS u LEFT JOIN user_profiles AS p ON p.user_id = u.id
    WHERE u.erased_at IS NULL AND u.role = 'guest' AND u.inactivity_notice_at IS NULL AND ${lastVisit} < ${noticeFrom}
      AND (SELECT count(*) FROM deliveries AS dv WHERE dv.key = 'inactivity:' || u.id || ':' || ${lastVisit}
          AND dv.state = 'undeliverable')
        < (CASE WHEN ${verifiedEmail} IS NOT NULL THEN 1 ELSE 0 END) + (CASE WHEN u.phone IS NOT NULL THEN 1 ELSE 0 END)
    LIMIT ${INACTIVITY_BATCH}`,
  );
  const signInUrl = `${env.APP_ORIGIN.replace(/\/$/, '')}/auth`;
  const eraseOn = new Date(now.getTime() + INACTIVITY_NOTICE_MS);
  let noticed = 0;
  for (const u of due) {
    const key = noticeKey(u.id, u.last);
    // Stamped only if a notice of this visit was sent (on either channel), and nobody came back meanwhile.
    const stamp = async () =>
      (
        await d.run(sql`UPDATE users SET inactivity_notice_at = ${now.toISOString()}
          WHERE id = ${u.id} AND inactivity_notice_at IS NULL AND erased_at IS NULL AND COALESCE(last_active_at, created_at) = ${u.last}
            AND EXISTS (SELECT 1 FROM deliveries WHERE key = ${key} AND state = 'sent')`)
      ).meta.changes ?? 0;
    // Not stamped: told on this channel but back meanwhile (nothing more to do), or refused for good.
    const sentOn = async (channel: 'email' | 'whatsapp') =>
      (await d.get<{ state: string }>(sql`SELECT state FROM deliveries WHERE key = ${key} AND channel = ${channel}`))
        ?.state === 'sent';
    if (u.email) {
      const to = u.email;
      const owed = await deliverOnce(d, { key, channel: 'email', userId: u.id }, (k) =>
        sendEmail(env, { to, ...inactivityNoticeEmail({ name: u.name, signInUrl }) }, k),
      );
      // Not sent yet (a transient failure): no notice stamped, so no erasure; the next run tries again.
      if (owed) continue;
      const stamped = await stamp();
      noticed += stamped;
      if (stamped || (await sentOn('email'))) continue;
    }
    // No verified email, or the email was refused for good: the sign-in phone, by WhatsApp.
    if (u.phone) {
      const to = u.phone;
      const owed = await deliverOnce(d, { key, channel: 'whatsapp', userId: u.id }, () =>
        sendWhatsAppTemplate(env, { to, ...inactivityNoticeWhatsApp({ eraseOn }) }),
      );
      if (owed) continue;
      const stamped = await stamp();
      noticed += stamped;
      if (stamped || (await sentOn('whatsapp'))) continue;
    }
    // Told on no channel: not stamped, so never erased by the clock; a person looks.
    console.error(JSON.stringify({ level: 'error', alert: 'inactivity_notice_undeliverable', user: u.id }));
  }
  return noticed;
}

async function eraseNoticedAccounts(env: Env, d: Db, now: Date): Promise<number> {
  const inactiveBefore = new Date(now.getTime() - INACTIVE_AFTER_MS).toISOString();
  const noticedBefore = new Date(now.getTime() - INACTIVITY_NOTICE_MS).toISOString();
  const due = await d.all<{ id: string; last: string; notice_at: string }>(sql`
    SELECT u.id, ${lastVisit} AS last, u.inactivity_notice_at AS notice_at FROM users AS u
    WHERE u.erased_at IS NULL AND u.role = 'guest' AND u.inactivity_notice_at <= ${noticedBefore} AND ${lastVisit} < ${inactiveBefore}
      -- One we owe a refund (a dinner we cancelled, not yet chosen) waits, without holding up the rest.
      AND NOT EXISTS (SELECT 1 FROM event_bookings AS b JOIN events AS e ON e.id = b.event_id
        WHERE b.user_id = u.id AND b.status = 'confirmed' AND e.cancelled_at IS NOT NULL AND e.starts_at > ${now.toISOString()})
      -- So does one with a grievance the officer has not answered.
      AND NOT EXISTS (SELECT 1 FROM grievances AS g WHERE g.status = 'open' AND g.user_id = u.id)
    ORDER BY u.inactivity_notice_at
    LIMIT ${INACTIVITY_BATCH}`);
  let erased = 0;
  for (const { id, last, notice_at } of due) {
    try {
      // Erased only if the account is as read here: a visit since (a sign-in) keeps it.
      if (await eraseAccount(env, d, id, 'inactive', now, { last, noticeAt: notice_at })) erased += 1;
    } catch (e) {
      // A refund or a reply owed since the read above: the account waits for it, and a person is told.
      if (!(e instanceof ApiError)) throw e;
      console.error(JSON.stringify({ level: 'error', alert: 'inactive_erasure_blocked', user: id, code: e.code }));
    }
  }
  return erased;
}
