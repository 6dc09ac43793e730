import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../lib/errors';
import { COPY } from '@domain/copy';

/** Known errors become the API's error shape; anything else is logged and answered as a bare 500. */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json(err.body(), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code =
      status === 403 ? 'forbidden' : status === 401 ? 'unauthorized' : status === 400 ? 'bad_request' : 'http_error';
    return c.json({ error: { code, message: err.message || 'Request failed.' } }, status);
  }
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'unhandled',
      path: c.req.path,
      error: String(err),
      stack: (err as Error)?.stack,
    }),
  );
  return c.json({ error: { code: 'internal', message: COPY.common.failed } }, 500);
};

export const notFound: NotFoundHandler = (c) =>
  c.json({ error: { code: 'not_found', message: COPY.common.notFound } }, 404);
