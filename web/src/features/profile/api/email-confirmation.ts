import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * POST /api/profile/email/verify { token }: confirms the email a "Confirm your email" link names
 * (docs/decisions/026); 400 with the reason for a bad, expired or stale link. Works signed out.
 */
export const confirmEmail = (token: string) => unwrap(api.profile.email.verify.$post({ json: { token } }));

export function useConfirmEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // /profile and the session's profile show whether the email is confirmed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
        queryClient.invalidateQueries({ queryKey: ['session'] }),
      ]),
  });
}

/** POST /api/profile/email/resend: mails the link again (409 once confirmed, 429 past three an hour). */
export const resendConfirmation = () => unwrap(api.profile.email.resend.$post());

export const useResendConfirmationMutation = () => useMutation({ mutationFn: resendConfirmation });
