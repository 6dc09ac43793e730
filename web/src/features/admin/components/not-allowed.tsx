import { Link } from '@tanstack/react-router';
import { CONSOLE_COPY } from '@domain/copy-console';

/** What a signed-in account without the operator role sees at /admin. */
export function NotAllowed() {
  return (
    <main className="flex min-h-[80vh] flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-3xl font-bold">{CONSOLE_COPY.admin.notAllowedTitle}</h1>
      <p className="max-w-md text-base-content/80">{CONSOLE_COPY.admin.notAllowedText}</p>
      <Link to="/" className="btn btn-primary">
        Return Home
      </Link>
    </main>
  );
}
