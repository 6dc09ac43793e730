import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { SignInPage, type SignInSearch } from '@/features/auth/components/sign-in-page';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/auth/')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    fromQuiz: search.fromQuiz === 'true' || search.fromQuiz === true ? true : undefined,
    error: typeof search.error === 'string' ? search.error : undefined,
  }),
  component: Page,
});

/** The header without 'Sign In' (this is the sign-in page): the logo home, or the menu once signed in. */
function Page() {
  usePageTitle('Sign in');
  return (
    <>
      <AppHeader column="box-content max-w-5xl px-4" signIn={false} />
      <SignInPage search={Route.useSearch()} />
    </>
  );
}
