/**
 * The words of the templates whose filled-in length the sandbox checks, as submitted to Meta: a
 * copy of `CONSOLE_WHATSAPP_TEMPLATES` (worker/domain/booking-messages.ts; a worker test keeps the
 * two equal). Any other template is checked on its parameters alone.
 */
export const TEMPLATE_BODIES: Record<string, string> = {
  dinner_cancelled:
    "Hi {{1}}, we're sorry: {{2}} on {{3}} is cancelled.\nWhy: {{4}}\n\nYou may take a full refund or reschedule to a future dinner, free of charge. To choose, open My Booking at {{5}} or reply to our email. If we have not heard from you by the start of the dinner, we will refund you in full.\n\n— Team Tablemates",
  guest_announcement:
    'Hi {{1}}, a message from Tablemates about {{2}} on {{3}}.\n\nSubject: *{{4}}*\nMessage: {{5}}\n\n— Team Tablemates',
};
