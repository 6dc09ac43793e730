/**
 * Consent under the DPDP Act 2023 (issue 22): what a guest agrees to, per purpose, with the
 * notice's version. The service notice is agreed once per version, before anything the quiz
 * asks is stored; marketing is separate, optional and off until the guest turns it on.
 * Booking messages (confirmations, reminders, offers) are the service, never marketing.
 */

/** `service`: the itemised notice (needed to use the product); `marketing`: newsletter and promotional WhatsApp. */
export const CONSENT_PURPOSES = ['service', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where a consent row came from: the notice at first sign-in, /profile, or an email's unsubscribe link. */
export const CONSENT_SOURCES = ['notice', 'profile', 'unsubscribe_link', 'newsletter_form'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The notice's current version; changing what the notice says means a new version, which asks every guest again. */
export const CONSENT_NOTICE_VERSION = '2026-11-27';

/** The API's refusal code when the current notice has not been agreed (403); the SPA sends the guest to the notice. */
export const CONSENT_REQUIRED = 'consent_required';

/**
 * The notice's items (DPDP Rules 2025, rule 3: itemised, each with its purpose), drawn from the
 * privacy policy's list of what is collected (SPEC §3 "Stored data named in the privacy text").
 * Profile photos are on that list but the product takes none, so the notice does not claim them.
 * Changing any of this means a new {@link CONSENT_NOTICE_VERSION}.
 */
export const CONSENT_NOTICE_ITEMS: ReadonlyArray<{ data: string; purpose: string }> = [
  {
    data: 'Your name, phone number and email',
    purpose: 'To sign you in, confirm your bookings and reach you about your dinner.',
  },
  {
    data: 'Date of birth, sex, relationship status and work',
    purpose: 'To check you are 18 or over, and to seat you at a balanced table.',
  },
  {
    data: 'Your vibe check answers, interests and food preferences',
    purpose: "To match you with tablemates, and to tell the venue what you don't eat.",
  },
  {
    data: 'Your city and the dinners you book',
    purpose: 'To show dinners near you and run your bookings.',
  },
  {
    data: 'Transaction IDs and payment method type (never your full card details)',
    purpose: 'To take payment, refund it when due, and issue tax invoices.',
  },
  {
    data: 'Messages you send us and feedback you give',
    purpose: 'To answer you and make the next dinner better.',
  },
  {
    data: 'What you tell us after a dinner: ratings, what you say of your tablemates, the contact you choose to share, problems you report, and your seating wishes',
    purpose:
      'To seat you with people you would like to meet (never again with someone you would rather not), connect you with a tablemate only when you both say so, and keep every dinner safe.',
  },
  {
    data: 'IP address and device data',
    purpose: 'To keep your account secure and stop abuse.',
  },
];

/**
 * Whether a guest's newest `service` row (or none) is agreement to the current notice.
 * @example hasCurrentConsent({ noticeVersion: '2026-11-26', granted: 1 }) // true while that is the version
 */
export const hasCurrentConsent = (newest: { noticeVersion: string; granted: number } | null | undefined) =>
  Boolean(newest && newest.granted === 1 && newest.noticeVersion === CONSENT_NOTICE_VERSION);

/** `GET/PUT /api/me/consents`'s answer: the one shape of a guest's consents on the wire. */
export type ConsentsView = {
  /** The notice version the guest agreed to last, or null. */
  notice_version: string | null;
  current_notice_version: string;
  /** Whether the guest must agree (again) before their quiz or profile is stored. */
  notice_required: boolean;
  marketing: boolean;
};
