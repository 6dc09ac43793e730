/** Cron (UTC, every 5 minutes, wrangler.toml): the jobs in services/cron-jobs.ts, in order. */
import { db } from '../db/client';
import type { Env } from './env';
import { expireAbandonedHolds, reconcileUnpaidOrders } from './services/cron-jobs';
import { eraseInactiveAccounts } from './services/data-rights-inactivity';
import { sendReminders } from './services/reminders';
import { requeueUndelivered } from './services/guest-messages';
import { settleCancelledBookings } from './services/ledger/cancelled-refunds';
import { bookCreditOrdersLeftPaid } from './services/ledger/capture';
import { expireCredit, grantAllResoldReleases } from './services/ledger/credit';
import { sweepAllOffers } from './services/ledger/offers';
import { markNoShows } from './services/host-night';
import { issueMissingDocuments } from './services/invoices';
import { publishDueTables } from './services/tables';
import { retryGrievanceEmails } from './services/grievances';
import { afterTheDinner } from './services/morning-after';

export async function handleScheduled(_controller: ScheduledController, env: Env, now = new Date()): Promise<void> {
  const d = db(env.DB);
  const jobs: [string, () => Promise<unknown>][] = [
    ['reconcile', () => reconcileUnpaidOrders(env, d, now)],
    ['expire holds', () => expireAbandonedHolds(d, now)],
    // After the holds: a lapsed hold or offer frees its seat for the next guest in line.
    ['waitlist offers', () => sweepAllOffers(env, d, now)],
    ['release credit', () => grantAllResoldReleases(d, now)],
    ['credit bookings', () => bookCreditOrdersLeftPaid(env, d, now)],
    ['credit expiry', () => expireCredit(d, now)],
    // Before the reminders, so the one sent at the 48-hour reveal already carries the table.
    ['publish tables', () => publishDueTables(d, now)],
    ['reminders', () => sendReminders(env, d, now)],
    ['guest messages', () => requeueUndelivered(env, d, now)],
    ['cancelled bookings', () => settleCancelledBookings(env, d, now)],
    ['no-shows', () => markNoShows(d, now)],
    // After the refunds: whatever they refunded gets its credit note, and a booking its invoice (issue 22).
    ['invoices', () => issueMissingDocuments(env, d, now)],
    // Issue 22: accounts 3 years without a visit, noticed 48 hours before they are erased.
    ['inactive accounts', () => eraseInactiveAccounts(env, d, now)],
    // A grievance's acknowledgement or reply whose email failed when it was filed or answered.
    ['grievance emails', () => retryGrievanceEmails(env, d)],
    // Issue 21: 10:00 IST the day after, "How was the evening?"; and any mutual 'dine again' still owed.
    ['morning after', () => afterTheDinner(env, d, now)],
  ];
  // Each job runs whatever another did: one that throws must not hold up reminders or refunds for
  // the day. The run still fails afterwards, so the platform's cron metrics show it.
  const failed: unknown[] = [];
  for (const [name, job] of jobs) {
    try {
      await job();
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', alert: 'cron_job_failed', job: name, error: String(err) }));
      failed.push(err);
    }
  }
  if (failed.length) throw new AggregateError(failed, `${failed.length} cron job(s) failed`);
}
