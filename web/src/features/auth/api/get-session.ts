import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/auth/session: `{ user: null }` or the user with profile, quizCompleted and next. */
export const getSession = () => unwrap(api.auth.session.$get());

export type SessionView = Awaited<ReturnType<typeof getSession>>;
export type SignedInSession = Extract<SessionView, { quizCompleted: boolean }>;

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSessionQuery = () => useQuery(sessionQueryOptions());
