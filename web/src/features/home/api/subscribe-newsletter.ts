import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** SPEC §4 asks for a ~1 s "submitting" beat; we keep it even though the call is real and fast. */
export const NEWSLETTER_MIN_SUBMIT_MS = 1000;

/** POST /api/newsletter — stores the sign-up; a repeat sign-up succeeds and stores nothing new. */
export const subscribeNewsletter = (email: string) => unwrap(api.newsletter.$post({ json: { email } }));

export const subscribeNewsletterOptions = () =>
  mutationOptions({
    mutationKey: ['newsletter'],
    mutationFn: async (email: string) => {
      const [result] = await Promise.all([
        subscribeNewsletter(email),
        new Promise((r) => setTimeout(r, NEWSLETTER_MIN_SUBMIT_MS)),
      ]);
      return result;
    },
  });

export const useSubscribeNewsletter = () => useMutation(subscribeNewsletterOptions());
