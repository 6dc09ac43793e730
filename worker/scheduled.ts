/** Cron (UTC, every 5 minutes, wrangler.toml): the jobs in services/cron-jobs.ts, in order. */
import { db } from '../db/client';
import type { Env } from './env';
import { expireAbandonedHolds, reconcileUnpaidOrders, sendReminders } from './services/cron-jobs';
import { requeueUndelivered } from './services/guest-messages';
import { settleCancelledBookings } from './services/booking-refunds';
import { markNoShows } from './services/host-night';
import { publishDueTables } from './services/tables';

export async function handleScheduled(_controller: ScheduledController, env: Env, now = new Date()): Promise<void> {
  const d = db(env.DB);
  await reconcileUnpaidOrders(env, d, now);
  await expireAbandonedHolds(d, now);
  // Before the reminders, so the one sent at the 48-hour reveal already carries the table.
  await publishDueTables(d, now);
  await sendReminders(env, d, now);
  await requeueUndelivered(env, d, now);
  await settleCancelledBookings(env, d, now);
  await markNoShows(d, now);
}
