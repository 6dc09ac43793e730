import type { Route } from './http.ts';
import type { SandboxContext } from './server.ts';

/**
 * Each provider's routes. One module per third party:
 * razorpay.ts, sms.ts (Twilio + MSG91), email.ts (Resend), whatsapp.ts, google.ts, turnstile.ts.
 */
export function providerRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
