import { createFileRoute } from '@tanstack/react-router';
import { SignInPage, type SignInSearch } from '@/features/auth/components/sign-in-page';

export const Route = createFileRoute('/auth/')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    fromQuiz: search.fromQuiz === 'true' || search.fromQuiz === true ? true : undefined,
    error: typeof search.error === 'string' ? search.error : undefined,
  }),
  component: Page,
});

function Page() {
  return <SignInPage search={Route.useSearch()} />;
}
