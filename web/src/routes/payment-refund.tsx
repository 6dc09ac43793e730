import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { InfoPage } from '@/features/info/components/info-page';
import { CREDIT_VALIDITY_MONTHS } from '@domain/credit';
import { HOUR_MS } from '@domain/time';
import { OFFER_HOLD_LATE_MS, OFFER_HOLD_MS, OFFERS_STOP_BEFORE_START_MS } from '@domain/waitlist';

/** The waitlist's timings, from the rules the API keeps (docs/decisions/027). */
const OFFER_HOURS = OFFER_HOLD_MS / HOUR_MS;
const OFFER_LATE_MINUTES = OFFER_HOLD_LATE_MS / 60_000;
const OFFERS_STOP_HOURS = OFFERS_STOP_BEFORE_START_MS / HOUR_MS;

export const Route = createFileRoute('/payment-refund')({
  component: PaymentRefundPage,
});

/**
 * SPEC §2 Payment & Refund Policy, with the constants of §9. "Can't make it", credit and the
 * waitlist (issue 20, docs/decisions/027) are added beside the spec's text, which stays as it was.
 */
function PaymentRefundPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      eyebrow="Policies"
      title="Payment & Refund Policy"
      intro="How you pay for a Tablemates dinner, what happens if plans change, and how we handle refunds — in plain language."
      updated="Last updated: 1 November 2025"
    >
      <h2>Payment methods</h2>
      <p>We accept the following payment methods through our secure payment partner:</p>
      <ul>
        <li>Credit card</li>
        <li>Debit card</li>
        <li>UPI</li>
        <li>Net banking</li>
      </ul>
      <p>
        All prices are in Indian rupees (₹). We do not accept cash for advance bookings. Payment is taken in full at the
        time of booking, and your seat is confirmed only once the payment succeeds. Your card details are handled by our
        payment partner and never stored by Tablemates.
      </p>

      <h2>What you are paying for</h2>
      <p>
        Your ticket (from ₹499 per guest) is a service fee: it covers curating your table of six to eight and reserving
        the restaurant. Food and drinks are ordered and paid for by you directly at the venue, so you only pay for what
        you enjoy.
      </p>

      <h2>Refund policy</h2>
      <ul>
        <li>
          <strong>Cancellations by you:</strong> we do not offer refunds when a guest cancels or does not attend.
        </li>
        <li>
          <strong>Can't make it:</strong> from 48 hours before the dinner until it starts, you can release your seats
          from the ‘My Booking’ section. If someone takes them before the dinner, you get credit for what you paid (see
          below). If nobody does, there is no credit and no refund.
        </li>
        <li>
          <strong>Rescheduling instead:</strong> you can move your booking to the next available date free of charge up
          to 48 hours before the event, from the ‘My Booking’ section, subject to availability.
        </li>
        <li>
          <strong>Late arrival:</strong> arriving more than 60 minutes after the start time counts as a no-show, with no
          refund.
        </li>
        <li>
          <strong>Cancellations by us:</strong> if we cancel or postpone a dinner, you choose between a full refund to
          your original payment method and a free reschedule to a future dinner.
        </li>
        <li>
          <strong>Failed transactions:</strong> if money left your account but your booking was not confirmed, the
          amount is typically refunded by your bank within 7 working days. If it hasn't arrived by then, write to us
          with your transaction ID and we'll chase it for you.
        </li>
      </ul>

      <h2>Credit</h2>
      <ul>
        <li>
          <strong>How you get it:</strong> when seats you released are taken by another guest before the dinner, or from
          our team.
        </li>
        <li>
          <strong>How you spend it:</strong> on any Tablemates dinner. Credit pays first at checkout; if it doesn't
          cover the whole ticket, you pay the rest by card, UPI or net banking. Your balance and history are on your
          profile.
        </li>
        <li>
          <strong>How long it lasts:</strong> each credit expires {CREDIT_VALIDITY_MONTHS} months after it is given.
        </li>
        <li>
          <strong>What it is not:</strong> credit is not cash. It cannot be withdrawn or refunded to your bank, and it
          cannot be transferred to anyone else.
        </li>
      </ul>

      <h2>The waitlist</h2>
      <p>
        When a dinner is sold out you can join its waitlist. If seats free up, we WhatsApp and email an offer to a guest
        in line, and the seats are held for them for {OFFER_HOURS} hours ({OFFER_LATE_MINUTES} minutes within 24 hours
        of the dinner). You pay only if you take the offer; if you don't take it in time, it passes to the next guest.
        Offers stop {OFFERS_STOP_HOURS} hours before the dinner starts.
      </p>

      <h2>Booking and participation</h2>
      <p>
        After a successful payment you receive a confirmation by email and WhatsApp. The exact venue is shared 48 hours
        before the dinner, and we send reminders 48 hours before, 24 hours before and on the day. Guests must be 18 or
        older, and everyone is expected to follow our <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>,
        including our conduct rules.
      </p>

      <h2>Questions about a payment?</h2>
      <p>
        Email <a href="mailto:hello@tablemates.in">hello@tablemates.in</a> with your booking details and we'll reply
        within one working day. You can also reach us through our <Link to="/contact">contact page</Link>.
      </p>
    </InfoPage>
  );
}
