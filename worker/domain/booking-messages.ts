/**
 * Words the guest receives by email and WhatsApp: welcome, confirmation, refund and reminders,
 * and the WhatsApp template parameters. Pure functions, so tests and previews need no I/O.
 */
import { type EmailDinner, emailLayout } from './email-layout';
import { firstNameOf as firstName } from './first-name';
import { dinnerHours, formatIstDate } from './time';

export type BookingFacts = {
  name: string;
  bookingId: string;
  eventName: string;
  eventLocation: string;
  startsAt: string;
  /** The dinner's stored end: every message gives its own hours (issue 24). */
  endsAt: string;
  amount: number;
  ticketLabel: string;
  /** The guest's My Booking page, absolute ({@link myBookingUrl}): every booking message links to it. */
  myBookingUrl: string;
};

/**
 * The absolute address of a booking's My Booking page, which every email and WhatsApp message
 * about a booking links to (a signed-out guest signs in and lands there).
 * @example myBookingUrl('https://tablemates.in/', 'bkg_1') // 'https://tablemates.in/booking/bkg_1'
 */
export const myBookingUrl = (origin: string, bookingId: string) =>
  `${origin.replace(/\/+$/, '')}/booking/${encodeURIComponent(bookingId)}`;

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** A line of a message: plain text, or a labelled link (a link in the HTML, `label: href` in the text). */
type Line = string | { label: string; href: string };

/**
 * An email's text and HTML from the same lines: the text one line each, the HTML in the brand's
 * layout (email-layout.ts), a link as a button, with the dinner's card when it is about one.
 */
function render(lines: Line[], dinner?: EmailDinner) {
  return {
    text: lines.map((l) => (typeof l === 'string' ? l : `${l.label}: ${l.href}`)).join('\n'),
    html: emailLayout({ dinner, blocks: lines.map((l) => (typeof l === 'string' ? { text: l } : l)) }),
  };
}

/**
 * A dinner's day and hours as an email says them, e.g. 'Thursday, 26 November 2026, 1:00 PM - 4:00 PM'
 * (its stored start and end, in IST).
 */
export const dinnerWhen = (startsAt: string, endsAt: string) =>
  `${formatIstDate(startsAt)}, ${dinnerHours(startsAt, endsAt)}`;

/** {@link dinnerWhen} for a WhatsApp parameter: plain spaces (a template parameter, not a wrapped line). */
export const dinnerWhenWhatsApp = (startsAt: string, endsAt: string) =>
  dinnerWhen(startsAt, endsAt).replace(/\u00a0/g, ' ');

/** The card of a dinner from `startsAt` to `endsAt` in `where`. */
const dinnerCard = (title: string, startsAt: string, endsAt: string, where: string): EmailDinner => ({
  title,
  when: dinnerWhen(startsAt, endsAt),
  where,
});

/** The link line every booking email carries. */
const myBookingLine = (url: string): Line => ({ label: 'My Booking (your ticket, venue and date)', href: url });

/** Sent once after a guest first saves a profile with an email (SPEC §7 "welcome-email function"). */
export function welcomeEmail(w: { name: string; eventsUrl: string; confirmUrl?: string | null }) {
  const first = firstName(w.name, 'there');
  // An email nobody has confirmed yet gets the link that confirms it (docs/decisions/026): until
  // then no booking email goes to it.
  const confirm = w.confirmUrl ? { before: CONFIRM_BEFORE, label: CONFIRM_LABEL, href: w.confirmUrl } : null;
  return {
    subject: 'Welcome to Tablemates!',
    text: [
      `Hi ${first},`,
      '',
      'Welcome to Tablemates, where strangers become friends. Your vibe check and profile are in, so we can match you with a table of 6-8 people who get it.',
      '',
      `Pick your weekend dinner: ${w.eventsUrl}`,
      '',
      ...(confirm ? [confirm.before, `${confirm.label}: ${confirm.href}`, ''] : []),
      'See you at the table,',
      'Team Tablemates',
    ].join('\n'),
    html: emailLayout({
      blocks: [
        { text: `Hi ${first},` },
        {
          text: 'Welcome to Tablemates, where strangers become friends. Your vibe check and profile are in, so we can match you with a table of 6-8 people who get it.',
        },
        { label: 'Pick your weekend dinner', href: w.eventsUrl },
        ...(confirm ? [{ text: confirm.before }, { label: confirm.label, href: confirm.href }] : []),
        { text: 'See you at the table,' },
        { text: 'Team Tablemates' },
      ],
    }),
  };
}

