import { createFileRoute, Link } from '@tanstack/react-router';
import { SiteFooter } from '@/components/site-footer';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { InfoPage } from '@/features/info/components/info-page';

export const Route = createFileRoute('/about-us')({
  component: AboutUsPage,
});

/** SPEC §2 About: 'Our Story' — authenticity, diversity, spontaneity, connection. */
function AboutUsPage() {
  return (
    <InfoPage
      footer={<SiteFooter newsletter={<NewsletterForm />} />}
      eyebrow="About Tablemates"
      title="Our Story"
      intro="Tablemates began with a simple question asked over a late dinner in Gurugram: when did you last make a new friend who wasn't a colleague, a neighbour or a friend of a friend?"
    >
      <p>
        Most of us couldn't remember. Our cities have never been more crowded, yet a surprising number of us spend our
        weekends scrolling, ordering in and telling ourselves we'll “catch up soon”. Apps promised connection and
        delivered endless swiping. We wanted something older and warmer: a table, a meal and a few hours with people you
        would never otherwise have met.
      </p>
      <p>
        So we started setting that table. Every weekend Tablemates brings together six to eight strangers at a
        hand-picked restaurant, with a host who breaks the ice and then gets out of the way. You tell us a little about
        yourself through our vibe check, we match the table, and you simply turn up hungry. Everything else — the
        stories, the laughter, the “wait, you too?” moments — happens on its own.
      </p>

      <h2>What we believe in</h2>

      <h3>Authenticity</h3>
      <p>
        No profiles to polish, no bios to perfect, no performance. At our tables you are simply you, and that is exactly
        enough. Conversation flows best when nobody is trying to impress anyone, so our hosts keep things relaxed,
        honest and free of small-talk scripts.
      </p>

      <h3>Diversity</h3>
      <p>
        A founder sits next to a final-year student; a chartered accountant swaps playlists with a tattoo artist. We
        match tables for chemistry, not sameness, mixing ages, professions, hometowns and outlooks, because the most
        memorable evenings are the ones that stretch your world a little.
      </p>

      <h3>Spontaneity</h3>
      <p>
        You won't know who you're dining with until you arrive, and the exact venue is revealed only 48 hours before.
        That small mystery is part of the fun. Say yes to the unexpected, and let an ordinary Saturday turn into a story
        you'll still be telling months later.
      </p>

      <h3>Connection</h3>
      <p>
        We measure success by what happens after dessert: the group chat that keeps buzzing, the Sunday brunch plan, the
        friend you now call first with good news. Food and drinks are simply the excuse. The people are the point.
      </p>

      <h2>Why Gurugram, and why now</h2>
      <p>
        Gurugram is a city of arrivals: people who moved for a job, a startup or a fresh start, often leaving their old
        circles behind. It felt like the right place to begin. Our first dinners are being set in Gurugram, with Noida
        and Delhi NCR next on the list.
      </p>
      <p>
        Whether you've just moved here or you've lived here for years and want to widen your circle, there is a seat
        with your name on it. <Link to="/events">See the upcoming dinners</Link> or{' '}
        <Link to="/quiz">take the vibe check</Link> to get started.
      </p>
    </InfoPage>
  );
}
