/**
 * The words of the morning after (issue 21, docs/decisions/034): the feedback page, My Booking's
 * "How was the evening?", /profile's "Your connections", the API's refusals, and the two messages
 * (the morning-after request, a mutual 'dine again') by email and WhatsApp. Beside copy.ts, not in
 * it: read only by the feedback page's and My Booking's own chunks, /profile and the Worker.
 */
import { dinnerWhen, dinnerWhenWhatsApp, waParam } from './booking-messages';
import { type EmailBlock, emailLayout } from './email-layout';
import { firstNameOf } from './first-name';
import { formatIstDate } from './time';

/** What a star means, for the label a screen reader reads and the words beside the stars. */
export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Great', 'Wonderful'] as const;

export const FEEDBACK_COPY = {
  pageTitle: 'Your feedback',
  heading: 'How was the evening?',
  intro: (dinner: string, date: string) => `Thank you for coming to ${dinner} on ${date}.`,
  privacy:
    'Your answers are private. Your ratings and note go to the Tablemates team only, and nobody ever sees what you say about them.',
  loading: 'Loading your feedback…',
  loadFailed: "We couldn't load your feedback. Please try again.",
  retry: 'Try again',
  backToBooking: 'Back to My Booking',

  ratingsHeading: 'Your ratings',
  ratings: { evening: 'The evening', host: 'Your host', venue: 'The venue' },
  /** A star's accessible name, e.g. '4 stars: Great'. */
  star: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}: ${RATING_WORDS[n - 1]}`,
  notRated: 'Not rated yet',

  note: 'Anything else you would like us to know? (optional)',
  noteHint: 'For the Tablemates team only: what worked, and what we could do better.',

  tablematesHeading: (table: number) => `Your tablemates at table ${table}`,
  tablematesNoTable: 'Your tablemates',
  tablematesHint:
    "Only you see what you choose here. If someone you'd dine with again says the same about you, we share the contact each of you picks below. 'Rather not' means we won't seat you together again; they are never told.",
  noTablemates: 'Nobody else at your table was checked in, so there is nobody to choose here.',
  verdicts: { again: 'Would dine again', rather_not: 'Rather not be seated together', none: 'No answer' },
  /** Shown beside a tablemate once the 'dine again' is mutual. */
  mutual: (name: string) => `You and ${name} both said you'd dine again.`,
  theirContact: (name: string) => `${name} shared:`,

  shareHeading: 'If a "dine again" is mutual, share my…',
  shareHint: 'Only a guest who also said they would dine with you again sees it, and only while you both say so.',
  shareKinds: { whatsapp: 'Your WhatsApp number', instagram: 'Your Instagram handle', email: 'Your email address' },
  shareKindShort: { whatsapp: 'WhatsApp', instagram: 'Instagram', email: 'Email' },
  shareValueHints: {
    whatsapp: 'Your sign-in number is filled in; change it if you like. 10-digit mobile number, +91 by default.',
    instagram: 'Your handle, e.g. @asha.travels',
    email: 'The email address you would like them to write to.',
  },

  save: 'Save feedback',
  saving: 'Saving…',
  saved: (closes: string) => `Thank you! Your feedback is saved. You can change it until ${closes}.`,
  savedBefore: (closes: string) => `You can change your feedback until ${closes}.`,
  fixErrors: 'Please check the highlighted answers.',

  closedHeading: 'Feedback for this dinner has closed',
  closed: (closed: string) => `Feedback for this dinner closed on ${closed}. Thank you for coming, and for your time.`,
  closedMatches: 'Guests you both said you would dine with again:',
  upcoming: (opens: string) => `Feedback opens when the dinner ends, at ${opens}. See you at the table!`,
  notCheckedIn:
    "Feedback is for guests who were at the table. This booking wasn't checked in at the dinner, so there is nothing to rate here.",

  /** My Booking's section. */
  section: {
    title: 'How was the evening?',
    ask: 'Rate the dinner, your host and the venue, and tell us privately who you would dine with again.',
    thanks: 'Thank you for your feedback.',
    open: (closes: string) => `Open until ${closes}.`,
    give: 'Share your feedback',
    edit: 'Change your feedback',
  },

  errors: {
    body: 'Rate the evening, your host and the venue, then save.',
    evening: 'Rate the evening from 1 to 5 stars.',
    host: 'Rate your host from 1 to 5 stars.',
    venue: 'Rate the venue from 1 to 5 stars.',
    note: 'Keep your note under 2,000 characters.',
    tablemates: 'Choose an answer for each tablemate, at most once each.',
    shareKind: 'Choose how a mutual "dine again" may reach you.',
    shareRequired:
      'You said you would dine again with someone: choose a contact to share with them if they say the same.',
    whatsapp: 'Enter a valid WhatsApp number: a 10-digit mobile, or + and the country code.',
    instagram: 'Enter a valid Instagram handle: letters, numbers, dots and underscores, up to 30 characters.',
    email: 'Enter a valid email address.',
    /** The API's refusals. */
    unknownTablemate: 'One of the guests you chose was not at your table. Nothing was saved: reload and try again.',
    notCheckedIn: 'Feedback is only for guests who checked in at the dinner.',
    notYet: 'Feedback opens when the dinner ends.',
    closed: 'Feedback for this dinner has closed.',
  },
} as const;

export const CONNECTIONS_COPY = {
  heading: 'Your connections',
  intro:
    'Guests you met at a dinner who, like you, said they would dine together again, and the contact each chose to share.',
  at: (dinner: string, date: string) => `${dinner}, ${date}`,
} as const;