const CONFIRM_LABEL = 'Confirm your email';
const CONFIRM_BEFORE = 'Please confirm this email address, so your booking emails can reach you here.';

/**
 * "Confirm your email": sent when a guest saves a profile with a new email, and again on request
 * (docs/decisions/026). The link is good for 7 days.
 */
export function confirmEmailMessage(c: { name: string; email: string; confirmUrl: string }) {
  const first = firstName(c.name, 'there');
  return {
    subject: 'Confirm your email',
    ...render([
      `Hi ${first},`,
      `Please confirm that ${c.email} is your email, so your Tablemates booking emails can reach you here.`,
      { label: CONFIRM_LABEL, href: c.confirmUrl },
      'The link works for 7 days. If you did not add this email to a Tablemates profile, ignore this message.',
      'Team Tablemates',
    ]),
  };
}

/**
 * The booking-confirmation email (SPEC §7: name, event name, date, location, booking id). A booking
 * that moved to another dinner (`rescheduled`) gets it again, saying so, for its new date.
 */
export function confirmationEmail(b: BookingFacts & { rescheduled?: boolean }) {
  return {
    subject: b.rescheduled
      ? `Your dinner moved to ${b.eventName}, ${formatIstDate(b.startsAt)}`
      : `You're All Set! ${b.eventName}`,
    ...render(
      [
        `Hi ${firstName(b.name)},`,
        b.rescheduled
          ? `Your dinner moved to ${b.eventName}, free of charge. This is the same booking, not a new purchase: your seat is now at the new dinner.`
          : `Your seat is confirmed for ${b.eventName}.`,
        `When: ${dinnerWhen(b.startsAt, b.endsAt)}`,
        `Where: ${b.eventLocation} (the exact venue is revealed 48 hours before the event)`,
        `Ticket: ${b.ticketLabel} · Paid: ${rupees(b.amount)}`,
        `Booking ID: ${b.bookingId}`,
        myBookingLine(b.myBookingUrl),
        '',
        b.rescheduled
          ? 'The calendar file attached has the new date. Reminders follow it: 48 hours before, 24 hours before and on the day, by email and WhatsApp.'
          : "We'll remind you 48 hours before, 24 hours before and on the day, by email and WhatsApp.",
        'See you at the table!',
        'Tablemates',
      ],
      dinnerCard(b.eventName, b.startsAt, b.endsAt, b.eventLocation),
    ),
  };
}

/**
 * WhatsApp template `booking_confirmed`: {{1}} name, {{2}} event, {{3}} date, {{4}} booking id,
 * {{5}} the My Booking link. A moved booking gets `booking_moved` instead ({@link movedWhatsApp}).
 */
export const confirmationWhatsApp = (b: BookingFacts) => ({
  name: 'booking_confirmed',
  params: [firstName(b.name), b.eventName, dinnerWhenWhatsApp(b.startsAt, b.endsAt), b.bookingId, b.myBookingUrl],
});

/**
 * WhatsApp template `booking_moved` (issue 24: a reschedule is not a second booking, so it does not
 * reuse `booking_confirmed`): {{1}} name, {{2}} the dinner it moved to, {{3}} its date and time,
 * {{4}} booking id, {{5}} the My Booking link. Body as submitted to Meta: {@link MOVED_WHATSAPP_BODY}.
 */
export const movedWhatsApp = (b: BookingFacts) => ({
  name: 'booking_moved',
  params: confirmationWhatsApp(b).params,
});

/** The body of `booking_moved` as submitted to Meta (README's template list). */
export const MOVED_WHATSAPP_BODY =
  'Hi {{1}}, your dinner moved to {{2}} on {{3}}. It is the same booking, nothing more to pay.\nBooking ID: {{4}}\nYour ticket and the new date: {{5}}\n\n— Team Tablemates';

