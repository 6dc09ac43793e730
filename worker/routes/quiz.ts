import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { QuizAnswersSchema } from '@domain/quiz';
import { jsonBody } from '../lib/validate';
import { loadSession, requireUser } from '../middleware/session';
import { hasAnsweredQuiz, submitQuiz } from '../services/quiz';

/** The vibe check: has the guest answered, and submit it once (SPEC §2 Quiz, §3 quiz_responses). */
export const quizRoutes = new Hono<AppEnv>()
  .use(loadSession, requireUser)
  .get('/', async (c) => c.json({ completed: await hasAnsweredQuiz(c.var.db, c.get('user').id) }))
  .post('/', jsonBody(QuizAnswersSchema), async (c) => {
    await submitQuiz(c.var.db, c.get('user'), c.req.valid('json'));
    return c.json({ completed: true as const }, 201);
  });
