/** The guest's own profile (SPEC §3 user_profiles): read, and upsert on user_id with every rule. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quizResponses, userProfiles, users } from '../../db/schema';
import { COPY } from '@domain/copy';
import type { ProfileValues } from '@domain/profile';
import { ageInIst } from '@domain/time';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';
import { assertConsented, newestConsent } from './consents';
import { confirmEmailUrl, sendConfirmEmail } from './email-verification';
import { sendWelcomeEmail } from './welcome-email';

/** A profile on the wire: the one shape of /api/profile and /api/auth/session. */
export const profileColumns = {
  id: userProfiles.id,
  full_name: userProfiles.fullName,
  email: userProfiles.email,
  /** Whether the guest confirmed `email` (docs/decisions/026): guest emails go only to a confirmed one. */
  email_verified: sql<boolean>`${userProfiles.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
  phone_number: userProfiles.phoneNumber,
  age: userProfiles.age,
  sex: userProfiles.sex,
  date_of_birth: userProfiles.dateOfBirth,
  relationship_status: userProfiles.relationshipStatus,
  work_profile: userProfiles.workProfile,
  /** Issue 21: only at tables with at least two other women (a rule of the matching when it can be kept). */
  seat_with_women: userProfiles.seatWithWomen,
};

/** The guest's profile, or null before they have one. */
export async function findProfile(d: Db, userId: string) {
  return (await d.select(profileColumns).from(userProfiles).where(eq(userProfiles.userId, userId)).get()) ?? null;
}
export type Profile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

const duplicateEmail = () =>
  new ApiError(409, 'email_taken', COPY.profile.duplicateEmail, { email: COPY.profile.duplicateEmail });
const isUniqueEmailViolation = (e: unknown) =>
  /UNIQUE constraint failed: user_profiles\.email/i.test(
    String((e as Error)?.message ?? e) + String((e as { cause?: unknown })?.cause ?? ''),
  );

/**
 * Saves the profile (403 without the current consent notice agreed, 409 when the email belongs to another guest) and syncs the quiz row's name
 * (SPEC §3 "The name field is updated after a profile save"); the first save with an email sends
 * the welcome email once.
 */
export async function saveProfile(env: Env, d: Db, userId: string, input: ProfileValues): Promise<Profile> {
  // Issue 22: a profile is personal data; without the current consent notice agreed, 403 and
  // nothing is written. One read before the batch (a profile save is rare).
  assertConsented(await newestConsent(d, userId, 'service'));
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
  // An email is confirmed by its link (docs/decisions/026) or when it is the account's own Google
  // email (Google verified it: an account gets a Google subject only with its verified email).
  const googleVerified = sql`(SELECT ${nowIso} FROM ${users} WHERE ${users.id} = ${userId} AND ${users.googleSub} IS NOT NULL AND ${users.email} = ${input.email})`;
  let previousEmail: string | null = null;
  try {
    // One atomic batch: the email before the save, the upsert (INSERT … ON CONFLICT(user_id) DO
    // UPDATE) and the name sync. A save that keeps the email keeps its confirmation; one that
    // changes it clears it (SQLite's SET reads the row as it was before the update).
    const [before] = await d.batch([
      d.select({ email: userProfiles.email }).from(userProfiles).where(eq(userProfiles.userId, userId)),
      d
        .insert(userProfiles)
        .values({
          id: crypto.randomUUID(),
          userId,
          ...fields,
          seatWithWomen: input.seat_with_women ?? false,
          emailVerifiedAt: googleVerified,
        })
        .onConflictDoUpdate({
          target: userProfiles.userId,
          set: {
            ...fields,
            // Left out of the body (an older screen), the wish stays as the guest set it.
            ...(input.seat_with_women === undefined ? {} : { seatWithWomen: input.seat_with_women }),
            emailVerifiedAt: sql`coalesce(CASE WHEN ${userProfiles.email} = ${input.email} THEN ${userProfiles.emailVerifiedAt} END, ${googleVerified})`,
            updatedAt: nowIso,
          },
        }),
      d.update(quizResponses).set({ name: input.full_name }).where(eq(quizResponses.userId, userId)),
    ]);
    previousEmail = before[0]?.email ?? null;
  } catch (e) {
    // The UNIQUE email index is the one duplicate check: no read-then-write race, no extra round trip.
    if (isUniqueEmailViolation(e)) throw duplicateEmail();
    console.error(JSON.stringify({ level: 'error', msg: 'profile save failed', userId, error: String(e) }));
    throw new ApiError(500, 'profile_save_failed', COPY.profile.saveFailed);
  }

  const profile = (await findProfile(d, userId)) as Profile;
  if (fields.email) {
    const guest = { userId, name: input.full_name, email: fields.email };
    // The welcome email, once per guest whatever the saves: deliverOnce claims it (decision 025);
    // while the email is unconfirmed it carries the link that confirms it.
    const confirmUrl = profile.email_verified ? null : await confirmEmailUrl(env, userId, fields.email);
    await sendWelcomeEmail(env, { ...guest, confirmUrl });
    // A new email on a profile that had one: "Confirm your email", once per address (decision 026).
    if (!profile.email_verified && previousEmail && previousEmail !== fields.email) {
      try {
        await sendConfirmEmail(env, d, guest);
      } catch (e) {
        // Never fails the save: /profile offers to send it again.
        console.warn(JSON.stringify({ level: 'warn', msg: 'confirm email threw', userId, error: String(e) }));
      }
    }
  }
  return profile;
}