/** Sent when a payment arrived after its hold expired and the dinner had filled up. */
export function refundEmail(r: {
  name: string;
  eventName: string;
  amount: number;
  paymentId: string;
  /**
   * `no_seat`: paid after the hold ended and the dinner filled up; `duplicate`: the order was already
   * paid; `cancelled`: the dinner was cancelled first; `closed`: the dinner had started or left sale
   * when it was paid; `coupon`, `price`: paid after the hold ended, when the coupon could no longer
   * be used or the price was higher; `suspended`: the guest's account was paused before it was booked.
   */
  reason?: 'no_seat' | 'duplicate' | 'cancelled' | 'closed' | 'coupon' | 'price' | 'credit' | 'suspended';
  /** The dinner, for the email's card: when it starts and where (the city's area, not the venue). */
  dinner?: { startsAt: string; endsAt: string; location: string };
  /** Where the guest finds another dinner (the email's button). */
  eventsUrl?: string;
}) {
  const paid = `Your payment of ${rupees(r.amount)} (${r.paymentId})`;
  const late = `${paid} reached us after your seat reservation had expired`;
  const why = {
    duplicate: `${paid} was a second payment for a booking of ${r.eventName} you had already paid for. Your booking stays confirmed.`,
    cancelled: `${paid} reached us after ${r.eventName} was cancelled, so it could not be booked. We are sorry.`,
    closed: `${paid} reached us when ${r.eventName} was no longer open for booking, so it could not be booked.`,
    coupon: `${late}, and the coupon it used could no longer be applied.`,
    price: `${late}, and the price of ${r.eventName} had changed in the meantime.`,
    no_seat: `${late}, and ${r.eventName} had filled up in the meantime.`,
    credit: `${late}. The credit that hold used is back in your balance.`,
    suspended: `${paid} for ${r.eventName} could not be booked because your Tablemates account is paused.`,
  }[r.reason ?? 'no_seat'];
  // A paused account can't book: no invitation to another dinner.
  const invite = r.reason !== 'suspended';
  return {
    subject: `Your payment for ${r.eventName} has been refunded`,
    ...render(
      [
        `Hi ${firstName(r.name)},`,
        why,
        'We have refunded the full amount to your original payment method. Banks usually credit it within 7 working days.',
        ...(invite ? ['We would love to see you at another dinner soon.'] : []),
        ...(invite && r.eventsUrl ? [{ label: 'Find another dinner', href: r.eventsUrl }] : []),
        'Tablemates',
      ],
      r.dinner ? dinnerCard(r.eventName, r.dinner.startsAt, r.dinner.endsAt, r.dinner.location) : undefined,
    ),
  };
}

export type ReminderKind = '48h' | '24h' | 'day_of';
/** Every reminder kind (SPEC §9: 48 hours before, 24 hours before, on the day), as their delivery keys name them (domain/deliveries.ts). */
export const REMINDER_KINDS: readonly ReminderKind[] = ['48h', '24h', 'day_of'];

/**
 * "Still coming?" (issue 20, docs/decisions/027): the 24-hour reminder asks it, by email and
 * WhatsApp, with two links to My Booking. The page acts on the query: `yes` records the answer
 * (`POST /api/bookings/:id/attendance`), `no` opens its "can't make it" confirmation. Links, not
 * WhatsApp quick replies: nothing receives WhatsApp replies (no inbound webhook).
 */
export const STILL_COMING_COPY = {
  question: 'Still coming?',
  yes: 'Yes, see you there',
  no: "Can't make it",
  /** The email's line before the two links. */
  ask: 'Still coming? Tell us with one tap, so your host knows who to expect.',
} as const;

/** My Booking's query parameter that carries the answer. */
export const STILL_COMING_PARAM = 'still_coming';
export type StillComingAnswer = 'yes' | 'no';

/**
 * The part of a My Booking link after `/booking/`: the booking and the answer. WhatsApp's URL
 * buttons carry only this (Meta fixes the rest of the URL when it approves the template).
 * @example stillComingSuffix('bkg_1', 'yes') // 'bkg_1?still_coming=yes'
 */
export const stillComingSuffix = (bookingId: string, answer: StillComingAnswer) =>
  `${encodeURIComponent(bookingId)}?${STILL_COMING_PARAM}=${answer}`;

/**
 * A "Still coming?" link: My Booking with the answer in its query.
 * @example stillComingUrl('https://tablemates.in', 'bkg_1', 'no') // 'https://tablemates.in/booking/bkg_1?still_coming=no'
 */
export const stillComingUrl = (origin: string, bookingId: string, answer: StillComingAnswer) =>
  `${origin.replace(/\/+$/, '')}/booking/${stillComingSuffix(bookingId, answer)}`;

