import { api, unwrap } from '@/lib/api';

export type AcceptOfferInput = {
  /** Pay with credit first; the server decides how much from the balance. */
  use_credit: boolean;
  /** A couple's or female duo's second guest. */
  party_name?: string;
  party_phone?: string;
};

/**
 * POST /api/offers/:token/accept: the checkout of the offer's held seats, answered as
 * `POST /api/orders` is (`checkout: null` and the booking when credit pays it all).
 */
export const acceptOffer = (token: string, input: AcceptOfferInput) =>
  unwrap(api.offers[':token'].accept.$post({ param: { token }, json: input }));
