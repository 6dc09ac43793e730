/**
 * The `bookings` queue's guest messages, put there for a route (routes never touch the queue
 * binding: a route calls a service). Each send has its fallback: when the queue refuses, the
 * message is sent right away instead, its delivery claims keeping it to one of each.
 */
import type { Env } from '../env';
import { sendConfirmation } from './booking-confirmation';
import { tellHosts } from './running-late';

/**
 * A moved booking's new confirmation (a reschedule, or a move after we cancelled), retried by the
 * queue until delivered (`send-confirmation`); if the enqueue fails, an alert
 * (`move_confirmation_enqueue_failed`) and one try right away. The move itself stands either way.
 */
export async function queueConfirmation(env: Env, bookingId: string): Promise<void> {
  try {
    await env.BOOKINGS.send({ kind: 'send-confirmation', bookingId });
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        alert: 'move_confirmation_enqueue_failed',
        booking: bookingId,
        error: String(err),
      }),
    );
    await sendConfirmation(env, bookingId).catch((e) => console.error('move confirmation failed', bookingId, e));
  }
}

/**
 * "Running late" (pressed at `at`) to the dinner's hosts, off the request (`running-late`); if the
 * enqueue fails, an alert (`running_late_enqueue_failed`) and the hosts are told right away. The
 * record stands either way (the host's page shows it).
 */
export async function queueRunningLate(env: Env, bookingId: string, at: string): Promise<void> {
  try {
    await env.BOOKINGS.send({ kind: 'running-late', bookingId, at });
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', alert: 'running_late_enqueue_failed', booking: bookingId, error: String(err) }),
    );
    await tellHosts(env, bookingId, at).catch((e) => console.error('running late notice failed', bookingId, e));
  }
}
