import { api, unwrap } from '@/lib/api';

export type CheckoutSuccess = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/** POST /api/payments/verify: the server checks the checkout signature and queues the booking. */
export const verifyPayment = (input: CheckoutSuccess) => unwrap(api.payments.verify.$post({ json: input }));
