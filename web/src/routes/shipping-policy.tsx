import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { InfoPage } from '@/features/info/components/info-page';

export const Route = createFileRoute('/shipping-policy')({
  component: ShippingPolicyPage,
});

/** SPEC §2 Shipping & Delivery Policy: a dinner is an experience, so "delivery" is information. */
function ShippingPolicyPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      eyebrow="Policies"
      title="Shipping & Delivery Policy"
      intro="Tablemates sells seats at dinners, not products — so nothing is shipped. Here is exactly what you receive after booking and how you get to your table."
      updated="Last updated: 1 November 2025"
    >
      <h2>No physical delivery</h2>
      <p>
        Your ticket is a digital booking for an in-person experience. There are no physical goods, printed tickets or
        couriers involved, and no shipping charges.
      </p>

      <h2>What you receive after booking</h2>
      <ul>
        <li>
          <strong>Instant confirmation</strong> by email and WhatsApp as soon as your payment succeeds, with your
          booking details.
        </li>
        <li>
          <strong>Venue details 48 hours before</strong> the dinner: the restaurant's name, address and a map link.
        </li>
        <li>
          <strong>Reminders</strong> 48 hours before, 24 hours before and on the day of your event.
        </li>
      </ul>
      <p>
        Can't find a message? Check your spam or promotions folder, and make sure the phone number and email on your
        profile are correct.
      </p>

      <h2>Event access</h2>
      <p>
        Arrive at the venue by 7:00 PM and tell the staff you're with Tablemates — your host will take it from there.
        Your confirmation message is all you need; please carry a photo ID, as venues may check age before serving
        alcohol. Guests arriving more than 60 minutes late are treated as no-shows.
      </p>

      <h2>Venue changes</h2>
      <p>
        Occasionally a restaurant has to change plans. If your venue changes, we'll tell you by email and WhatsApp as
        soon as we know, with the new address. If we have to cancel the dinner altogether, you can choose a full refund
        or a free reschedule.
      </p>

      <h2>Contact options</h2>
      <ul>
        <li>
          Email: <a href="mailto:hello@tablemates.in">hello@tablemates.in</a>
        </li>
        <li>WhatsApp: reply to any of your booking messages and a real person will get back to you.</li>
        <li>
          Or find every way to reach us on our <Link to="/contact">contact page</Link>.
        </li>
      </ul>
    </InfoPage>
  );
}
