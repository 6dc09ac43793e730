import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import type { SignUpInput } from '@domain/auth';

/**
 * POST /api/auth/signup: email + password account from the booking dialog; starts a session.
 * `created` is false when the email already had an account and its password signed the guest in.
 */
export async function signUp(input: SignUpInput) {
  const response = api.auth.signup.$post({ json: input });
  const session = await unwrap(response);
  return { ...session, created: (await response).status === 201 };
}

export const useSignUp = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }) });
};
