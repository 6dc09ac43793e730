/**
 * Accounts inactive for 3 years are erased (issue 22, privacy policy's retention), by the cron:
 * a notice goes out 48 hours before (`users.inactivity_notice_at`), and a sign-in or session
 * refresh in between cancels it (services/sessions.ts clears the notice with the visit). Each run
 * takes a bounded number of accounts; the next run takes the rest.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inactivityNoticeEmail } from '@domain/copy-data-rights';
import { INACTIVE_AFTER_MS, INACTIVITY_BATCH, INACTIVITY_NOTICE_MS } from '@domain/personal-data';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { sendEmail } from '../providers/email';
import { eraseAccount } from './data-rights';
import { deliverOnce } from './deliveries';

/** The account's last visit, or its creation for one that never had a session. */
const lastVisit = sql`COALESCE(u.last_active_at, u.created_at)`;

/** Notices for accounts 48 hours from erasure, then the erasure of those noticed 48 hours ago. */
export async function eraseInactiveAccounts(env: Env, d: Db, now = new Date()) {
  return { noticed: await sendInactivityNotices(env, d, now), erased: await eraseNoticedAccounts(env, d, now) };
}

async function sendInactivityNotices(env: Env, d: Db, now: Date): Promise<number> {
  const noticeFrom = new Date(now.getTime() - (INACTIVE_AFTER_MS - INACTIVITY_NOTICE_MS)).toISOString();
  // Operators and hosts are staff accounts, kept by the business, not erased by the clock.
  const due = await d.all<{ id: string; last: string; email: string | null; name: string | null }>(sql`
    SELECT u.id, ${lastVisit} AS last, COALESCE(CASE WHEN p.email_verified_at IS NOT NULL THEN p.email END, u.email) AS email,
      COALESCE(p.full_name, u.full_name) AS name
    FROM users AS u LEFT JOIN user_profiles AS p ON p.user_id = u.id
    WHERE u.erased_at IS NULL AND u.role = 'guest' AND u.inactivity_notice_at IS NULL AND ${lastVisit} < ${noticeFrom}
    LIMIT ${INACTIVITY_BATCH}`);
  let noticed = 0;
  for (const u of due) {
    const signInUrl = `${env.APP_ORIGIN.replace(/\/$/, '')}/auth`;
    // Keyed by the visit it is about: a guest who comes back and leaves again gets a new notice.
    const owed = u.email
      ? await deliverOnce(d, { key: `inactivity:${u.id}:${u.last}`, channel: 'email', userId: u.id }, (key) =>
          sendEmail(env, { to: u.email as string, ...inactivityNoticeEmail({ name: u.name, signInUrl }) }, key),
        )
      : false;
    // Not sent yet (a transient failure): no notice stamped, so no erasure; the next run tries again.
    // An account we cannot write to is stamped all the same: the 48 hours run from now.
    if (owed) continue;
    const r = await d.run(sql`UPDATE users SET inactivity_notice_at = ${now.toISOString()}
      WHERE id = ${u.id} AND inactivity_notice_at IS NULL AND erased_at IS NULL AND COALESCE(last_active_at, created_at) = ${u.last}`);
    noticed += r.meta.changes ?? 0;
  }
  return noticed;
}

async function eraseNoticedAccounts(env: Env, d: Db, now: Date): Promise<number> {
  const inactiveBefore = new Date(now.getTime() - INACTIVE_AFTER_MS).toISOString();
  const noticedBefore = new Date(now.getTime() - INACTIVITY_NOTICE_MS).toISOString();
  const due = await d.all<{ id: string }>(sql`SELECT u.id FROM users AS u
    WHERE u.erased_at IS NULL AND u.role = 'guest' AND u.inactivity_notice_at <= ${noticedBefore} AND ${lastVisit} < ${inactiveBefore}
      -- One we owe a refund (a dinner we cancelled, not yet chosen) waits, without holding up the rest.
      AND NOT EXISTS (SELECT 1 FROM event_bookings AS b JOIN events AS e ON e.id = b.event_id
        WHERE b.user_id = u.id AND b.status = 'confirmed' AND e.cancelled_at IS NOT NULL AND e.starts_at > ${now.toISOString()})
    ORDER BY u.inactivity_notice_at
    LIMIT ${INACTIVITY_BATCH}`);
  let erased = 0;
  for (const { id } of due) {
    try {
      if (await eraseAccount(env, d, id, 'inactive', now)) erased += 1;
    } catch (e) {
      // A refund owed since the read above: the account waits for it, and a person is told.
      if (!(e instanceof ApiError)) throw e;
      console.error(JSON.stringify({ level: 'error', alert: 'inactive_erasure_blocked', user: id, code: e.code }));
    }
  }
  return erased;
}
