import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { UnsubscribePage } from '@/features/consent/components/unsubscribe-page';

type Search = { token?: string };

/** `/unsubscribe?token=…`: every marketing email's unsubscribe link (issue 22); no sign-in needed. */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.token === 'string' && search.token.length <= 2048 ? { token: search.token } : {},
  component: Page,
});

function Page() {
  return (
    <>
      <AppHeader column="max-w-xl px-6" />
      <UnsubscribePage token={Route.useSearch().token} />
    </>
  );
}
