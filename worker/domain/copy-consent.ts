/**
 * The consent notice, the marketing switch and the unsubscribe page (issue 22). Kept beside
 * `copy.ts`, not in it (like copy-my-booking.ts): `copy.ts` is in every guest's first bundle, and
 * these are read only on the notice, /profile, the unsubscribe page and by the Worker.
 */
export const CONSENT_COPY = {
  notice: {
    title: 'Before we save your answers',
    intro:
      'Tablemates needs a few things about you to seat you at the right table. Here is what we collect, why, and how to take it back.',
    whatHeading: 'What we collect and why',
    withdrawHeading: 'How to withdraw',
    withdraw: [
      'Marketing is separate and off unless you turn it on: switch it off on your profile, or with the link at the foot of any newsletter.',
      'To withdraw your consent to the service itself, delete your account from your profile, or write to us. What we did before you withdrew stays lawful; what tax law makes us keep (invoices) we keep.',
      'Complaints go to our grievance officer, named on the Contact page.',
    ],
    bookingMessages:
      'Booking messages (confirmations, reminders, waitlist offers) are part of the service, so they keep coming while you have a booking.',
    policyLink: 'Read the full privacy policy',
    agree: 'I agree',
    agreeing: 'Saving...',
    decline: 'Not now, sign me out',
    /** The notice's version, shown so a guest can see which text they agreed to. */
    version: (v: string) => `Notice version ${v}`,
    agreedTitle: 'Thank you',
    agreedText: 'Your consent is saved. You can change your mind from your profile.',
    failed: 'Your consent could not be saved. Please try again.',
    /** 409 notice_outdated: the page reloads to show the current notice. */
    outdatedTitle: 'The notice has changed',
  },
  /** The API's refusals. */
  errors: {
    /** 403 consent_required: a quiz, a profile, a booking, a waitlist place or offer before agreeing to the current notice. */
    required: 'Please read and agree to how we use your data before we save it.',
    /** 409 notice_outdated: the browser showed an older notice than the current one. */
    outdated: 'The notice has changed since you opened it. Please read the new one and agree again.',
    /** 400: a PUT with nothing to change. */
    empty: 'Say what to change: agree to the notice or turn marketing on or off.',
    noticeVersion: 'Please agree to the notice as shown.',
    marketing: 'Marketing must be on or off.',
    badToken:
      'This unsubscribe link is not valid. Use the link from your latest email, or turn marketing off on your profile.',
  },
  marketing: {
    heading: 'Newsletters and offers',
    label: 'Send me newsletters and offers',
    description:
      'Our newsletter by email and occasional offers on WhatsApp. Off unless you turn it on. Booking messages (confirmations, reminders, waitlist offers) always reach you: they are the service.',
    on: 'On',
    off: 'Off',
    savedOnTitle: 'Marketing turned on',
    savedOffTitle: 'Marketing turned off',
    savedOnText: "We'll send you newsletters and offers. Turn this off any time.",
    savedOffText: "We won't send you newsletters or offers. Booking messages still reach you.",
    failed: 'Your choice could not be saved. Please try again.',
    loadFailed: 'Your marketing choice could not be loaded.',
  },
  /** Every marketing email's footer (one layout, services/marketing.ts). */
  email: {
    why: 'You get this because you subscribed to Tablemates news. Booking messages are separate.',
    unsubscribe: 'Unsubscribe',
    welcomeSubject: "You're on the Tablemates list",
    welcomeText: [
      "Thanks for subscribing. We'll write when new dinners open in your city, a few times a month at most.",
      "Don't want these? One click on Unsubscribe below and they stop.",
    ],
    welcomeButton: 'See upcoming dinners',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    intro: (email: string) => `Stop newsletters and offers to ${email}?`,
    explain:
      'You will no longer get our newsletter or promotional messages. Booking messages (confirmations, reminders) for dinners you book still arrive.',
    button: 'Unsubscribe',
    working: 'Unsubscribing...',
    doneTitle: "You're unsubscribed",
    done: (email: string) =>
      `We won't send newsletters or offers to ${email} again. Changed your mind? Subscribe again at the foot of our home page, or turn marketing on in your profile.`,
    invalidTitle: 'This link does not work',
    home: 'Back to Home',
    failed: 'We could not unsubscribe you just now. Please try again.',
  },
} as const;
