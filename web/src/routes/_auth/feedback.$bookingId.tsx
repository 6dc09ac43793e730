import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { FeedbackPage } from '@/features/feedback/components/feedback-page';
import { usePageTitle } from '@/lib/use-page-title';
import { FEEDBACK_COPY } from '@domain/copy-feedback';

/**
 * The morning-after feedback of one booking (issue 21), under the signed-in layout: the link in
 * the morning-after email and WhatsApp signs a signed-out guest in and lands here. Only
 * `component`, split into the page's own chunk, as My Booking's route does.
 */
export const Route = createFileRoute('/_auth/feedback/$bookingId')({
  component: Page,
});

function Page() {
  const { bookingId } = Route.useParams();
  usePageTitle(FEEDBACK_COPY.pageTitle);
  return (
    <>
      <AppHeader column="box-content max-w-3xl px-4" />
      <FeedbackPage bookingId={bookingId} />
    </>
  );
}
