import { Link } from '@tanstack/react-router';
import { DinnerTableIllustration } from '@/components/illustrations/dinner-table';
import { useSession } from '@/lib/session';
import { firstNameOf } from '@domain/first-name';
import { EVENT_TIME } from '@domain/time';

/** SPEC §2 Home "Hero": name, tagline, description, and the booking call to action. */
export function Hero() {
  const { isAuthenticated, profile } = useSession();
  return (
    // Drawn from under the page's header (SiteHeader, 4.25rem tall, in the flow before <main>), so
    // the warm background runs on behind it while nothing of the hero sits beneath it.
    <section
      aria-labelledby="hero-title"
      className="relative -mt-17 overflow-hidden bg-gradient-to-b from-base-200 to-base-100 pt-17"
    >
      {/* Warm glows as plain radial gradients: a CSS blur filter this size is costly to paint on phones. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_90%_0%,rgb(245_158_11/0.22),transparent_40%),radial-gradient(circle_at_0%_100%,rgb(154_52_18/0.10),transparent_45%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-5 pt-10 pb-16 sm:px-8 md:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-base-100/80 px-3 py-1 text-sm font-medium text-primary shadow-sm ring-1 ring-base-300">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-secondary" />
            Weekend dinners for 6-8 strangers
          </p>
          <h1
            id="hero-title"
            className="text-6xl leading-none font-bold tracking-tight text-primary sm:text-7xl lg:text-8xl"
          >
            Tablemates
          </h1>
          <p className="mt-4 font-display text-2xl font-medium text-base-content italic sm:text-3xl">
            Where strangers become friends
          </p>
          <p className="mt-5 max-w-xl text-lg text-base-content/80">
            Join intimate dinner gatherings over food, drinks, and authentic conversation. Every weekend, new
            connections await.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to={isAuthenticated ? '/events' : '/quiz'}
              className="btn btn-primary btn-lg rounded-full px-8 shadow-md"
            >
              Book Now / Sign Up
            </Link>
            {isAuthenticated && (
              <Link to="/profile" className="btn btn-outline btn-primary btn-lg rounded-full px-8">
                Hey! {firstNameOf(profile?.full_name)}
              </Link>
            )}
          </div>
          <p className="mt-6 text-sm text-base-content/75">
            <a href="#how-it-works" className="link link-hover font-medium">
              See how it works
            </a>{' '}
            · ₹499 per seat · {EVENT_TIME}
          </p>
        </div>
        <div className="relative mx-auto w-full max-w-lg">
          <div className="rounded-[2rem] bg-base-100 p-4 shadow-xl ring-1 ring-base-300 sm:p-6">
            <DinnerTableIllustration className="h-auto w-full" />
          </div>
        </div>
      </div>
    </section>
  );
}
