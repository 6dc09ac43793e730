/** The vibe check: has the guest answered, and submit it once (SPEC §2 Quiz, §3 quiz_responses). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quizResponses, userProfiles } from '../../db/schema';
import { COPY } from '@domain/copy';
import { type QuizAnswers, toQuizRow } from '@domain/quiz';
import { ApiError } from '../lib/errors';
import { assertConsented, newestConsent } from './consents';

export async function hasAnsweredQuiz(d: Db, userId: string): Promise<boolean> {
  return Boolean(
    await d.select({ id: quizResponses.id }).from(quizResponses).where(eq(quizResponses.userId, userId)).get(),
  );
}

/** Stores the answers; 403 without the current consent notice agreed; 409 on a second submit, even a racing one (UNIQUE user_id). */
export async function submitQuiz(
  d: Db,
  user: { id: string; email: string | null },
  answers: QuizAnswers,
): Promise<void> {
  // The consent notice's check rides in the profile read's round trip (issue 22): without the
  // current notice agreed, 403 and nothing is stored.
  const [profiles, service] = await d.batch([
    d
      .select({ fullName: userProfiles.fullName, email: userProfiles.email })
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id))
      .limit(1),
    newestConsent(d, user.id, 'service'),
  ]);
  assertConsented(service);
  const profile = profiles[0];
  const row = toQuizRow(answers, { name: profile?.fullName, email: profile?.email ?? user.email });
  const inserted = await d
    .insert(quizResponses)
    .values({ id: crypto.randomUUID(), userId: user.id, ...row })
    .onConflictDoNothing({ target: quizResponses.userId })
    .returning({ id: quizResponses.id });
  if (inserted.length === 0) throw new ApiError(409, 'quiz_already_completed', COPY.quiz.alreadyText);
}