/** The two answers' links beside a booking's My Booking address (which ends in `/booking/<id>`). */
const stillComingLinks = (myBooking: string): Line[] => [
  { label: STILL_COMING_COPY.yes, href: `${myBooking}?${STILL_COMING_PARAM}=yes` },
  { label: STILL_COMING_COPY.no, href: `${myBooking}?${STILL_COMING_PARAM}=no` },
];

/**
 * Reminder email. `venue` is the revealed venue (reminders start 48 hours before, when it is
 * revealed) or null while the dinner has none yet; `table` the guest's table once published. The
 * 24-hour one asks "Still coming?" with both answers as links ({@link STILL_COMING_COPY}).
 */
export function reminderEmail(kind: ReminderKind, b: BookingFacts & { venue: string | null; table?: string | null }) {
  const when = kind === 'day_of' ? 'tonight' : kind === '24h' ? 'tomorrow' : 'in two days';
  const ask = kind === '24h';
  return {
    subject: ask
      ? `${b.eventName} is ${when}: ${STILL_COMING_COPY.question.toLowerCase()}`
      : `${b.eventName} is ${when}`,
    ...render(
      [
        `Hi ${firstName(b.name)},`,
        `A reminder: ${b.eventName} is ${when}, ${dinnerWhen(b.startsAt, b.endsAt)}.`,
        b.venue ? `Venue: ${b.venue}` : `Where: ${b.eventLocation}`,
        ...(b.table ? [`Your table: ${b.table}`] : []),
        ...(ask ? [STILL_COMING_COPY.ask, ...stillComingLinks(b.myBookingUrl)] : []),
        'Please arrive on time: guests more than 60 minutes late count as a no-show.',
        myBookingLine(b.myBookingUrl),
        'Tablemates',
      ],
      dinnerCard(b.eventName, b.startsAt, b.endsAt, b.venue ?? b.eventLocation),
    ),
  };
}

/**
 * WhatsApp template of the 24-hour reminder (README "Deploy"), as submitted to Meta: its body and
 * its two URL buttons. Each button's URL is the deploy's My Booking address with one variable at
 * its end (Meta allows a variable only there), filled with {@link stillComingSuffix}; `APP_ORIGIN`
 * stands for the deploy's origin. The body keeps the other reminders' five parameters.
 */
export const STILL_COMING_WHATSAPP = {
  name: 'event_reminder_still_coming',
  body: 'Hi {{1}}, {{2}} is tomorrow, {{3}}.\nWhere: {{4}}\n\nStill coming? Tap a button below, or open My Booking at {{5}}.\n\nGuests more than 60 minutes late count as a no-show.\n\n— Team Tablemates',
  buttons: [
    { text: STILL_COMING_COPY.yes, url: 'APP_ORIGIN/booking/{{1}}', answer: 'yes' },
    { text: STILL_COMING_COPY.no, url: 'APP_ORIGIN/booking/{{1}}', answer: 'no' },
  ],
} as const satisfies {
  name: string;
  body: string;
  buttons: readonly { text: string; url: string; answer: StillComingAnswer }[];
};

/**
 * WhatsApp template `event_reminder_<kind>` (48h, day_of), or {@link STILL_COMING_WHATSAPP} 24
 * hours before: {{1}} name, {{2}} event, {{3}} date, {{4}} venue (or area) and, once published,
 * the guest's table ("Table 3"), {{5}} the My Booking link; the 24-hour one also fills its two URL
 * buttons (`buttons`, in order: yes, then no).
 */
export const reminderWhatsApp = (
  kind: ReminderKind,
  b: BookingFacts & { venue: string | null; table?: string | null },
): { name: string; params: string[]; buttons?: string[] } => ({
  name: kind === '24h' ? STILL_COMING_WHATSAPP.name : `event_reminder_${kind}`,
  params: [
    firstName(b.name),
    b.eventName,
    dinnerWhenWhatsApp(b.startsAt, b.endsAt),
    `${b.venue ?? b.eventLocation}${b.table ? ` · Table ${b.table}` : ''}`,
    b.myBookingUrl,
  ].map(waParam),
  ...(kind === '24h'
    ? { buttons: STILL_COMING_WHATSAPP.buttons.map((x) => stillComingSuffix(b.bookingId, x.answer)) }
    : {}),
});

/** `failure_reason` of an order whose payment reached us after its dinner was cancelled (refunded in full). */
export const CANCELLED_REFUND_REASON = 'The dinner was cancelled before this payment was booked: refunded in full.';

