import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type SignedInSession, useSessionQuery } from '../api/get-session';
import { signOut as signOutRequest } from '../api/sign-out';

/**
 * The app's view of the session (SPEC §4): session, user, isAuthenticated, loading, signOut.
 * Sign-out clears local state and goes to / even when the server call fails.
 */
export function useSession() {
  const query = useSessionQuery();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = query.data?.user ? (query.data as SignedInSession) : null;

  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } catch {
      // Ignored on purpose: local sign-out must happen regardless.
    }
    queryClient.setQueryData(['session'], { user: null });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'events' });
    await navigate({ to: '/' });
  }, [queryClient, navigate]);

  return {
    session,
    user: session?.user ?? null,
    profile: session?.profile ?? null,
    isAuthenticated: Boolean(session),
    loading: query.isPending,
    signOut,
  };
}
