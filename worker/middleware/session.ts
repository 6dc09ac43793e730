import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../app-env';
import { ApiError } from '../lib/errors';
import { resolveSession } from '../lib/session';

/** Resolves the session cookies into `c.var.user` (null when signed out). See lib/session.ts. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await resolveSession(c));
  await next();
});

/** What a handler behind `requireSignedIn` sees: `c.get('user')` is never null there. */
type SignedInEnv = { Bindings: AppEnv['Bindings']; Variables: { user: SessionUser } };

/**
 * 401 with `message` unless a user is signed in; narrows `c.get('user')` for the handler.
 * @example profileRoutes.put('/', requireSignedIn('You must be logged in to complete your profile.'), handler)
 */
export function requireSignedIn(message = 'You must be logged in.') {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (!(c.get('user') as SessionUser | null)) throw new ApiError(401, 'unauthorized', message);
    await next();
  });
}

/** 401 unless a user is signed in (the common case of {@link requireSignedIn}). */
export const requireUser = requireSignedIn();
