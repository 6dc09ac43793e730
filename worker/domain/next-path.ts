/**
 * Where a guest goes after signing in, or when they arrive at /auth already signed in
 * (SPEC §2 "Sign-in", in this order): pending quiz answers in the browser → /quiz; no quiz
 * response → /quiz; profile full_name missing or blank → /profile-details; else /events.
 * Issue 22 puts the consent notice before all of them: a guest who has not agreed to the current
 * notice goes to /consent first (nothing the quiz asks is stored before), and from there on by
 * the same rule. The server does not know about browser storage, so it answers for
 * `hasPendingQuiz = false` and the browser applies that rule itself (after the notice).
 */
export type NextPath = '/consent' | '/quiz' | '/profile-details' | '/events';

export function nextPath(state: {
  consented: boolean;
  hasPendingQuiz: boolean;
  quizCompleted: boolean;
  fullName: string | null | undefined;
}): NextPath {
  if (!state.consented) return '/consent';
  if (state.hasPendingQuiz) return '/quiz';
  if (!state.quizCompleted) return '/quiz';
  if (!state.fullName || state.fullName.trim() === '') return '/profile-details';
  return '/events';
}
