import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** A coming-soon city's slug, whose card offers 'Notify Me' (the server accepts exactly those). */
export type WaitlistCity = string;

/** POST /api/waitlist — records a signed-in guest's interest in a city (idempotent on the server). */
export const joinWaitlist = (city: WaitlistCity) => unwrap(api.waitlist.$post({ json: { city } }));

export const joinWaitlistOptions = () => mutationOptions({ mutationKey: ['waitlist'], mutationFn: joinWaitlist });

export const useJoinWaitlist = () => useMutation(joinWaitlistOptions());
