import type { Env } from './env';

/**
 * Cron (UTC, every 5 minutes): expire holds, reconcile paid orders, send reminders.
 * OWNER: booking capability (issue 5).
 */
export async function handleScheduled(_controller: ScheduledController, _env: Env): Promise<void> {}
