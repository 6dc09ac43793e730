import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { istClock } from '@domain/time';
import type { EventDetail } from '../api/get-event';

const MINUTE_MS = 60_000;

/**
 * The evening's timeline from the dinner's own start and end: arrival at the start, icebreakers
 * half an hour in, dinner at the hour, the last round half an hour before the end.
 */
function timeline(startsAt: string, endsAt: string): [string, string][] {
  const start = new Date(startsAt).getTime();
  const end = new Date(endsAt).getTime();
  const at = (ms: number) => istClock(new Date(ms));
  return [
    [at(start), 'Arrive and meet your host and tablemates over a first drink.'],
    [at(start + 30 * MINUTE_MS), 'Icebreakers that feel like a game, not a job interview.'],
    [at(start + 60 * MINUTE_MS), 'Dinner, shared plates and the kind of conversation that makes time disappear.'],
    [
      at(Math.max(start + 60 * MINUTE_MS, end - 30 * MINUTE_MS)),
      'Last round, swapped numbers, and usually a plan for next time.',
    ],
  ];
}

/**
 * The descriptive sections of the detail page: the experience, what's included, what to expect
 * and the terms that apply to this booking (SPEC §2 Event detail; rules from §4 and §9).
 */
export function EventAbout({ event }: { event: EventDetail }) {
  return (
    <div className="flex flex-col gap-12">
      <Section title="The Experience">
        <p>{event.description}</p>
        <p>
          Your host welcomes everyone at the door, gets the table talking with a couple of playful icebreakers, and then
          steps back so the conversation can wander wherever it wants. No name tags, no speeches, no awkward networking
          — just a good meal with people worth meeting in {event.location}.
        </p>
      </Section>

      <Section title="What's Included">
        <ul className="grid gap-3 sm:grid-cols-2">
          {[
            'A seat at a table matched to your vibe check',
            'A reserved table at a hand-picked restaurant',
            'A friendly host for the whole evening',
            'Icebreakers and conversation games',
            'Confirmation and reminders on email and WhatsApp',
            'Venue details 48 hours before the dinner',
          ].map((item) => (
            <li key={item} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 font-bold text-secondary">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
        <p className="rounded-box bg-base-200 p-4 text-sm">
          <strong>Not included:</strong> food and drinks. You order what you like and pay the restaurant directly, so
          you only pay for what you enjoy.
        </p>
      </Section>

      <Section title="What to Expect">
        <ol className="relative flex flex-col gap-5 border-l-2 border-base-300 pl-6">
          {timeline(event.starts_at, event.ends_at).map(([time, text]) => (
            <li key={text} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.95rem] h-3 w-3 rounded-full bg-primary" />
              <span className="font-semibold whitespace-nowrap text-primary">{time}</span> — {text}
            </li>
          ))}
        </ol>
        <p>
          The evening wraps up at {istClock(event.ends_at)} — though tables have a habit of moving on to dessert
          somewhere else.
        </p>
      </Section>

      <Section title="Terms">
        <ul className="list-disc space-y-2 pl-6">
          <li>Guests must be 18 or older; please carry a photo ID.</li>
          <li>Payment is taken in full when you book, by card, UPI or net banking. No cash for advance bookings.</li>
          <li>No refunds for cancellations by guests.</li>
          <li>
            Reschedule free of charge to the next available date up to 48 hours before the dinner, from ‘My Booking’,
            subject to availability.
          </li>
          <li>Arriving more than 60 minutes late counts as a no-show.</li>
          <li>If we cancel, you choose a full refund or a free reschedule.</li>
          <li>Be kind: our hosts may ask anyone who makes the table unsafe or unwelcoming to leave.</li>
        </ul>
        <p className="text-sm">
          Full details in our{' '}
          <Link to="/terms-and-conditions" className="link link-primary">
            Terms &amp; Conditions
          </Link>{' '}
          and{' '}
          <Link to="/payment-refund" className="link link-primary">
            Payment &amp; Refund Policy
          </Link>
          .
        </p>
      </Section>
    </div>
  );
}

/**
 * A section named by its heading. The id comes from the title, not `useId`: the Worker draws these
 * sections into the event page's first frame, outside the SPA's tree, and the SPA hydrates them
 * (docs/decisions/010); one event page holds each title once.
 */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `about-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 leading-relaxed text-base-content/90">
      <h2 id={id} className="text-2xl font-semibold text-base-content">
        {title}
      </h2>
      {children}
    </section>
  );
}
