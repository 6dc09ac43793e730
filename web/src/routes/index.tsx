import { createFileRoute } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { usePageTitle } from '@/lib/use-page-title';
import { Faq } from '@/features/home/components/faq';
import { Hero } from '@/features/home/components/hero';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { Testimonials } from '@/features/home/components/testimonials';
import { UpcomingEvents } from '@/features/home/components/upcoming-events';

export const Route = createFileRoute('/')({
  component: HomePage,
});

/** SPEC §2 Home. */
function HomePage() {
  usePageTitle();
  return (
    <>
      <SiteHeader />
      <main>
        <Hero />
        <HowItWorks />
        <UpcomingEvents />
        <Testimonials />
        <Faq />
      </main>
      <SiteFooter newsletter={<NewsletterForm />} />
    </>
  );
}
