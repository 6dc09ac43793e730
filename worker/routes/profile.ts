import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { COPY } from '@domain/copy';
import { VerifyEmailSchema } from '@domain/email-confirmation';
import { ProfileSchema } from '@domain/profile';
import { jsonBody } from '../lib/validate';
import { loadSession, requireSignedIn, requireUser } from '../middleware/session';
import { confirmEmail, resendConfirmEmail } from '../services/email-verification';
import { findProfile, saveProfile } from '../services/profiles';

/** The guest's own profile (SPEC §3 user_profiles): read, and upsert on user_id. */
export const profileRoutes = new Hono<AppEnv>()
  .use(loadSession)
  .get('/', requireUser, async (c) => c.json({ profile: await findProfile(c.var.db, c.get('user').id) }))
  // Saving needs a session; its 401 carries the profile form's own message (SPEC §8).
  .put('/', requireSignedIn(COPY.profile.notLoggedIn), jsonBody(ProfileSchema), async (c) =>
    c.json({ profile: await saveProfile(c.env, c.var.db, c.get('user').id, c.req.valid('json')) }),
  )
  // The link of "Confirm your email" (docs/decisions/026): the token names the guest and the
  // address, so it works signed out too (the link is often opened on another device).
  .post('/email/verify', jsonBody(VerifyEmailSchema), async (c) => {
    await confirmEmail(c.env, c.var.db, c.req.valid('json').token);
    return c.json({ email_verified: true });
  })
  .post('/email/resend', requireUser, async (c) => {
    await resendConfirmEmail(c.env, c.var.db, c.get('user').id);
    return c.json({ sent: true });
  });
