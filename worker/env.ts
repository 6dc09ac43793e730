// Node runs this module too (the deploy pre-flight, worker/deploy/preflight.ts, checks wrangler.toml's
// vars against ConfigSchema): keep its imports to valibot and its TypeScript erasable.
import * as v from 'valibot';

/** Messages on the `bookings` queue: "this Razorpay order was paid", "confirm this booking to the guest", "deliver this console message to this guest". */
export type BookingMessage =
  | {
      kind: 'payment-captured';
      orderId: string; // our order id (razorpay order id)
      paymentId: string;
      source: 'verify' | 'webhook' | 'reconcile';
      /** What Razorpay says was captured, when the report carries it (webhook, reconcile); the
       * consumer asks Razorpay otherwise. A mismatch with the order is refunded, never booked. */
      amountPaise?: number;
      currency?: string;
    }
  /** The confirmation email and WhatsApp of a booking, retried on their own until delivered. */
  | { kind: 'send-confirmation'; bookingId: string }
  /** One console message (cancellation or announcement) to one booking's guest, by email and WhatsApp. */
  | { kind: 'guest-message'; messageId: string; bookingId: string }
  /** A refund we owe a booking of a cancelled dinner: ask Razorpay, or once it is processed tell the guest (services/ledger/cancelled-refunds.ts). */
  | { kind: 'booking-refund'; bookingId: string }
  /** A guest said they are running late (at `at`): tell the dinner's hosts. */
  | { kind: 'running-late'; bookingId: string; at: string }
  /**
   * Seats freed at `eventId` (a reschedule out, capacity raised, a release): offer them to its
   * waitlist; `resoldAt`, a dinner seats were just taken at, whose releases may now earn credit.
   */
  | { kind: 'seats-freed'; eventId: string | null; resoldAt?: string };

/**
 * Bindings, vars and secrets the Worker runs with. `WranglerEnv` is what wrangler.toml declares
 * (bindings, [vars], [secrets] required), generated into worker/worker-configuration.d.ts by
 * `npm run cf-typegen` (CI fails when it is stale); on top of it, the queue's message type and
 * the checked shapes of the settings (Config, which also names optional secrets that
 * wrangler.toml does not require).
 */
export type Env = Omit<WranglerEnv, 'BOOKINGS' | keyof Config> & { BOOKINGS: Queue<BookingMessage> } & Config;

const url = v.pipe(v.string(), v.url());
const secret = v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'));
const nonEmpty = v.pipe(v.string(), v.nonEmpty('must not be empty'));

/** Non-binding configuration, checked once per isolate so a missing secret fails loudly. */
export const ConfigSchema = v.object({
  APP_ORIGIN: url,
  SESSION_SECRET: secret,
  RAZORPAY_BASE_URL: url,
  RAZORPAY_CHECKOUT_URL: url,
  RAZORPAY_KEY_ID: nonEmpty,
  RAZORPAY_KEY_SECRET: nonEmpty,
  RAZORPAY_WEBHOOK_SECRET: nonEmpty,
  SMS_PROVIDER: v.picklist(['twilio', 'msg91']),
  /** Country calling codes a sign-in code may be sent to, e.g. "+91" or "+91,+44". */
  SMS_COUNTRIES: v.optional(
    v.pipe(v.string(), v.regex(/^\+[1-9]\d{0,2}(\s*,\s*\+[1-9]\d{0,2})*$/, 'must list calling codes like "+91,+44"')),
    '+91',
  ),
  /** Sign-in codes sent per hour across all guests before sending stops (with an alert in the log). */
  SMS_HOURLY_CAP: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'must be a whole number above 0')), '300'),
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
  /** The business on every tax invoice (issue 22): its legal name and registered address. */
  BUSINESS_LEGAL_NAME: nonEmpty,
  BUSINESS_ADDRESS: nonEmpty,
  /** The business's GST state code (two digits, e.g. "06" Haryana): a dinner in this state is CGST + SGST, elsewhere IGST. */
  BUSINESS_STATE_CODE: v.pipe(
    v.string(),
    v.regex(/^(0[1-9]|[1-3]\d)$/, 'must be a two-digit GST state code like "06"'),
  ),
  /** The business's GSTIN; empty until registered, and then every invoice is a receipt instead. */
  GSTIN: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN like "06ABCDE1234F1Z5"'),
      ),
    ]),
    '',
  ),
  /** The SAC code of a seat at a dinner, as the business's accountant classifies it. */
  GST_SAC_CODE: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be a six-digit SAC code')),
  /** The GST rate in percent on a seat (the price shown includes it). */
  GST_RATE_PERCENT: v.optional(
    v.pipe(v.string(), v.regex(/^(0|[1-9]\d?)$/, 'must be a whole percentage like "18"')),
    '18',
  ),
  /** Starts every invoice and credit note number (at most 4 capitals or digits, so a number fits GST's 16 characters). */
  INVOICE_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,4}$/, 'must be 1 to 4 capital letters or digits')),
    'TM',
  ),
  /** The grievance officer (Consumer Protection (E-Commerce) Rules 2020), named on /contact and in the privacy policy. */
  GRIEVANCE_OFFICER_NAME: nonEmpty,
  GRIEVANCE_OFFICER_EMAIL: v.pipe(v.string(), v.email('must be an email address')),
  /** Overrides every provider call's deadline (worker/providers/result.ts); tests only, production keeps the defaults. */
  PROVIDER_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'must be a whole number of milliseconds'))),
});
export type Config = v.InferOutput<typeof ConfigSchema>;

/** Env objects already found valid: the check runs once per isolate, not once per request. */
const checked = new WeakSet<object>();

/**
 * Throws a readable error naming every bad or missing setting (never a value: some are secrets).
 * worker/index.ts calls it before every entry point (fetch, queue, scheduled).
 */
export function assertConfig(env: object): void {
  if (checked.has(env)) return;
  const result = v.safeParse(ConfigSchema, env);
  if (!result.success) {
    const problems = result.issues.map(
      (i) =>
        `${v.getDotPath(i) ?? '?'}: ${i.expected && i.received === 'undefined' ? 'missing' : i.message.replace(/ but received .*$| Received .*$/, '')}`,
    );
    throw new Error(
      `Tablemates configuration is invalid: ${problems.join('; ')}. Vars come from wrangler.toml [vars], secrets from \`wrangler secret put\` (locally .dev.vars).`,
    );
  }
  checked.add(env);
}
