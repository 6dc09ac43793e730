import { app } from './app';
import { assertConfig, type BookingMessage, type Env } from './env';
import { handleQueue } from './queue';
import { handleScheduled } from './scheduled';

/**
 * The Worker's three entry points. Each checks the config first (once per isolate), so a missing
 * secret or a bad var fails loudly and by name wherever the Worker is woken, not only on `/api`.
 * A request gets a bare 500 (the detail goes to the log, never to the visitor); a queue batch or
 * a cron run throws, so the batch is retried and the run shows as failed.
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
    assertConfig(env);
    await handleQueue(batch, env);
  },
  async scheduled(controller, env, ctx) {
    assertConfig(env);
    ctx.waitUntil(handleScheduled(controller, env));
  },
} satisfies ExportedHandler<Env, BookingMessage>;
