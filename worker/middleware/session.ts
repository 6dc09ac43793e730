import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { resolveSession } from '../lib/session';

/** Resolves the session cookies into `c.var.user` (null when signed out). See lib/session.ts. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await resolveSession(c));
  await next();
});

/** 401 unless a user is signed in. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new ApiError(401, 'unauthorized', 'You must be logged in.');
  await next();
});
