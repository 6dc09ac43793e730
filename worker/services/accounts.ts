/**
 * Accounts: finding or creating the user behind each way of signing in (phone code, Google,
 * email + password), and what the web app knows of a signed-in guest.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quizResponses, sessions, userProfiles, users } from '../../db/schema';
import type { SessionUser } from '../app-env';
import { SIGN_UP_COPY } from '@domain/auth';
import { COPY } from '@domain/copy';
import { hasCurrentConsent } from '@domain/consent';
import { nextPath } from '@domain/next-path';
import { ApiError } from '../lib/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../lib/password';
import { newestConsent } from './consents';
import { profileColumns } from './profiles';

/** A user on the wire (the session's `user`). */
const toUserJson = (u: SessionUser) => ({
  id: u.id,
  email: u.email,
  phone: u.phone,
  full_name: u.fullName,
  role: u.role,
});

/**
 * What the web app knows of a signed-in guest: user, profile, quiz_completed, consent_required and
 * `next`, the redirect rule's server half (SPEC §2, issue 22). One round trip.
 */
export async function sessionView(d: Db, user: SessionUser) {
  const [profile, quiz, service] = await d.batch([
    d.select(profileColumns).from(userProfiles).where(eq(userProfiles.userId, user.id)).limit(1),
    d.select({ id: quizResponses.id }).from(quizResponses).where(eq(quizResponses.userId, user.id)).limit(1),
    newestConsent(d, user.id, 'service'),
  ]);
  const p = profile[0] ?? null;
  const quizCompleted = quiz.length > 0;
  const consented = hasCurrentConsent(service[0]);
  return {
    user: toUserJson(user),
    profile: p,
    quiz_completed: quizCompleted,
    /** Issue 22: the current consent notice is not agreed yet; `next` is then /consent. */
    consent_required: !consented,
    next: nextPath({ consented, hasPendingQuiz: false, quizCompleted, fullName: p?.full_name }),
  };
}
export type SessionView = Awaited<ReturnType<typeof sessionView>>;

/** Finds or creates the user owning `phone` (E.164; insert-or-ignore, so racing verifies agree), and records the phone on the profile. */
export async function userForPhone(d: Db, phone: string): Promise<string> {
  await d.insert(users).values({ id: crypto.randomUUID(), phone }).onConflictDoNothing({ target: users.phone });
  const user = await d
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.phone, phone))
    .get();
  if (!user) throw new Error('user for phone vanished');
  if (user.disabledAt) throw new ApiError(403, 'account_disabled', COPY.auth.accountDisabled);
  await d
    .insert(userProfiles)
    .values({ id: crypto.randomUUID(), userId: user.id, phoneNumber: phone })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { phoneNumber: phone, updatedAt: new Date().toISOString() },
    });
  return user.id;
}

