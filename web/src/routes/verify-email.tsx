import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppHeader } from '@/components/app-header';
import { useConfirmEmailMutation } from '@/features/profile/api/email-confirmation';
import { usePageTitle } from '@/lib/use-page-title';
import { COPY } from '@domain/copy';

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
  usePageTitle(done ? COPY.emailConfirm.confirmed : failed ? COPY.emailConfirm.failedTitle : 'Confirm your email');
  return (
    <>
      <AppHeader column="max-w-xl px-6" />
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
        {done ? (
          <>
            <h1 className="font-display text-3xl font-bold">{COPY.emailConfirm.confirmed}</h1>
            <p className="text-lg">{COPY.emailConfirm.confirmedText}</p>
          </>
        ) : failed ? (
          <>
            <h1 className="font-display text-3xl font-bold">{COPY.emailConfirm.failedTitle}</h1>
            <p className="text-lg" role="alert">
              {confirm.error?.message ?? COPY.emailConfirm.invalidLink}
            </p>
          </>
        ) : (
          <p className="text-lg" role="status">
            {COPY.emailConfirm.confirming}
          </p>
        )}
        {(done || failed) && (
          <Link to="/profile" className="btn btn-primary">
            {COPY.emailConfirm.toProfile}
          </Link>
        )}
      </main>
    </>
  );
}
