import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../db/client';
import { quizResponses, userProfiles } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { QuizAnswersSchema, toQuizRow } from '../domain/quiz';
import { ApiError } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { requireUser } from '../middleware/session';

export const ALREADY_COMPLETED = "You've already completed the vibe check.";

/** The vibe check: has the guest answered, and submit it once (SPEC §2 Quiz, §3 quiz_responses). */
export const quizRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const user = c.get('user');
    const row = await db(c.env.DB).select({ id: quizResponses.id }).from(quizResponses).where(eq(quizResponses.userId, user.id)).get();
    return c.json({ completed: Boolean(row) });
  })
  .post('/', requireUser, jsonBody(QuizAnswersSchema), async (c) => {
    const user = c.get('user');
    const answers = c.req.valid('json');
    const d = db(c.env.DB);
    const profile = await d.select({ fullName: userProfiles.fullName, email: userProfiles.email }).from(userProfiles).where(eq(userProfiles.userId, user.id)).get();
    const row = toQuizRow(answers, { name: profile?.fullName, email: profile?.email ?? user.email });
    // One response per user: the UNIQUE user_id makes a second submit (even a racing one) a no-op.
    const inserted = await d
      .insert(quizResponses)
      .values({ id: crypto.randomUUID(), userId: user.id, ...row })
      .onConflictDoNothing({ target: quizResponses.userId })
      .returning({ id: quizResponses.id });
    if (inserted.length === 0) throw new ApiError(409, 'quiz_already_completed', ALREADY_COMPLETED);
    return c.json({ completed: true as const }, 201);
  });
