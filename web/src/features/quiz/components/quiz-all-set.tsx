import { Link } from '@tanstack/react-router';

/** Shown to a guest who already answered the vibe check (SPEC §2 Quiz states). */
export function QuizAllSet() {
  return (
    <section className="flex flex-col items-center gap-5 py-10 text-center" aria-labelledby="quiz-all-set">
      <span aria-hidden="true" className="text-5xl">
        🎉
      </span>
      <h1 id="quiz-all-set" className="font-display text-4xl font-bold">
        All Set!
      </h1>
      <p className="max-w-md text-base-content/80">
        Your vibe check is in. We'll use it to seat you with people who get it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/profile" className="btn btn-primary">
          View Profile
        </Link>
        <Link to="/" className="btn btn-outline">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
