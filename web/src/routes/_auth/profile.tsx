import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppHeader } from '@/components/app-header';
import { PROFILE_BOOKINGS_ID } from '@/components/user-menu';
import { toast } from '@/components/toast';
import { MarketingConsentSection } from '@/features/consent/components/marketing-consent-section';
import { ConnectionsSection } from '@/features/connections/components/connections-section';
import { CreditSection } from '@/features/credit/components/credit-section';
import { YourDataSection } from '@/features/data-rights/components/your-data-section';
import { WaitlistsSection } from '@/features/credit/components/waitlists-section';
import { BookingsList } from '@/features/my-bookings/components/bookings-list';
import { useProfileQuery } from '@/features/profile/api/get-profile';
import { PersonalInfoCard } from '@/features/profile/components/personal-info-card';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';
import { COPY } from '@domain/copy';

export const Route = createFileRoute('/_auth/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const query = useProfileQuery();
  const profile = query.data?.profile ?? null;
  const nameless = query.isSuccess && !profile?.full_name?.trim();
  usePageTitle('Your profile');

  // SPEC §2: a missing or nameless profile belongs on /profile-details.
  useEffect(() => {
    if (nameless) void navigate({ to: '/profile-details', replace: true });
  }, [nameless, navigate]);
  useEffect(() => {
    if (query.isError)
      toast({ title: COPY.common.errorTitle, description: COPY.profile.loadFailed, variant: 'destructive' });
  }, [query.isError]);

  return (
    <>
      <AppHeader column="box-content max-w-3xl px-4" />
      <main className="min-h-screen bg-base-200/60 px-4 py-10 sm:py-12">
        <div className="mx-auto flex max-w-3xl flex-col gap-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="font-display text-4xl font-bold">Your profile</h1>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
          {/* The bookings first, the personal information after (issue 24): on a phone the guest
              found their dinners below the whole profile. The menu's 'My bookings' lands here. */}
          <section
            id={PROFILE_BOOKINGS_ID}
            className="scroll-mt-4 rounded-box bg-base-100 p-6 shadow-sm"
            aria-labelledby="bookings-heading"
          >
            <h2 id="bookings-heading" className="mb-4 font-display text-2xl font-semibold">
              Your bookings
            </h2>
            <BookingsList />
          </section>
          {/* Each hides itself when empty (docs/decisions/027). */}
          <WaitlistsSection />
          <CreditSection />
          <ConnectionsSection />
          <section className="rounded-box bg-base-100 p-6 shadow-sm" aria-labelledby="personal-info-heading">
            <div className="mb-4 flex items-center justify-between gap-3">
              <h2 id="personal-info-heading" className="font-display text-2xl font-semibold">
                Personal information
              </h2>
              {profile && (
                <Link
                  to="/profile-details"
                  search={{ edit: true }}
                  className="btn btn-sm btn-primary btn-outline"
                  aria-label="Edit personal information"
                >
                  Edit
                </Link>
              )}
            </div>
            {query.isPending ? <p role="status">Loading...</p> : <PersonalInfoCard profile={profile} />}
          </section>
          {/* Issue 22: marketing on or off, then the guest's data (download, delete). */}
          <MarketingConsentSection />
          <YourDataSection />
        </div>
      </main>
    </>
  );
}
