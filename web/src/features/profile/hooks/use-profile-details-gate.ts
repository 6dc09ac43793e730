import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PROFILE_DEFAULTS, type ProfileFormValues } from '@domain/profile';
import { toast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { useProfileQuery } from '../api/get-profile';
import { COPY } from '@domain/copy';

/**
 * What /profile-details shows (SPEC §2): 'Loading...' while checking; a profile that already
 * has a name → 'Profile already complete!' and on to /events; otherwise the form, prefilled
 * with what we know (saved profile, else the account's sign-up name, phone and email).
 */
export function useProfileDetailsGate():
  | { state: 'loading' }
  | { state: 'complete' }
  | { state: 'form'; initialValues: ProfileFormValues } {
  const navigate = useNavigate();
  const { session, loading } = useSession();
  const query = useProfileQuery();
  const announced = useRef(false);
  const profile = query.data?.profile ?? null;
  const complete = Boolean(profile?.full_name?.trim());

  useEffect(() => {
    if (announced.current) return;
    if (complete) {
      announced.current = true;
      toast({ title: COPY.profile.alreadyComplete });
      void navigate({ to: '/events', replace: true });
    } else if (query.isError) {
      announced.current = true;
      toast({ title: COPY.common.errorTitle, description: COPY.profile.loadFailed, variant: 'destructive' });
    }
  }, [complete, query.isError, navigate]);

  if (loading || query.isPending) return { state: 'loading' };
  if (complete) return { state: 'complete' };
  return {
    state: 'form',
    initialValues: {
      full_name: profile?.full_name ?? session?.user.full_name ?? '',
      email: profile?.email ?? session?.user.email ?? '',
      phone_number: profile?.phone_number ?? session?.user.phone ?? '',
      date_of_birth: profile?.date_of_birth ?? '',
      sex: profile?.sex ?? PROFILE_DEFAULTS.sex,
      relationship_status: profile?.relationship_status ?? PROFILE_DEFAULTS.relationship_status,
      work_profile: profile?.work_profile ?? PROFILE_DEFAULTS.work_profile,
    },
  };
}
