import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@domain/profile';
import { api, unwrap } from '@/lib/api';

/** PUT /api/profile: upserts the guest's profile (409 when the email belongs to someone else). */
export const saveProfile = (input: ProfileInput) => unwrap(api.profile.$put({ json: input }));

export function useSaveProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (data) => {
      queryClient.setQueryData(['profile'], data);
      // The header greeting and the redirect rule read the profile through the session.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
