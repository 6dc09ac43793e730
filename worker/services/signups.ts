/** Newsletter sign-ups and "Notify Me" interest in a city that has no dinner yet. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cityWaitlist, events, newsletterSignups } from '../../db/schema';
import { COPY } from '../domain/copy';
import { ApiError } from '../lib/errors';

/** A repeat sign-up succeeds and stores nothing new. */
export async function subscribeNewsletter(d: Db, email: string): Promise<void> {
  await d.insert(newsletterSignups).values({ email }).onConflictDoNothing();
}

/**
 * Records interest in `city`, which must be listed but have nothing bookable (Gurugram is booked,
 * not waited for). Signed in: one row per city and user; anonymous: one per city and contact.
 */
export async function joinWaitlist(
  d: Db,
  input: { city: string; userId: string | null; contact: string | null },
): Promise<void> {
  const nowIso = new Date().toISOString();
  const [row] = await d
    .select({
      listed: sql<number>`count(*)`,
      bookable: sql<number>`coalesce(sum(${and(eq(events.available, true), gt(events.startsAt, nowIso))}), 0)`,
    })
    .from(events)
    .where(eq(events.city, input.city));
  if (!row || Number(row.listed) === 0 || Number(row.bookable) > 0) {
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
