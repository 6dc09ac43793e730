/**
 * What 'Report a problem' and a suspension say (issue 21): the guest's form and its answer, the
 * console's words, the operators' alert and the suspended guest's notice. One place, so the form,
 * the API and the tests read the same strings. The guest a report names is never told of it; a
 * suspended guest is told in neutral words, never why nor by whom.
 */
import { CONTACT_EMAIL, emailLayout } from './email-layout';
import { firstNameOf } from './first-name';

type Category = 'harassment' | 'felt_unsafe' | 'no_show_host' | 'venue' | 'other';

/** Each category as the guest chooses it, with a line that says what it covers. */
export const REPORT_CATEGORY_COPY: Record<Category, { label: string; hint: string }> = {
  harassment: {
    label: 'Harassment or unwanted behaviour',
    hint: 'Comments, touching, pressure or anything else that crossed a line.',
  },
  felt_unsafe: {
    label: 'I felt unsafe',
    hint: 'Someone or something at the dinner made you feel unsafe.',
  },
  no_show_host: {
    label: "The host didn't show up",
    hint: 'Nobody was there to welcome the table, or the host left early.',
  },
  venue: {
    label: 'A problem with the venue',
    hint: 'The food, the service, the booking at the restaurant or the place itself.',
  },
  other: {
    label: 'Something else',
    hint: 'Anything we should know about this dinner.',
  },
};

/** The console's short names for the categories. */
export const REPORT_CATEGORY_SHORT: Record<Category, string> = {
  harassment: 'Harassment',
  felt_unsafe: 'Felt unsafe',
  no_show_host: 'Host no-show',
  venue: 'Venue',
  other: 'Other',
};

export const REPORT_COPY = {
  section: {
    heading: 'Report a problem',
    intro:
      'Something went wrong at this dinner? Tell us. Only the Tablemates team reads reports, and the guest you name is never told who reported them.',
    /** Before the dinner has started: the section says when it opens. */
    notYet: 'You can report a problem here once the dinner has started.',
    loadFailed: 'The report form could not be loaded. Please try again in a moment.',
  },
  form: {
    category: 'What happened?',
    description: 'Tell us more',
    descriptionHint: (min: number, max: number) =>
      `What happened, when, and who was involved. ${min} to ${max.toLocaleString('en-IN')} characters.`,
    about: 'The guest concerned (optional)',
    aboutNone: 'Nobody in particular',
    aboutHint:
      'Only guests who checked in at your table are listed. You will not be seated with the guest you name again.',
    aboutEmpty: 'Nobody at your table has checked in, so there is nobody to name. You can still tell us what happened.',
    submit: 'Send report',
    submitting: 'Sending…',
    another: 'Report something else',
    cancel: 'Cancel',
  },
  /** What the guest reads once the report is in: calm, and for the urgent ones what to do now. */
  done: {
    title: "We've got it",
    text: 'Thank you for telling us. Our team has your report and reads every one. If we need to know more, we will contact you by email or phone.',
    urgentTitle: 'If you need help right now',
    urgent: [
      'If you are in danger, call 112 (emergency services in India).',
      'If you are still at the venue, speak to your host or the restaurant staff: they can help straight away.',
    ],
    apart: (name: string) => `You will not be seated with ${name} at a Tablemates dinner again.`,
  },
  invalid: {
    category: 'Please choose what happened.',
    description: 'Please describe what happened (10 to 3,000 characters).',
    about: 'Please choose a guest from the list.',
    aboutNeedsBooking: 'A guest can be named only on a report about one of your dinners.',
    booking: 'This booking could not be found.',
  },
  errors: {
    /** 409 report_not_open: before the dinner's start, or a dinner we cancelled. */
    notOpen: 'You can report a problem about this dinner once it has started.',
    /** 422 unknown_guest: the ref names nobody at the reporter's table. */
    unknownGuest: "We couldn't find that guest at your table. Please choose from the list again.",
  },
  /** The operators' alert: no names and no description by email; the console has them. */
  alert: {
    subject: (urgent: boolean, category: string, dinner: string | null) =>
      `${urgent ? 'Urgent: ' : ''}${category} reported${dinner ? ` at ${dinner}` : ''}`,
    lines: (urgent: boolean, category: string, dinner: string | null) => [
      `A guest has reported a problem: ${category}${dinner ? `, at ${dinner}` : ''}.`,
      urgent
        ? 'This is an urgent category. Please read it and contact the guest as soon as you can.'
        : 'Please read it in the console when you can.',
      'The report, who filed it and the guest it names are in the console only, never in email.',
    ],
    button: 'Open reports',
  },
} as const;

/** The console's reports page and "needs attention". */
export const REPORTS_CONSOLE_COPY = {
  heading: 'Reports',
  intro:
    'What guests reported about their dinners. Urgent reports come first; the reporter is never named to anyone else.',
  empty: 'No reports yet.',
  emptyOpen: 'No open reports.',
  showResolved: 'Show resolved reports',
  urgent: 'Urgent',
  open: 'Open',
  resolved: 'Resolved',
  noDinner: 'No dinner named',
  nobody: 'Nobody named',
  markResolved: 'Mark resolved',
  resolving: 'Resolving…',
  resolvedToast: 'Report marked resolved',
  suspend: 'Suspend guest',
  suspended: 'Suspended',
  needsAttentionHeading: 'Reports from guests',
  needsAttentionWhat: 'A guest reported a problem at a dinner.',
  needsAttentionTodo: 'read it, contact the guest if needed, and mark it resolved.',
  viewAll: 'All reports',
  errors: {
    notFound: 'This report does not exist.',
    alreadyResolved: 'This report has already been resolved.',
  },
} as const;

