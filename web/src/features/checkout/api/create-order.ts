import { api, unwrap } from '@/lib/api';

export type CreateOrderInput = {
  event_id: string;
  ticket_type: 'male' | 'female' | 'couple' | 'female_duo';
  coupon?: string;
  /** A couple's or female duo's second guest (worker/domain/order.ts); never on a single ticket. */
  party_name?: string;
  party_phone?: string | null;
  /** Pay with credit first (issue 20); the server decides how much from the balance. */
  use_credit?: boolean;
};

/**
 * POST /api/orders: the server prices the ticket, holds the seats for 15 minutes and creates the
 * Razorpay order. Answers the checkout's order id, key id and checkout script URL.
 */
export const createOrder = (input: CreateOrderInput) => unwrap(api.orders.$post({ json: input }));

export type CreatedOrder = Awaited<ReturnType<typeof createOrder>>;
