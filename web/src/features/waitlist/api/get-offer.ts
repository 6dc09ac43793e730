import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/offers/:token: a waitlist offer (the dinner, the ticket, the price, until when its seats
 * are held, open / ended / booked) and the guest's credit balance. Another guest's offer is a 404.
 */
export const getOffer = (token: string) => unwrap(api.offers[':token'].$get({ param: { token } }));

export type OfferView = Awaited<ReturnType<typeof getOffer>>;

export const offerQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['offers', token],
    queryFn: () => getOffer(token),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });

export const useOffer = (token: string) => useQuery(offerQueryOptions(token));
