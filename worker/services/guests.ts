/** How to address a guest: the name, email and phone their messages and checkout prefill use. */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userProfiles, users } from '../../db/schema';
import { toE164 } from '@domain/phone';

export type GuestContact = {
  fullName: string;
  /** The email to show or prefill: the profile's, else the account's. Never mailed as such. */
  email: string | null;
  /**
   * The only address a guest email goes to: the profile email once confirmed (its link, or Google:
   * `user_profiles.email_verified_at`, docs/decisions/026); null while unconfirmed, so nobody can
   * have us mail a stranger by typing their address.
   */
  verifiedEmail: string | null;
  /** The phone to show or prefill: the profile's, else the sign-in phone. Never messaged. */
  phone: string | null;
  /**
   * The only number a message goes to: the sign-in phone (`users.phone`), which only a code check
   * sets. A profile phone is whatever was typed; a guest without a verified phone gets no WhatsApp.
   */
  whatsapp: string | null;
};

/** The columns {@link toGuestContact} reads, for a query that joins users and user_profiles. */
export const guestContactColumns = {
  fullName: userProfiles.fullName,
  profileEmail: userProfiles.email,
  profileEmailVerifiedAt: userProfiles.emailVerifiedAt,
  profilePhone: userProfiles.phoneNumber,
  accountEmail: users.email,
  accountPhone: users.phone,
};

/**
 * The profile's name, email and phone, else the account's, and the verified email and phone
 * messages go to ({@link GuestContact.verifiedEmail}, {@link GuestContact.whatsapp}); fullName '' means the profile is not
 * complete. Phones come out as E.164: profiles saved before phones were canonicalised may hold a
 * number as it was typed ("09876543210"), so it is read through the same rule as new input.
 */
export function toGuestContact(
  row: { [K in keyof typeof guestContactColumns]: string | null } | undefined,
): GuestContact {
  return {
    fullName: row?.fullName?.trim() ?? '',
    email: row?.profileEmail ?? row?.accountEmail ?? null,
    verifiedEmail: row?.profileEmailVerifiedAt ? (row.profileEmail ?? null) : null,
    phone: toE164(row?.profilePhone ?? row?.accountPhone ?? ''),
    whatsapp: toE164(row?.accountPhone ?? ''),
  };
}

/** {@link toGuestContact} for one user, in one query. */
export async function guestContact(d: Db, userId: string): Promise<GuestContact> {
  const [row] = await d
    .select(guestContactColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return toGuestContact(row);
}

/**
 * Whether the user `userId` (a SQL expression) can be reached at all: a verified phone or a
 * confirmed email. The cron's safety nets re-queue only messages owed to such guests; one we cannot
 * reach is settled by having nowhere to go, not tried again every run.
 */
export const reachableSql = (userId: SQL) =>
  sql`(EXISTS (SELECT 1 FROM users AS ru WHERE ru.id = ${userId} AND ru.phone IS NOT NULL)
    OR EXISTS (SELECT 1 FROM user_profiles AS rp WHERE rp.user_id = ${userId} AND rp.email IS NOT NULL AND rp.email_verified_at IS NOT NULL))`;
