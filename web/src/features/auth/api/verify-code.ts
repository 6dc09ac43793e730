import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** A way to check a code: answers at least where the guest goes next (the session's `next`). */
export type VerifyCodeFn = (input: { phone: string; code: string }) => Promise<{ next: string }>;

/** POST /api/auth/otp/verify: checks the code and starts a session; answers `{ user, next }`. */
export const verifyCode = (input: { phone: string; code: string }) =>
  unwrap(api.auth.otp.verify.$post({ json: input }));

/** Checks through `verify` (sign-in's by default); either way the session has changed after. */
export const useVerifyCode = (verify: VerifyCodeFn = verifyCode) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verify,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
};
