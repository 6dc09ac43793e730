import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { GrievanceOfficer } from '@/features/grievances/components/grievance-officer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { AddedForLaunch } from '@/features/info/components/added-for-launch';
import { InfoPage } from '@/features/info/components/info-page';
import { CREDIT_VALIDITY_MONTHS } from '@domain/credit';
import { HOUR_MS } from '@domain/time';
import { OFFER_HOLD_LATE_MS, OFFER_HOLD_MS, OFFERS_STOP_BEFORE_START_MS } from '@domain/waitlist';

/** The waitlist's timings, from the rules the API keeps (docs/decisions/027). */
const OFFER_HOURS = OFFER_HOLD_MS / HOUR_MS;
const OFFER_LATE_MINUTES = OFFER_HOLD_LATE_MS / 60_000;
const OFFERS_STOP_HOURS = OFFERS_STOP_BEFORE_START_MS / HOUR_MS;

export const Route = createFileRoute('/terms-and-conditions')({
  component: TermsPage,
});

/**
 * SPEC §2 "Terms & Conditions: static list", with the rules of §4 and §9. The minimum age is 18
 * here too: the older "21+" wording in the spec is overruled by issue 2. "Can't make it", credit and
 * the waitlist (issue 20, docs/decisions/027) are added beside the spec's list, which stays as it was.
 * Below the list, marked 'Added for launch' (issue 22): tax invoices, the guest's data and grievances.
 */
function TermsPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      eyebrow="Policies"
      title="Terms & Conditions"
      intro="These terms govern your use of the Tablemates website and every dinner you book through it. Please read them before you reserve a seat; by booking, you agree to them."
      updated="Last updated: 1 November 2025"
    >
      <ol>
        <li>
          <strong>Who we are.</strong> Tablemates is a Gurugram-based company that organises curated group dinners for
          strangers. In these terms, “we”, “us” and “Tablemates” mean the company; “you” and “guest” mean the person
          using the website or attending a dinner.
        </li>
        <li>
          <strong>Eligibility.</strong> You must be at least 18 years old to create an account, book a seat or attend a
          Tablemates event. We may ask for a government-issued photo ID at the venue, and venues may refuse service of
          alcohol under local law regardless of your booking.
        </li>
        <li>
          <strong>Your account.</strong> You agree to give accurate details in your profile and vibe check and to keep
          your sign-in secure. You are responsible for bookings made from your account.
        </li>
        <li>
          <strong>Bookings.</strong> A booking is confirmed only after your payment succeeds and you receive a
          confirmation by email and WhatsApp. Each ticket is personal to the guest or guests it was bought for and may
          not be resold. Seats are limited and allocated first come, first served.
        </li>
        <li>
          <strong>What the ticket covers.</strong> The ticket price (from ₹499 per guest) is a service fee that covers
          curating your group and booking the restaurant. Food and drinks are not included and are paid by you directly
          at the venue.
        </li>
        <li>
          <strong>Payments.</strong> Payment is taken in full at the time of booking, in Indian rupees (₹), by credit
          card, debit card, UPI or net banking through our payment partner. We do not accept cash for advance bookings.
          Prices are always calculated by us at checkout and are shown before you pay.
        </li>
        <li>
          <strong>Rescheduling.</strong> You may move your booking to the next available date free of charge up to 48
          hours before your dinner, from the ‘My Booking’ section, subject to availability. Within 48 hours of the event
          a booking can no longer be rescheduled.
        </li>
        <li>
          <strong>Cancellations by you.</strong> We do not offer refunds when a guest cancels or does not attend. If you
          can't make it, please reschedule in time instead. See our{' '}
          <Link to="/payment-refund">Payment &amp; Refund Policy</Link>.
        </li>
        <li>
          <strong>Can't make it.</strong> From 48 hours before your dinner until it starts, you may release your seats
          from the ‘My Booking’ section (‘Can't make it’). We put them back on sale. If they are taken again before the
          dinner, you receive credit for what you paid. If they are not, there is no credit and no refund.
        </li>
        <li>
          <strong>Credit.</strong> Credit can be spent on any Tablemates dinner, and it pays first at checkout; you pay
          the rest, if any, as usual. Credit expires {CREDIT_VALIDITY_MONTHS} months after it is given. It is not cash:
          it cannot be withdrawn or refunded to your bank, and it cannot be transferred to anyone else.
        </li>
        <li>
          <strong>The waitlist.</strong> When a dinner is sold out you may join its waitlist. If seats free up, we offer
          them to a guest in line and hold them for {OFFER_HOURS} hours ({OFFER_LATE_MINUTES} minutes within 24 hours of
          the dinner); an offer not taken in time passes to the next guest. To keep tables balanced we may offer seats
          to one of the first few in line rather than strictly the first, but never pass anyone over more than twice.
          Offers stop {OFFERS_STOP_HOURS} hours before the dinner starts.
        </li>
        <li>
          <strong>Late arrival and no-shows.</strong> Dinners start at 7:00 PM. A guest who arrives more than 60 minutes
          late is treated as a no-show, and no refund or reschedule is available for that booking.
        </li>
        <li>
          <strong>Cancellations by us.</strong> If we have to cancel or postpone a dinner, for example because of low
          attendance, a venue problem or circumstances beyond our control, you may choose a full refund or a free
          reschedule to a future dinner.
        </li>
        <li>
          <strong>Venue and group.</strong> The exact venue is shared 48 hours before the event. We match guests into
          tables of six to eight using profile and vibe check answers, but we cannot guarantee who will attend or how
          many.
        </li>
        <li>
          <strong>Conduct.</strong> Be kind, respectful and inclusive. Harassment, discrimination, aggressive behaviour,
          excessive intoxication or unwanted advances are not tolerated. Our host or the venue may ask anyone who breaks
          this rule to leave without a refund, and we may decline future bookings.
        </li>
        <li>
          <strong>Your safety and belongings.</strong> Please drink responsibly and plan your journey home. You are
          responsible for your personal belongings and for anything you order at the venue.
        </li>
        <li>
          <strong>Limitation of liability.</strong> We curate the group and reserve the table; the restaurant is an
          independent business responsible for its food, drink, premises and service. To the extent the law allows, our
          total liability for any booking is limited to the amount you paid us for it, and we are not liable for
          indirect or consequential loss.
        </li>
        <li>
          <strong>Privacy.</strong> We handle your personal data as described in our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </li>
        <li>
          <strong>Changes to these terms.</strong> We may update these terms from time to time. The version published
          here when you book applies to that booking.
        </li>
        <li>
          <strong>Governing law.</strong> These terms are governed by the laws of India. Any dispute is subject to the
          exclusive jurisdiction of the courts at Gurugram, Haryana.
        </li>
        <li>
          <strong>Contact.</strong> Questions about these terms? Write to{' '}
          <a href="mailto:hello@tablemates.in">hello@tablemates.in</a> or visit our{' '}
          <Link to="/contact">contact page</Link>.
        </li>
      </ol>

      <AddedForLaunch id="launch-terms" heading="Tax invoices, your data and grievances">
        <ol>
          <li>
            <strong>Prices and tax invoices.</strong> Prices shown on Tablemates include GST. Every paid booking gets a
            tax invoice, which you can download from ‘My Booking’ and which comes with your confirmation email; every
            refund gets a credit note that refers to it. Until we are registered for GST, the same document is a
            receipt. Credit you spend on a booking is shown on its invoice as credit applied.
          </li>
          <li>
            <strong>Your data.</strong> You can download everything we hold about you, turn marketing off, and delete
            your account from your <Link to="/profile">profile</Link>. What each does, and what the law makes us keep
            (invoices and payment records, for 8 years), is set out in our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>. An account nobody signs in to for 3 years is erased, after
            an email 48 hours before.
          </li>
          <li>
            <strong>Safety and suspension.</strong> You can report a problem at or after a dinner from ‘My Booking’; we
            read every report, and urgent ones first. We may suspend an account after a report, for the safety of other
            guests: a suspended account cannot book or join a waitlist, and every upcoming booking it holds is refunded
            in full. We tell you when it happens. If you think we got it wrong, raise a grievance (below).
          </li>
          <li>
            <strong>Grievances.</strong> You can raise a grievance about a booking, a payment or your data with the form
            on our <Link to="/contact">contact page</Link> or by email to our grievance officer. You get a reference
            number at once.
            <GrievanceOfficer />
          </li>
        </ol>
      </AddedForLaunch>
    </InfoPage>
  );
}
