import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { CONSENT_REQUIRED } from '@domain/consent';
import { COPY } from '@domain/copy';

/**
 * Issue 22: a write the server refused with 403 `consent_required` (a booking, a waitlist join, an
 * offer accepted) sends the guest to the notice, and back to this page once agreed, as the quiz
 * does. The returned function answers true when it did so (the caller shows nothing else).
 * @example const toConsent = useToConsent(); if (toConsent(error)) return;
 */
export function useToConsent() {
  const navigate = useNavigate();
  const here = useRouterState({ select: (s) => s.location.href });
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiRequestError) || error.code !== CONSENT_REQUIRED) return false;
      toast({ title: COPY.common.errorTitle, description: error.message, variant: 'destructive' });
      void navigate({ to: '/consent', search: { redirect: here } });
      return true;
    },
    [navigate, here],
  );
}
