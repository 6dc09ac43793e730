import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
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

/** The page's name while the link is being checked (the tab's title and the heading). */
const CONFIRM_TITLE = 'Confirm your email';

/**
 * Where a "Confirm your email" link lands: confirms the address and says so, or why not. One
 * heading and one live region stay mounted and change their words, so the result is announced;
 * when it arrives, focus moves to its heading.
 */
function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const confirm = useConfirmEmailMutation();
  const { mutate } = confirm;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failed = !token || confirm.isError;
  const done = confirm.isSuccess;
  // The server answered (a page opened without a token has nothing to wait for, so focus stays put).
  const answered = confirm.isSuccess || confirm.isError;
  useEffect(() => {
    if (answered) heading.current?.focus();
  }, [answered]);

  const title = done ? EMAIL_CONFIRM_COPY.confirmed : failed ? EMAIL_CONFIRM_COPY.failedTitle : CONFIRM_TITLE;
  const text = done
    ? EMAIL_CONFIRM_COPY.confirmedText
    : failed
      ? (confirm.error?.message ?? EMAIL_CONFIRM_COPY.invalidLink)
      : EMAIL_CONFIRM_COPY.confirming;
  usePageTitle(title);
  return (
    <>
      <AppHeader column="max-w-xl px-6" />
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
        <h1 ref={heading} tabIndex={-1} className="font-display text-3xl font-bold">
          {title}
        </h1>
        <p className="text-lg" role="status">
          {text}
        </p>
        {(done || failed) && (
          <Link to="/profile" className="btn btn-primary">
            {EMAIL_CONFIRM_COPY.toProfile}
          </Link>
        )}
      </main>
    </>
  );
}
