import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { readPendingQuiz } from './use-pending-quiz';
import { isSameSitePath } from '@/lib/same-site-path';

/** Where to go next: a path, or the consent notice carrying where the guest goes after it. */
export type SignInTarget = { to: string } | { to: '/consent'; search: { redirect?: string } };

/**
 * Where to go after signing in or on arriving at /auth signed in (SPEC §2, in this order):
 * pending quiz answers in this browser → /quiz; else the server's `next` (/quiz without a quiz
 * response, /profile-details without a name, else /events). A guarded page that sent the guest
 * here (`redirect`) wins over /events only: it must be a same-site path, never another origin.
 * Issue 22: when the server says `/consent`, the notice comes first, whatever else is pending; it
 * carries `redirect` and applies this rule again once the guest agrees ({@link afterConsentTarget}).
 */
export function postSignInTarget(next: string, redirect?: string): SignInTarget {
  if (next === '/consent')
    return { to: '/consent', search: { redirect: redirect && isSameSitePath(redirect) ? redirect : undefined } };
  if (readPendingQuiz()) return { to: '/quiz' };
  if (next === '/events' && redirect && isSameSitePath(redirect)) return { to: redirect };
  return { to: next };
}

/**
 * Where the notice sends a guest who just agreed: pending quiz answers first (they are what the
 * notice was for), else where they were going (`redirect`), else the server's `next`.
 */
export function afterConsentTarget(next: string, redirect?: string): string {
  if (readPendingQuiz()) return '/quiz';
  if (redirect && isSameSitePath(redirect)) return redirect;
  return next === '/consent' ? '/events' : next;
}

export function usePostSignInRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (next: string, redirect?: string) => navigate({ ...postSignInTarget(next, redirect), replace: true }),
    [navigate],
  );
}
