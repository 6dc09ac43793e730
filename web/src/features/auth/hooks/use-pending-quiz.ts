import { useCallback, useState } from 'react';
import { PENDING_QUIZ_KEY } from '@domain/quiz';

/** What the sign-in page needs from saved quiz answers (SPEC §3 "Pending quiz data"). */
export type PendingQuiz = { name?: string; social_battery?: string };

/** Saved quiz answers waiting for sign-in, or null (unparsable data is only logged, SPEC §8). */
export function readPendingQuiz(): PendingQuiz | null {
  try {
    const raw = localStorage.getItem(PENDING_QUIZ_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as unknown;
    return data && typeof data === 'object' ? (data as PendingQuiz) : null;
  } catch (e) {
    console.warn('pendingQuizData could not be read', e);
    return null;
  }
}

/** The pending quiz answers plus a `reload` for when the page is told they just changed (?fromQuiz=true). */
export function usePendingQuiz() {
  const [pending, setPending] = useState<PendingQuiz | null>(() => readPendingQuiz());
  const reload = useCallback(() => setPending(readPendingQuiz()), []);
  return { pending, reload };
}
