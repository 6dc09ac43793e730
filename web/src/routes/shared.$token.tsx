import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { SharedDinnerPage } from '@/features/dinner-share/components/shared-dinner-page';

/**
 * 'Share my dinner' (issue 21): the page a guest's trusted contact opens. A guest route, NOT under
 * the signed-in layout: the contact has no account. Only `component`, split into its own chunk.
 * The Worker serves it noindex and never stored (worker/routes/pages.ts).
 */
export const Route = createFileRoute('/shared/$token')({
  component: Page,
});

function Page() {
  const { token } = Route.useParams();
  return (
    <>
      {/* No 'Sign In' here: the person reading has nothing to sign in to. */}
      <AppHeader column="box-content max-w-2xl px-4" signIn={false} />
      <SharedDinnerPage token={token} />
    </>
  );
}
