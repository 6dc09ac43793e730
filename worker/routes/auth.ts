import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { db } from '../../db/client';
import { quizResponses, userProfiles } from '../../db/schema';
import type { AppEnv } from '../app-env';
import { nextPath } from '../domain/next-path';

/** Sign-in (phone codes, Google, email + password), session and sign-out. */
export const authRoutes = new Hono<AppEnv>().get('/session', async (c) => {
  const user = c.get('user');
  if (!user) return c.json({ user: null });
  const d = db(c.env.DB);
  const [profile, quiz] = await d.batch([
    d.select({ fullName: userProfiles.fullName, email: userProfiles.email, phoneNumber: userProfiles.phoneNumber }).from(userProfiles).where(eq(userProfiles.userId, user.id)).limit(1),
    d.select({ id: quizResponses.id }).from(quizResponses).where(eq(quizResponses.userId, user.id)).limit(1),
  ]);
  const p = profile[0] ?? null;
  const quizCompleted = quiz.length > 0;
  return c.json({
    user: { id: user.id, email: user.email, phone: user.phone },
    profile: p,
    quizCompleted,
    next: nextPath({ hasPendingQuiz: false, quizCompleted, fullName: p?.fullName }),
  });
});
