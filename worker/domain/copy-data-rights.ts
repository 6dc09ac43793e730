/**
 * The words of the guest's data rights (issue 22): /profile's 'Your data', the erasure's preview and
 * its refusals, and the two emails (the inactivity notice, the erasure's confirmation). Beside
 * copy.ts, not in it: read only on /profile's lazily shown dialog and by the Worker.
 */
import { firstNameOf } from './first-name';
import { type EmailBlock, emailLayout } from './email-layout';
import { TAX_RECORD_YEARS } from './personal-data';

export const DATA_RIGHTS_COPY = {
  heading: 'Your data',
  intro: 'Download everything we hold about you, or delete your account.',
  download: 'Download my data',
  downloadHint: 'One JSON file: your account, profile, quiz answers, bookings, payments, credit and messages.',
  delete: 'Delete my account',
  dialogTitle: 'Delete your account?',
  loadingPreview: 'Checking what deleting your account would change…',
  previewFailed: 'We could not check your account just now. Please try again.',
  goesHeading: 'What we delete',
  goes: [
    'Your account, your sign-in phone, email and Google link, and every signed-in device',
    'Your profile and quiz answers',
    'Your consents, grievances and newsletter or city sign-ups',
    'Messages we sent you, and any second guest you named on a booking',
  ],
  keptHeading: 'What the law makes us keep',
  kept: `Invoices and payment records, for ${TAX_RECORD_YEARS} years: the dinner, ticket, amount, date and payment ids, without your name, email or phone.`,
  bookingsHeading: 'Your upcoming bookings',
  releasedBooking:
    'Your seats are given up, as with "can\'t make it": they go back on sale. No refund for a guest\'s cancellation (our Payment & Refund Policy), and no credit, as your account will be gone.',
  refundFirst:
    'We cancelled this dinner and owe you a refund or a move: choose it on the booking first, then delete your account.',
  holdsEnd: 'Any checkout you have not paid for yet ends.',
  waitlistForfeit: (places: number) =>
    `Your ${places === 1 ? 'place' : `${places} places`} on a waitlist ${places === 1 ? 'is' : 'are'} given up.`,
  creditForfeit: (amount: string) => `Your ${amount} credit is forfeited.`,
  confirmLabel: 'I understand: delete my account and sign me out. This cannot be undone.',
  confirmRequired: 'Tick the box to confirm you want your account deleted.',
  confirmButton: 'Delete my account for good',
  cancel: 'Keep my account',
  deleting: 'Deleting…',
  deletedTitle: 'Your account is deleted',
  deletedText:
    'We have deleted your account and signed you out. A confirmation is on its way to your email, if you had one. Signing in again starts a new account.',
  refundOwed:
    'We cancelled a dinner you booked and owe you a refund or a move: choose it on your booking first, then delete your account.',
  grievanceOpen:
    'You have a grievance our grievance officer has not answered yet: we reply first (within 30 days), then you can delete your account.',
  alreadyErased: 'This account has already been deleted.',
  exportFilename: (date: string) => `tablemates-my-data-${date}.json`,
} as const;

/**
 * The email confirming an erasure, sent once to the account's verified address (then forgotten):
 * the guest's own request, or the cron's after 3 years without a visit (and its notice).
 */
export function erasureEmail(o: { name: string | null; reason: 'request' | 'inactive' }) {
  const hi = `Hi ${firstNameOf(o.name, 'there')},`;
  const kept = `We keep your invoices and payment records for ${TAX_RECORD_YEARS} years, as tax law requires, without your name, email or phone.`;
  const lines =
    o.reason === 'inactive'
      ? [
          'You had not signed in to Tablemates for 3 years, so, as we told you 48 hours ago and as our privacy policy says, we have deleted your account: your profile, quiz answers, sign-in details and messages are gone.',
          kept,
          'You are welcome back any time: signing in again starts a new account.',
        ]
      : [
          'As you asked, we have deleted your Tablemates account: your profile, quiz answers, sign-in details and messages are gone.',
          kept,
          'If you did not ask for this, reply to this email at once.',
        ];
  const blocks: EmailBlock[] = [{ text: hi }, ...lines.map((text) => ({ text })), { text: 'Team Tablemates' }];
  return {
    subject: 'Your Tablemates account is deleted',
    text: [hi, '', ...lines.flatMap((l) => [l, '']), 'Team Tablemates'].join('\n'),
    html: emailLayout({ blocks }),
  };
}

/** The notice 48 hours before an inactive account is erased; signing in keeps the account. */
export function inactivityNoticeEmail(o: { name: string | null; signInUrl: string }) {
  const hi = `Hi ${firstNameOf(o.name, 'there')},`;
  const lines = [
    'You have not signed in to Tablemates for 3 years, so in 48 hours we will delete your account and the data it holds, as our privacy policy says.',
    `We keep invoices and payment records for ${TAX_RECORD_YEARS} years, as tax law requires, without your name, email or phone.`,
    'To keep your account, just sign in before then.',
  ];
  return {
    subject: 'Your Tablemates account will be deleted in 48 hours',
    text: [hi, '', ...lines.flatMap((l) => [l, '']), `Sign in: ${o.signInUrl}`, '', 'Team Tablemates'].join('\n'),
    html: emailLayout({
      blocks: [
        { text: hi },
        ...lines.map((text) => ({ text })),
        { label: 'Sign in', href: o.signInUrl },
        { text: 'Team Tablemates' },
      ],
    }),
  };
}

/**
 * The WhatsApp notice 48 hours before an inactive account is erased, for an account with no
 * verified email (its sign-in phone was proved by a code). An approved utility template, language
 * `en` (README's deploy section): `account_inactivity_notice` — body `You have not signed in to
 * Tablemates for 3 years, so on {{1}} we will delete your account and the data it holds, as our
 * privacy policy says. To keep it, just sign in before then.` / (blank line) / `— Team Tablemates`.
 * {{1}} the date of the erasure.
 */
export const INACTIVITY_NOTICE_WHATSAPP = 'account_inactivity_notice';

export function inactivityNoticeWhatsApp(o: { eraseOn: Date }) {
  const date = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(o.eraseOn);
  return { name: INACTIVITY_NOTICE_WHATSAPP, params: [date] };
}
