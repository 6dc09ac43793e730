import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** POST /api/auth/otp/verify: checks the code and starts a session; answers `{ user, next }`. */
export const verifyCode = (input: { phone: string; code: string }) =>
  unwrap(api.auth.otp.verify.$post({ json: input }));

export const useVerifyCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
};