/**
 * The approved WhatsApp templates a console message goes out as (README "Deploy": their names,
 * language `en`, category utility), with their words, so the console can show the text a guest
 * will read. Meta refuses a parameter holding a newline, a tab or more than four spaces in a row
 * (error 132018), so every parameter goes through {@link waParam}; and it rejects a template
 * that starts or ends with a variable or has one alone on a line, so each variable has fixed
 * words beside it and both end in fixed text. Nothing receives WhatsApp replies (no inbound
 * webhook), so neither asks for one.
 */
export const CONSOLE_WHATSAPP_TEMPLATES = {
  dinner_cancelled:
    "Hi {{1}}, we're sorry: {{2}} on {{3}} is cancelled.\nWhy: {{4}}\n\nYou may take a full refund or reschedule to a future dinner, free of charge. To choose, open My Booking at {{5}} or reply to our email. If we have not heard from you by the start of the dinner, we will refund you in full.\n\n— Team Tablemates",
  guest_announcement:
    'Hi {{1}}, a message from Tablemates about {{2}} on {{3}}.\n\nSubject: *{{4}}*\nMessage: {{5}}\n\n— Team Tablemates',
} as const;
export type ConsoleWhatsAppTemplate = keyof typeof CONSOLE_WHATSAPP_TEMPLATES;

/** Meta refuses a template message whose body, parameters filled in, is longer than this (error 132005). */
export const WHATSAPP_BODY_MAX = 1024;
/** Ends a parameter shortened to fit {@link WHATSAPP_BODY_MAX}: the email always carries all of it. */
export const WHATSAPP_SHORTENED = '… (full message by email)';

/**
 * The parameters with the one at `index` (the operator's free text) shortened, if need be, so the
 * filled-in template fits {@link WHATSAPP_BODY_MAX}. Counted in UTF-16 units, never fewer than
 * Meta's characters; a shortened parameter ends in {@link WHATSAPP_SHORTENED}.
 */
function fitWhatsApp(name: ConsoleWhatsAppTemplate, params: string[], index: number) {
  const over = whatsappText(name, params).length - WHATSAPP_BODY_MAX;
  if (over <= 0) return { params, shortened: false };
  const text = params[index];
  let kept = text.slice(0, Math.max(0, text.length - over - WHATSAPP_SHORTENED.length));
  // Never half of a surrogate pair (an emoji).
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  const fitted = params.map((p, i) => (i === index ? `${kept.trimEnd()}${WHATSAPP_SHORTENED}` : p));
  return { params: fitted, shortened: true };
}