/** Finds the user for a Google identity: by subject, else links a user with the same verified email, else creates one. */
export async function userForGoogle(
  d: Db,
  g: { sub: string; email: string | null; emailVerified: boolean },
): Promise<string> {
  let user = await d
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.googleSub, g.sub))
    .get();
  if (!user && g.email && g.emailVerified) {
    // Google has verified this email; the account that holds it was made by whoever typed the
    // address at sign-up, which proved nothing (no confirmation email). Linking hands the account
    // to the address's owner and takes it from anyone else: its password is cleared and every
    // session it has is ended, in the same batch, so a squatter who signed up first with a
    // stranger's address keeps no way in (account pre-hijacking).
    const now = new Date().toISOString();
    const [linked] = await d.batch([
      d
        .update(users)
        .set({ googleSub: g.sub, passwordHash: null })
        .where(and(eq(users.email, g.email), isNull(users.googleSub)))
        .returning({ id: users.id, disabledAt: users.disabledAt }),
      d
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            isNull(sessions.revokedAt),
            inArray(sessions.userId, d.select({ id: users.id }).from(users).where(eq(users.googleSub, g.sub))),
          ),
        ),
    ]);
    user = linked[0];
  }
  if (!user) {
    const emailFree =
      g.email && g.emailVerified
        ? !(await d.select({ id: users.id }).from(users).where(eq(users.email, g.email)).get())
        : false;
    await d
      .insert(users)
      .values({ id: crypto.randomUUID(), googleSub: g.sub, email: emailFree ? g.email : null })
      .onConflictDoNothing({ target: users.googleSub });
    user = await d
      .select({ id: users.id, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.googleSub, g.sub))
      .get();
  }
  if (!user || user.disabledAt) throw new Error('google user unavailable');
  // SPEC §4: insert a profile with user_id and email when absent; fill the email when missing.
  const profile = await d
    .select({ id: userProfiles.id, email: userProfiles.email })
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.id))
    .get();
  const email = g.email && g.emailVerified ? g.email : null;
  const emailTaken = email
    ? Boolean(await d.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.email, email)).get())
    : true;
  // Google verified this email, so it is confirmed as it is written (docs/decisions/026); so is a
  // profile email that already was this address.
  const verifiedAt = new Date().toISOString();
  if (!profile)
    await d
      .insert(userProfiles)
      .values({
        id: crypto.randomUUID(),
        userId: user.id,
        email: emailTaken ? null : email,
        emailVerifiedAt: emailTaken ? null : verifiedAt,
      })
      .onConflictDoNothing();
  else if (!profile.email && !emailTaken)
    await d
      .update(userProfiles)
      .set({ email, emailVerifiedAt: verifiedAt, updatedAt: verifiedAt })
      .where(eq(userProfiles.id, profile.id));
  else if (email && profile.email === email)
    await d
      .update(userProfiles)
      .set({ emailVerifiedAt: verifiedAt })
      .where(and(eq(userProfiles.id, profile.id), isNull(userProfiles.emailVerifiedAt)));
  return user.id;
}

/** The sign-up's refusal for an email that has an account: how to sign in instead (409, on `email`). */
export const emailHasAccount = () =>
  new ApiError(409, 'email_has_account', SIGN_UP_COPY.emailHasAccount, { email: SIGN_UP_COPY.emailHasAccount });
/** The sign-up's refusal for a phone that has an account: sign in with a code (409, on `phone`). */
export const phoneHasAccount = () =>
  new ApiError(409, 'phone_has_account', SIGN_UP_COPY.phoneHasAccount, { phone: SIGN_UP_COPY.phoneHasAccount });

/**
 * Creates the booking dialog's email + password account with `phone` (E.164) as its verified
 * phone: call only once a code has proved the phone (services/phone-verification.ts
 * `signUpWithPhoneCode`, docs/decisions/028). The UNIQUE emails and phones decide a race: the
 * insert takes neither from an account that holds it, and the loser is told which is taken.
 * @throws 409 `email_has_account` / `phone_has_account`
 */
export async function createPasswordAccount(
  d: Db,
  input: { full_name: string; phone: string; email: string; password: string },
): Promise<string> {
  if (await d.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) throw emailHasAccount();
  const passwordHash = await hashPassword(input.password);
  const created = await d
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      phone: input.phone,
      passwordHash,
      fullName: input.full_name,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId = created[0]?.id;
  if (!userId) {
    const phoneHeld = await d.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).get();
    throw phoneHeld ? phoneHasAccount() : emailHasAccount();
  }
  const profileEmailFree = !(await d
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.email, input.email))
    .get());
  await d
    .insert(userProfiles)
    .values({ id: crypto.randomUUID(), userId, phoneNumber: input.phone, email: profileEmailFree ? input.email : null })
    .onConflictDoNothing();
  return userId;
}

/** The user whose password this is, or 401 with one message for every failure (never tells whether the email exists). */
export async function checkPassword(d: Db, email: string, password: string): Promise<string> {
  const user = await d
    .select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, email))
    .get();
  // Always run one PBKDF2 so unknown emails take as long as wrong passwords.
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !valid || user.disabledAt)
    throw new ApiError(401, 'invalid_credentials', COPY.auth.badCredentials);
  return user.id;
}
