/** The 11-dot progress bar; the current step is announced, the dots themselves are visual. */
export function QuizProgress({ step, total }: { step: number; total: number }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <ol className="flex items-center gap-2" aria-hidden="true" data-testid="quiz-progress">
        {Array.from({ length: total }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not data
            key={i}
            data-state={i < step ? 'done' : i === step ? 'current' : 'todo'}
            className={`h-2.5 rounded-full transition-all ${i === step ? 'w-6 bg-primary' : i < step ? 'w-2.5 bg-primary/70' : 'w-2.5 bg-base-300'}`}
          />
        ))}
      </ol>
      <p className="text-sm text-base-content/80">
        Question {step + 1} of {total}
      </p>
    </div>
  );
}