/** A WhatsApp template parameter: one line, runs of spaces kept short (Meta's rule, see above). */
export const waParam = (s: string) =>
  s
    .replace(/\s*[\r\n\t]+\s*/g, ' · ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** The text a guest reads for template `name` with `params` filled in. */
export const whatsappText = (name: ConsoleWhatsAppTemplate, params: string[]) =>
  CONSOLE_WHATSAPP_TEMPLATES[name].replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');

/** What a console message needs to be rendered for one guest. */
export type GuestMessageFacts = {
  kind: 'cancellation' | 'announcement';
  /** The guest's full name (the first name greets them). */
  name: string;
  bookingId: string;
  eventName: string;
  startsAt: string;
  endsAt: string;
  /** Announcement: the operator's subject and body. Cancellation: `body` is the reason. */
  subject: string;
  body: string;
  /** Where My Booking lives, e.g. https://tablemates.in (APP_ORIGIN; the console passes its own origin). */
  origin: string;
};

/**
 * Everything one guest receives for a console message: the email and the WhatsApp template (name
 * and parameters, and the text they make). The console's preview and the queue's delivery call
 * this same function, so the preview is exactly what is sent.
 * @example guestMessage({ kind: 'announcement', name: 'Asha Rao', subject: 'Parking', body: 'Use gate 2.', … }).whatsapp.text
 */
export function guestMessage(f: GuestMessageFacts) {
  const first = firstName(f.name);
  const when = dinnerWhenWhatsApp(f.startsAt, f.endsAt);
  const myBooking = myBookingUrl(f.origin, f.bookingId);
  const email =
    f.kind === 'cancellation'
      ? {
          subject: `Cancelled: ${f.eventName}, ${formatIstDate(f.startsAt)}`,
          ...render([
            `Hi ${first},`,
            `We're sorry: ${f.eventName} on ${when} is cancelled.`,
            `Why: ${f.body}`,
            'You may take a full refund or reschedule to a future dinner, free of charge.',
            `To choose, reply to this email with "refund", or with "move" and the date you would like, or open My Booking: ${myBooking}. If we have not heard from you by the start of the dinner, we will refund you in full.`,
            `Booking ID: ${f.bookingId}`,
            '',
            'Tablemates',
          ]),
        }
      : {
          subject: f.subject,
          ...render([
            `Hi ${first},`,
            ...f.body.split(/\r?\n/),
            '',
            `About your booking: ${f.eventName}, ${when} (booking ${f.bookingId}). My Booking: ${myBooking}`,
            'Tablemates',
          ]),
        };
  const template: ConsoleWhatsAppTemplate = f.kind === 'cancellation' ? 'dinner_cancelled' : 'guest_announcement';
  // The operator's text (the reason, the body) is what gives way when the whole would be too long.
  const { params, shortened } =
    f.kind === 'cancellation'
      ? fitWhatsApp(template, [first, f.eventName, when, f.body, myBooking].map(waParam), 3)
      : fitWhatsApp(template, [first, f.eventName, when, f.subject, f.body].map(waParam), 4);
  return { email, whatsapp: { name: template, params, text: whatsappText(template, params), shortened } };
}

/**
 * When we cancelled a dinner and the guest's full refund is processed by Razorpay (the guest's
 * choice on My Booking, or automatically at the start: services/ledger/cancelled-refunds.ts).
 */
export function cancellationRefundEmail(r: {
  name: string;
  eventName: string;
  amount: number;
  /** Credit the booking was paid with (issue 20): back in the guest's balance, not to a card. */
  credit?: number;
  bookingId: string;
  myBookingUrl: string;
}) {
  const credit = r.credit ?? 0;
  const creditBack = `The ${rupees(credit)} of credit you paid with is back in your Tablemates balance.`;
  return {
    subject: `Refunded: ${r.eventName}`,
    ...render([
      `Hi ${firstName(r.name)},`,
      r.amount > 0
        ? `We have refunded ${rupees(r.amount)} in full for ${r.eventName}, which we cancelled. It goes back to your original payment method; banks usually credit it within 7 working days.${credit > 0 ? ` ${creditBack}` : ''}`
        : `We cancelled ${r.eventName}. ${creditBack}`,
      `Booking ID: ${r.bookingId}`,
      myBookingLine(r.myBookingUrl),
      'We are sorry we could not host you, and hope to see you at another dinner soon.',
      'Tablemates',
    ]),
  };
}

/**
 * WhatsApp template `refund_processed`: {{1}} name, {{2}} amount, {{3}} event, {{4}} booking id,
 * {{5}} the guest's My Booking link.
 */
export const cancellationRefundWhatsApp = (r: {
  name: string;
  eventName: string;
  amount: number;
  bookingId: string;
  myBookingUrl: string;
}) => ({
  name: 'refund_processed',
  params: [firstName(r.name), rupees(r.amount), r.eventName, r.bookingId, r.myBookingUrl].map(waParam),
});

/** WhatsApp template `running_late` to a dinner's host: {{1}} host, {{2}} guest, {{3}} minutes, {{4}} event, {{5}} seats. */
export const runningLateWhatsApp = (l: {
  hostName: string;
  guestName: string;
  minutes: number;
  eventName: string;
  seats: number;
}) => ({
  name: 'running_late',
  params: [
    firstName(l.hostName, 'there'),
    l.guestName || 'A guest',
    String(l.minutes),
    l.eventName,
    String(l.seats),
  ].map(waParam),
});

/** The same, by email, to a host with no phone on their account. */
export function runningLateEmail(l: {
  hostName: string;
  guestName: string;
  minutes: number;
  eventName: string;
  seats: number;
}) {
  const who = l.guestName || 'A guest';
  return {
    subject: `${who} is running about ${l.minutes} minutes late`,
    ...render([
      `Hi ${firstName(l.hostName, 'there')},`,
      `${who} (${l.seats === 1 ? '1 seat' : `${l.seats} seats`}) says they will be about ${l.minutes} minutes late for ${l.eventName}.`,
      'Guests more than 60 minutes late count as a no-show.',
      'Tablemates',
    ]),
  };
}
