import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../db/client';
import { quizResponses, userProfiles } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { ProfileSchema } from '../domain/profile';
import { ageInIst } from '../domain/time';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { sendWelcomeEmail } from '../lib/welcome-email';
import { requireSignedIn, requireUser } from '../middleware/session';

/** SPEC §8 copy. */
export const PROFILE_MESSAGES = {
  notLoggedIn: 'You must be logged in to complete your profile.',
  duplicateEmail: 'This email is already registered. Please use a different email address.',
  saveFailed: 'Failed to save profile. Please try again.',
} as const;

const duplicateEmail = () => new ApiError(409, 'email_taken', PROFILE_MESSAGES.duplicateEmail, { email: PROFILE_MESSAGES.duplicateEmail });

/** Saving needs a session; its 401 carries the profile form's own message (SPEC §8). */
const requireUserToSave = requireSignedIn(PROFILE_MESSAGES.notLoggedIn);

const isUniqueEmailViolation = (e: unknown) => /UNIQUE constraint failed: user_profiles\.email/i.test(String((e as Error)?.message ?? e) + String((e as { cause?: unknown })?.cause ?? ''));

const profileColumns = {
  id: userProfiles.id,
  full_name: userProfiles.fullName,
  email: userProfiles.email,
  phone_number: userProfiles.phoneNumber,
  age: userProfiles.age,
  sex: userProfiles.sex,
  date_of_birth: userProfiles.dateOfBirth,
  relationship_status: userProfiles.relationshipStatus,
  work_profile: userProfiles.workProfile,
};

/** The guest's own profile (SPEC §3 user_profiles): read, and upsert on user_id. */
export const profileRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const user = c.get('user');
    const profile = await db(c.env.DB).select(profileColumns).from(userProfiles).where(eq(userProfiles.userId, user.id)).get();
    return c.json({ profile: profile ?? null });
  })
  .put('/', requireUserToSave, jsonBody(ProfileSchema), async (c) => {
    const user = c.get('user');
    const input = c.req.valid('json');
    const d = db(c.env.DB);
    // Age is derived here from the date of birth, never taken from the client.
    const fields = {
      fullName: input.full_name,
      email: input.email,
      phoneNumber: input.phone_number,
      dateOfBirth: input.date_of_birth,
      age: ageInIst(input.date_of_birth),
      sex: input.sex,
      relationshipStatus: input.relationship_status,
      workProfile: input.work_profile,
    };
    const nowIso = new Date().toISOString();
    try {
      // One atomic batch: the profile upsert (INSERT … ON CONFLICT(user_id) DO UPDATE) and the
      // quiz row's name sync (SPEC §3 "The name field is updated after a profile save").
      await d.batch([
        d
          .insert(userProfiles)
          .values({ id: crypto.randomUUID(), userId: user.id, ...fields })
          .onConflictDoUpdate({ target: userProfiles.userId, set: { ...fields, updatedAt: nowIso } }),
        d.update(quizResponses).set({ name: input.full_name }).where(eq(quizResponses.userId, user.id)),
      ]);
    } catch (e) {
      // The UNIQUE email index is the one duplicate check: no read-then-write race, no extra round trip.
      if (isUniqueEmailViolation(e)) throw duplicateEmail();
      console.error(JSON.stringify({ level: 'error', msg: 'profile save failed', userId: user.id, error: String(e) }));
      throw new ApiError(500, 'profile_save_failed', PROFILE_MESSAGES.saveFailed);
    }

    // Claim the welcome email with a conditional UPDATE so two saves can never both send it.
    const claimed = await d
      .update(userProfiles)
      .set({ welcomeSentAt: nowIso })
      .where(and(eq(userProfiles.userId, user.id), isNull(userProfiles.welcomeSentAt), sql`${userProfiles.email} IS NOT NULL`))
      .returning({ email: userProfiles.email, fullName: userProfiles.fullName });
    const welcome = claimed[0];
    if (welcome?.email) {
      try {
        await sendWelcomeEmail(c.env, { userId: user.id, name: welcome.fullName ?? '', email: welcome.email });
      } catch (e) {
        console.warn(JSON.stringify({ level: 'warn', msg: 'welcome email threw', userId: user.id, error: String(e) }));
      }
    }

    const profile = await d.select(profileColumns).from(userProfiles).where(eq(userProfiles.userId, user.id)).get();
    return c.json({ profile: profile! });
  });
