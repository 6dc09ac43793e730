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

/** A template's URL button as submitted to Meta: its label, and its URL ending in the one variable `{{1}}`. */
export type UrlButton = { text: string; url: string };

/**
 * The templates with URL buttons, as submitted to Meta: a copy of `STILL_COMING_WHATSAPP`
 * (worker/domain/booking-messages.ts; test/worker/still-coming.test.ts keeps the two equal).
 * `APP_ORIGIN` in a URL is the deploy's origin, which the sandbox fills with the Worker's when it
 * knows it, else https://tablemates.in. Their bodies' filled-in length is checked too.
 */
export const URL_BUTTON_TEMPLATES: Record<string, { body: string; buttons: readonly UrlButton[] }> = {
  event_reminder_still_coming: {
    body: 'Hi {{1}}, {{2}} is tomorrow, {{3}}.\nWhere: {{4}}\n\nStill coming? Tap a button below, or open My Booking at {{5}}.\n\nGuests more than 60 minutes late count as a no-show.\n\n— Team Tablemates',
    buttons: [
      { text: 'Yes, see you there', url: 'APP_ORIGIN/booking/{{1}}' },
      { text: "Can't make it", url: 'APP_ORIGIN/booking/{{1}}' },
    ],
  },
  // Issue 21: copies of MORNING_AFTER_WHATSAPP and DINE_AGAIN_WHATSAPP (worker/domain/copy-feedback.ts;
  // test/worker/feedback.test.ts keeps them equal).
  dinner_feedback: {
    body: 'Hi {{1}}, thank you for coming to {{2}} on {{3}}. How was your evening?\n\nRate the dinner and tell us, privately, who you would like to dine with again: tap the button below or open {{4}}.\n\nIf two of you both say so, we share the contact each of you chose.\n\n— Team Tablemates',
    buttons: [{ text: 'Share your feedback', url: 'APP_ORIGIN/feedback/{{1}}' }],
  },
  dine_again_match: {
    body: 'Hi {{1}}, good news from {{2}}: you and {{3}} both said you would like to dine together again.\n\nSee the contact they chose to share: tap the button below or open {{4}}.\n\n— Team Tablemates',
    buttons: [{ text: 'See their contact', url: 'APP_ORIGIN/feedback/{{1}}' }],
  },
  // Issue 21: a copy of ACCOUNT_SUSPENDED_WHATSAPP_BODY (worker/domain/copy-reports.ts;
  // test/worker/suspension.test.ts keeps them equal). No button: listed here so the sandbox
  // checks its filled-in length and that it is sent with no button component.
  account_suspended: {
    body: "Hi {{1}}, we have paused your Tablemates account, so you can't book dinners or join waitlists for now. Any upcoming bookings are cancelled, and we are refunding them in full to your original payment method. If you think this is a mistake, write to us at hello@tablemates.in.\n\n— Team Tablemates",
    buttons: [],
  },
};
