import * as v from 'valibot';

/** Message carried on the `bookings` queue: "this Razorpay order was paid". */
export type BookingMessage = {
  kind: 'payment-captured';
  orderId: string; // our order id (razorpay order id)
  paymentId: string;
  source: 'verify' | 'webhook' | 'reconcile';
};

/** Bindings, vars and secrets the Worker runs with (see wrangler.toml and .dev.vars.example). */
export type Env = {
  DB: D1Database;
  ASSETS: Fetcher;
  BOOKINGS: Queue<BookingMessage>;
} & Config;

const url = v.pipe(v.string(), v.url());
const secret = v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'));

/** Non-binding configuration, checked once per isolate so a missing secret fails loudly. */
export const ConfigSchema = v.object({
  APP_ORIGIN: url,
  SESSION_SECRET: secret,
  RAZORPAY_BASE_URL: url,
  RAZORPAY_CHECKOUT_URL: url,
  RAZORPAY_KEY_ID: v.string(),
  RAZORPAY_KEY_SECRET: v.string(),
  RAZORPAY_WEBHOOK_SECRET: v.string(),
  SMS_PROVIDER: v.picklist(['twilio', 'msg91']),
  TWILIO_BASE_URL: url,
  TWILIO_ACCOUNT_SID: v.optional(v.string(), ''),
  TWILIO_AUTH_TOKEN: v.optional(v.string(), ''),
  TWILIO_FROM: v.optional(v.string(), ''),
  MSG91_BASE_URL: url,
  MSG91_AUTH_KEY: v.optional(v.string(), ''),
  MSG91_TEMPLATE_ID: v.optional(v.string(), ''),
  EMAIL_BASE_URL: url,
  EMAIL_API_KEY: v.optional(v.string(), ''),
  EMAIL_FROM: v.string(),
  WHATSAPP_BASE_URL: url,
  WHATSAPP_TOKEN: v.optional(v.string(), ''),
  WHATSAPP_PHONE_NUMBER_ID: v.optional(v.string(), ''),
  GOOGLE_ISSUER: url,
  GOOGLE_CLIENT_ID: v.optional(v.string(), ''),
  GOOGLE_CLIENT_SECRET: v.optional(v.string(), ''),
  TURNSTILE_BASE_URL: url,
  TURNSTILE_SITE_KEY: v.optional(v.string(), ''),
  TURNSTILE_SECRET_KEY: v.optional(v.string(), ''),
});
export type Config = v.InferOutput<typeof ConfigSchema>;

let checked = false;
/** Throws a readable error naming every bad or missing setting. */
export function assertConfig(env: Record<string, unknown>): void {
  if (checked) return;
  const result = v.safeParse(ConfigSchema, env);
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Tablemates configuration is invalid: ${problems}`);
  }
  checked = true;
}
