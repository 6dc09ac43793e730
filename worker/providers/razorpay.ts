/**
 * Razorpay adapter: orders, an order's payments, refunds, and the two signature checks.
 * Base URL and keys come from env, so the same code talks to api.razorpay.com in production and
 * to the local sandbox (test/sandbox/razorpay.ts) in development and tests.
 * https://razorpay.com/docs/api/orders/ · https://razorpay.com/docs/api/refunds/
 */
import type { Config } from '../env';
import { hmacSha256Hex, timingSafeEqual } from '../lib/crypto';
import { call, fail, ok, type ProviderResult, providerTimeout, type TimeoutEnv } from './result';

type RazorpayEnv = Pick<Config, 'RAZORPAY_BASE_URL' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'> & TimeoutEnv;

export type RazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
};

export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  error_description?: string | null;
  /** Paise refunded so far (in full or in part, by us or from the dashboard). */
  amount_refunded?: number;
  refund_status?: 'partial' | 'full' | null;
};

export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: string;
};

const base = (env: RazorpayEnv) => env.RAZORPAY_BASE_URL.replace(/\/$/, '');
const authHeader = (env: RazorpayEnv) => `Basic ${btoa(`${env.RAZORPAY_KEY_ID}:${env.RAZORPAY_KEY_SECRET}`)}`;

async function request<T>(
  env: RazorpayEnv,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ProviderResult<T>> {
  const res = await call(
    `${base(env)}${path}`,
    {
      method,
      headers: { Authorization: authHeader(env), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    },
    providerTimeout(env, 'razorpay'),
  );
  if (!res.ok) return res;
  const json = (await res.value.json().catch(() => null)) as (T & { error?: { description?: string } }) | null;
  if (!res.value.ok || !json)
    return fail(`razorpay answered ${res.value.status}: ${json?.error?.description ?? 'no body'}`, res.value.status);
  return ok(json as T);
}

/**
 * Creates an order. `amount` is in paise. The receipt is unique per hold, so a retried create
 * for the same hold is recognisable on both sides.
 * @example await createOrder(env, { amount: 49900, currency: 'INR', receipt: 'ord_x', notes: {...} })
 */
export function createOrder(
  env: RazorpayEnv,
  input: { amount: number; currency: 'INR'; receipt: string; notes: Record<string, string> },
) {
  return request<RazorpayOrder>(env, 'POST', '/v1/orders', input);
}

/** Every payment attempt made against an order (reconciliation asks this when no webhook came). */
export async function fetchOrderPayments(
  env: RazorpayEnv,
  orderId: string,
): Promise<ProviderResult<RazorpayPayment[]>> {
  const res = await request<{ items: RazorpayPayment[] }>(
    env,
    'GET',
    `/v1/orders/${encodeURIComponent(orderId)}/payments`,
  );
  return res.ok ? ok(res.value.items ?? []) : res;
}

/**
 * The one idempotency key of a payment's refund: every path that refunds a payment in full (a
 * mismatch, a dead letter, the console, a cancelled dinner) uses it, so however many of them run,
 * Razorpay refunds once. `attempt` > 1 only after Razorpay reported the first refund failed.
 */
export const refundKey = (paymentId: string, attempt = 1) =>
  attempt > 1 ? `refund_${paymentId}_${attempt}` : `refund_${paymentId}`;

/**
 * Full refund of a payment. `X-Refund-Idempotency` makes a retried call return the first refund
 * instead of refunding twice (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent).
 */
export function refundPayment(
  env: RazorpayEnv,
  paymentId: string,
  amountPaise: number,
  idempotencyKey: string,
  notes: Record<string, string> = {},
) {
  return request<RazorpayRefund>(
    env,
    'POST',
    `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
    { amount: amountPaise, speed: 'normal', notes },
    { 'X-Refund-Idempotency': idempotencyKey },
  );
}

/** One refund by id: `status` is `pending`, `processed` or `failed` (https://razorpay.com/docs/api/refunds/fetch-with-id/). */
export function fetchRefund(env: RazorpayEnv, refundId: string) {
  return request<RazorpayRefund>(env, 'GET', `/v1/refunds/${encodeURIComponent(refundId)}`);
}

/** Every refund of a payment (https://razorpay.com/docs/api/refunds/fetch-multiple-refund-payment/). */
export async function fetchPaymentRefunds(
  env: RazorpayEnv,
  paymentId: string,
): Promise<ProviderResult<RazorpayRefund[]>> {
  const res = await request<{ items: RazorpayRefund[] }>(
    env,
    'GET',
    `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
  );
  return res.ok ? ok(res.value.items ?? []) : res;
}

/** Checkout handler signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) =>
  hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);

/** Timing-safe check of the checkout signature against the order id WE stored (never the client's). */
export async function verifyCheckoutSignature(
  keySecret: string,
  storedOrderId: string,
  paymentId: string,
  signature: string,
): Promise<boolean> {
  return timingSafeEqual(await checkoutSignature(keySecret, storedOrderId, paymentId), signature);
}

/** Webhook signature: HMAC-SHA256 of the raw request body with the webhook secret, hex. */
export async function verifyWebhookSignature(
  webhookSecret: string,
  rawBody: string,
  signature: string | undefined,
): Promise<boolean> {
  if (!signature || !webhookSecret) return false;
  return timingSafeEqual(await hmacSha256Hex(webhookSecret, rawBody), signature);
}
