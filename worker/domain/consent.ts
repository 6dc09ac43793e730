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
export const CONSENT_NOTICE_VERSION = '2026-11-26';
