import { and, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { db } from '../../db/client';
import { cityWaitlist, events, newsletterSignups } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';

const INVALID_EMAIL = 'Please enter a valid email';
export const UNKNOWN_CITY = 'Please choose a city that is coming soon.';

/** SPEC §7: trimmed, a valid email, at most 255 characters. Stored lower-cased so a repeat in another case is a repeat. */
const NewsletterBody = v.object(
  {
    email: v.pipe(
      v.string(INVALID_EMAIL),
      v.trim(),
      v.nonEmpty(INVALID_EMAIL),
      v.maxLength(255, INVALID_EMAIL),
      v.email(INVALID_EMAIL),
      v.toLowerCase(),
    ),
  },
  INVALID_EMAIL,
);

const WaitlistBody = v.object(
  {
    city: v.pipe(v.string(UNKNOWN_CITY), v.trim(), v.nonEmpty(UNKNOWN_CITY), v.maxLength(64, UNKNOWN_CITY), v.regex(/^[a-z0-9-]+$/, UNKNOWN_CITY)),
    /** How to reach an anonymous guest (phone or email); optional. */
    contact: v.optional(
      v.pipe(
        v.string('Please enter a valid email or phone number'),
        v.trim(),
        v.maxLength(255, 'Please enter a valid email or phone number'),
      ),
    ),
  },
  UNKNOWN_CITY,
);

export const signupsRoutes = new Hono<AppEnv>()
  /** Newsletter sign-up; a repeat succeeds and stores nothing new. */
  .post('/newsletter', jsonBody(NewsletterBody), async (c) => {
    const { email } = c.req.valid('json');
    await db(c.env.DB).insert(newsletterSignups).values({ email }).onConflictDoNothing();
    return c.json({ ok: true as const });
  })
  /**
   * "Notify Me" for a city with no bookable dinner yet. Signed in: one row per city and user
   * (the unique index makes repeats a no-op); anonymous: one row per city and contact. The user
   * id comes from the session, never from the body.
   */
  .post('/waitlist', jsonBody(WaitlistBody), async (c) => {
    const { city, contact } = c.req.valid('json');
    const d = db(c.env.DB);
    const nowIso = new Date().toISOString();
    // A city qualifies when it is listed but has nothing bookable (Gurugram is booked, not waited for).
    const [row] = await d
      .select({
        listed: sql<number>`count(*)`,
        bookable: sql<number>`coalesce(sum(${and(eq(events.available, true), gt(events.startsAt, nowIso))}), 0)`,
      })
      .from(events)
      .where(eq(events.city, city));
    if (!row || Number(row.listed) === 0 || Number(row.bookable) > 0) {
      throw new ApiError(400, 'invalid_input', UNKNOWN_CITY, { city: UNKNOWN_CITY });
    }

    const user = c.get('user');
    const contactValue = contact ? contact : null;
    if (user) {
      await d.insert(cityWaitlist).values({ city, userId: user.id, contact: contactValue }).onConflictDoNothing();
    } else {
      // One conditional statement, so two concurrent repeats cannot both insert.
      await d.run(sql`INSERT INTO city_waitlist (city, user_id, contact)
        SELECT ${city}, NULL, ${contactValue}
        WHERE NOT EXISTS (SELECT 1 FROM city_waitlist WHERE city = ${city} AND user_id IS NULL AND contact IS ${contactValue})`);
    }
    return c.json({ ok: true as const });
  });
