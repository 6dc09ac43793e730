import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { COPY } from '@domain/copy';
import { NewsletterEmailSchema } from '@domain/email';
import { jsonBody } from '../lib/validate';
import { loadSession } from '../middleware/session';
import { joinWaitlist, subscribeNewsletter } from '../services/signups';

/** SPEC §5: trimmed, a valid email, at most 255 characters; stored lower-cased so a repeat in another case is a repeat. */
const NewsletterBody = v.object({ email: NewsletterEmailSchema }, COPY.newsletter.invalid);

const WaitlistBody = v.object(
  {
    city: v.pipe(
      v.string(COPY.waitlist.unknownCity),
      v.trim(),
      v.nonEmpty(COPY.waitlist.unknownCity),
      v.maxLength(64, COPY.waitlist.unknownCity),
      v.regex(/^[a-z0-9-]+$/, COPY.waitlist.unknownCity),
    ),
    /** How to reach an anonymous guest (phone or email); optional. */
    contact: v.optional(
      v.pipe(v.string(COPY.waitlist.contactInvalid), v.trim(), v.maxLength(255, COPY.waitlist.contactInvalid)),
    ),
  },
  COPY.waitlist.unknownCity,
);

export const signupsRoutes = new Hono<AppEnv>()
  /** Newsletter sign-up (an opt-in for the address; a signed-in guest's marketing consent); a repeat stores nothing new. */
  .post('/newsletter', loadSession, jsonBody(NewsletterBody), async (c) => {
    await subscribeNewsletter(c.env, c.var.db, c.req.valid('json').email, c.get('user')?.id ?? null);
    return c.json({ ok: true as const });
  })
  /** "Notify Me" for a city with no bookable dinner yet; the user id comes from the session, never the body. */
  .post('/waitlist', loadSession, jsonBody(WaitlistBody), async (c) => {
    const { city, contact } = c.req.valid('json');
    await joinWaitlist(c.var.db, { city, userId: c.get('user')?.id ?? null, contact: contact || null });
    return c.json({ ok: true as const });
  });
