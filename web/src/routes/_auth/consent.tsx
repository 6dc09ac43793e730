import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { afterConsentTarget } from '@/features/auth/hooks/use-post-sign-in-redirect';
import { isSameSitePath } from '@/lib/same-site-path';
import { ConsentNotice } from '@/features/consent/components/consent-notice';
import { getSession, useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { CONSENT_COPY } from '@domain/copy-consent';

type Search = { redirect?: string };

/**
 * `/consent?redirect=…` (issue 22): the itemised notice, after sign-in and before the quiz or a
 * profile is stored; its own lazily loaded chunk. `redirect` is where the guest was going (a
 * same-site path): agreeing continues there.
 */
export const Route = createFileRoute('/_auth/consent')({
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.redirect === 'string' && isSameSitePath(search.redirect) ? { redirect: search.redirect } : {},
  component: ConsentPage,
});

function ConsentPage() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  usePageTitle(CONSENT_COPY.notice.title);

  const onAgreed = async () => {
    // The session's `next` once agreed (its cache was just invalidated by the agreement).
    const session = await queryClient.fetchQuery({ queryKey: ['session'], queryFn: getSession });
    const next = session.user && 'next' in session ? session.next : '/events';
    await navigate({ to: afterConsentTarget(next, redirect), replace: true });
  };

  return (
    <>
      <AppHeader column="box-content max-w-2xl px-4" />
      <main className="min-h-screen bg-base-200/60 px-4 py-10 sm:py-12">
        <div className="mx-auto max-w-2xl">
          <ConsentNotice onAgreed={() => void onAgreed()} onDecline={() => void signOut()} />
        </div>
      </main>
    </>
  );
}
