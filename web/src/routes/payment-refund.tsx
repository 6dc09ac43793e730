import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { InfoPage } from '@/features/info/components/info-page';

export const Route = createFileRoute('/payment-refund')({
  component: PaymentRefundPage,
});

/** SPEC §2 Payment & Refund Policy, with the constants of §9. */
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
