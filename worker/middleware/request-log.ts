import { createMiddleware } from 'hono/factory';

/** One structured log line per request (Workers Logs indexes JSON fields). */
export const requestLog = createMiddleware(async (c, next) => {
  const started = Date.now();
  await next();
  console.log(
    JSON.stringify({
      level: 'info',
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - started,
    }),
  );
});
