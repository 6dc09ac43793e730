import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { QUIZ_DEFAULTS, type QuizAnswers } from '@domain/quiz';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { ApiRequestError } from '@/lib/api';
import { clearPendingQuiz, readPendingQuiz, savePendingQuiz } from '../api/pending-quiz';
import { useQuizStatusQuery } from '../api/get-quiz-status';
import { useSubmitQuizMutation } from '../api/submit-quiz';
import { COPY } from '@domain/copy';
import { CONSENT_REQUIRED } from '@domain/consent';

export type QuizPhase = 'loading' | 'done' | 'wizard';

/**
 * The quiz page's flow (SPEC §4 Quiz):
 * - signed in with a response → 'Already completed!' and on to /profile-details;
 * - signed in, no response, answers pending from before sign-in → submit them now (the /auth
 *   redirect rule sends such a guest here);
 * - otherwise any pending answers are stale and cleared, and the wizard starts fresh.
 * Submitting signed out parks the answers under pendingQuizData and goes to /auth?fromQuiz=true.
 * Signed in without the current consent notice agreed (issue 22): to /consent first, which sends
 * the guest back here; a 403 consent_required on submit does the same, keeping the answers.
 */
export function useQuizFlow() {
  const navigate = useNavigate();
  const { isAuthenticated, loading, signOut, session } = useSession();
  const consentRequired = session?.consent_required === true;
  const status = useQuizStatusQuery(isAuthenticated);
  const mutation = useSubmitQuizMutation();
  // The wizard's first question until the session says otherwise: it is what a visitor landing
  // here sees first (the build prerenders it as the page's first frame, which the SPA hydrates,
  // docs/decisions/010), and a signed-in guest who has answered is moved on as before. 'loading'
  // only where the session is already known to be someone's (the quiz status is then awaited).
  const [phase, setPhase] = useState<QuizPhase>(() => (!loading && isAuthenticated ? 'loading' : 'wizard'));
  const [initialAnswers, setInitialAnswers] = useState<QuizAnswers>(QUIZ_DEFAULTS);
  const decided = useRef(false);

  const submitSignedIn = useCallback(
    (answers: QuizAnswers, onFailure?: () => void) => {
      mutation.mutate(answers, {
        onSuccess: () => {
          clearPendingQuiz();
          toast({ title: COPY.quiz.doneTitle, description: COPY.quiz.doneText });
          void navigate({ to: '/profile-details' });
        },
        onError: (e) => {
          // Issue 22: the consent notice first; the answers wait in this browser and are
          // submitted when the notice sends the guest back here.
          if (e instanceof ApiRequestError && e.code === CONSENT_REQUIRED) {
            savePendingQuiz(answers);
            void navigate({ to: '/consent', search: { redirect: '/quiz' }, replace: true });
            return;
          }
          // A 4xx carries the server's own words for the guest (SPEC copy); a 5xx or a network
          // failure has nothing useful to say, so the spec's fallback is shown instead.
          const message =
            e instanceof ApiRequestError && e.status >= 400 && e.status < 500 && e.message
              ? e.message
              : COPY.quiz.submitFailed;
          toast({ title: COPY.common.errorTitle, description: message, variant: 'destructive' });
          onFailure?.();
        },
      });
    },
    [mutation, navigate],
  );

  useEffect(() => {
    // Decide once per visit (StrictMode runs effects twice; a refetch must not re-decide).
    if (decided.current || loading) return;
    if (!isAuthenticated) {
      decided.current = true;
      clearPendingQuiz();
      setPhase('wizard');
      return;
    }
    if (consentRequired) {
      // Issue 22: nothing the quiz asks is stored before the notice is agreed. Pending answers
      // stay in this browser; the notice sends the guest back here.
      decided.current = true;
      void navigate({ to: '/consent', search: { redirect: '/quiz' }, replace: true });
      return;
    }
    if (status.isPending) return;
    decided.current = true;
    if (status.data?.completed) {
      toast({ title: COPY.quiz.alreadyTitle, description: COPY.quiz.alreadyText });
      setPhase('done');
      void navigate({ to: '/profile-details', replace: true });
      return;
    }
    const pending = readPendingQuiz();
    if (pending) {
      // Answers from before sign-in: submit them; if that fails, show them in the wizard so the
      // guest can press 'Let's Go' again.
      setInitialAnswers(pending);
      setPhase('loading');
      submitSignedIn(pending, () => setPhase('wizard'));
      return;
    }
    clearPendingQuiz();
    setPhase('wizard');
  }, [loading, isAuthenticated, consentRequired, status.isPending, status.data, navigate, submitSignedIn]);

  const submit = useCallback(
    (answers: QuizAnswers) => {
      if (!isAuthenticated) {
        savePendingQuiz(answers);
        toast({ title: COPY.quiz.pendingTitle, description: COPY.quiz.pendingText });
        void navigate({ to: '/auth', search: { fromQuiz: true, redirect: undefined } });
        return;
      }
      submitSignedIn(answers);
    },
    [isAuthenticated, navigate, submitSignedIn],
  );

  return { phase, initialAnswers, submit, submitting: mutation.isPending, isAuthenticated, signOut };
}
