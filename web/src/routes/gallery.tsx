import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { GalleryStoryCard } from '@/features/info/components/gallery-story-card';
import { galleryStories } from '@/features/info/components/gallery-stories';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { InfoPage } from '@/features/info/components/info-page';

export const Route = createFileRoute('/gallery')({
  component: GalleryPage,
});

/** SPEC §2 Gallery: hero, six alternating story cards, 'Join the Journey' → /events. */
function GalleryPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      wide
      eyebrow="Gallery"
      title="Stories from the Table"
      intro={
        <>
          <p>
            Here's the honest truth: no Tablemates dinner has happened yet. Our very first table is being set in
            Gurugram, and this page is waiting for its first photographs.
          </p>
          <p className="mt-3">Until then, here's the story we can't wait to tell together.</p>
        </>
      }
    >
      <ol aria-label="Our story in six chapters" className="flex flex-col gap-10 sm:gap-14">
        {galleryStories.map((story, i) => (
          <GalleryStoryCard key={story.title} story={story} index={i} />
        ))}
      </ol>

      <section
        aria-labelledby="join-heading"
        className="mt-16 rounded-box bg-neutral px-6 py-12 text-center text-neutral-content sm:px-12"
      >
        <h2 id="join-heading" className="text-3xl font-semibold sm:text-4xl">
          Be in the first chapter
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-neutral-content/90">
          The first dinner is coming soon. Grab a seat, and the next story on this page could be yours.
        </p>
        <Link to="/events" className="btn btn-accent btn-lg mt-8">
          Join the Journey
        </Link>
      </section>
    </InfoPage>
  );
}
