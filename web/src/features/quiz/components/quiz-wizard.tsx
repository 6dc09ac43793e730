import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  type QuizAnswers,
  QuizAnswersSchema,
  QUIZ_MESSAGES,
  QUIZ_STEP_COUNT,
  QUIZ_STEPS,
  validateStep,
} from '@domain/quiz';
import { toast } from '@/components/toast';
import { MultiChoiceTiles } from './multi-choice-tiles';
import { QuestionHeading } from './question-heading';
import { QuizProgress } from './quiz-progress';
import { SingleChoiceQuestion } from './single-choice-question';

type Props = {
  initialAnswers: QuizAnswers;
  submitting: boolean;
  onSubmit: (answers: QuizAnswers) => void;
};

/**
 * The 11-step vibe check (SPEC §2, §4, §5). One question per step; Next checks only the current
 * step; Back never validates; the last step's 'Let's Go' hands the whole, re-validated answers
 * to `onSubmit`. Answers live in component state rather than a form library: each step is a
 * single field checked by the shared `STEP_SCHEMAS`, so there is no form-wide state to manage.
 */
export function QuizWizard({ initialAnswers, submitting, onSubmit }: Props) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>(initialAnswers);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uid = useId();
  const current = QUIZ_STEPS[step];
  const headingId = `${uid}-question`;
  const errorId = `${uid}-error`;
  const isLast = step === QUIZ_STEP_COUNT - 1;

  // Move focus to each new question (not on first paint, where the page heading comes first).
  // Compared with the last focused step rather than a "first render" flag, so React StrictMode's
  // second effect run does not steal focus on load.
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  // A step that cannot be left: SPEC §5/§8's toast, word for word, and the rule that failed
  // (e.g. 'Pick exactly 3') under the question, where the guest is looking.
  const failStep = (message: string) => {
    setError(message);
    toast({ title: QUIZ_MESSAGES.stepTitle, description: QUIZ_MESSAGES.mandatory, variant: 'destructive' });
  };

  const next = () => {
    const message = validateStep(step, answers);
    if (message) return failStep(message);
    setError(null);
    setStep((s) => Math.min(s + 1, QUIZ_STEP_COUNT - 1));
  };

  const back = () => {
    setError(null);
    setStep((s) => Math.max(s - 1, 0));
  };

  const submit = () => {
    if (submitting) return;
    // Every step again: a guest can only reach the end through Next, but answers restored from
    // storage could still be incomplete.
    for (let i = 0; i < QUIZ_STEP_COUNT; i++) {
      const message = validateStep(i, answers);
      if (message) {
        setStep(i);
        return failStep(message);
      }
    }
    const parsed = v.safeParse(QuizAnswersSchema, answers);
    if (!parsed.success) return failStep(QUIZ_MESSAGES.mandatory);
    onSubmit(parsed.output);
  };

  const set = <K extends keyof QuizAnswers>(field: K, value: QuizAnswers[K]) => {
    setError(null);
    setAnswers((a) => ({ ...a, [field]: value }));
  };

  // SPEC §2: the Enter key neither advances nor submits. Buttons still work with Space/Enter
  // on the button itself; Enter inside the choices does nothing.
  const blockEnter = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) e.preventDefault();
  };

  return (
    <form
      noValidate
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={blockEnter}
      className="flex flex-col gap-6"
      aria-label="Vibe check"
    >
      <QuizProgress step={step} total={QUIZ_STEP_COUNT} />
      <div className="flex flex-col gap-5" data-testid="quiz-step" data-step={step + 1}>
        <QuestionHeading id={headingId} ref={headingRef}>
          {current.question}
        </QuestionHeading>
        {current.kind === 'multi' ? (
          <MultiChoiceTiles
            key={current.field}
            name={current.field}
            headingId={headingId}
            options={current.options}
            selected={answers[current.field]}
            max={current.max}
            onChange={(list) => set(current.field, list as never)}
            // One tile too many is not a failed step: the limit shows under the tiles, no toast.
            onRefused={() => setError(current.min === current.max ? QUIZ_MESSAGES.moviesExact : QUIZ_MESSAGES.musicMax)}
            errorId={error ? errorId : undefined}
          />
        ) : (
          <SingleChoiceQuestion
            key={current.field}
            name={current.field}
            headingId={headingId}
            options={current.options}
            value={answers[current.field]}
            onChange={(value) => set(current.field, value as never)}
            withAvatars={current.field === 'family_guy_character'}
            errorId={error ? errorId : undefined}
          />
        )}
        {current.kind === 'multi' && (
          <p className="text-sm text-base-content/80" aria-live="polite">
            {answers[current.field].length} of {current.max} picked
          </p>
        )}
        {error && (
          <p id={errorId} className="text-sm font-medium text-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-3">
        {step > 0 ? (
          <button type="button" className="btn btn-ghost" onClick={back} disabled={submitting}>
            Back
          </button>
        ) : (
          <span />
        )}
        {isLast ? (
          <button
            type="button"
            className="btn btn-primary min-w-32"
            onClick={submit}
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting ? 'Sending...' : "Let's Go"}
          </button>
        ) : (
          <button type="button" className="btn btn-primary min-w-32" onClick={next}>
            Next
          </button>
        )}
      </div>
    </form>
  );
}
