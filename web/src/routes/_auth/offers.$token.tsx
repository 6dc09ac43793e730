import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { OfferPage } from '@/features/waitlist/components/offer-page';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * A waitlist offer (issue 20), under the signed-in layout: the link in the WhatsApp or email
 * brings a signed-out guest through sign-in and back here. Only `component`, split into its own
 * chunk (a loader would ride in every guest's first bundle).
 */
export const Route = createFileRoute('/_auth/offers/$token')({
  component: Page,
});

function Page() {
  const { token } = Route.useParams();
  usePageTitle('Your seat from the waitlist');
  return (
    <>
      <AppHeader column="box-content max-w-3xl px-4" />
      <main className="mx-auto max-w-3xl px-4 py-12">
        <OfferPage token={token} />
      </main>
    </>
  );
}
