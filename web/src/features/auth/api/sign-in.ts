import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import type { SignInInput } from '@domain/auth';

/** POST /api/auth/signin: password sign-in; starts a session. */
export const signIn = (input: SignInInput) => unwrap(api.auth.signin.$post({ json: input }));

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }) });
};
