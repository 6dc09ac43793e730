import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { GrievanceForm } from '@/features/grievances/components/grievance-form';
import { GrievanceOfficer } from '@/features/grievances/components/grievance-officer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { AddedForLaunch } from '@/features/info/components/added-for-launch';
import { InfoPage } from '@/features/info/components/info-page';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});

/**
 * SPEC §2 Contact: email, social links, an invitation to write in, and no form for writing in.
 * Added for launch (issue 22), marked as such below SPEC's text: the grievance officer and the
 * grievance form the Consumer Protection (E-Commerce) Rules 2020 require.
 */
function ContactPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      eyebrow="Say hello"
      title="Contact Us"
      intro="Questions about a dinner, an idea for a table, or just want to tell us how your evening went? We read every message and usually reply within one working day."
    >
      <section aria-labelledby="write-in" className="rounded-box border border-base-300 bg-base-200/60 p-6 sm:p-8">
        <h2 id="write-in" className="mt-0!">
          Write to us
        </h2>
        <p>
          The quickest way to reach a real person is email. Tell us your name and, if it's about a booking, the date of
          your dinner.
        </p>
        <p>
          <a href="mailto:hello@tablemates.in" className="btn btn-primary text-primary-content! no-underline!">
            hello@tablemates.in
          </a>
        </p>
      </section>

      <h2>Follow along</h2>
      <p>Behind-the-scenes moments, new cities and the occasional menu we can't stop thinking about:</p>
      <ul>
        <li>
          <a href="https://www.instagram.com/tablemates.in" rel="noopener noreferrer">
            Instagram
          </a>{' '}
          — @tablemates.in
        </li>
        <li>Facebook — our page is coming soon.</li>
        <li>
          <a href="https://www.linkedin.com/company/tablemates-in" rel="noopener noreferrer">
            LinkedIn
          </a>{' '}
          — partnerships, hosting and careers
        </li>
      </ul>

      <h2>We'd love to hear from you</h2>
      <p>
        Restaurant owner with a long table and a warm room? Someone who'd make a brilliant host? A guest with feedback,
        good or bad? Drop us a line. Tablemates is being built one dinner at a time in Gurugram, and the people writing
        in are shaping what it becomes.
      </p>
      <p>
        Already booked? Your booking messages on email and WhatsApp are the fastest way to reach us about your dinner.
        For policies, see our <Link to="/payment-refund">Payment &amp; Refund Policy</Link> and{' '}
        <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>.
      </p>

      <AddedForLaunch id="grievances" heading="Grievances">
        <GrievanceOfficer />
        <GrievanceForm />
      </AddedForLaunch>
    </InfoPage>
  );
}
