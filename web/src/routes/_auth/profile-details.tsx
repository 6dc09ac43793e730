import { createFileRoute } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';
import { useProfileDetailsGate } from '@/features/profile/hooks/use-profile-details-gate';
import { usePageTitle } from '@/lib/use-page-title';
import { COPY } from '@domain/copy';

export const Route = createFileRoute('/_auth/profile-details')({
  /** `?edit=true`: /profile's 'Edit', the same form for a saved profile. */
  validateSearch: (search: Record<string, unknown>): { edit?: true } =>
    search.edit === true || search.edit === 'true' ? { edit: true } : {},
  pendingComponent: Loading,
  component: ProfileDetailsPage,
});

function Loading() {
  return (
    <p className="py-24 text-center text-base-content/80" role="status">
      Loading...
    </p>
  );
}

function ProfileDetailsPage() {
  const edit = Route.useSearch().edit === true;
  const gate = useProfileDetailsGate(edit);
  usePageTitle(edit ? 'Edit your profile' : 'Your details');
  return (
    <>
      <AppHeader column="box-content max-w-xl px-4" />
      <main className="min-h-screen bg-base-200/60 px-4 py-10 sm:py-12">
        <div className="mx-auto flex max-w-xl flex-col gap-6">
          {gate.state === 'loading' && <Loading />}
          {gate.state === 'complete' && (
            <p className="py-24 text-center text-lg" role="status">
              {COPY.profile.alreadyComplete}
            </p>
          )}
          {gate.state === 'form' && (
            <>
              <div className="text-center">
                <h1 className="font-display text-4xl font-bold">
                  {edit ? 'Edit your profile' : 'Almost at the table'}
                </h1>
                <p className="mt-2 text-base-content/80">
                  {edit
                    ? 'Keep your details current: we use them for your tickets, reminders and your table.'
                    : 'Tell us a little about yourself so we can seat you with the right people.'}
                </p>
              </div>
              <div className="rounded-box bg-base-100 p-6 shadow-sm sm:p-8">
                <ProfileDetailsForm initialValues={gate.initialValues} edit={edit} />
              </div>
            </>
          )}
        </div>
      </main>
    </>
  );
}