export const SUSPENSION_COPY = {
  /** 403 account_suspended: an order, a waitlist place or an offer of a suspended account. Neutral: no reason. */
  refused:
    "Your account can't make new bookings or join waitlists at the moment. If you think this is a mistake, please write to us at hello@tablemates.in.",
  invalid: {
    reason: 'Please give a reason (5 to 500 characters). It is kept in the audit log, never shown to the guest.',
  },
  errors: {
    userNotFound: 'No such guest.',
    self: "You can't suspend your own account.",
    operator: "An operator's account can't be suspended.",
    notSuspended: 'This guest is not suspended.',
    refundsNotQueued: 'The guest is suspended, but their refunds could not be queued. Suspend again to retry.',
  },
  console: {
    dialogTitle: (name: string) => `Suspend ${name}?`,
    whatHappens: 'Suspending the guest:',
    effects: (bookings: number, amount: string) => [
      'stops them booking dinners, joining waitlists and taking offers;',
      bookings === 0
        ? 'refunds nothing: they have no upcoming bookings;'
        : `cancels their ${bookings === 1 ? 'upcoming booking' : `${bookings} upcoming bookings`} and refunds ${amount} in full (any credit they paid with goes back to their balance), and offers the seats to the waitlist;`,
      'tells them by email and WhatsApp, in neutral words, that their account is paused.',
    ],
    reason: 'Reason (for the audit log)',
    reasonHint: 'Never shown to the guest.',
    confirm: 'Suspend guest',
    confirming: 'Suspending…',
    cancel: 'Cancel',
    loading: 'Checking their bookings…',
    done: (name: string, refunds: number) =>
      refunds === 0
        ? `${name} is suspended.`
        : `${name} is suspended; ${refunds === 1 ? 'one refund is' : `${refunds} refunds are`} on the way.`,
    lift: 'Lift suspension',
    lifting: 'Lifting…',
    lifted: (name: string) => `${name} can book again.`,
    liftConfirm: (name: string) => `Lift the suspension of ${name}? They will be able to book again.`,
    alreadySuspended: (at: string) => `Suspended since ${at}.`,
    cannotSuspend: 'Operators cannot be suspended.',
  },
} as const;

/**
 * The suspended guest's email: their account is paused, their upcoming bookings refunded. Neutral:
 * never why, never who.
 */
export function accountSuspendedEmail(o: {
  name: string | null;
  refunds: { title: string; amount: string }[];
  creditBack: boolean;
}) {
  const hi = `Hi ${firstNameOf(o.name, 'there')},`;
  const lines = [
    'We have paused your Tablemates account, so you can’t book dinners or join waitlists for now.',
    ...(o.refunds.length > 0
      ? [
          `Your upcoming ${o.refunds.length === 1 ? 'booking is' : 'bookings are'} cancelled, and we are refunding ${o.refunds.length === 1 ? 'it' : 'them'} in full: ${o.refunds
            .map((r) => `${r.title} (${r.amount})`)
            .join(
              ', ',
            )}. The money goes back to your original payment method; banks usually credit it within 7 working days.`,
        ]
      : []),
    ...(o.creditBack ? ['Any Tablemates credit you paid with is back in your balance.'] : []),
    `If you think this is a mistake, reply to this email or write to us at ${CONTACT_EMAIL}.`,
  ];
  return {
    subject: 'Your Tablemates account is paused',
    text: [hi, '', ...lines.flatMap((l) => [l, '']), 'Team Tablemates'].join('\n'),
    html: emailLayout({ blocks: [{ text: hi }, ...lines.map((text) => ({ text })), { text: 'Team Tablemates' }] }),
  };
}

/**
 * The same by WhatsApp, to the verified sign-in phone. An approved utility template, language
 * `en` (README's deploy section): `account_suspended`, {{1}} the guest's first name.
 */
export const ACCOUNT_SUSPENDED_WHATSAPP = 'account_suspended';
export const ACCOUNT_SUSPENDED_WHATSAPP_BODY = `Hi {{1}}, we have paused your Tablemates account, so you can't book dinners or join waitlists for now. Any upcoming bookings are cancelled, and we are refunding them in full to your original payment method. If you think this is a mistake, write to us at ${CONTACT_EMAIL}.\n\n— Team Tablemates`;

export const accountSuspendedWhatsApp = (o: { name: string | null }) => ({
  name: ACCOUNT_SUSPENDED_WHATSAPP,
  params: [firstNameOf(o.name, 'there').replace(/\s+/g, ' ').slice(0, 60)],
});

/** The operators' alert of a new report: what kind, at which dinner, and the link to the console. */
export function reportAlertEmail(o: { urgent: boolean; category: string; dinner: string | null; reportsUrl: string }) {
  const A = REPORT_COPY.alert;
  const lines = A.lines(o.urgent, o.category, o.dinner);
  return {
    subject: A.subject(o.urgent, o.category, o.dinner),
    text: [...lines.flatMap((l) => [l, '']), `${A.button}: ${o.reportsUrl}`].join('\n'),
    html: emailLayout({ blocks: [...lines.map((text) => ({ text })), { label: A.button, href: o.reportsUrl }] }),
  };
}
