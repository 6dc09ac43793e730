import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { GrievanceOfficer } from '@/features/grievances/components/grievance-officer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { AddedForLaunch } from '@/features/info/components/added-for-launch';
import { InfoPage } from '@/features/info/components/info-page';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyPage,
});

/**
 * SPEC §2 Privacy Policy: every heading the spec lists, and the data §3 names, as the spec has
 * them. Below, marked 'Added for launch' (issue 22): the rights the product now lets a guest use
 * under the DPDP Act 2023 and how, the retention periods, tax invoices and the grievance officer.
 */
function PrivacyPolicyPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      eyebrow="Policies"
      title="Privacy Policy"
      intro="We ask you for personal details so we can seat you at the right table. This policy explains what we collect, why, who we share it with and the choices you have."
      updated="Last updated: 1 November 2025"
    >
      <h2>Information We Collect</h2>
      <p>Depending on how you use Tablemates, we collect:</p>
      <ul>
        <li>
          <strong>Account and profile details:</strong> your name, email address, phone number, date of birth, location
          and profile photos.
        </li>
        <li>
          <strong>Preferences and interests:</strong> your vibe check (quiz) responses, interests, dietary preferences
          and other preferences you share with us.
        </li>
        <li>
          <strong>Messages:</strong> what you send us by email, WhatsApp or social media.
        </li>
        <li>
          <strong>Transaction information:</strong> transaction IDs, amounts and the payment method type you used (for
          example UPI or debit card). We never receive or store full card details; those stay with our payment partner.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, device and browser type, and basic usage data collected when you
          visit our website.
        </li>
      </ul>

      <h2>Legal Grounds for Processing</h2>
      <p>
        We process your data to perform our contract with you (booking and hosting your dinner), with your consent (for
        example, marketing messages and optional cookies), to comply with legal obligations (such as tax and accounting
        records), and for our legitimate interests in running a safe, well-matched and improving service, always
        balanced against your rights, in line with India's Digital Personal Data Protection Act, 2023.
      </p>

      <h2>How We Use Your Information</h2>
      <ul>
        <li>to create and manage your account and sign you in;</li>
        <li>to match you with a compatible table using your profile and vibe check;</li>
        <li>to process payments and send booking confirmations, venue details and reminders by email and WhatsApp;</li>
        <li>to answer your questions and support requests;</li>
        <li>to keep our events safe and enforce our terms;</li>
        <li>to understand what guests enjoy and improve future dinners.</li>
      </ul>

      <h2>Sharing for Marketing and Analytics</h2>
      <p>
        We use privacy-respecting analytics to understand how our website is used, and, only with your consent, we may
        share limited information (such as a hashed email) with advertising partners to reach people who might enjoy
        Tablemates. We never sell your personal data. You can opt out of marketing at any time using the link in our
        emails or by writing to us.
      </p>

      <h2>Sharing with Service Providers</h2>
      <p>
        We share only what is needed with trusted providers who help us run the service: our payment partner (to take
        payments), email and WhatsApp messaging providers (to send confirmations and reminders), our hosting provider,
        and the partner restaurant hosting your dinner (your first name and group size, plus dietary preferences where
        relevant). Each is bound to use your data only to provide their service to us. We may also disclose data where
        the law requires it.
      </p>

      <h2>Data Retention</h2>
      <p>
        We keep your account data for as long as your account is active. If you ask us to delete your account, we remove
        your profile and quiz responses within 30 days, keeping only the transaction records we must retain by law
        (generally up to 8 years for tax and accounting purposes).
      </p>

      <h2>Your Privacy Rights</h2>
      <p>
        You may ask to access, correct or delete your personal data, withdraw your consent, object to certain
        processing, or nominate someone to exercise your rights on your behalf. You may also raise a grievance with us
        and, if unresolved, with the Data Protection Board of India. Write to{' '}
        <a href="mailto:hello@tablemates.in">hello@tablemates.in</a> and we will respond within 30 days.
      </p>

      <h2>California Residents</h2>
      <p>
        If you are a California resident, the California Consumer Privacy Act gives you the right to know what personal
        information we collect, use and disclose, to request its deletion or correction, and to opt out of its sale or
        sharing. We do not sell personal information, and we will not discriminate against you for exercising these
        rights. To make a request, email us from the address on your account.
      </p>

      <h2>Consent</h2>
      <p>
        By using our website and booking our events, you consent to the processing described in this policy. Where we
        rely on consent, you can withdraw it at any time; this does not affect processing that already took place.
      </p>

      <h2>Children's Privacy</h2>
      <p>
        Tablemates is for adults only. Our services are intended for people aged 18 and over, and we do not knowingly
        collect data from anyone under 18. If you believe a minor has shared data with us, contact us and we will delete
        it.
      </p>

      <h2>Security</h2>
      <p>
        We protect your data with encryption in transit, hashed credentials, access controls and careful choice of
        providers. No online service can be perfectly secure, so please keep your sign-in details private and tell us
        straight away if you suspect misuse.
      </p>

      <h2>Cookies</h2>
      <p>
        We use essential cookies to keep you signed in and to secure your session, and optional analytics cookies to
        improve the website. You can block or delete cookies in your browser settings, though signing in requires the
        essential ones.
      </p>

      <h2>Updates to This Policy</h2>
      <p>
        We may update this policy as our service grows. When we make significant changes we'll let you know by email or
        on the website, and the “last updated” date above will change.
      </p>

      <h2>Contact Us</h2>
      <p>
        Questions or requests about your privacy? Email <a href="mailto:hello@tablemates.in">hello@tablemates.in</a> or
        visit our <Link to="/contact">contact page</Link>. Tablemates, Gurugram, Haryana, India.
      </p>

      <AddedForLaunch id="dpdp-rights" heading="Your rights under the DPDP Act 2023">
        <p>
          This section was added for our launch in India. It describes what you can do on the Tablemates website today,
          under the Digital Personal Data Protection Act 2023 and its Rules; where it is more specific than the text
          above, this section applies.
        </p>

        <h3>What you agree to, and how to withdraw</h3>
        <p>
          Creating your account stores the phone number or email you sign in with (and your name, if you give it when
          signing up): we need them to create the account and sign you in. Right after, before we store your vibe check
          answers or your profile details, or take a booking or a waitlist place, we show you a short itemised notice:
          each kind of data we collect (the list under “Information We Collect”), what it is used for, and how to
          withdraw your consent. You agree once; if the notice changes, we ask you again. We keep a record of each
          consent with the version of the notice and the time.
        </p>
        <p>
          Marketing (our newsletter and promotional WhatsApp messages) is a separate, optional consent. It is off unless
          you turn it on, and you can withdraw it in one click: with the marketing switch on your{' '}
          <Link to="/profile">profile</Link>, or with the unsubscribe link in every marketing email. Booking messages
          (confirmations, reminders and waitlist offers) are part of the service you booked, so they keep coming.
        </p>

        <h3>Download my data</h3>
        <p>
          ‘Download my data’ on your <Link to="/profile">profile</Link> gives you one file (JSON) of everything we hold
          about you: your account, profile and vibe check answers, bookings, orders and payment references, credit, the
          messages we sent you, the feedback you gave (never what others said about you), your consents and your
          grievances.
        </p>

        <h3>Delete my account</h3>
        <p>
          ‘Delete my account’ on your <Link to="/profile">profile</Link> first tells you what goes and what the law
          makes us keep, and, if you have a dinner coming up, what happens to that booking. Deleting erases your
          profile, vibe check answers, feedback, contact details, sessions and sign-in identities straight away. Tax
          invoices and payment records are kept for 8 years, as tax law requires, stripped of everything but what an
          invoice needs. We email you a confirmation, and we record that an account was erased without recording who. If
          you sign in again later, you start a new account.
        </p>

        <h3>Inactive accounts</h3>
        <p>
          If nobody signs in to an account for 3 years, we erase it in the same way. We tell you 48 hours before, by
          email (or by WhatsApp if we have no confirmed email for you); signing in during that time keeps your account.
          An account we could not tell is not erased.
        </p>

        <h3>Tax invoices</h3>
        <p>
          Every paid booking gets a tax invoice showing the GST included in the price, which you can download from My
          Booking and which comes with your confirmation email; every refund gets a credit note. Until we are registered
          for GST, the same document is a receipt. We keep invoices and credit notes for 8 years.
        </p>

        <h3>After the dinner: feedback, connections and safety</h3>
        <p>
          The morning after a dinner you attended, we ask how it was. Your ratings and note go to the Tablemates team
          (with your name, so we can follow up), never to your host or other guests. What you say of each tablemate
          (‘Would dine again’ or ‘Rather not be seated together’) is private: nobody ever sees what another guest said
          about them. We use it to seat you with people you would like to meet, and never again with someone you would
          rather not sit with. If you and a tablemate both say ‘Would dine again’, each of you sees the contact the
          other chose to share (a WhatsApp number, an Instagram handle or an email); on a one-sided ‘yes’ nothing is
          shared, and we keep the contact you chose only while you have said ‘yes’ to someone.
        </p>
        <p>
          We also remember who shared a table for six months, so that you meet new people each time. If you report a
          problem, the Tablemates team reads it, and you are not seated with the person you named again; they are never
          told who reported them. If you ask to sit only at tables with at least two other women, we use that wish when
          we seat you. A ‘Share my dinner’ link shows the person you send it to the dinner, its time and, once revealed,
          the venue, and nothing about other guests, until you turn it off or the day after the dinner ends. All of this
          is in ‘Download my data’ (what you said, never what others said of you) and goes when you delete your account.
        </p>

        <h3>Grievance officer</h3>
        <GrievanceOfficer />
        <p>
          You can raise a grievance with the form on our <Link to="/contact">contact page</Link> or by email, signed in
          or not. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.
        </p>

        <h3>If a breach affects you</h3>
        <p>
          If a breach of personal data affects you, we tell you and the Data Protection Board of India without delay,
          and in any case within 72 hours: what happened, what it may mean for you, what we are doing about it, what you
          can do, and whom to contact.
        </p>
      </AddedForLaunch>
    </InfoPage>
  );
}
