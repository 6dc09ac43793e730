/**
 * The waitlist's messages (issue 20): the offer of a freed seat and "the dinner is full", as email
 * and as the WhatsApp templates README.md's deploy section lists (`waitlist_offer`, `waitlist_full`).
 * Pure: the cron and "offer now" send them through deliverOnce (worker/services/waitlist-messages.ts).
 */
import { emailLayout } from './email-layout';
import { firstNameOf } from './first-name';
import { dinnerHours, formatIstDate, formatIstShort } from './time';

/** The dinner's day and its own hours (issue 24: never the default 7-10 PM). */
const when = (startsAt: string, endsAt: string) => `${formatIstDate(startsAt)}, ${dinnerHours(startsAt, endsAt)}`;

export type OfferFacts = {
  name: string;
  eventName: string;
  startsAt: string;
  endsAt: string;
  location: string;
  ticketLabel: string;
  expiresAt: string;
  offerUrl: string;
};

export function offerEmail(f: OfferFacts) {
  const until = formatIstShort(f.expiresAt);
  const lines = [
    `Hi ${firstNameOf(f.name, 'there')},`,
    `A seat opened up at ${f.eventName} and it's yours if you want it: your ${f.ticketLabel} ticket is held for you until ${until}.`,
    'Open the link to pay and take it. After that time, it goes to the next guest in line.',
  ];
  return {
    subject: `A seat opened up: ${f.eventName}`,
    text: `${lines.join('\n\n')}\n\nTake the seat: ${f.offerUrl}\n`,
    html: emailLayout({
      dinner: { title: f.eventName, when: when(f.startsAt, f.endsAt), where: f.location },
      blocks: [...lines.map((text) => ({ text })), { label: 'Take the seat', href: f.offerUrl }],
    }),
  };
}

/** WhatsApp `waitlist_offer`: {{1}} first name, {{2}} dinner, {{3}} when, {{4}} held until, {{5}} link. */
export const offerWhatsApp = (f: OfferFacts) => ({
  name: 'waitlist_offer',
  params: [
    firstNameOf(f.name, 'there'),
    f.eventName,
    when(f.startsAt, f.endsAt),
    formatIstShort(f.expiresAt),
    f.offerUrl,
  ],
});

export type FullFacts = {
  name: string;
  eventName: string;
  startsAt: string;
  endsAt: string;
  /** The next dinner in the city with room, if any. */
  next: { title: string; startsAt: string; endsAt: string; url: string } | null;
  eventsUrl: string;
};

export function fullEmail(f: FullFacts) {
  const lines = [
    `Hi ${firstNameOf(f.name, 'there')},`,
    `${f.eventName} (${when(f.startsAt, f.endsAt)}) is full, and no seat opened up in time. Thank you for waiting with us.`,
    f.next
      ? `The next dinner in your city with room is ${f.next.title}, ${when(f.next.startsAt, f.next.endsAt)}.`
      : 'We will open more dinners soon; have a look at what is on.',
  ];
  const link = f.next
    ? { label: 'See the next dinner', href: f.next.url }
    : { label: 'See all dinners', href: f.eventsUrl };
  return {
    subject: `${f.eventName} is full`,
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n`,
    html: emailLayout({ blocks: [...lines.map((text) => ({ text })), link] }),
  };
}

/** WhatsApp `waitlist_full`: {{1}} first name, {{2}} dinner, {{3}} the next dinner (or "more dinners soon"), {{4}} link. */
export const fullWhatsApp = (f: FullFacts) => ({
  name: 'waitlist_full',
  params: [
    firstNameOf(f.name, 'there'),
    f.eventName,
    f.next ? `${f.next.title}, ${when(f.next.startsAt, f.next.endsAt)}` : 'more dinners soon',
    f.next?.url ?? f.eventsUrl,
  ],
});
