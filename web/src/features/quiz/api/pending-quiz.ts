import * as v from 'valibot';
import { PENDING_QUIZ_KEY, type QuizAnswers, QuizAnswersSchema } from '@domain/quiz';

/**
 * Answers kept in localStorage while a signed-out guest signs in (SPEC §2 Sign-in: key
 * `pendingQuizData`; /auth reads social_battery from it). Storage can be unavailable (private
 * mode, quota) and its content can be anything, so every access is guarded and re-validated.
 */
export function readPendingQuiz(): QuizAnswers | null {
  try {
    const raw = localStorage.getItem(PENDING_QUIZ_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(QuizAnswersSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch (e) {
    // SPEC §8: a quiz data parse failure is only logged.
    console.warn('pending quiz data unreadable', e);
    return null;
  }
}

export function savePendingQuiz(answers: QuizAnswers): void {
  try {
    localStorage.setItem(PENDING_QUIZ_KEY, JSON.stringify(answers));
  } catch (e) {
    console.warn('could not keep pending quiz data', e);
  }
}

export function clearPendingQuiz(): void {
  try {
    localStorage.removeItem(PENDING_QUIZ_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
