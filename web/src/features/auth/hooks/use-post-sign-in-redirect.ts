import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { readPendingQuiz } from './use-pending-quiz';

/**
 * Where to go after signing in or on arriving at /auth signed in (SPEC §2, in this order):
 * pending quiz answers in this browser → /quiz; else the server's `next` (/quiz without a quiz
 * response, /profile-details without a name, else /events). A guarded page that sent the guest
 * here (`redirect`) wins over /events only: it must be a same-site path, never another origin.
 */
export function postSignInTarget(next: string, redirect?: string): string {
  if (readPendingQuiz()) return '/quiz';
  if (next === '/events' && redirect && isSameSitePath(redirect)) return redirect;
  return next;
}

export const isSameSitePath = (p: string) =>
  p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !p.startsWith('/auth');

export function usePostSignInRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (next: string, redirect?: string) => navigate({ to: postSignInTarget(next, redirect), replace: true }),
    [navigate],
  );
}
