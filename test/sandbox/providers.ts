import { emailRoutes } from './email.ts';
import { googleRoutes } from './google.ts';
import type { Route } from './http.ts';
import { razorpayRoutes } from './razorpay.ts';
import type { SandboxContext } from './server.ts';
import { smsRoutes } from './sms.ts';
import { turnstileRoutes } from './turnstile.ts';
import { whatsappRoutes } from './whatsapp.ts';

/**
 * Each provider's routes, one module per third party:
 * razorpay.ts, sms.ts (Twilio + MSG91), email.ts (Resend), whatsapp.ts, google.ts, turnstile.ts.
 */
export function providerRoutes(ctx: SandboxContext): Route[] {
  return [
    ...emailRoutes(ctx),
    ...smsRoutes(ctx),
    ...googleRoutes(ctx),
    ...turnstileRoutes(),
    ...razorpayRoutes(ctx),
    ...whatsappRoutes(ctx),
  ];
}
