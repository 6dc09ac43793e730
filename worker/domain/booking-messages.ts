/**
 * Words the guest receives by email and WhatsApp: welcome, confirmation, refund and reminders,
 * and the WhatsApp template parameters. Pure functions, so tests and previews need no I/O.
 */
import { firstNameOf as firstName } from './profile';
import { formatIstDate } from './time';

export type BookingFacts = {
  name: string;
  bookingId: string;
  eventName: string;
  eventLocation: string;
  startsAt: string;
  amount: number;
  ticketLabel: string;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

function render(lines: string[]) {
  return { text: lines.join('\n'), html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('') };
}

/** Sent once after a guest first saves a profile with an email (SPEC §7 "welcome-email function"). */
export function welcomeEmail(w: { name: string; eventsUrl: string }) {
  const first = firstName(w.name, 'there');
  return {
    subject: 'Welcome to Tablemates!',
    text: [
      `Hi ${first},`,
      '',
      'Welcome to Tablemates, where strangers become friends. Your vibe check and profile are in, so we can match you with a table of 6-8 people who get it.',
      '',
      `Pick your weekend dinner: ${w.eventsUrl}`,
      '',
      'See you at the table,',
      'Team Tablemates',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(first)},</p>
<p>Welcome to Tablemates, where strangers become friends. Your vibe check and profile are in, so we can match you with a table of 6-8 people who get it.</p>
<p><a href="${escapeHtml(w.eventsUrl)}">Pick your weekend dinner</a></p>
<p>See you at the table,<br>Team Tablemates</p>`,
  };
}

/** The booking-confirmation email (SPEC §7: name, event name, date, location, booking id). */
export function confirmationEmail(b: BookingFacts) {
  return {
    subject: `You're All Set! ${b.eventName}`,
    ...render([
      `Hi ${firstName(b.name)},`,
      `Your seat is confirmed for ${b.eventName}.`,
      `When: ${formatIstDate(b.startsAt)}, 7:00 PM - 10:00 PM`,
      `Where: ${b.eventLocation} (the exact venue is revealed 48 hours before the event)`,
      `Ticket: ${b.ticketLabel} · Paid: ${rupees(b.amount)}`,
      `Booking ID: ${b.bookingId}`,
      '',
      "We'll remind you 48 hours before, 24 hours before and on the day, by email and WhatsApp.",
      'See you at the table!',
      'Tablemates',
    ]),
  };
}

/** WhatsApp template `booking_confirmed`: {{1}} name, {{2}} event, {{3}} date, {{4}} booking id. */
export const confirmationWhatsApp = (b: BookingFacts) => ({
  name: 'booking_confirmed',
  params: [firstName(b.name), b.eventName, `${formatIstDate(b.startsAt)}, 7:00 PM`, b.bookingId],
});

/** Sent when a payment arrived after its hold expired and the dinner had filled up. */
export function refundEmail(r: {
  name: string;
  eventName: string;
  amount: number;
  paymentId: string;
  /** `no_seat`: paid after the hold ended and the dinner filled up; `duplicate`: the order was already paid. */
  reason?: 'no_seat' | 'duplicate';
}) {
  const why =
    r.reason === 'duplicate'
      ? `Your payment of ${rupees(r.amount)} (${r.paymentId}) was a second payment for a booking of ${r.eventName} you had already paid for. Your booking stays confirmed.`
      : `Your payment of ${rupees(r.amount)} (${r.paymentId}) reached us after your seat reservation had expired, and ${r.eventName} had filled up in the meantime.`;
  return {
    subject: `Your payment for ${r.eventName} has been refunded`,
    ...render([
      `Hi ${firstName(r.name)},`,
      why,
      'We have refunded the full amount to your original payment method. Banks usually credit it within 7 working days.',
      'We would love to see you at another dinner soon.',
      'Tablemates',
    ]),
  };
}

export type ReminderKind = '48h' | '24h' | 'day_of';

/** Reminder email; the 48-hour one and later carry the venue, which is revealed then. */
export function reminderEmail(kind: ReminderKind, b: BookingFacts & { venue: string | null }) {
  const when = kind === 'day_of' ? 'tonight' : kind === '24h' ? 'tomorrow' : 'in two days';
  return {
    subject: `${b.eventName} is ${when}`,
    ...render([
      `Hi ${firstName(b.name)},`,
      `A reminder: ${b.eventName} is ${when}, ${formatIstDate(b.startsAt)}, 7:00 PM - 10:00 PM.`,
      b.venue ? `Venue: ${b.venue}` : `Where: ${b.eventLocation}`,
      'Please arrive on time: guests more than 60 minutes late count as a no-show.',
      'Tablemates',
    ]),
  };
}

export const reminderWhatsApp = (kind: ReminderKind, b: BookingFacts & { venue: string | null }) => ({
  name: `event_reminder_${kind}`,
  params: [firstName(b.name), b.eventName, `${formatIstDate(b.startsAt)}, 7:00 PM`, b.venue ?? b.eventLocation],
});
