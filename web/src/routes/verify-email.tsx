import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppHeader } from '@/components/app-header';
import { useConfirmEmailMutation } from '@/features/profile/api/email-confirmation';
import { usePageTitle } from '@/lib/use-page-title';
import { EMAIL_CONFIRM_COPY } from '@domain/email-confirmation';

type Search = { token?: string };

export const Route = createFileRoute('/verify-email')({
  /** `?token=…`: the "Confirm your email" link's signed token (docs/decisions/026). */
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.token === 'string' && search.token.length <= 2048 ? { token: search.token } : {},
  component: VerifyEmailPage,
});

/** Where a "Confirm your email" link lands: confirms the address and says so, or why not. */
function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const confirm = useConfirmEmailMutation();
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failed = !token || confirm.isError;
  const done = confirm.isSuccess;
  usePageTitle(done ? EMAIL_CONFIRM_COPY.confirmed : failed ? EMAIL_CONFIRM_COPY.failedTitle : 'Confirm your email');
  return (
    <>
      <AppHeader column="max-w-xl px-6" />
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
        {done ? (
          <>
            <h1 className="font-display text-3xl font-bold">{EMAIL_CONFIRM_COPY.confirmed}</h1>
            <p className="text-lg">{EMAIL_CONFIRM_COPY.confirmedText}</p>
          </>
        ) : failed ? (
          <>
            <h1 className="font-display text-3xl font-bold">{EMAIL_CONFIRM_COPY.failedTitle}</h1>
            <p className="text-lg" role="alert">
              {confirm.error?.message ?? EMAIL_CONFIRM_COPY.invalidLink}
            </p>
          </>
        ) : (
          <p className="text-lg" role="status">
            {EMAIL_CONFIRM_COPY.confirming}
          </p>
        )}
        {(done || failed) && (
          <Link to="/profile" className="btn btn-primary">
            {EMAIL_CONFIRM_COPY.toProfile}
          </Link>
        )}
      </main>
    </>
  );
}