/** The absolute address of a booking's feedback page, which both messages link to. */
export const feedbackUrl = (origin: string, bookingId: string) =>
  `${origin.replace(/\/+$/, '')}/feedback/${encodeURIComponent(bookingId)}`;

/** A template's URL button as submitted to Meta: its label, and its URL ending in the one variable `{{1}}`. */
type UrlButton = { text: string; url: string };

/**
 * WhatsApp template `dinner_feedback` (utility, `en`), sent at 10:00 IST the day after: {{1}} the
 * guest's first name, {{2}} the dinner, {{3}} its date, {{4}} the feedback page. One URL button
 * whose variable is the booking id (`APP_ORIGIN/feedback/{{1}}`). README lists it as submitted.
 */
export const MORNING_AFTER_WHATSAPP = {
  name: 'dinner_feedback',
  body: 'Hi {{1}}, thank you for coming to {{2}} on {{3}}. How was your evening?\n\nRate the dinner and tell us, privately, who you would like to dine with again: tap the button below or open {{4}}.\n\nIf two of you both say so, we share the contact each of you chose.\n\n— Team Tablemates',
  buttons: [{ text: 'Share your feedback', url: 'APP_ORIGIN/feedback/{{1}}' }],
} as const satisfies { name: string; body: string; buttons: readonly UrlButton[] };

/**
 * WhatsApp template `dine_again_match` (utility, `en`), to each of two guests who both said 'dine
 * again': {{1}} the guest's first name, {{2}} the dinner, {{3}} the other's first name, {{4}} the
 * guest's feedback page, where the other's contact is. One URL button, as `dinner_feedback`'s.
 * The contact itself is not in the message: either may still take their 'again' back.
 */
export const DINE_AGAIN_WHATSAPP = {
  name: 'dine_again_match',
  body: 'Hi {{1}}, good news from {{2}}: you and {{3}} both said you would like to dine together again.\n\nSee the contact they chose to share: tap the button below or open {{4}}.\n\n— Team Tablemates',
  buttons: [{ text: 'See their contact', url: 'APP_ORIGIN/feedback/{{1}}' }],
} as const satisfies { name: string; body: string; buttons: readonly UrlButton[] };

/** The dinner a message is about, as both messages name it. */
export type FeedbackDinner = {
  name: string;
  bookingId: string;
  eventName: string;
  eventLocation: string;
  startsAt: string;
  endsAt: string;
  /** The guest's feedback page, absolute ({@link feedbackUrl}). */
  feedbackUrl: string;
};

/** An email's text and HTML from the same lines (as booking-messages.ts renders its own). */
function render(lines: (string | { label: string; href: string })[], d: FeedbackDinner) {
  const blocks: EmailBlock[] = lines.map((l) => (typeof l === 'string' ? { text: l } : l));
  return {
    text: lines.map((l) => (typeof l === 'string' ? l : `${l.label}: ${l.href}`)).join('\n\n'),
    html: emailLayout({
      dinner: { title: d.eventName, when: dinnerWhen(d.startsAt, d.endsAt), where: d.eventLocation },
      blocks,
    }),
  };
}

/** The morning-after email: how was it, and the feedback page (open until `closesAt`). */
export function morningAfterEmail(d: FeedbackDinner & { closesAt: string }) {
  return {
    subject: `How was ${d.eventName}?`,
    ...render(
      [
        `Hi ${firstNameOf(d.name, 'there')},`,
        `Thank you for coming to ${d.eventName} on ${formatIstDate(d.startsAt)}. We hope it was a good evening.`,
        'Tell us how it went: rate the dinner, your host and the venue. It takes a minute.',
        'You can also tell us, privately, who you would like to dine with again. If they say the same about you, we share the contact each of you chose. Nobody ever sees what anyone said about them.',
        { label: 'Share your feedback', href: d.feedbackUrl },
        `The page is open until ${formatIstDate(d.closesAt)}.`,
        'Team Tablemates',
      ],
      d,
    ),
  };
}

/** `dinner_feedback`'s parameters and its button's ({@link MORNING_AFTER_WHATSAPP}). */
export const morningAfterWhatsApp = (d: FeedbackDinner) => ({
  name: MORNING_AFTER_WHATSAPP.name,
  params: [firstNameOf(d.name), d.eventName, dinnerWhenWhatsApp(d.startsAt, d.endsAt), d.feedbackUrl].map(waParam),
  buttons: [encodeURIComponent(d.bookingId)],
});

/** The email to each of two guests who both said 'dine again': `other` is the other's first name. */
export function dineAgainEmail(d: FeedbackDinner & { other: string }) {
  return {
    subject: `You and ${d.other} would both dine again`,
    ...render(
      [
        `Hi ${firstNameOf(d.name, 'there')},`,
        `Good news from ${d.eventName}: you and ${d.other} both said you would like to dine together again.`,
        `See the contact ${d.other} chose to share on your feedback page.`,
        { label: 'See their contact', href: d.feedbackUrl },
        'If either of you changes your mind while the feedback page is open, the contact disappears for you both.',
        'Team Tablemates',
      ],
      d,
    ),
  };
}

/** `dine_again_match`'s parameters and its button's ({@link DINE_AGAIN_WHATSAPP}). */
export const dineAgainWhatsApp = (d: FeedbackDinner & { other: string }) => ({
  name: DINE_AGAIN_WHATSAPP.name,
  params: [firstNameOf(d.name), d.eventName, d.other, d.feedbackUrl].map(waParam),
  buttons: [encodeURIComponent(d.bookingId)],
});
