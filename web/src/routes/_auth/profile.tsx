import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BookingsList } from '@/features/my-bookings/components/bookings-list';
import { useProfileQuery } from '@/features/profile/api/get-profile';
import { PersonalInfoCard } from '@/features/profile/components/personal-info-card';
import { toast } from '@/components/toast';
import { COPY } from '@domain/copy';

export const Route = createFileRoute('/_auth/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const navigate = useNavigate();
  const query = useProfileQuery();
  const profile = query.data?.profile ?? null;
  const nameless = query.isSuccess && !profile?.full_name?.trim();

  // SPEC §2: a missing or nameless profile belongs on /profile-details.
  useEffect(() => {
    if (nameless) void navigate({ to: '/profile-details', replace: true });
  }, [nameless, navigate]);
  useEffect(() => {
    if (query.isError)
      toast({ title: COPY.common.errorTitle, description: COPY.profile.loadFailed, variant: 'destructive' });
  }, [query.isError]);

  return (
    <main className="min-h-screen bg-base-200/60 px-4 py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <h1 className="font-display text-4xl font-bold">Your profile</h1>
        <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby="personal-info-heading">
          <h2 id="personal-info-heading" className="mb-4 font-display text-2xl font-semibold">
            Personal information
          </h2>
          {query.isPending ? <p role="status">Loading...</p> : <PersonalInfoCard profile={profile} />}
        </section>
        <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby="bookings-heading">
          <h2 id="bookings-heading" className="mb-4 font-display text-2xl font-semibold">
            Your bookings
          </h2>
          <BookingsList />
        </section>
      </div>
    </main>
  );
}
