import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import type { SignUpInput } from '@domain/auth';

/** POST /api/auth/signup: email + password account from the booking dialog; starts a session. */
export const signUp = (input: SignUpInput) => unwrap(api.auth.signup.$post({ json: input }));

export const useSignUp = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }) });
};
