/**
 * Razorpay stand-in: the Orders, Payments and Refunds API shapes, a `checkout.js` with the real
 * constructor options, and signed webhooks to the Worker. Keys are those of .dev.vars.example.
 * https://razorpay.com/docs/api/orders/ · https://razorpay.com/docs/webhooks/
 */
import { createHmac, randomBytes } from 'node:crypto';
import { basicAuth, type Route, type SandboxReply } from './http.ts';
import type { SandboxContext } from './server.ts';

export const RAZORPAY_SANDBOX_KEYS = {
  keyId: process.env.SANDBOX_RAZORPAY_KEY_ID ?? 'rzp_test_sandbox',
  keySecret: process.env.SANDBOX_RAZORPAY_KEY_SECRET ?? 'sandbox_key_secret',
  webhookSecret: process.env.SANDBOX_RAZORPAY_WEBHOOK_SECRET ?? 'sandbox_webhook_secret',
};

type Order = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};
type Payment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: string | null;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  error_reason: string | null;
  created_at: number;
};
type Refund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  /** `pending` until processed (https://razorpay.com/docs/api/refunds/#refund-entity). */
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
};

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const err = (status: number, description: string, code = 'BAD_REQUEST_ERROR'): SandboxReply => ({
  status,
  json: { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
});
const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function razorpayRoutes(ctx: SandboxContext): Route[] {
  const orders = new Map<string, Order>();
  const byReceipt = new Map<string, string>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const refundKeys = new Map<string, { refundId: string; body: string }>();
  /** Payments whose refunds stay `pending` until `POST /checkout/refunds/:id/process` (paid with `refunds: 'pending'`). */
  const holdRefunds = new Set<string>();
  const keys = RAZORPAY_SANDBOX_KEYS;

  const authorised = (headers: Parameters<typeof basicAuth>[0]) => {
    const creds = basicAuth(headers);
    return creds !== null && creds[0] === keys.keyId && creds[1] === keys.keySecret;
  };

  async function deliverWebhook(event: string, payload: Record<string, unknown>) {
    if (!ctx.workerUrl) return;
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    try {
      const res = await fetch(`${ctx.workerUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': sign(keys.webhookSecret, raw),
          'X-Razorpay-Event-Id': rid('evt'),
        },
        body: raw,
      });
      if (!res.ok) console.error(`[sandbox] webhook ${event} answered ${res.status}`);
    } catch (e) {
      console.error(`[sandbox] webhook ${event} not delivered: ${String(e)}`);
    }
  }

  /** `refund.processed` with the refund and its payment, as Razorpay sends it. */
  const deliverRefundProcessed = (refund: Refund) =>
    deliverWebhook('refund.processed', {
      refund: { entity: refund },
      payment: { entity: payments.get(refund.payment_id) },
    });

  return [
    {
      method: 'POST',
      pattern: '/v1/orders',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed', 'BAD_REQUEST_ERROR');
        const b = req.body as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
        if (!Number.isInteger(b.amount) || (b.amount as number) < 100)
          return err(400, 'The amount must be atleast INR 1.00');
        if (b.currency !== 'INR') return err(400, 'The currency provided is invalid.');
        if (typeof b.receipt !== 'string' || b.receipt.length === 0 || b.receipt.length > 40)
          return err(400, 'The receipt may not be greater than 40 characters.');
        // A retried create with the same receipt gets the same order back, so a lost reply never
        // leaves two orders for one hold.
        const existing = byReceipt.get(b.receipt);
        if (existing) return { json: orders.get(existing) };
        const order: Order = {
          id: rid('order'),
          entity: 'order',
          amount: b.amount as number,
          amount_paid: 0,
          amount_due: b.amount as number,
          currency: 'INR',
          receipt: b.receipt,
          status: 'created',
          attempts: 0,
          notes: (b.notes as Record<string, string>) ?? {},
          created_at: now(),
        };
        orders.set(order.id, order);
        byReceipt.set(order.receipt, order.id);
        return { json: order };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/orders/:id',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed');
        const order = orders.get(req.params.id);
        return order ? { json: order } : err(400, 'The id provided does not exist');
      },
    },
    {
      method: 'GET',
      pattern: '/v1/orders/:id/payments',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed');
        if (!orders.has(req.params.id)) return err(400, 'The id provided does not exist');
        const items = [...payments.values()].filter((p) => p.order_id === req.params.id);
        return { json: { entity: 'collection', count: items.length, items } };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payments/:id',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed');
        const p = payments.get(req.params.id);
        return p ? { json: p } : err(400, 'The id provided does not exist');
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payments/:id/refunds',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed');
        const items = [...refunds.values()].filter((r) => r.payment_id === req.params.id);
        return { json: { entity: 'collection', count: items.length, items } };
      },
    },
    {
      method: 'POST',
      pattern: '/v1/payments/:id/refund',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed');
        const payment = payments.get(req.params.id);
        if (!payment) return err(400, 'The id provided does not exist');
        const key = req.headers['x-refund-idempotency'];
        const raw = req.rawBody.toString('utf8');
        if (typeof key === 'string') {
          const seen = refundKeys.get(key);
          if (seen)
            return seen.body === raw
              ? { json: refunds.get(seen.refundId) }
              : err(400, 'Different request with the same idempotency key has already been processed.');
        }
        if (payment.status !== 'captured') return err(400, 'The payment has been fully refunded already');
        const b = req.body as { amount?: unknown; notes?: Record<string, string>; speed?: string };
        const amount = b.amount === undefined ? payment.amount - payment.amount_refunded : Number(b.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount - payment.amount_refunded)
          return err(400, 'The refund amount provided is greater than amount captured');
        const refund: Refund = {
          id: rid('rfnd'),
          entity: 'refund',
          amount,
          currency: payment.currency,
          payment_id: payment.id,
          notes: b.notes ?? {},
          status: holdRefunds.has(payment.id) ? 'pending' : 'processed',
          speed_requested: b.speed ?? 'normal',
          created_at: now(),
        };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') refundKeys.set(key, { refundId: refund.id, body: raw });
        payment.amount_refunded += amount;
        payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
        if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
        // Razorpay's `refund.processed` follows the answer (never before it): sent once processed.
        if (refund.status === 'processed') setTimeout(() => void deliverRefundProcessed(refund), 50);
        return { json: refund };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/refunds/:id',
      handler: (req) => {
        if (!authorised(req.headers)) return err(401, 'Authentication failed');
        const refund = refunds.get(req.params.id);
        return refund ? { json: refund } : err(400, 'The id provided does not exist');
      },
    },
    {
      // Sandbox only: a refund held `pending` (its payment was made with `refunds: 'pending'`) is
      // processed now, and `refund.processed` is delivered to the Worker if one is configured.
      method: 'POST',
      pattern: '/checkout/refunds/:id/process',
      handler: async (req) => {
        const refund = refunds.get(req.params.id);
        if (!refund) return err(400, 'The id provided does not exist');
        if (refund.status !== 'processed') {
          refund.status = 'processed';
          await deliverRefundProcessed(refund);
        }
        return { json: refund };
      },
    },
    {
      // Sandbox only: a refund still `pending` fails (the bank gave up on it), as Razorpay reports
      // a refund it could not complete: `GET /v1/refunds/:id` answers `failed` from now on.
      method: 'POST',
      pattern: '/checkout/refunds/:id/fail',
      handler: (req) => {
        const refund = refunds.get(req.params.id);
        if (!refund) return err(400, 'The id provided does not exist');
        if (refund.status === 'pending') {
          refund.status = 'failed';
          // Its amount may be refunded again, as with Razorpay.
          const payment = payments.get(refund.payment_id);
          if (payment) {
            payment.amount_refunded -= refund.amount;
            payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
            payment.status = 'captured';
          }
        }
        return { json: refund };
      },
    },
    {
      // What the test modal's buttons call; scripts and tests can "pay" the same way.
      // `webhooks: false` suppresses the webhooks for this payment (to exercise reconciliation);
      // `webhook_delay_ms` sends them that much later, after answering (a slow or reordered
      // delivery); `amount` (paise) makes a payment that differs from its order (a mismatch Razorpay
      // itself would only allow with partial payments, which the Worker must refuse to book);
      // `refunds: 'pending'` keeps this payment's refunds pending until
      // `POST /checkout/refunds/:id/process` (a bank that takes days).
      method: 'POST',
      pattern: '/checkout/pay',
      handler: async (req) => {
        const b = req.body as {
          order_id?: string;
          outcome?: string;
          webhooks?: boolean;
          webhook_delay_ms?: number;
          amount?: number;
          email?: string;
          contact?: string;
          refunds?: 'pending';
        };
        const order = b.order_id ? orders.get(b.order_id) : undefined;
        if (!order) return err(400, 'The id provided does not exist');
        if (b.outcome !== 'success' && b.outcome !== 'failure') return err(400, 'outcome must be success or failure');
        order.attempts += 1;
        const base = {
          id: rid('pay'),
          entity: 'payment' as const,
          amount: Number.isInteger(b.amount) && (b.amount as number) > 0 ? (b.amount as number) : order.amount,
          currency: order.currency,
          order_id: order.id,
          method: 'upi',
          amount_refunded: 0,
          refund_status: null,
          email: b.email ?? 'guest@example.com',
          contact: b.contact ?? '+919999999999',
          created_at: now(),
        };
        const delay = typeof b.webhook_delay_ms === 'number' && b.webhook_delay_ms > 0 ? b.webhook_delay_ms : 0;
        const deliver = async (event: string, payload: Record<string, unknown>) => {
          if (b.webhooks === false) return;
          if (delay) setTimeout(() => void deliverWebhook(event, payload), delay);
          else await deliverWebhook(event, payload);
        };
        if (b.outcome === 'failure') {
          const payment: Payment = {
            ...base,
            status: 'failed',
            captured: false,
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Payment processing failed because of incorrect OTP',
            error_reason: 'payment_failed',
          };
          order.status = 'attempted';
          payments.set(payment.id, payment);
          await deliver('payment.failed', { payment: { entity: payment } });
          return {
            status: 400,
            json: {
              error: {
                code: 'BAD_REQUEST_ERROR',
                description: payment.error_description,
                source: 'customer',
                step: 'payment_authentication',
                reason: 'payment_failed',
                metadata: { order_id: order.id, payment_id: payment.id },
              },
            },
          };
        }
        const payment: Payment = {
          ...base,
          status: 'captured',
          captured: true,
          error_code: null,
          error_description: null,
          error_reason: null,
        };
        payments.set(payment.id, payment);
        if (b.refunds === 'pending') holdRefunds.add(payment.id);
        order.status = 'paid';
        order.amount_paid = order.amount;
        order.amount_due = 0;
        await deliver('payment.captured', { payment: { entity: payment } });
        await deliver('order.paid', { payment: { entity: payment }, order: { entity: order } });
        return {
          json: {
            razorpay_order_id: order.id,
            razorpay_payment_id: payment.id,
            razorpay_signature: sign(keys.keySecret, `${order.id}|${payment.id}`),
          },
        };
      },
    },
    {
      method: 'GET',
      pattern: '/checkout.js',
      handler: () => ({ js: checkoutScript(ctx.baseUrl), headers: { 'Cache-Control': 'no-store' } }),
    },
  ];
}

/** `window.Razorpay` with the real options, open() and on('payment.failed'); a small test modal. */
function checkoutScript(baseUrl: string): string {
  return `(() => {
  const BASE = ${JSON.stringify(baseUrl)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.handlers = {};
  }
  Razorpay.prototype.on = function (event, cb) { (this.handlers[event] = this.handlers[event] || []).push(cb); };
  Razorpay.prototype.close = function () { if (this.dialog) { this.dialog.close(); this.dialog.remove(); this.dialog = null; } };
  Razorpay.prototype.open = function () {
    const o = this.options;
    const self = this;
    const d = document.createElement('dialog');
    d.setAttribute('aria-labelledby', 'rzp-sandbox-title');
    d.setAttribute('data-testid', 'razorpay-sandbox');
    d.style.cssText = 'border:0;border-radius:12px;padding:24px;max-width:22rem;font:16px system-ui,sans-serif;color:#1c1917;background:#fff';
    const rupees = ((o.amount || 0) / 100).toLocaleString('en-IN');
    d.innerHTML = '<h2 id="rzp-sandbox-title" style="margin:0 0 8px;font-size:20px">Razorpay sandbox checkout</h2>'
      + '<p style="margin:0 0 4px"></p><p style="margin:0 0 16px;font-size:14px;color:#44403c"></p>'
      + '<p role="status" aria-live="polite" style="min-height:1.25em;margin:0 0 8px;font-size:14px"></p>'
      + '<div style="display:flex;gap:8px;flex-wrap:wrap">'
      + '<button type="button" data-outcome="success" style="padding:8px 16px;border-radius:8px;border:0;background:#166534;color:#fff;font-weight:600;cursor:pointer">Pay</button>'
      + '<button type="button" data-outcome="failure" style="padding:8px 16px;border-radius:8px;border:0;background:#991b1b;color:#fff;font-weight:600;cursor:pointer">Fail</button>'
      + '<button type="button" data-outcome="cancel" style="padding:8px 16px;border-radius:8px;border:1px solid #57534e;background:#fff;color:#1c1917;cursor:pointer">Cancel</button></div>';
    const ps = d.querySelectorAll('p');
    ps[0].textContent = (o.name || 'Payment') + ': ' + (o.currency || 'INR') + ' ' + rupees;
    ps[1].textContent = [o.description, o.prefill && o.prefill.name, o.prefill && o.prefill.email, o.prefill && o.prefill.contact].filter(Boolean).join(' · ');
    const status = ps[2];
    d.addEventListener('cancel', () => { self.close(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); });
    d.querySelectorAll('button').forEach((btn) => btn.addEventListener('click', async () => {
      const outcome = btn.getAttribute('data-outcome');
      if (outcome === 'cancel') { self.close(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); return; }
      d.querySelectorAll('button').forEach((b) => { b.disabled = true; });
      status.textContent = 'Processing…';
      try {
        const res = await fetch(BASE + '/checkout/pay', { method: 'POST', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ order_id: o.order_id, outcome, email: o.prefill && o.prefill.email, contact: o.prefill && o.prefill.contact }) });
        const body = await res.json();
        self.close();
        if (res.ok) { if (typeof o.handler === 'function') o.handler(body); }
        else (self.handlers['payment.failed'] || []).forEach((cb) => cb(body));
      } catch (e) {
        self.close();
        (self.handlers['payment.failed'] || []).forEach((cb) => cb({ error: { code: 'NETWORK_ERROR', description: 'Could not reach the payment sandbox', reason: 'network_error', metadata: {} } }));
      }
    }));
    document.body.appendChild(d);
    this.dialog = d;
    d.showModal();
  };
  window.Razorpay = Razorpay;
})();
`;
}
