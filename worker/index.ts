import { app } from './app';
import type { BookingMessage, Env } from './env';
import { handleQueue } from './queue';
import { handleScheduled } from './scheduled';

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(controller, env)),
} satisfies ExportedHandler<Env, BookingMessage>;
