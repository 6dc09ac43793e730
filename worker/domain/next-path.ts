/**
 * Where a guest goes after signing in, or when they arrive at /auth already signed in
 * (SPEC §2 "Sign-in", in this order): pending quiz answers in the browser → /quiz; no quiz
 * response → /quiz; profile full_name missing or blank → /profile-details; else /events.
 * The server does not know about browser storage, so it answers for `hasPendingQuiz = false`
 * and the browser applies the first rule itself.
 */
export type NextPath = '/quiz' | '/profile-details' | '/events';

export function nextPath(state: {
  hasPendingQuiz: boolean;
  quizCompleted: boolean;
  fullName: string | null | undefined;
}): NextPath {
  if (state.hasPendingQuiz) return '/quiz';
  if (!state.quizCompleted) return '/quiz';
  if (!state.fullName || state.fullName.trim() === '') return '/profile-details';
  return '/events';
}
