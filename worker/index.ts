import { app } from './app';
import { assertConfig, type BookingMessage, type Env } from './env';
import { handleQueue, holdBatch } from './queue';
import { handleScheduled } from './scheduled';

/**
 * The Worker's three entry points. Each checks the config first (once per isolate), so a missing
 * secret or a bad var fails loudly and by name wherever the Worker is woken, not only on `/api`.
 * A request gets a bare 500 (the detail goes to the log, never to the visitor); a queue batch
 * retries every message with a delay (never acked, never dropped); a cron run throws, so the run
 * shows as failed.
 */
export default {
  fetch(request, env, ctx) {
    try {
      assertConfig(env);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: String((error as Error).message ?? error),
          path: new URL(request.url).pathname,
        }),
      );
      return Response.json(
        { error: { code: 'internal', message: 'Something went wrong. Please try again.' } },
        { status: 500, headers: { 'Cache-Control': 'no-store' } },
      );
    }
    return app.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    try {
      assertConfig(env);
    } catch (error) {
      // Not thrown: the platform would redeliver on its own terms and finally drop the messages.
      // Each one is retried explicitly with a delay until the config is fixed (worker/queue.ts).
      await holdBatch(batch, env, error);
      return;
    }
    await handleQueue(batch, env);
  },
  async scheduled(controller, env, ctx) {
    assertConfig(env);
    ctx.waitUntil(handleScheduled(controller, env));
  },
} satisfies ExportedHandler<Env, BookingMessage>;
