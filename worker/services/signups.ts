/** Newsletter sign-ups and "Notify Me" interest in a city that has no dinner yet. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cityWaitlist, newsletterSignups } from '../../db/schema';
import { COPY } from '@domain/copy';
import { ApiError } from '../lib/errors';
import { isComingSoon } from './cities';
import { recordMarketingStatements } from './consents';
import { sendNewsletterWelcome } from './marketing';

/**
 * The footer form: an opt-in for that address (issue 22). A repeat sign-up succeeds and stores
 * nothing new. A signed-in guest who subscribes also records their marketing consent (source
 * `newsletter_form`), in the same batch. The newsletter's welcome, with its unsubscribe link,
 * goes once per address.
 */
export async function subscribeNewsletter(
  env: Parameters<typeof sendNewsletterWelcome>[0],
  d: Db,
  email: string,
  userId: string | null,
): Promise<void> {
  const insert = d.insert(newsletterSignups).values({ email }).onConflictDoNothing();
  if (userId) await d.batch([insert, ...recordMarketingStatements(d, userId, true, 'newsletter_form')]);
  else await insert;
  await sendNewsletterWelcome(env, d, email, userId);
}

/**
 * Records interest in `city`, which must be a city the home page shows as coming soon (the
 * `cities` table): an unknown, hidden or available one (Gurugram is booked, not waited for) is
 * 400. Signed in: one row per city and user; anonymous: one per city and contact.
 */
export async function joinWaitlist(
  d: Db,
  input: { city: string; userId: string | null; contact: string | null },
): Promise<void> {
  if (!(await isComingSoon(d, input.city))) {
    throw new ApiError(400, 'invalid_input', COPY.waitlist.unknownCity, { city: COPY.waitlist.unknownCity });
  }
  if (input.userId) {
    await d
      .insert(cityWaitlist)
      .values({ city: input.city, userId: input.userId, contact: input.contact })
      .onConflictDoNothing();
  } else {
    // One conditional statement, so two concurrent repeats cannot both insert.
    await d.run(sql`INSERT INTO city_waitlist (city, user_id, contact)
      SELECT ${input.city}, NULL, ${input.contact}
      WHERE NOT EXISTS (SELECT 1 FROM city_waitlist WHERE city = ${input.city} AND user_id IS NULL AND contact IS ${input.contact})`);
  }
}
