import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PROFILE_DEFAULTS, type ProfileFormValues } from '@domain/profile';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { type Profile, useProfileQuery } from '../api/get-profile';
import { COPY } from '@domain/copy';

type Gate = { state: 'loading' } | { state: 'complete' } | { state: 'form'; initialValues: ProfileFormValues };

/**
 * What /profile-details shows (SPEC §2): 'Loading...' while checking; a profile that already
 * has a name → 'Profile already complete!' and on to /events; otherwise the form, prefilled
 * with what we know (saved profile, else the account's sign-up name, phone and email).
 * `edit` (the guest came from /profile's 'Edit'): always the form, prefilled with the saved profile.
 * Without the current consent notice agreed (issue 22): to /consent first, and back here after.
 *
 * Decided once, on the first answer: saving puts the new profile in the cache, and a profile just
 * completed by this very form is no reason to say 'Profile already complete!' (issue 14).
 */
export function useProfileDetailsGate(edit = false): Gate {
  const navigate = useNavigate();
  const { session, loading } = useSession();
  const query = useProfileQuery();
  const [decided, setDecided] = useState<Gate | null>(null);
  const ready = !loading && !query.isPending;

  useEffect(() => {
    if (!ready || decided) return;
    if (session?.consent_required === true) {
      // Issue 22: the consent notice before a profile is stored; it sends the guest back here.
      void navigate({
        to: '/consent',
        search: { redirect: edit ? '/profile-details?edit=true' : '/profile-details' },
        replace: true,
      });
      return;
    }
    const profile = query.data?.profile ?? null;
    if (query.isError)
      toast({ title: COPY.common.errorTitle, description: COPY.profile.loadFailed, variant: 'destructive' });
    if (!edit && profile?.full_name?.trim()) {
      setDecided({ state: 'complete' });
      toast({ title: COPY.profile.alreadyComplete });
      void navigate({ to: '/events', replace: true });
      return;
    }
    setDecided({ state: 'form', initialValues: formValues(profile, session?.user) });
  }, [ready, decided, edit, query.isError, query.data, session, navigate]);

  return decided ?? { state: 'loading' };
}

/** The form's starting values: the saved profile, else what the account knows, else the defaults. */
function formValues(
  profile: Profile | null,
  user: { full_name?: string | null; email?: string | null; phone?: string | null } | undefined,
): ProfileFormValues {
  return {
    full_name: profile?.full_name ?? user?.full_name ?? '',
    email: profile?.email ?? user?.email ?? '',
    phone_number: profile?.phone_number ?? user?.phone ?? '',
    date_of_birth: profile?.date_of_birth ?? '',
    sex: profile?.sex ?? PROFILE_DEFAULTS.sex,
    relationship_status: profile?.relationship_status ?? PROFILE_DEFAULTS.relationship_status,
    work_profile: profile?.work_profile ?? PROFILE_DEFAULTS.work_profile,
    seat_with_women: profile?.seat_with_women ?? false,
  };
}
