import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { handleRazorpayWebhook } from '../services/payments';

const MAX_WEBHOOK_BYTES = 256 * 1024;
const tooLarge = () => new ApiError(413, 'payload_too_large', 'Webhook body too large.');

/**
 * `POST /api/webhooks/razorpay`: Razorpay's payloads are a few KB, so anything large is refused
 * before hashing; the raw text is what the signature covers. Mounted before the Origin check:
 * the signature is the authentication.
 */
export const webhooksRoutes = new Hono<AppEnv>().post('/razorpay', async (c) => {
  if (Number(c.req.header('Content-Length') ?? 0) > MAX_WEBHOOK_BYTES) throw tooLarge();
  const raw = await c.req.text();
  if (raw.length > MAX_WEBHOOK_BYTES) throw tooLarge();
  const result = await handleRazorpayWebhook(c.env, c.var.db, raw, {
    signature: c.req.header('X-Razorpay-Signature'),
    eventId: c.req.header('X-Razorpay-Event-Id'),
  });
  return c.json(result.duplicate ? { ok: true as const, duplicate: true } : { ok: true as const });
});
