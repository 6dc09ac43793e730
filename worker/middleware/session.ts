import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';

/**
 * Resolves the session cookies into `c.var.user` (null when signed out).
 * OWNER: sign-in capability (issue 3) implements cookie verification, renewal and revocation here.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  await next();
});

/** 401 with the spec's copy unless a user is signed in. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new ApiError(401, 'unauthorized', 'You must be logged in.');
  await next();
});
