import { createFileRoute, Link } from '@tanstack/react-router';
import { QuizAllSet } from '@/features/quiz/components/quiz-all-set';
import {
  DancingIllustration,
  DinnerIllustration,
  DrinksIllustration,
} from '@/features/quiz/components/quiz-illustrations';
import { QuizWizard } from '@/features/quiz/components/quiz-wizard';
import { useQuizFlow } from '@/features/quiz/hooks/use-quiz-flow';
import { QUIZ_TAGLINE, QUIZ_TITLE } from '@/features/quiz/lib/quiz-head';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/quiz')({
  component: QuizPage,
});

function QuizPage() {
  const { phase, initialAnswers, submit, submitting, isAuthenticated, signOut } = useQuizFlow();
  usePageTitle(QUIZ_TITLE);
  return (
    <div className="min-h-screen bg-base-200/60">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
        <Link to="/" className="btn btn-ghost btn-sm">
          <span aria-hidden="true">←</span> Back to Home
        </Link>
        {isAuthenticated && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void signOut()}>
            Sign Out
          </button>
        )}
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16">
        {phase === 'loading' && (
          <p className="py-20 text-center text-base-content/80" role="status">
            Loading...
          </p>
        )}
        {phase === 'done' && <QuizAllSet />}
        {phase === 'wizard' && (
          <div className="flex flex-col gap-8">
            <div className="flex flex-col items-center gap-4 text-center">
              <div className="flex items-end gap-3">
                <DrinksIllustration className="h-16 w-16 -rotate-6 sm:h-20 sm:w-20" />
                <DancingIllustration className="h-20 w-20 sm:h-24 sm:w-24" />
                <DinnerIllustration className="h-16 w-16 rotate-6 sm:h-20 sm:w-20" />
              </div>
              <h1 className="font-display text-4xl font-bold">{QUIZ_TITLE}</h1>
              <p className="max-w-md text-base-content/80">{QUIZ_TAGLINE}</p>
            </div>
            <div className="rounded-box bg-base-100 p-5 shadow-sm sm:p-8">
              <QuizWizard initialAnswers={initialAnswers} submitting={submitting} onSubmit={submit} />
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
