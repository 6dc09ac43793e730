import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { api, unwrap } from './api';

/**
 * The session is app-wide state: the header, the guards and several features read it, so it
 * lives here in shared code rather than in the auth feature (shared code never imports a
 * feature). The auth feature only signs people in; after it does, it invalidates ['session'].
 */

/** GET /api/auth/session: `{ user: null }` or the user with profile, quiz_completed and next. */
export const getSession = () => unwrap(api.auth.session.$get());

/** POST /api/auth/signout: revokes the session server-side and clears the cookies. */
const signOutRequest = () => unwrap(api.auth.signout.$post());

export type SessionView = Awaited<ReturnType<typeof getSession>>;
export type SignedInSession = Extract<SessionView, { quiz_completed: boolean }>;

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSessionQuery = () => useQuery(sessionQueryOptions());

/**
 * The `beforeLoad` of every page that needs someone signed in (the signed-in layout, /admin,
 * /host): a visitor goes to /auth, carrying where they were headed so sign-in can return them
 * there. One function, so the guest's first bundle carries the guard once.
 */
export async function requireSignIn({
  context,
  location,
}: {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
}) {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
  if (!session.user) throw redirect({ to: '/auth', search: { redirect: location.href } });
  return { session };
}

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
